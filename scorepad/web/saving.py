"""The hand forms of a game, and running one game command from one of them."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

from flask import flash, redirect, url_for
from werkzeug.wrappers import Response as BaseResponse

from ..core.errors import GameError, TricksTotal
from ..core.model import GameScore
from ..core.next_hand import next_hand
from ..core.records import ScoredHand, Table
from ..store.outcomes import AlreadySaved, Outcome, RemovesHands
from ..store.storage import StoredGame
from . import errors
from .hand_forms import HandForm, hand_form
from .outcomes import say
from .words import tricks_total


def attach(form: HandForm, err: GameError) -> None:
    """Put a refusal beside the group it names, else above the form, in plain words."""
    detail = err.detail[:1].upper() + err.detail[1:]
    if isinstance(err, TricksTotal):
        detail = tricks_total(err.total, err.expected, by_side=err.field == "side_tricks")
    names = []
    if err.field == "side_tricks":
        names = [name for name in ("side_1", "side_0") if name in form]
    elif err.seat is not None and err.field != "blind":  # blind: the side's toggle, above
        kind = "tricks" if err.field == "tricks" else "bid"
        names = [f"{kind}_{err.seat}"]
        if kind == "tricks" and "side_0" in form:
            table: Table = form.meta.table  # type: ignore[attr-defined]
            side = table.side_of(err.seat)
            # a side's refusal goes by its nil bidder's own row (the one shown), else the side
            names += [f"tricks_{seat}" for seat in table.sides[side]]
            names.append(f"side_{side}")
    for name in names:
        if name in form:
            form[name].errors = [*form[name].errors, detail]
            return
    form.form_errors.append(detail)


def save(
    form: HandForm,
    action: Callable[[], StoredGame],
    game_id: str,
    conflict_url: str,
    done: str | None = None,
    already: str | None = None,
) -> BaseResponse | int:
    """Run one game command: a refusal goes beside its field, a server that cannot
    write above the form (the status to show the form again with), a stale form back to
    `conflict_url` with the reason, success (or the same form saved before) to the game."""
    try:
        action()
    except GameError as err:
        attach(form, err)
        return 400
    except AlreadySaved as saved:
        flash(already or f"Hand {saved.number} is saved.", "ok")
        return redirect(url_for("games.show", game_id=game_id))
    except RemovesHands as removes:
        form.removes = removes  # type: ignore[attr-defined]  # the page asks to confirm
        attach(form, GameError(say(removes), hand=removes.number))
        return 400
    except Outcome as outcome:
        flash(say(outcome), "error")
        return redirect(conflict_url)
    except sqlite3.OperationalError as err:
        message, status = errors.storage_problem(err)
        form.form_errors.append(message)
        return status
    if done:
        flash(done, "ok")
    return redirect(url_for("games.show", game_id=game_id))


def tag(form: HandForm, table: Table) -> HandForm:
    """Keep the table with the form, so a refusal naming a seat can find its side."""
    form.meta.table = table  # type: ignore[attr-defined]
    return form


def bids_form(table: Table, score: GameScore, **values: Any) -> HandForm:
    """The bids form of the next hand, with the bids the core's next hand offers."""
    hand = score.next_hand
    return tag(
        hand_form(table, bids=hand.bids, **{"number": hand.number, **values}),
        table,
    )


def tricks_form(stored: StoredGame, pending: ScoredHand, **values: Any) -> HandForm:
    """The tricks form of the hand in play, by side or by seat as the game counts them."""
    table = stored.game.table
    by_side = stored.game.tricks_by == "side"
    score = stored.score()
    # the hand in play is the score's next hand, worked out once a score (the page shows it)
    hand = score.next_hand if score.next_number == pending.number else None
    nils = (hand or next_hand(score, pending.number)).own_count
    return tag(
        hand_form(
            table,
            tricks="side" if by_side else "seat",
            nil_seats=nils,
            number=pending.number,
            **values,
        ),
        table,
    )
