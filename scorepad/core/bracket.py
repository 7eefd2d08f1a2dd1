"""A single-elimination playoff seeded by the standings. Pure: seeds in, matches out.

Rules, as docs/events.md tells them:
- The top N entrants of the standings play; seed 1 is the leader.
- The bracket has the next power of two slots; the missing seeds are byes, and they
  fall to the top seeds (seed 1 meets the lowest seed, seed 2 the next lowest...).
- Seeds are placed so that seeds 1 and 2 can only meet in the final, 1-4 and 2-3 in
  the semi-finals, and so on; a round's winners meet in bracket order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import GameError


def slots(size: int) -> tuple[int, ...]:
    """Seeds in bracket order for a bracket of `size` (a power of two): 1, 8, 4, 5, 2, 7..."""
    order = [1]
    while len(order) < size:
        span = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, span - s)]
    return tuple(order)


@dataclass(frozen=True)
class BracketMatch:
    """A playoff match in the bracket (the table it is played at is a roster.Match): its
    round (1 first), place in the round, and its two entrants (None: a bye, the other
    goes through)."""

    round: int
    index: int
    first: int | None
    second: int | None


def first_round(seeded: Sequence[int]) -> tuple[BracketMatch, ...]:
    """The first round for the entrants in seed order (the leader first)."""
    if len(seeded) < 2:
        raise GameError("a playoff needs at least 2 entrants", field="playoff")
    size = 1
    while size < len(seeded):
        size *= 2
    order = slots(size)

    def at(seed: int) -> int | None:
        return seeded[seed - 1] if seed <= len(seeded) else None

    return tuple(BracketMatch(1, i // 2, at(order[i]), at(order[i + 1])) for i in range(0, size, 2))


def through(match: BracketMatch, winner: int | None) -> int | None:
    """Who goes on from a match: the winner, or the one entrant of a bye."""
    if match.second is None:
        return match.first
    if match.first is None:
        return match.second
    return winner


def next_round(
    played: Sequence[BracketMatch], winners: Sequence[int | None]
) -> tuple[BracketMatch, ...]:
    """The round after `played` once each match has gone through (None: not yet)."""
    going = [through(m, w) for m, w in zip(played, winners)]
    if len(played) < 2 or any(g is None for g in going):
        return ()
    number = played[0].round + 1
    return tuple(
        BracketMatch(number, i // 2, going[i], going[i + 1]) for i in range(0, len(going), 2)
    )


STAGES = {1: "final", 2: "semi-final", 4: "quarter-final"}


def stage_name(index: int, matches: int) -> str:
    """A playoff round's name from its number of matches (byes counted): the final,
    the semi-final, the quarter-final; before those "playoff round N" (`index`, 1 first)."""
    return STAGES.get(matches, f"playoff round {index}")
