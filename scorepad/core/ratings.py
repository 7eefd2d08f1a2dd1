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
  h/n of the change a whole game in that seat would have made (mu, and sigma squared);
  rating_substitutes.py.
- A partnership game also rates its partnerships, each a team of one in a book of its
  own, a side's only if its two people sat every hand (rating_pairs.py, rate_pairs).
- Each side's chance of winning is worked out for the lineup that sat down first, from
  the ratings before the game: a number in (0, 1), summing to 1. Two sides: openskill's
  ``predict_win``; three or four: the chance that the side plays best of all, the
  same chance for any number of sides, as rating_chances.py works it (predict_win
  averages pairs of sides there, so no side, however strong, passes 2 in n).
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
chances and the update, a rating the model made in this call is held for the person's
next game instead of being made again, and a game where every seat had one sitter
takes the whole game's change without looking for substitutes. The values are
rating_values.py's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from openskill.models import PlackettLuce, PlackettLuceRating

from .names import name_key
from .rating_chances import first_chances
from .rating_pairs import pair_key, partnership, sat_down, together
from .rating_substitutes import partly, rate_substituted
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
    Pair,
    PairBook,
    PairKey,
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
    "Pair",
    "PairBook",
    "PairKey",
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
    "rate_pairs",
    "shown",
]


Seated = tuple[str, Player | None, Skill]  # a seat's person: key, entry in the book, skill
Held = str | PairKey  # what a held rating stands for: a person, or a partnership


def _model() -> PlackettLuce:
    """A model of its own for each use: no library object is shared."""
    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA)


def _odds(model: PlackettLuce, teams: list[list[PlackettLuceRating]]) -> tuple[float, ...]:
    """Each side's chance of winning: openskill's predict_win for two sides, the chance
    of playing best of all for more (the same for two: rating_chances.py)."""
    if len(teams) == 2:
        return tuple(model.predict_win(teams))
    means = [sum(r.mu for r in team) for team in teams]
    spreads = [BETA**2 + sum(r.sigma**2 for r in team) for team in teams]
    return first_chances(means, spreads)


class Rater:
    """What one `rate` call works with: its own model, and the name keys worked out so
    far. Made afresh for each call: nothing of it is shared between calls or threads."""

    def __init__(self) -> None:
        self.model = _model()
        self._keys: dict[str, str] = {}
        self._held: dict[Held, PlackettLuceRating] = {}
        self._held_for: dict[Held, Skill] = {}  # the skill each held rating stands for

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

    def rating(self, key: Held, skill: Skill) -> PlackettLuceRating:
        """A person's skill as an openskill rating: the one held for it, else a new one."""
        if self._held_for.get(key) is skill:
            return self._held[key]
        return self.model.rating(mu=skill.mu, sigma=skill.sigma)

    def hold(self, key: Held, skill: Skill, rating: PlackettLuceRating) -> None:
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

    def outcome(
        self, game: Rated, teams: list[list[Skill]]
    ) -> tuple[tuple[float, ...], list[list[Skill]]]:
        """A lineup's chances, and every skill after this game had each sitter sat
        every hand."""
        ratings = self.ratings(teams)
        odds = _odds(self.model, ratings)
        return odds, [[Skill(r.mu, r.sigma) for r in team] for team in self.rated(game, ratings)]


def chances(teams: Sequence[Sequence[Skill]]) -> tuple[float, ...]:
    """Each side's chance of winning, from its players' skills: summing to 1."""
    rater = Rater()
    return _odds(rater.model, rater.ratings(teams))


def _rate_alone(rater: Rater, book: Book, game: Rated, seated: list[list[Seated]]) -> GameRating:
    """A game where every seat had one sitter of their own (`seated`): each takes the
    whole game's change at their seat, into the book at once (no one else of the game
    reads their entry)."""
    first = [[rater.rating(key, skill) for key, _, skill in row] for row in seated]
    odds = _odds(rater.model, first)
    ranked = rater.rated(game, first)
    count, changes = len(game.sides), []
    for side, row in enumerate(seated):
        place = game.places[side]
        shared = game.places.count(place) > 1
        for seat, (key, player, was) in enumerate(row):
            rating = ranked[side][seat]
            after = partly(was, rating.mu, rating.sigma, 1.0)
            name = player.name if player else game.sides[side][seat][0].name
            changes.append(Change(name, side, odds[side], place, shared, count, was, after))
            book[key] = Player(name, after)
            rater.hold(key, after, rating)
    return GameRating(game, odds, tuple(changes))


def rate_game(book: Book, game: Rated, rater: Rater | None = None) -> GameRating:
    """Rate one game from the ratings so far (`book`, by name key), and add it to them;
    `rater`: the `rate` call's (None: one of its own)."""
    rater = rater or Rater()
    seated = rater.seated(book, game)
    if seated is None:
        return rate_substituted(rater, book, game)
    return _rate_alone(rater, book, game, seated)


def rate_pairs(pairs: PairBook, book: Book, game: Rated, rater: Rater | None = None) -> None:
    """Rate a partnership game's partnerships (rating_pairs.py), each a team of one in
    their own book (`pairs`), from the partnerships that sat down first; only those
    whose two people sat every hand move. `book`: the players, this game rated."""
    if not partnership(game):
        return
    rater = rater or Rater()
    seats = [sat_down(game, side, rater.key) for side in (0, 1)]
    moves = [together(game, side, rater.key) for side in (0, 1)]
    if not any(moves):
        return
    keys = [pair_key(two) for two in seats]
    skills = [pairs[key].skill if key in pairs else Skill() for key in keys]
    ranked = rater.rated(game, [[rater.rating(k, s)] for k, s in zip(keys, skills)])
    for side, key in enumerate(keys):
        if moves[side]:
            rating, old = ranked[side][0], pairs.get(key)
            after = Skill(rating.mu, rating.sigma, skills[side].games + 1)
            first, second = (book[k].name for k in seats[side])
            pairs[key] = Pair(old.names if old else (first, second), after)
            rater.hold(key, after, rating)


def rate(games: Iterable[Rated], before: Ratings | None = None, pairs: bool = True) -> Ratings:
    """Rate games in the order given, after the ratings `before` (None: from nothing):
    the players, and (`pairs`) the partnerships of the partnership games; without
    `pairs`, those of `before` are kept as they were."""
    rater = Rater()
    book: Book = {rater.key(p.name): p for p in (before.players if before else ())}
    partnerships: PairBook = {
        pair_key((rater.key(p.names[0]), rater.key(p.names[1]))): p
        for p in (before.pairs if before else ())
    }
    done = []
    for game in games:
        done.append(rate_game(book, game, rater))
        if pairs:
            rate_pairs(partnerships, book, game, rater)
    earlier = before.games if before else ()
    return Ratings(tuple(book.values()), earlier + tuple(done), tuple(partnerships.values()))
