"""Which partnership a side of a game is, for the partnerships' own ratings
(docs/ratings.md, "Partnerships").

- Only a partnership game rates partnerships: two sides of two seats. A cutthroat game
  has none.
- A partnership is the unordered pair of its two people's name keys: Ann & Cy and
  Cy & Ann are one.
- A side's partnership is rated only if the same two people sat every hand: the two who
  sat down first, two people, and no one else sat a hand of that side (partners who
  changed seats with each other still count). Otherwise that side's partnership is left
  as it was; its rating before the game still stands for it against the other side.
This module holds no openskill: scorepad/core/ratings.py rates the partnerships, each a
team of one in a book of its own.
"""

from __future__ import annotations

from collections.abc import Callable

from .rating_values import PairKey, Rated


def partnership(game: Rated) -> bool:
    """Whether a game is a partnership game: two sides of two seats."""
    return len(game.sides) == 2 and all(len(seats) == 2 for seats in game.sides)


def pair_key(keys: tuple[str, str]) -> PairKey:
    """A partnership's key: its two people's name keys, in sorted order."""
    first, second = sorted(keys)
    return first, second


def sat_down(game: Rated, side: int, key: Callable[[str], str]) -> tuple[str, str]:
    """The name keys of the two who sat down first on a side, in seat order."""
    first, second = (key(sitters[0].name) for sitters in game.sides[side])
    return first, second


def together(game: Rated, side: int, key: Callable[[str], str]) -> bool:
    """Whether the two who sat down first on a side, two people, sat every hand of it."""
    two = set(sat_down(game, side, key))
    sat = {key(s.name) for seat in game.sides[side] for s in seat if s.hands > 0}
    return len(two) == 2 and sat <= two
