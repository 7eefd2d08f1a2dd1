"""Fixing a hand already saved: its bids and tricks changed, or the hand deleted."""

from __future__ import annotations

import sqlite3
from typing import Any

from flask import flash, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from ...core.next_hand import next_hand
from ...store import commands
from ...store.outcomes import Outcome
from ...store.storage import StoredGame
from .. import errors
from ..db import get_db
from ..errors import refuse
from ..hand_forms import (
    HandForm,
    hand_form,
    read_bids,
    read_tricks,
)
from ..outcomes import changed, confirm_value, confirmed, say
from ..powers import require
from ..render import render_stored, stored_or_404
from ..saving import (
    save,
    tag,
)
from .blueprint import bp


def _gone_or_stale(stored: StoredGame, number: int) -> BaseResponse | None:
    """Where a form for a hand undone or changed since (on another phone) goes; a
    404 for a hand this game never had; None when the hand is there to fix."""
    game_id = stored.id
    sent = request.form.get("version", type=int) if request.method == "POST" else None
    if not 1 <= number <= len(stored.game.hands):
        if sent is not None:  # a form for a hand undone since, on another phone
            flash(
                f"Hand {number} is no longer in this game: the hand changed on another phone.",
                "error",
            )
            return redirect(url_for("games.show", game_id=game_id))
        refuse(404, f"This game has no hand {number}.")
    if sent is not None and sent != stored.versions[number - 1]:
        # Checked before the fields: a form for the bids alone, sent after the tricks
        # were saved elsewhere, would otherwise be told of missing tricks.
        flash(changed(number), "error")
        return redirect(url_for("games.edit_hand", game_id=game_id, number=number))
    return None


def _fix_form(stored: StoredGame, number: int) -> HandForm:
    """The form of hand `number` filled with what was saved, offering what it holds."""
    score, table = stored.score(), stored.game.table
    hand = stored.game.hands[number - 1]
    values: dict[str, Any] = {"number": number, "version": stored.versions[number - 1]}
    for seat, bid in enumerate(hand.bids):
        values[f"bid_{seat}"] = str(bid)
        if hand.tricks is not None and hand.tricks[seat] is not None:
            values[f"tricks_{seat}"] = str(hand.tricks[seat])
    for side, took in enumerate(hand.side_tricks or ()):
        values[f"side_{side}"] = str(took)
    bidding = next_hand(score, number)
    kind = ("side" if hand.side_tricks is not None else "seat") if hand.played else None
    form = hand_form(table, bids=bidding.bids, tricks=kind, **values)
    return tag(form, table)


def _fixed_words(stored: StoredGame, number: int) -> str:
    """What the phone is told once hand `number` is fixed."""
    if len(stored.game.hands) > number:
        return f"Hand {number} corrected; every later hand was scored again."
    if stored.game.hands[number - 1].played:
        return f"Hand {number} corrected."
    return f"The bids of hand {number} were changed."


def _save_fix(stored: StoredGame, number: int, form: HandForm) -> Any:
    """Save the fixed hand through the store's command: a redirect, or the status of
    the page that shows the form again with what was wrong."""
    table, played = stored.game.table, stored.game.hands[number - 1].played
    bids = read_bids(form, table)  # the form was validated: every value one of its choices
    tricks, sides = read_tricks(form, table, bids) if played else (None, None)
    return save(
        form,
        lambda: commands.fix_hand(
            get_db(), stored.id, number, form.version.data, bids, tricks, sides, confirm=confirmed()
        ),
        stored.id,
        url_for("games.edit_hand", game_id=stored.id, number=number),
        _fixed_words(stored, number),
    )


@bp.route("/games/<game_id>/hands/<int:number>", methods=["GET", "POST"])
def edit_hand(game_id: str, number: int) -> Any:
    stored = stored_or_404(game_id)
    require(stored, "fix")
    away = _gone_or_stale(stored, number)
    if away is not None:
        return away
    form = _fix_form(stored, number)
    status = 400 if form.is_submitted() else 200
    if form.validate_on_submit():
        done = _save_fix(stored, number, form)
        if not isinstance(done, int):
            return done
        status = done
    removes = getattr(form, "removes", None)
    hand = stored.game.hands[number - 1]
    return render_stored(
        "games/edit_hand.html",
        stored,
        form=form,
        number=number,
        bidding=next_hand(stored.score(), number),
        played=hand.played,
        by_side=hand.side_tricks is not None,
        removes=removes.numbers if removes else (),
        confirm_value=confirm_value(removes) if removes else "",
    ), status


@bp.post("/games/<game_id>/hands/<int:number>/delete")
def delete_hand(game_id: str, number: int) -> Any:
    stored = stored_or_404(game_id)
    require(stored, "undo")
    form = HandForm()
    if not form.validate_on_submit():
        refuse(400, "The form to delete a hand was incomplete.")
    seen = stored.game.hands[number - 1] if 1 <= number <= len(stored.game.hands) else None
    command = commands.cancel if seen is not None and not seen.played else commands.undo
    try:
        command(get_db(), game_id, number, form.version.data)
        flash(f"Hand {number} deleted.", "ok")
    except Outcome as outcome:
        flash(say(outcome), "error")
    except sqlite3.OperationalError as err:
        flash(errors.storage_problem(err)[0], "error")
    return redirect(url_for("games.show", game_id=game_id))
