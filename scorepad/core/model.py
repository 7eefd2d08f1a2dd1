"""The scored game: everything derived from a table, its rules and its hands, and what
it offers the layers above (its sides, the next hand, what is at stake).

The values it is made of are in records.py; the next hand in next_hand.py, what is at
stake in stakes.py (both read a score through what they need of it, not this module).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from .ending import Reason, Status, set_out, sunk
from .next_hand import NextHand, next_hand
from .records import ScoredHand, Table
from .rules import Rules
from .stakes import Stake, stakes


@dataclass(frozen=True)
class SideTotal:
    """A side's standing after the last played hand."""

    name: str
    seats: tuple[int, ...]
    total: int
    bags: int
    to_penalty: int | None = None  # bags until the penalty costs (Rules.bags_to_penalty)


class HandPhase(StrEnum):
    """Where the hand in play stands: its bids being made, or its tricks played."""

    BIDDING = "bidding"
    PLAYING = "playing"  # every bid is in


@dataclass(frozen=True)
class GameScore:
    """Everything derived from a table, its rules and its hands, and the running
    state (totals, bags, missed bids as set_out counts them, the next deal) a further hand
    is scored from."""

    table: Table
    rules: Rules
    hands: tuple[ScoredHand, ...]
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    streaks: tuple[int, ...]  # contracts missed, per side, as set_out_count counts them
    deal_from: int  # the seat that deals a hand added after the last one
    status: Status = Status.PLAYING
    winner: int | None = None  # None when finished: a draw (a game ended early, lead shared)
    tied: bool = False  # the game would be over but the lead is shared: another hand
    reason: Reason | None = None  # the rule that ended it (tied: would have)
    ended: bool = False  # the table ended the game early
    # The lead was shared and the tie_break rule (fewer_bags or last_bid) settled it.
    on_bags: bool = False
    start: tuple[tuple[int, int], ...] | None = None
    # The dealer the table chose for the next hand before its bids (Game.next_dealer).
    chosen_dealer: int | None = None

    @cached_property
    def sides(self) -> tuple[SideTotal, ...]:
        """Each side's name, seats, total and bags now."""
        return tuple(
            SideTotal(
                self.table.side_name(i),
                seats,
                self.totals[i],
                self.bags[i],
                self.rules.bags_to_penalty(self.bags[i]),
            )
            for i, seats in enumerate(self.table.sides)
        )

    @property
    def over(self) -> bool:
        """Whether the game is over: the end-of-game result every layer reads."""
        return self.status == Status.FINISHED

    @property
    def out(self) -> tuple[int, ...]:
        """The sides the rule that ended the game (or, tied, would have) put out: those
        set out (`set_out`), or those at the losing score (`loss_threshold`); else none."""
        if self.reason == Reason.SET_OUT:
            return tuple(set_out(self.rules, self.streaks))
        if self.reason == Reason.LOSS:
            return tuple(sunk(self.rules, self.totals))
        return ()

    @property
    def phase(self) -> HandPhase | None:
        """Where the hand in play stands (None: the game is over)."""
        if self.over:
            return None
        return HandPhase.PLAYING if self.pending else HandPhase.BIDDING

    @property
    def draw(self) -> bool:
        """Whether the game is over with no winner (ended early with the lead shared)."""
        return self.over and self.winner is None

    @property
    def pending(self) -> ScoredHand | None:
        """The last hand if it is bid but not yet played."""
        if self.hands and self.hands[-1].tricks is None:
            return self.hands[-1]
        return None

    @property
    def played(self) -> int:
        """How many hands are played (a hand bid but not yet played is not counted)."""
        return len(self.hands) - (1 if self.pending else 0)

    @property
    def last_contracts(self) -> tuple[int, ...] | None:
        """Each side's contract in the last hand played (tie_break = last_bid), or None
        when no hand is played."""
        played = next((hand for hand in reversed(self.hands) if hand.sides is not None), None)
        return None if played is None else tuple(side.contract for side in played.sides or ())

    @property
    def next_number(self) -> int:
        """The number of the hand to bid next (or being played)."""
        return len(self.hands) + (0 if self.pending else 1)

    @property
    def next_dealer(self) -> int:
        """Who deals the hand to bid next (or being played)."""
        pending = self.pending
        if pending:
            return pending.dealer
        return self.deal_from if self.chosen_dealer is None else self.chosen_dealer

    @cached_property
    def next_hand(self) -> NextHand:
        """The next hand (core.next_hand): dealer, leader, bidding order, the bids each
        seat may make, who may bid blind; worked out once a score."""
        return next_hand(self)

    @property
    def to_go(self) -> tuple[int, ...]:
        """The points each side still needs to reach the target (0: at it or past it)."""
        return tuple(max(self.rules.target - total, 0) for total in self.totals)

    def totals_before(self, number: int) -> tuple[int, ...]:
        """Each side's total before hand `number` (the next hand: the totals now)."""
        if number <= len(self.hands):
            return self.hands[number - 1].totals_before
        return self.totals

    @cached_property
    def stakes(self) -> tuple[Stake, ...]:
        """What is at stake in the next hand (core.stakes), worked out once a score: a
        stored game's score is kept for its revision, so a page shown again scores
        nothing."""
        return tuple(stakes(self))
