"""Re-rating from a game on without rating the games before it again (docs/ratings.md,
"Re-rating from a game on"): the ratings after every so many games, kept by a store,
and a re-rating that starts from the last of them at or before the first game changed.

Games are rated one after another, each from the ratings before it, so the ratings
after game k-1 are all that games k on need: rating games k on after them is rating
every game at once (tests/test_ratings_checkpoints.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rating_values import Rated, Ratings
from .ratings import rate


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """The ratings after the first `games` games."""

    games: int
    ratings: Ratings


START = Checkpoint(0, Ratings())


def checkpoints(games: Sequence[Rated], every: int = 500) -> tuple[Checkpoint, ...]:
    """The ratings after 0, `every`, 2 x `every`... games, in one rating pass."""
    if every < 1:
        raise ValueError("every must be 1 or more")
    found = [START]
    for start in range(0, len(games) - every + 1, every):
        done = rate(games[start : start + every], found[-1].ratings)
        found.append(Checkpoint(start + every, done))
    return tuple(found)


def rate_from(games: Sequence[Rated], first: int, kept: Sequence[Checkpoint]) -> Ratings:
    """Every game rated, games `first` on (changed, or new) rated again after the last
    checkpoint kept at or before `first`; games before `first` must be those the
    checkpoints were made from. The same ratings as rating every game at once."""
    start = max((c for c in kept if c.games <= first), key=lambda c: c.games, default=START)
    return rate(games[start.games :], start.ratings)


def still_good(kept: Sequence[Checkpoint], first: int) -> tuple[Checkpoint, ...]:
    """The checkpoints that still hold once game `first` on change: those at or before."""
    return tuple(c for c in kept if c.games <= first)
