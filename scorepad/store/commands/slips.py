"""The commands of a table without phones (a club night's director enters its paper
slip): the game's final result from the slip, or one whole hand, bids and tricks at once.
Each is asked of the game as stored first (`check`), inside the game's transaction."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from sqlite_utils import Database

from ...core.model import GameScore
from ...core.records import Hand
from ...core.slip import slip_score
from ..storage import StoredGame
from . import writers
from ._run import add_bids, change


def enter_final(
    db: Database,
    game_id: str,
    final: tuple[tuple[int, int], ...],
    check: Callable[[StoredGame, GameScore], None],
) -> StoredGame:
    """The game is over with a slip's final totals and bags (core.slip scores them);
    `check` sees the game as stored and that score before anything is written."""

    def act(stored: StoredGame) -> StoredGame:
        game = replace(stored.game, final=final, next_dealer=None)
        score = slip_score(game.table, game.rules, final)
        check(stored, score)
        return writers.bump(db, stored, game, score)

    return change(db, game_id, act, "over")


def enter_hand(
    db: Database, game_id: str, hand: Hand, check: Callable[[StoredGame], None]
) -> StoredGame:
    """One whole hand, bids and tricks, added as the game's next hand and scored as any."""

    def act(stored: StoredGame) -> StoredGame:
        check(stored)
        return add_bids(db, stored, len(stored.game.hands) + 1, hand)

    return change(db, game_id, act, "fix")
