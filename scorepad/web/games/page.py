"""The game page: the scoreboard, the bids and tricks of the hand in play, the history,
a rematch."""

from __future__ import annotations

import sqlite3
from typing import Any

from flask import (
    flash,
    redirect,
    request,
    url_for,
)

from ...core.scoring import NILS
from ...store import commands, storage
from ...store.outcomes import NotOver
from .. import errors, pagemodel, security
from ..blind import read_blind
from ..db import get_db
from ..events.public import event_table
from ..hand_forms import (
    HandForm,
    read_bids,
    read_tricks,
)
from ..outcomes import say
from ..pagecache import game_page
from ..render import render_stored, stored_or_404
from ..saving import (
    bids_form,
    save,
    tricks_form,
)
from . import bp


def _render_game(
    stored: storage.StoredGame, form: HandForm | None = None, status: int = 200
) -> tuple[str, int]:
    score = stored.score()
    if form is None and score.status != "finished":
        pending = score.pending
        if pending is not None:
            # a nil bidder's own count starts at 0 (one tap less), counted by seat too
            zeros = {f"tricks_{s}": "0" for s, bid in enumerate(pending.bids) if bid in NILS}
            form = tricks_form(stored, pending, version=stored.versions[-1], **zeros)
        else:
            form = bids_form(stored.game.table, score, version=0)
    page = pagemodel.game_page(stored)
    return render_stored("games/show.html", stored, form=form, **page), status


def _refused(stored: storage.StoredGame, form: HandForm, status: int, step: str) -> Any:
    """A hand form the command did not take: shown again with its errors on the game
    page while that page asks for this step; else the phone is told it was not saved."""
    score = stored.score()
    now = None if score.status == "finished" else "tricks" if score.pending else "bids"
    if now == step:
        return _render_game(stored, form, status)
    flash(
        f"These {step} were not saved: "
        + ("the game is over." if now is None else f"hand {score.next_number} moved on."),
        "error",
    )
    return redirect(url_for("games.show", game_id=stored.id))


@bp.get("/games/<game_id>")
def show(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    security.remember_game(game_id)
    if event_table(stored.id):  # a club night's table: its round clock moves, drawn fresh
        return _render_game(stored)[0]
    return game_page(stored, lambda: _render_game(stored)[0])


def _sent_number(score_next: int) -> int:
    """The hand the form was made for (a repeat may name one already saved)."""
    number = request.form.get("number", type=int)
    return number if number is not None and 1 <= number <= score_next else score_next


@bp.post("/games/<game_id>/bids")
def save_bids(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    score, table = stored.score(), stored.game.table
    number = _sent_number(score.next_number)
    form = bids_form(table, score, number=number)
    status = 400
    if form.validate_on_submit():
        bids = read_bids(form, table)
        if bids is not None:
            done = save(
                form,
                lambda: commands.record_bids(
                    get_db(), game_id, form.number.data, bids, blind=read_blind(score)
                ),
                game_id,
                url_for("games.show", game_id=game_id),
                already=f"Hand {form.number.data}: the bids are saved.",
            )
            if not isinstance(done, int):
                return done
            status = done
    return _refused(stored, form, status, "bids")


@bp.post("/games/<game_id>/tricks")
def save_tricks(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    score, table = stored.score(), stored.game.table
    number = _sent_number(len(score.hands))
    hand = score.hands[number - 1] if score.hands else None
    if hand is None:
        flash(
            "These tricks were not saved: no hand is waiting for its tricks (it was saved "
            "or undone on another phone).",
            "error",
        )
        return redirect(url_for("games.show", game_id=game_id))
    form = tricks_form(stored, hand)
    status = 400
    if form.validate_on_submit():
        entered = read_tricks(form, table, hand.bids)
        if entered is not None:
            tricks, sides = entered
            done = save(
                form,
                lambda: commands.record_tricks(
                    get_db(), game_id, form.number.data, form.version.data, tricks, sides
                ),
                game_id,
                url_for("games.show", game_id=game_id),
                already=f"Hand {form.number.data}: the tricks are saved.",
            )
            if not isinstance(done, int):
                return done
            status = done
    return _refused(stored, form, status, "tricks")


@bp.post("/games/<game_id>/rematch")
def rematch(game_id: str) -> Any:
    stored_or_404(game_id)
    try:
        fresh, new = commands.rematch(get_db(), game_id)
    except NotOver as outcome:
        flash(say(outcome), "error")
        return redirect(url_for("games.show", game_id=game_id))
    except sqlite3.OperationalError as err:
        flash(errors.storage_problem(err)[0], "error")
        return redirect(url_for("games.show", game_id=game_id))
    new_id = fresh.id
    security.remember_game(new_id)
    flash(
        "A new game with the same table and rules. Good luck!"
        if new
        else "The rematch of this game was already started: here it is.",
        "ok",
    )
    return redirect(url_for("games.show", game_id=new_id))


@bp.get("/games/<game_id>/history")
def history(game_id: str) -> str:
    stored = stored_or_404(game_id)
    return render_stored("games/history.html", stored, **pagemodel.history(stored))
