"""The writes of a table without phones (a club night's director enters its paper slip):
the game's final result from the slip, or one whole hand, bids and tricks at once. The
night's command checks the slip against the game first and tells the bus
(`SlipTotalsEntered`, `SlipHandEntered`); `on_news` runs these in the same write."""

from __future__ import annotations

from collections.abc import Callable

from sqlite_utils import Database

from ...core.records import Hand, changed
from ...core.slip import slip_score
from ..storage import StoredGame
from . import writers
from ._run import add_bids, remove_last


def final_act(
    db: Database, final: tuple[tuple[int, int], ...]
) -> Callable[[StoredGame], StoredGame]:
    """The game over with a slip's final totals and bags (core.slip scores them)."""

    def act(stored: StoredGame) -> StoredGame:
        game = changed(stored.game, final=final, next_dealer=None)
        score = slip_score(game.table, game.rules, final)
        return writers.bump(db, stored, game, score)

    return act


def hand_act(db: Database, hand: Hand) -> Callable[[StoredGame], StoredGame]:
    """One whole hand, bids and tricks, added as the game's next hand and scored as any.
    A hand in play (its bids in from the table, its tricks not) is the slip's hand: the
    slip plays it with its own bids and tricks, dealt by the same dealer (its blind
    contracts kept where the slip's bids are the table's)."""

    def act(stored: StoredGame) -> StoredGame:
        number = len(stored.game.hands) + 1
        if stored.score().pending is None:
            return add_bids(db, stored, number, hand)
        bid = stored.game.hands[-1]
        blind = bid.blind if bid.bids == hand.bids else ()
        unbid = remove_last(db, stored, number - 1, next_dealer=bid.dealer)
        return add_bids(db, unbid, number - 1, changed(hand, blind=blind))

    return act
