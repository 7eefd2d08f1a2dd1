"""Running one storage write from a hand form, and the hand forms the writes need."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

from flask import flash, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from ..core.errors import GameError
from ..core.scoring import GameScore, Table, blind_nil_open
from ..store import storage
from . import errors
from .forms import HandForm, hand_form, read_bids, read_tricks


def attach(form: HandForm, err: GameError) -> None:
    """Put a refusal beside the field of the seat it names, else above the form."""
    name = f"{'tricks' if err.field == 'tricks' else 'bid'}_{err.seat}"
    if err.seat is not None and err.field != "blind" and name in form:
        form[name].errors = [*form[name].errors, err.detail]
    else:
        form.form_errors.append(str(err))


def save(form: HandForm, action: Callable[[], None], game_id: str, conflict_url: str,
         done: str | None = None) -> BaseResponse | int:
    """Run one storage write: a refusal goes beside its field, a server that cannot
    write above the form (the status to show the form again with), a conflict back to
    `conflict_url` with a message, success to the game."""
    try:
        action()
    except GameError as err:
        attach(form, err)
        return 400
    except storage.Conflict as err:
        flash(str(err), "error")
        return redirect(conflict_url)
    except sqlite3.OperationalError as err:
        message, status = errors.storage_problem(err)
        form.form_errors.append(message)
        return status
    if done:
        flash(done, "ok")
    return redirect(url_for("games.show", game_id=game_id))


def _sent_number() -> int | None:
    return request.form.get("number", type=int)


def repeated_bids(stored: storage.StoredGame) -> BaseResponse | None:
    """The bids of a hand already saved, sent again (a double tap on a slow link): saved."""
    number = _sent_number()
    if number is None or not 1 <= number <= len(stored.game.hands):
        return None
    table = stored.game.table
    form = bids_form(table, stored.score(), number)
    if form.validate_on_submit():
        bids = read_bids(form, len(table.players))
        if bids is not None and tuple(bids) == stored.game.hands[number - 1].bids:
            flash(f"Hand {number}: the bids are saved.", "ok")
            return redirect(url_for("games.show", game_id=stored.id))
    return None


def repeated_tricks(stored: storage.StoredGame) -> BaseResponse | None:
    """The tricks of a hand already saved, sent again: saved, not an error."""
    number = _sent_number()
    if number is None or not 1 <= number <= len(stored.game.hands):
        return None
    table = stored.game.table
    form = hand_form(table, bids=False, tricks=True)
    if form.validate_on_submit() and \
            tuple(read_tricks(form, len(table.players))) == stored.game.hands[number - 1].tricks:
        flash(f"Hand {number}: the tricks are saved.", "ok")
        return redirect(url_for("games.show", game_id=stored.id))
    return None


def blind_before(score: GameScore, number: int) -> tuple[bool, ...]:
    """Who may bid blind nil in hand `number`, from the totals before it."""
    totals = score.totals_before(number)
    return tuple(blind_nil_open(score.rules, totals, side) for side in range(len(totals)))


def bids_form(table: Table, score: GameScore, number: int, **values: Any) -> HandForm:
    """The bids form of hand `number`, with blind nil where the score allows it."""
    return hand_form(table, bids=True, tricks=False, nil=score.rules.nil,
                     blind=blind_before(score, number), number=number, **values)
