"""The values the ratings read and make (docs/ratings.md): who sat where in a finished
game, each person's skill, each game's changes, the ratings as a whole. The rules and
the model are scorepad/core/ratings.py's; this module holds no openskill.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .errors import GameError
from .model import GameScore
from .names import name_key

MU = 25.0
SIGMA = MU / 3
BETA = MU / 1.5  # the library's default is MU / 6: see ratings.py's docstring
BASE = 1000
SCALE = 20  # display points per unit of mu
BAND = 2  # sigmas each way
PROVISIONAL = 10  # games before a rating stops being provisional


def shown(mu: float) -> int:
    """The display rating of a mu: 1000 + 20 * (mu - 25), rounded."""
    return round(BASE + SCALE * (mu - MU))


@dataclass(frozen=True, slots=True)
class Skill:
    """What is known of a person's play: openskill's mu and sigma, and games rated."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def rating(self) -> int:
        """The display rating."""
        return shown(self.mu)

    @property
    def band(self) -> tuple[int, int]:
        """The display rating's uncertainty: from 2 sigmas below to 2 sigmas above."""
        return shown(self.mu - BAND * self.sigma), shown(self.mu + BAND * self.sigma)

    @property
    def provisional(self) -> bool:
        """Whether too few games are rated for the rating to say much yet."""
        return self.games < PROVISIONAL


@dataclass(frozen=True, slots=True)
class Sitter:
    """A person at a seat and the hands they sat there."""

    name: str
    hands: int


@dataclass(frozen=True, slots=True)
class Rated:
    """A finished game as the ratings read it: each side's seats, each seat's sitters
    in the order they sat; each side's place (1 first, equal places shared); the
    core's winner (None: a draw)."""

    sides: tuple[tuple[tuple[Sitter, ...], ...], ...]
    places: tuple[int, ...]
    winner: int | None

    def people(self, side: int) -> tuple[str, ...]:
        """A side's people as named in this game, in seat order then sitting order."""
        found: dict[str, str] = {}
        for seat in self.sides[side]:
            for sitter in seat:
                found.setdefault(name_key(sitter.name), sitter.name)
        return tuple(found.values())


def places(score: GameScore) -> tuple[int, ...]:
    """Each side's place: the core's winner first, the rest by final total (equal
    totals share a place); with no winner the highest totals share the first."""

    def key(side: int) -> tuple[bool, int]:
        return side != score.winner, -score.totals[side]

    keys = [key(side) for side in range(len(score.totals))]
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)


def finished(score: GameScore, sat: Sequence[Sequence[Sitter]] | None = None) -> Rated | None:
    """A scored game as the ratings read it, or None while it is not over. `sat`: who
    sat each seat and for how many hands; None: the table's players sat every hand."""
    if not score.over:
        return None
    table = score.table
    if sat is None:
        sat = [[Sitter(name, score.played)] for name in table.players]
    if len(sat) != len(table.players) or not all(sat):
        raise GameError("must name who sat at each seat", field="sat")
    if len({name_key(seat[0].name) for seat in sat}) < len(sat):
        raise GameError("one person sat down at two seats", field="sat")
    sides = tuple(tuple(tuple(sat[seat]) for seat in seats) for seats in table.sides)
    rated = Rated(sides, places(score), score.winner)
    seen: dict[str, int] = {}
    for side in range(len(sides)):
        for name in rated.people(side):
            if seen.setdefault(name_key(name), side) != side:
                raise GameError("%(name)s sat for two sides", name=name, field="sat")
    if any(sitter.hands < 0 for seats in sides for seat in seats for sitter in seat):
        raise GameError("hands sat must be 0 or more", field="sat")
    return rated


@dataclass(frozen=True, slots=True)
class Player:
    """A person rated: the first spelling met of their name, and their skill."""

    name: str
    skill: Skill


@dataclass(frozen=True, slots=True)
class Change:
    """One person's change in one game: their side, its chance before the game, its
    place (`shared` with another side), and their skill before and after."""

    name: str
    side: int
    chance: float
    place: int
    shared: bool
    sides: int
    before: Skill
    after: Skill

    @property
    def delta(self) -> int:
        """The display rating's change: after minus before, as each is shown."""
        return self.after.rating - self.before.rating


@dataclass(frozen=True, slots=True)
class GameRating:
    """A game rated: the game, each side's chance before it, each person's change."""

    game: Rated
    chances: tuple[float, ...]
    changes: tuple[Change, ...]


@dataclass(frozen=True, slots=True)
class Pair:
    """A partnership rated: its two people as the players show them (in the seat order
    of the first game rated), and its own skill, from the games the two sat together."""

    names: tuple[str, str]
    skill: Skill


@dataclass(frozen=True, slots=True)
class Ratings:
    """Every person rated, in the order first met, every game in the order rated, and
    every partnership rated, in the order first met."""

    players: tuple[Player, ...] = ()
    games: tuple[GameRating, ...] = ()
    pairs: tuple[Pair, ...] = ()

    def ranked(self, shown: Mapping[str, str] | None = None) -> tuple[Player, ...]:
        """The players by display rating, highest first, then by name (case aside):
        the name each is shown under, `shown` by their name here (a club's people are
        rated by anchor and shown under the name the manager chose)."""

        def name(player: Player) -> str:
            return shown.get(player.name, player.name) if shown else player.name

        return tuple(
            sorted(self.players, key=lambda p: (-p.skill.rating, name(p).casefold(), name(p)))
        )

    def ranked_pairs(self, shown: Mapping[str, str] | None = None) -> tuple[Pair, ...]:
        """The partnerships by display rating, highest first, then by their names (as
        `ranked` names them: `shown`)."""
        return tuple(sorted(self.pairs, key=_pair_order(shown)))

    def best_pairs(
        self, count: int, settled: bool, shown: Mapping[str, str] | None = None
    ) -> tuple[Pair, ...]:
        """The first `count` of `ranked_pairs` (`settled`: of those no longer
        provisional), without ranking them all."""
        pairs = (p for p in self.pairs if not (settled and p.skill.provisional))
        return tuple(heapq.nsmallest(count, pairs, key=_pair_order(shown)))


def _pair_order(
    shown: Mapping[str, str] | None,
) -> Callable[[Pair], tuple[int, list[str], list[str]]]:
    """A partnership's place: display rating, highest first, then their names as shown
    (`shown` by their names here; None: as they are)."""

    def order(pair: Pair) -> tuple[int, list[str], list[str]]:
        names = [shown.get(n, n) if shown else n for n in pair.names]
        return -pair.skill.rating, [name.casefold() for name in names], names

    return order


Book = dict[str, Player]
PairKey = tuple[str, str]  # a partnership: its two people's name keys, in sorted order
PairBook = dict[PairKey, Pair]
