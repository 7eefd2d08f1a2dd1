"""Each person's ratings game by game, for a chart (docs/ratings.md, "History"): read
off the games rated, in one pass, nothing rated again."""

from __future__ import annotations

from dataclasses import dataclass

from .names import name_key
from .rating_values import Ratings


@dataclass(frozen=True, slots=True)
class Step:
    """One game of a person's: its index in the games rated (Ratings.games), the
    display rating after it, and its change as shown."""

    game: int
    rating: int
    delta: int


def histories(ratings: Ratings) -> dict[str, tuple[Step, ...]]:
    """Every person's steps, by name key, in the order rated: one pass over the games."""
    found: dict[str, list[Step]] = {}
    keys: dict[str, str] = {}
    for index, done in enumerate(ratings.games):
        for change in done.changes:
            key = keys.get(change.name) or keys.setdefault(change.name, name_key(change.name))
            found.setdefault(key, []).append(Step(index, change.after.rating, change.delta))
    return {key: tuple(steps) for key, steps in found.items()}


def history(ratings: Ratings, name: str) -> tuple[Step, ...]:
    """A person's steps in the order rated (none for a person not rated), found by name
    as the ratings know people: case, Unicode forms and runs of spaces aside."""
    return histories(ratings).get(name_key(name), ())
