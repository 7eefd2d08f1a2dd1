"""The older storage calls the store tests were written with, on top of the game commands:
the same arguments, each outcome turned into the sentence a phone is shown (Conflict)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorepad.core.game import Game
from scorepad.store import commands, storage
from scorepad.store.outcomes import AlreadySaved, Missing, Outcome, RemovesHands  # noqa: F401
from scorepad.web.manage_forms import read_adjustment
from scorepad.web.outcomes import say


class Conflict(Exception):
    """An outcome other than the fresh game, in the words the phone is shown."""


def _run(call: Callable[[], Any]) -> Any:
    try:
        return call()
    except (AlreadySaved, Missing, RemovesHands):
        raise
    except Outcome as outcome:
        raise Conflict(say(outcome)) from outcome


def create_game(db, table, rules, hands=(), tricks_by="seat", start=None, ended=False) -> str:
    game = Game(table, rules, tuple(hands), tricks_by, start, ended)
    return commands.import_game(db, game, game.score()).id


def save_bids(db, game_id, number, bids, blind=(), dealer=None) -> None:
    try:
        _run(lambda: commands.record_bids(db, game_id, number, bids, blind, dealer))
    except AlreadySaved:
        pass


def save_tricks(db, game_id, number, version, tricks, side_tricks=None) -> None:
    try:
        _run(lambda: commands.record_tricks(db, game_id, number, version, tricks, side_tricks))
    except AlreadySaved:
        pass


def _confirming(call: Callable[[Any], Any], confirm_removal: bool) -> None:
    try:
        _run(lambda: call(None))
    except RemovesHands as removes:
        if not confirm_removal:
            raise
        shown = (removes.revision, removes.numbers)
        _run(lambda: call(shown))


def edit_hand(
    db, game_id, number, version, bids, tricks, side_tricks=None, *, confirm_removal=False
) -> None:
    _confirming(
        lambda c: commands.fix_hand(
            db, game_id, number, version, bids, tricks, side_tricks, confirm=c
        ),
        confirm_removal,
    )


def set_adjustment(db, game_id, number, version, points, note, confirm_removal=False) -> None:
    adjust, text = read_adjustment(points, note)  # as the form reads it; the core checks it
    _confirming(
        lambda c: commands.adjust(db, game_id, number, version, adjust, text, confirm=c),
        confirm_removal,
    )


def delete_last_hand(db, game_id, number, version) -> None:
    _run(lambda: commands.undo(db, game_id, number, version))


def end_game(db, game_id, revision=None) -> None:
    if revision is None:
        revision = storage.load_game(db, game_id).revision
    _run(lambda: commands.end_now(db, game_id, revision))


def set_dealer(db, game_id, number, version, seat) -> None:
    _run(lambda: commands.set_dealer(db, game_id, number, version, seat))


def update_settings(db, game_id, revision, table, rules) -> None:
    _run(lambda: commands.change_settings(db, game_id, revision, table, rules))


def delete_game(db, game_id) -> None:
    commands.delete(db, game_id)


def rematch(db, game_id) -> tuple[str, bool]:
    fresh, new = _run(lambda: commands.rematch(db, game_id))
    return fresh.id, new


def save_seat_bids(db, game_id, number, bids, *, replace=True) -> bool:
    fresh = _run(lambda: commands.seat_bid(db, game_id, number, bids, again=replace))
    return len(fresh.game.hands) >= number


def was_deleted(db, key) -> bool:
    return storage.was_deleted(db, key)
