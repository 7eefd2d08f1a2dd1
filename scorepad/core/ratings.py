"""Ratings of players from their finished games, with openskill (docs/ratings.md).

The rules, as docs/ratings.md tells them:
- Only a finished game is rated. Its winner is the core's (``GameScore.winner``, the
  end-of-game order and tie-break of docs/rules.md), never worked out again here.
- Each side is a team: a partnership two players, a cutthroat side one. Places: the
  winner first; the other sides by final total, equal totals sharing a place; a draw
  (no winner) puts the sides sharing the highest total first together.
- Players are people known by name: ``names.name_key``, the rule the series and the
  statistics match names by; a person is shown under the first spelling met.
- A substitute counts for the hands sat: a person who sat h of a seat's n hands moves
  h/n of the change a whole game in that seat would have made (mu, and sigma squared).
- Each side's chance of winning is openskill's ``predict_win`` for the lineup that sat
  down first, from the ratings before the game: a number in (0, 1), summing to 1.
- The display rating: 1000 + 20 * (mu - 25), with a band of 2 sigma each way (40 *
  sigma points); provisional until PROVISIONAL games are rated.

The model is openskill's PlackettLuce: the one Weng-Lin model that ranks any number
of teams with shared places in one update (a cutthroat game of four is one ranking,
not six pairwise results), the library's default and the one its authors recommend.
On the simulated clubs of bench/ratings.py it ranks players as well as the full
Bradley-Terry and Thurstone-Mosteller models and forecasts as well or better.
beta (how much a game's result varies around the players' skill) is 4 times the
library's default: a game of Spades holds much luck, and with the default the chances
came out too sure of themselves, worse than a plain win-percentage forecast on clubs
where skill decides little (bench/ratings.py prints both).

Cost: one `rate` call makes one model (a `Rater`, with the name keys it has worked out)
and no other; each game builds its first lineup's openskill ratings once, for both the
chances and the update, and a game where every seat had one sitter takes the whole
game's change without looking for substitutes. The values are rating_values.py's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from openskill.models import PlackettLuce, PlackettLuceRating

from .names import name_key
from .rating_values import (
    BAND,
    BASE,
    BETA,
    MU,
    PROVISIONAL,
    SCALE,
    SIGMA,
    Book,
    Change,
    GameRating,
    Player,
    Rated,
    Ratings,
    Sitter,
    Skill,
    finished,
    places,
    shown,
)

__all__ = [
    "BAND",
    "BASE",
    "BETA",
    "MU",
    "PROVISIONAL",
    "SCALE",
    "SIGMA",
    "Book",
    "Change",
    "GameRating",
    "Player",
    "Rated",
    "Rater",
    "Ratings",
    "Sitter",
    "Skill",
    "chances",
    "finished",
    "places",
    "rate",
    "rate_game",
    "shown",
]


Seated = tuple[str, Player | None, Skill]  # a seat's person: key, entry in the book, skill


def _model() -> PlackettLuce:
    """A model of its own for each use: no library object is shared."""
    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA)


class Rater:
    """What one `rate` call works with: its own model, and the name keys worked out so
    far. Made afresh for each call: nothing of it is shared between calls or threads."""

    def __init__(self) -> None:
        self.model = _model()
        self._keys: dict[str, str] = {}
        self._held: dict[str, PlackettLuceRating] = {}
        self._held_for: dict[str, Skill] = {}  # the skill each held rating stands for

    def key(self, name: str) -> str:
        """A name's key (names.name_key), worked out once a call."""
        found = self._keys.get(name)
        if found is None:
            found = self._keys[name] = name_key(name)
        return found

    def skill(self, book: Book, name: str) -> Skill:
        """A person's skill so far: a new player's if not in the book."""
        found = book.get(self.key(name))
        return found.skill if found else Skill()

    def people(self, game: Rated, side: int) -> dict[str, str]:
        """A side's people by key, as named in this game (Rated.people's order)."""
        found: dict[str, str] = {}
        for seat in game.sides[side]:
            for sitter in seat:
                found.setdefault(self.key(sitter.name), sitter.name)
        return found

    def seated(self, book: Book, game: Rated) -> list[list[Seated]] | None:
        """Each seat's person (key, entry in the book, skill) when every seat had one
        sitter, each a person of their own (so each sat all the hands of their seat);
        None: look for substitutes."""
        keys, seen, seated = self._keys, set(), []
        for seats in game.sides:
            row = []
            for sitters in seats:
                if len(sitters) != 1:
                    return None
                key = keys.get(sitters[0].name) or self.key(sitters[0].name)
                if key in seen:
                    return None
                seen.add(key)
                found = book.get(key)
                row.append((key, found, found.skill if found else Skill()))
            seated.append(row)
        return seated

    def rating(self, key: str, skill: Skill) -> PlackettLuceRating:
        """A person's skill as an openskill rating: the one held for it, else a new one."""
        if self._held_for.get(key) is skill:
            return self._held[key]
        return self.model.rating(mu=skill.mu, sigma=skill.sigma)

    def hold(self, key: str, skill: Skill, rating: PlackettLuceRating) -> None:
        """Keep a rating the model made in this call for a person's new skill: set to
        it, it stands for that skill in their next game (the model copies what it is
        given, so a rating held is never changed by it)."""
        rating.mu, rating.sigma = skill.mu, skill.sigma
        self._held_for[key], self._held[key] = skill, rating

    def ratings(self, teams: Sequence[Sequence[Skill]]) -> list[list[PlackettLuceRating]]:
        """The skills as openskill ratings of this call's model."""
        return [[self.model.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in teams]

    def rated(
        self, game: Rated, teams: list[list[PlackettLuceRating]]
    ) -> list[list[PlackettLuceRating]]:
        """A lineup's ratings after this game, had each sitter sat every hand."""
        return self.model.rate(teams, ranks=[float(p) for p in game.places])

    def after(self, game: Rated, teams: list[list[PlackettLuceRating]]) -> list[list[Skill]]:
        """Every skill of a lineup after this game, had each sitter sat every hand."""
        return [[Skill(r.mu, r.sigma) for r in team] for team in self.rated(game, teams)]


def chances(teams: Sequence[Sequence[Skill]]) -> tuple[float, ...]:
    """Each side's chance of winning, from its players' skills: summing to 1."""
    rater = Rater()
    return tuple(rater.model.predict_win(rater.ratings(teams)))


def _lineup(
    rater: Rater, book: Book, game: Rated, side: int, seat: int, name: str
) -> list[list[Skill]]:
    """The skills of the lineup that sat down first, `name` put at (side, seat)."""
    teams = [[rater.skill(book, sitters[0].name) for sitters in seats] for seats in game.sides]
    teams[side][seat] = rater.skill(book, name)
    return teams


def _share(rater: Rater, game: Rated, side: int, key: str) -> tuple[int, float]:
    """The first seat a person sat on a side, and the share of its hands they sat."""
    seats = game.sides[side]
    first = next(i for i, s in enumerate(seats) if any(rater.key(x.name) == key for x in s))
    whole = sum(sitter.hands for sitter in seats[first])
    sat = sum(x.hands for seat in seats for x in seat if rater.key(x.name) == key)
    return first, min(1.0, sat / whole) if whole else 1.0


def _partly(before: Skill, mu: float, sigma: float, share: float) -> Skill:
    """The skill after a game sat for `share` of its hands, the whole game's skill
    being (mu, sigma)."""
    variance = before.sigma**2 + share * (sigma**2 - before.sigma**2)
    games = before.games + (share > 0)  # a person who sat no hand played no game
    return Skill(before.mu + share * (mu - before.mu), variance**0.5, games)


def _rate_alone(rater: Rater, book: Book, game: Rated, seated: list[list[Seated]]) -> GameRating:
    """A game where every seat had one sitter of their own (`seated`): each takes the
    whole game's change at their seat, into the book at once (no one else of the game
    reads their entry)."""
    first = [[rater.rating(key, skill) for key, _, skill in row] for row in seated]
    odds = tuple(rater.model.predict_win(first))
    ranked = rater.rated(game, first)
    count, changes = len(game.sides), []
    for side, row in enumerate(seated):
        place = game.places[side]
        shared = game.places.count(place) > 1
        for seat, (key, player, was) in enumerate(row):
            rating = ranked[side][seat]
            after = _partly(was, rating.mu, rating.sigma, 1.0)
            name = player.name if player else game.sides[side][seat][0].name
            changes.append(Change(name, side, odds[side], place, shared, count, was, after))
            book[key] = Player(name, after)
            rater.hold(key, after, rating)
    return GameRating(game, odds, tuple(changes))


def _rate_side(
    rater: Rater, book: Book, game: Rated, side: int, whole: list[list[Skill]]
) -> list[tuple[str, Skill, Skill]]:
    """Each person of a side (shown as, before, after): the whole game's change at the
    first seat they sat (worked out once for the lineup that sat down first), in the
    share they sat."""
    changes = []
    for key, name in rater.people(game, side).items():
        seat, share = _share(rater, game, side, key)
        lineup = whole
        if rater.key(game.sides[side][seat][0].name) != key:  # sat down later
            lineup = rater.after(game, rater.ratings(_lineup(rater, book, game, side, seat, name)))
        before = rater.skill(book, name)
        shown_as = book[key].name if key in book else name
        whole_skill = lineup[side][seat]
        changes.append(
            (shown_as, before, _partly(before, whole_skill.mu, whole_skill.sigma, share))
        )
    return changes


def _rate_substituted(rater: Rater, book: Book, game: Rated) -> GameRating:
    """A game with a substitute (or a person at two seats): each person's change from
    the lineup they sat down in, in the share of hands they sat."""
    first = [[rater.skill(book, sitters[0].name) for sitters in seats] for seats in game.sides]
    odds = tuple(rater.model.predict_win(rater.ratings(first)))
    whole = rater.after(game, rater.ratings(first))
    count = len(game.sides)
    changes = []
    for side, chance in enumerate(odds):
        place = game.places[side]
        shared = game.places.count(place) > 1
        for name, before, after in _rate_side(rater, book, game, side, whole):
            changes.append(Change(name, side, chance, place, shared, count, before, after))
    for change in changes:
        book[rater.key(change.name)] = Player(change.name, change.after)
    return GameRating(game, odds, tuple(changes))


def rate_game(book: Book, game: Rated, rater: Rater | None = None) -> GameRating:
    """Rate one game from the ratings so far (`book`, by name key), and add it to them;
    `rater`: the `rate` call's (None: one of its own)."""
    rater = rater or Rater()
    seated = rater.seated(book, game)
    if seated is None:
        return _rate_substituted(rater, book, game)
    return _rate_alone(rater, book, game, seated)


def rate(games: Iterable[Rated], before: Ratings | None = None) -> Ratings:
    """Rate games in the order given, after the ratings `before` (None: from nothing)."""
    rater = Rater()
    book: Book = {rater.key(p.name): p for p in (before.players if before else ())}
    done = [rate_game(book, game, rater) for game in games]
    return Ratings(tuple(book.values()), (before.games if before else ()) + tuple(done))
