"""The game page: the scoreboard, the bids and tricks of the hand in play, the history,
a rematch."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import (
    flash,
    redirect,
    request,
    url_for,
)

from ...core.records import NILS
from ...store import commands, storage
from .. import pagemodel, respond, security, widgets
from ..db import get_db
from ..events.public import event_table
from ..hand_forms import (
    HandForm,
    bids_form,
    blind_toggles,
    choose_phones,
    phones_read,
    phones_text,
    read_bids,
    read_tricks,
    seated_read,
    seated_text,
    tricks_form,
)
from ..pagecache import game_page
from ..powers import Powers, powers, require
from ..render import render_stored, stored_or_404
from ..saving import beside, hand_words
from ..urls import plain_http_notice
from ..words import game_done as said
from .blueprint import bp

T = TypeVar("T")


def _render_game(
    stored: storage.StoredGame,
    table: dict[str, Any] | None,
    form: HandForm | None = None,
    status: int = 200,
) -> tuple[str, int]:
    """The game page; `table`: the club night's table it is played for (event_table)."""
    score = stored.score()
    page = pagemodel.game_page(stored, table)
    # the bids in from the seats' own phones: chosen already in the one bids form
    sent = {} if page["seating"] is None else page["seating"].waiting
    if form is None and not score.over:
        pending = score.pending
        if pending is not None:
            # a nil bidder's own count starts at 0 (one tap less), counted by seat too
            bids = pending.bids or ()  # none in a hand that bids itself
            zeros = {f"tricks_{s}": "0" for s, bid in enumerate(bids) if bid in NILS}
            form = tricks_form(stored, pending.number, version=stored.versions[-1], **zeros)
        elif score.next_hand.bids_itself:  # hand 1 opens on its tricks: no bids to take
            form = tricks_form(stored, score.next_number, version=0)
        else:
            chosen = {f"bid_{seat}": str(bid) for seat, bid in sent.items()}
            form = bids_form(stored.game.table, score, version=0, **chosen)
    elif form is not None and getattr(form, "phones_since", False):  # a phone bid meanwhile
        choose_phones(form, sent, phones_read(request.form.get("phones", "")))
    page["sent"] = tuple(sorted(sent))
    # a club night's table: who sits where, as this page shows them (its director may
    # re-seat the table while the page is open); a game's own scorer changes names only
    page["seated"] = seated_text(stored.game.table) if stored.in_event else None
    page["phones_shown"] = phones_text(sent)
    held = powers(stored)
    # the one chip group drawn open, the others folded (widgets.open_group)
    following = score.next_hand
    opened = (
        None if form is None or following is None else widgets.open_group(form, following.order)
    )
    return render_stored(
        "games/show.html",
        stored,
        form=form,
        powers=held,
        opened=opened,
        insecure=plain_http_notice(),
        **page,
    ), status


def _refused(stored: storage.StoredGame, form: HandForm, status: int, step: str) -> Any:
    """A hand form the command did not take: shown again with its errors on the game
    page while that page asks for this step; else the phone is told it was not saved."""
    score = stored.score()
    in_play = score.pending or score.next_hand.bids_itself
    now = None if score.over else "tricks" if in_play else "bids"
    if now == step:
        return _render_game(stored, _event_table(stored), form, status)
    flash(
        said.step_moved_on(step, None if now is None else score.next_number),
        "error",
    )
    return redirect(url_for("games.show", game_id=stored.id))


