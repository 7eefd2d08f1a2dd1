"""The hand forms of a game, and running one storage write from one of them."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

from flask import flash, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from ..core.errors import GameError
from ..core.scoring import BLIND_NIL, NIL, GameScore, ScoredHand, Table, blind_nil_open
from ..store import storage
from . import errors
from .forms import HandForm, hand_form, read_bids, read_tricks


def attach(form: HandForm, err: GameError) -> None:
    """Put a refusal beside the group it names, else above the form, in plain words."""
    detail = err.detail[:1].upper() + err.detail[1:]
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
    action: Callable[[], None],
    game_id: str,
    conflict_url: str,
    done: str | None = None,
) -> BaseResponse | int:
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


def blind_before(score: GameScore, number: int) -> tuple[bool, ...]:
    """Who may bid blind nil in hand `number`, from the totals before it."""
    totals = score.totals_before(number)
    return tuple(blind_nil_open(score.rules, totals, side) for side in range(len(totals)))


def zero_is_a_bid(score: GameScore) -> bool:
    """Whether 0 is a plain bid in this game, offered beside 1 to 13."""
    return score.rules.zero_bid == "bid"


def tag(form: HandForm, table: Table) -> HandForm:
    """Keep the table with the form, so a refusal naming a seat can find its side."""
    form.meta.table = table  # type: ignore[attr-defined]
    return form


def bids_form(table: Table, score: GameScore, number: int, **values: Any) -> HandForm:
    """The bids form of hand `number`, with blind nil where the score allows it."""
    return tag(
        hand_form(
            table,
            bids=True,
            nil=score.rules.nil,
            zero=zero_is_a_bid(score),
            blind=blind_before(score, number),
            number=number,
            **values,
        ),
        table,
    )


def tricks_form(stored: storage.StoredGame, pending: ScoredHand, **values: Any) -> HandForm:
    """The tricks form of the hand in play, by side or by seat as the game counts them."""
    table = stored.game.table
    by_side = stored.game.tricks_by == "side"
    nils = tuple(seat for seat, bid in enumerate(pending.bids) if bid in (NIL, BLIND_NIL))
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


def _sent_hand(stored: storage.StoredGame) -> ScoredHand | None:
    number = request.form.get("number", type=int)
    if number is None or not 1 <= number <= len(stored.game.hands):
        return None
    return stored.score().hands[number - 1]


def repeated_bids(stored: storage.StoredGame) -> BaseResponse | None:
    """The bids of a hand already saved, sent again (a double tap on a slow link): saved."""
    hand = _sent_hand(stored)
    if hand is None:
        return None
    table = stored.game.table
    form = bids_form(table, stored.score(), hand.number)
    if form.validate_on_submit():
        bids = read_bids(form, table)
        if bids is not None and tuple(bids) == stored.game.hands[hand.number - 1].bids:
            flash(f"Hand {hand.number}: the bids are saved.", "ok")
            return redirect(url_for("games.show", game_id=stored.id))
    return None


def repeated_tricks(stored: storage.StoredGame) -> BaseResponse | None:
    """The tricks of a hand already saved, sent again: saved, not an error."""
    hand = _sent_hand(stored)
    if hand is None or hand.tricks is None:
        return None
    form = tricks_form(stored, hand)
    if form.validate_on_submit():
        entered = read_tricks(form, stored.game.table, hand.bids)
        saved = stored.game.hands[hand.number - 1]
        if (
            entered is not None
            and tuple(entered[0]) == saved.tricks
            and (None if entered[1] is None else tuple(entered[1])) == saved.side_tricks
        ):
            flash(f"Hand {hand.number}: the tricks are saved.", "ok")
            return redirect(url_for("games.show", game_id=stored.id))
    return None
