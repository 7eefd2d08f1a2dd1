"""The end of a game: after every hand, the first rule of docs/rules.md that applies decides.

1. ``boston = win``: a side that bid and took every trick wins.
2. ``set_out``: a side that missed its contract N hands in a row (``set_out_count =
   in_game``: N hands in all) loses; both at once: the higher total wins, equal totals
   play on. Under ``in_a_row`` a hand that is not a set (or whose contract is 0) starts
   the count again; under ``in_game`` it leaves the count as it is.
3. A total at the target (or at the loss threshold): the single highest
   total wins; a shared lead plays another hand.
4. ``hand_limit``: from hand N on, the single highest total wins; a tie plays on.
A table may also end a game early: the single leader wins, else a draw.
In 3, 4 and an early end, ``tie_break = fewer_bags`` gives a shared lead to the one
of the leaders holding the fewest bags after the hand; ``tie_break = last_bid`` to the
one of them whose contract in the last hand played was the highest (a hand that bid
itself: every contract 0); still equal: as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .records import SideHand
from .rules import Rules


class Status(StrEnum):
    """Where a game stands: still played, or over."""

    PLAYING = "playing"
    FINISHED = "finished"


class Reason(StrEnum):
    """Which rule ended the game (or, while it plays on tied, would have)."""

    BOSTON = "boston"
    SET_OUT = "set_out"
    TARGET = "target"
    LOSS = "loss"
    HAND_LIMIT = "hand_limit"
    ENDED = "ended"  # the table ended it early
    SLIP = "slip"  # scored from its paper slip's final totals


@dataclass(frozen=True)
class Outcome:
    """Where a game stands after a hand."""

    status: Status
    winner: int | None
    tied: bool
    reason: Reason | None
    streaks: tuple[int, ...]
    on_bags: bool = False  # a shared lead settled by the tie_break rule


def leader(totals: Sequence[int]) -> int | None:
    """The side with the single highest total, or None if the lead is shared."""
    best = max(totals)
    leaders = [side for side, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None


def tie_break(
    rules: Rules,
    totals: Sequence[int],
    bags: Sequence[int],
    contracts: Sequence[int] | None = None,
) -> tuple[int | None, bool]:
    """The winner when the game would end now, and whether the tie_break rule decided it:
    the single leader; or, under fewer_bags, the leader with the fewest bags; under
    last_bid, the leader whose contract in the last hand played (`contracts`; None: no
    hand known) was the highest; else None."""
    first = leader(totals)
    if first is not None or rules.tie_break == "play_on":
        return first, False
    best = max(totals)
    leaders = [side for side, total in enumerate(totals) if total == best]
    if rules.tie_break == "fewer_bags":
        by_rule = leader([-bags[side] for side in leaders])
    elif contracts is None:
        by_rule = None
    else:
        by_rule = leader([contracts[side] for side in leaders])
    return (None, False) if by_rule is None else (leaders[by_rule], True)


def sets_counted(
    rules: Rules, counts: Sequence[int], results: Sequence[SideHand]
) -> tuple[int, ...]:
    """Each side's sets as `set_out_count` counts them, after a hand with these results."""
    keep = rules.set_out_count == "in_game"  # a hand that is no set leaves the count alone
    return tuple(
        count + 1 if r.made is False else count if keep or r.bid_itself else 0
        for count, r in zip(counts, results)
    )


def set_out(rules: Rules, runs: Sequence[int]) -> list[int]:
    """The sides `set_out` puts out (it on): set that many times, as `runs` counts them."""
    return [side for side, run in enumerate(runs) if run >= rules.set_out]


def sunk(rules: Rules, totals: Sequence[int]) -> list[int]:
    """The sides at or below the losing score (`loss_threshold`; none without one)."""
    loss = rules.loss_threshold
    return [] if loss is None else [side for side, total in enumerate(totals) if total <= loss]


def settle(
    rules: Rules, number: int, results: Sequence[SideHand], streaks: Sequence[int]
) -> Outcome:
    """Decide the game after hand `number`, from each side's result in it."""
    totals = [r.total for r in results]
    runs = sets_counted(rules, streaks, results)
    if rules.boston == "win":
        for side, result in enumerate(results):
            if result.boston:
                return Outcome(Status.FINISHED, side, False, Reason.BOSTON, runs)
    if rules.set_out:
        out = set_out(rules, runs)
        if len(out) == 1:
            others = [side for side in range(len(results)) if side != out[0]]
            winner = others[0] if len(others) == 1 else leader([totals[s] for s in others])
            return Outcome(Status.FINISHED, winner, False, Reason.SET_OUT, runs)
        if len(out) > 1:
            first = leader(totals)
            if first is not None:
                return Outcome(Status.FINISHED, first, False, Reason.SET_OUT, runs)
    reached = any(t >= rules.target for t in totals)
    lost = bool(sunk(rules, totals))
    limit = rules.hand_limit > 0 and number >= rules.hand_limit
    if reached or lost or limit:
        reason = Reason.TARGET if reached else Reason.LOSS if lost else Reason.HAND_LIMIT
        first, on_bags = tie_break(
            rules, totals, [r.bags for r in results], [r.contract for r in results]
        )
        if first is not None:
            return Outcome(Status.FINISHED, first, False, reason, runs, on_bags)
        return Outcome(Status.PLAYING, None, True, reason, runs)
    return Outcome(Status.PLAYING, None, False, None, runs)