@bp.get("/games/<game_id>")
def show(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    security.remember_game(game_id)
    table = _event_table(stored)
    if table:  # a club night's table: its round clock moves, drawn fresh
        return _render_game(stored, table)[0]
    return game_page(stored, lambda: _render_game(stored, None)[0])


def _event_table(stored: storage.StoredGame) -> dict[str, Any] | None:
    """The club night's table a game is played for (read with the game whether it is
    one: most games are no club night's, and their page asks no event of anything)."""
    return event_table(stored) if stored.in_event else None


def _key(number: int) -> commands.Sent | None:
    """The key a phone's outbox sent this save with (docs/offline.md), if any."""
    sent = request.form.getlist("key")  # most saves have none: get() raises and catches then
    return commands.sent_key(sent[0], number) if sent else None


def _sent_number(score_next: int) -> int:
    """The hand the form was made for (a repeat may name one already saved)."""
    number = request.form.get("number", type=int)
    return number if number is not None and 1 <= number <= score_next else score_next


def _save_step(
    stored: storage.StoredGame,
    form: HandForm,
    step: str,
    read: Callable[[], T | None],
    command: Callable[[T], storage.StoredGame],
) -> Any:
    """One step of a hand from its form: read what was sent (`read`, None with the errors
    beside their fields), run one command on it, and show its outcome."""
    status = 400
    if form.validate_on_submit():
        entered = read()
        if entered is not None:
            found: T = entered  # narrowed for the lambda
            game = url_for("games.show", game_id=stored.id)
            done = respond.run(
                lambda: command(found),
                lambda _: redirect(game),
                game,
                words=hand_words(step, form.number.data),
                page=beside(form),
            )
            if not isinstance(done, int):
                return done
            status = done
    return _refused(stored, form, status, step)


@bp.post("/games/<game_id>/bids")
def save_bids(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    held = require(stored, "bid")
    score, table = stored.score(), stored.game.table
    form = bids_form(table, score, number=_sent_number(score.next_number))
    return _save_step(
        stored,
        form,
        "bids",
        lambda: read_bids(form, table),
        lambda bids: commands.record_bids(
            get_db(),
            game_id,
            form.number.data,
            bids,
            blind=blind_toggles(form),
            # a form without the field (drawn before it, or without seat links) checks nothing
            shown=phones_read(request.form["phones"]) if "phones" in request.form else None,
            key=_key(form.number.data),
            # a form without the field (drawn before it) checks nothing
            seated=seated_read(request.form["seated"]) if "seated" in request.form else None,
            by_table=held.by_table,
        ),
    )


Tricks = tuple[list[int | None], list[int] | None]  # read_tricks: by seat, by side


def _tricks_command(
    game_id: str, form: HandForm, held: Powers
) -> Callable[[Tricks], storage.StoredGame]:
    """The command that saves a tricks form's tricks (and the key the phone sent them with)."""
    return lambda entered: commands.record_tricks(
        get_db(),
        game_id,
        form.number.data,
        form.version.data,
        entered[0],
        entered[1],
        key=_key(form.number.data),
        by_table=held.by_table,
    )


@bp.post("/games/<game_id>/tricks")
def save_tricks(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    held = require(stored, "tricks")
    score, table = stored.score(), stored.game.table
    if not score.over and score.next_hand.bids_itself:  # hand 1, in play without bids
        form = tricks_form(stored, score.next_number)
        return _save_step(
            stored,
            form,
            "tricks",
            lambda: read_tricks(form, table, None),
            _tricks_command(game_id, form, held),
        )
    number = _sent_number(len(score.hands))
    hand = score.hands[number - 1] if score.hands else None
    if hand is None:  # no form to read: the command answers that no hand waits for tricks
        game = url_for("games.show", game_id=game_id)
        version = request.form.get("version", 0, type=int)
        return respond.run(
            lambda: commands.record_tricks(
                get_db(), game_id, number, version, (), key=_key(number), by_table=held.by_table
            ),
            lambda _: redirect(game),
            game,
        )
    form = tricks_form(stored, hand.number)
    return _save_step(
        stored,
        form,
        "tricks",
        lambda: read_tricks(form, table, hand.bids),
        _tricks_command(game_id, form, held),
    )


@bp.post("/games/<game_id>/rematch")
def rematch(game_id: str) -> Any:
    require(stored_or_404(game_id), "rematch")
    return respond.run(
        lambda: commands.rematch(get_db(), game_id),
        _rematched,
        url_for("games.show", game_id=game_id),
        words=respond.game_or_disk_words,
    )


def _rematched(started: tuple[storage.StoredGame, bool]) -> Any:
    fresh, new = started
    security.remember_game(fresh.id)
    return respond.flashed(
        url_for("games.show", game_id=fresh.id),
        said.rematched(new),
    )


@bp.get("/games/<game_id>/history")
def history(game_id: str) -> str:
    stored = stored_or_404(game_id)
    page = pagemodel.history(stored)
    return render_stored("games/history.html", stored, powers=powers(stored), **page)
