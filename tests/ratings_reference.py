"""The ratings core as it was before it was made faster (scorepad/core/ratings.py at
81afc43, its own copy of every value): the reference the fast path must equal, result
for result (tests/test_ratings_speed.py), and the baseline bench/ratings.py times."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from scorepad.core.errors import GameError
from scorepad.core.model import GameScore
from scorepad.core.names import name_key
from scorepad.core.rating_chances import first_chances

MU = 25.0
SIGMA = MU / 3
BETA = MU / 1.5  # the library's default is MU / 6: see the docstring
BASE = 1000
SCALE = 20  # display points per unit of mu
BAND = 2  # sigmas each way
PROVISIONAL = 10  # games before a rating stops being provisional


def _model() -> PlackettLuce:
    """A model of its own for each use: no library object is shared."""
    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA)


def shown(mu: float) -> int:
    """The display rating of a mu: 1000 + 20 * (mu - 25), rounded."""
    return round(BASE + SCALE * (mu - MU))


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Sitter:
    """A person at a seat and the hands they sat there."""

    name: str
    hands: int


@dataclass(frozen=True)
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
                raise GameError(f"{name} sat for two sides", field="sat")
    if any(sitter.hands < 0 for seats in sides for seat in seats for sitter in seat):
        raise GameError("hands sat must be 0 or more", field="sat")
    return rated


@dataclass(frozen=True)
class Player:
    """A person rated: the first spelling met of their name, and their skill."""

    name: str
    skill: Skill


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class GameRating:
    """A game rated: the game, each side's chance before it, each person's change."""

    game: Rated
    chances: tuple[float, ...]
    changes: tuple[Change, ...]


@dataclass(frozen=True)
class Ratings:
    """Every person rated, in the order first met, and every game in the order rated."""

    players: tuple[Player, ...] = ()
    games: tuple[GameRating, ...] = ()

    def ranked(self) -> tuple[Player, ...]:
        """The players by display rating, highest first, then by name."""
        return tuple(
            sorted(self.players, key=lambda p: (-p.skill.rating, p.name.casefold(), p.name))
        )


Book = dict[str, Player]


def _os(model: PlackettLuce, skill: Skill) -> PlackettLuceRating:
    return model.rating(mu=skill.mu, sigma=skill.sigma)


def _skill(book: Book, name: str) -> Skill:
    found = book.get(name_key(name))
    return found.skill if found else Skill()


def _lineup(book: Book, game: Rated, side: int, seat: int, name: str) -> list[list[Skill]]:
    """The skills of the lineup that sat down first, `name` put at (side, seat)."""
    teams = [[_skill(book, sitters[0].name) for sitters in seats] for seats in game.sides]
    teams[side][seat] = _skill(book, name)
    return teams


def chances(teams: Sequence[Sequence[Skill]]) -> tuple[float, ...]:
    """Each side's chance of winning, from its players' skills: summing to 1."""
    model = _model()
    if len(teams) != 2:  # since: the chance of playing best of all (core/rating_chances.py)
        means = [sum(s.mu for s in team) for team in teams]
        spreads = [BETA**2 + sum(s.sigma**2 for s in team) for team in teams]
        return first_chances(means, spreads)
    return tuple(model.predict_win([[_os(model, s) for s in team] for team in teams]))


def _after(game: Rated, teams: list[list[Skill]]) -> list[list[Skill]]:
    """Every skill of a lineup after this game, had each sitter sat every hand."""
    model = _model()
    ranked = model.rate(
        [[_os(model, s) for s in team] for team in teams], ranks=[float(p) for p in game.places]
    )
    return [[Skill(r.mu, r.sigma) for r in team] for team in ranked]


def _share(game: Rated, side: int, key: str) -> tuple[int, float]:
    """The first seat a person sat on a side, and the share of its hands they sat."""
    seats = game.sides[side]
    first = next(i for i, s in enumerate(seats) if any(name_key(x.name) == key for x in s))
    whole = sum(sitter.hands for sitter in seats[first])
    sat = sum(x.hands for seat in seats for x in seat if name_key(x.name) == key)
    return first, min(1.0, sat / whole) if whole else 1.0


def _partly(before: Skill, whole: Skill, share: float) -> Skill:
    """The skill after a game sat for `share` of its hands."""
    variance = before.sigma**2 + share * (whole.sigma**2 - before.sigma**2)
    games = before.games + (share > 0)  # a person who sat no hand played no game
    return Skill(before.mu + share * (whole.mu - before.mu), variance**0.5, games)


def _rate_side(
    book: Book, game: Rated, side: int, chance: float, whole: list[list[Skill]]
) -> list[Change]:
    """Each person of a side: the whole game's change at the first seat they sat
    (worked out once for the lineup that sat down first), in the share they sat."""
    place = game.places[side]
    shared = game.places.count(place) > 1
    changes = []
    for name in game.people(side):
        key = name_key(name)
        seat, share = _share(game, side, key)
        at_start = name_key(game.sides[side][seat][0].name) == key
        lineup = whole if at_start else _after(game, _lineup(book, game, side, seat, name))
        before = _skill(book, name)
        after = _partly(before, lineup[side][seat], share)
        shown_as = book[key].name if key in book else name
        count = len(game.sides)
        changes.append(Change(shown_as, side, chance, place, shared, count, before, after))
    return changes


def rate_game(book: Book, game: Rated) -> GameRating:
    """Rate one game from the ratings so far (`book`, by name key), and add it to them."""
    first = [[_skill(book, sitters[0].name) for sitters in seats] for seats in game.sides]
    odds = chances(first)
    whole = _after(game, first)
    changes = [
        change
        for side, chance in enumerate(odds)
        for change in _rate_side(book, game, side, chance, whole)
    ]
    for change in changes:
        book[name_key(change.name)] = Player(change.name, change.after)
    return GameRating(game, odds, tuple(changes))


def rate(games: Iterable[Rated], before: Ratings | None = None) -> Ratings:
    """Rate games in the order given, after the ratings `before` (None: from nothing)."""
    book: Book = {name_key(p.name): p for p in (before.players if before else ())}
    done = [rate_game(book, game) for game in games]
    return Ratings(tuple(book.values()), (before.games if before else ()) + tuple(done))
