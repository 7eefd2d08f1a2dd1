"""Fixing a hand already saved: its bids and tricks changed, or the hand deleted."""

from __future__ import annotations

from typing import Any

from flask import redirect, request, url_for

from ...core.next_hand import next_hand
from ...store import commands
from ...store.storage import StoredGame
from .. import respond, widgets
from ..db import get_db
from ..errors import refuse
from ..hand_forms import (
    HandForm,
    hand_form,
    read_bids,
    read_tricks,
    tag,
)
from ..outcomes import confirm_value, confirmed
from ..powers import Powers, require
from ..render import render_stored, stored_or_404
from ..saving import beside, hand_words
from ..words import game_done as said
from .blueprint import bp


def _shown_played(stored: StoredGame, number: int) -> bool:
    """Whether the phone's form asks for the tricks: on a POST, as the page it was shown
    was (a form from before the tricks were saved has none: the command refuses it as
    stale); else whether the hand was played."""
    if request.method == "POST":
        return any(name.startswith(("tricks_", "side_")) for name in request.form)
    return stored.game.hands[number - 1].played


def _by_side(stored: StoredGame, number: int) -> bool:
    """Whether hand `number`'s tricks are counted by side: as saved, else as the game counts."""
    hand = stored.game.hands[number - 1]
    return hand.side_tricks is not None if hand.played else stored.game.by_side


def _fix_form(stored: StoredGame, number: int) -> HandForm:
    """The form of hand `number` filled with what was saved, offering what it holds."""
    score, table = stored.score(), stored.game.table
    hand = stored.game.hands[number - 1]
    values: dict[str, Any] = {"number": number, "version": stored.versions[number - 1]}
    for seat, bid in enumerate(hand.bids or ()):  # none in a hand that bid itself
        values[f"bid_{seat}"] = str(bid)
        if hand.tricks is not None and hand.tricks[seat] is not None:
            values[f"tricks_{seat}"] = str(hand.tricks[seat])
    for side, took in enumerate(hand.side_tricks or ()):
        values[f"side_{side}"] = str(took)
    bidding = next_hand(score, number)
    kind = (
        ("side" if _by_side(stored, number) else "seat") if _shown_played(stored, number) else None
    )
    # a hand that bid itself (first_hand) has no bids to fix, nor nil bidders' own counts
    if hand.bids is None:
        form = hand_form(table, bids=(), tricks=kind, nil_seats=(), **values)
    else:
        form = hand_form(table, bids=bidding.bids, tricks=kind, **values)
    return tag(form, table)


def _fixed_words(stored: StoredGame, number: int) -> str:
    """What the phone is told once hand `number` is fixed."""
    later = len(stored.game.hands) > number
    return said.fixed(number, later, later or stored.game.hands[number - 1].played)


def _save_fix(stored: StoredGame, number: int, form: HandForm, held: Powers) -> Any:
    """Save the fixed hand through the store's command: a redirect, or the status of
    the page that shows the form again with what was wrong."""
    table = stored.game.table
    # the form was validated: every value one of its choices (none: a hand that bid itself)
    bids = None if stored.game.hands[number - 1].bids is None else read_bids(form, table)
    shown = _shown_played(stored, number)
    tricks, sides = read_tricks(form, table, bids) if shown else (None, None)
    return respond.run(
        lambda: commands.fix_hand(
            get_db(),
            stored.id,
            number,
            form.version.data,
            bids,
            tricks,
            sides,
            confirm=confirmed(),
            by_table=held.by_table,
        ),
        lambda _: respond.flashed(
            url_for("games.show", game_id=stored.id), _fixed_words(stored, number)
        ),
        url_for("games.edit_hand", game_id=stored.id, number=number),
        words=hand_words(),
        page=beside(form),
    )


def _gone(stored: StoredGame, number: int, held: Powers) -> Any:
    """A hand this game has not: a 404 to look at; a fix sent for it (a hand undone since,
    on another phone) goes to its command, which answers that it is gone."""
    version = request.form.get("version", type=int) if request.method == "POST" else None
    if version is None:
        refuse(404, said.no_hand(number))
    return respond.run(
        lambda: commands.fix_hand(
            get_db(), stored.id, number, version, (), None, by_table=held.by_table
        ),
        lambda _: redirect(url_for("games.show", game_id=stored.id)),
        url_for("games.show", game_id=stored.id),
    )


@bp.route("/games/<game_id>/hands/<int:number>", methods=["GET", "POST"])
def edit_hand(game_id: str, number: int) -> Any:
    stored = stored_or_404(game_id)
    held = require(stored, "fix")
    if not 1 <= number <= len(stored.game.hands):
        return _gone(stored, number, held)
    form = _fix_form(stored, number)
    status = 400 if form.is_submitted() else 200
    if form.validate_on_submit():
        done = _save_fix(stored, number, form, held)
        if not isinstance(done, int):
            return done
        status = done
    removes = getattr(form, "removes", None)
    bidding = next_hand(stored.score(), number)
    return render_stored(
        "games/edit_hand.html",
        stored,
        form=form,
        number=number,
        bidding=bidding,
        opened=widgets.open_group(form, bidding.order),
        played=_shown_played(stored, number),
        by_side=_by_side(stored, number),
        removes=removes.numbers if removes else (),
        confirm_value=confirm_value(removes) if removes else "",
    ), status


@bp.post("/games/<game_id>/hands/<int:number>/delete")
def delete_hand(game_id: str, number: int) -> Any:
    stored = stored_or_404(game_id)
    held = require(stored, "undo")
    form = HandForm()
    if not form.validate_on_submit():
        refuse(400, said.incomplete("delete_hand"))
    game = url_for("games.show", game_id=game_id)
    return respond.run(
        lambda: commands.delete_hand(
            get_db(), game_id, number, form.version.data, by_table=held.by_table
        ),
        lambda fresh: respond.flashed(
            game,
            said.hand_deleted(
                number,
                len(fresh.game.hands) >= number,
                bid_itself=fresh.game.rules.bids_itself(number),
                reopened=stored.score().over and not fresh.score().over,
            ),
        ),
        game,
        words=respond.game_or_disk_words,
    )
