"""A game with a substitute rated (docs/ratings.md, "A substitute counts for the hands
sat"): each person takes the change a whole game at the first seat they sat would have
made them, worked out for the lineup that sat down first with them put at that seat,
in the share of that seat's hands they sat (mu, and sigma squared, alike). The model
is the caller's (scorepad/core/ratings.py's Rater): this module holds no openskill.
"""

from __future__ import annotations

from typing import Protocol

from .rating_values import Book, Change, GameRating, Player, Rated, Skill


class Lineups(Protocol):
    """What the substitute rules ask of the model: name keys, skills so far, a side's
    people, and a lineup's chances and skills after the game."""

    def key(self, name: str) -> str: ...

    def skill(self, book: Book, name: str) -> Skill: ...

    def people(self, game: Rated, side: int) -> dict[str, str]: ...

    def outcome(
        self, game: Rated, teams: list[list[Skill]]
    ) -> tuple[tuple[float, ...], list[list[Skill]]]: ...


def partly(before: Skill, mu: float, sigma: float, share: float) -> Skill:
    """The skill after a game sat for `share` of its hands, the whole game's skill
    being (mu, sigma)."""
    variance = before.sigma**2 + share * (sigma**2 - before.sigma**2)
    games = before.games + (share > 0)  # a person who sat no hand played no game
    return Skill(before.mu + share * (mu - before.mu), variance**0.5, games)


def _lineup(
    model: Lineups, book: Book, game: Rated, side: int, seat: int, name: str
) -> list[list[Skill]]:
    """The skills of the lineup that sat down first, `name` put at (side, seat)."""
    teams = [[model.skill(book, sitters[0].name) for sitters in seats] for seats in game.sides]
    teams[side][seat] = model.skill(book, name)
    return teams


def _share(model: Lineups, game: Rated, side: int, key: str) -> tuple[int, float]:
    """The first seat a person sat on a side, and the share of its hands they sat."""
    seats = game.sides[side]
    first = next(i for i, s in enumerate(seats) if any(model.key(x.name) == key for x in s))
    whole = sum(sitter.hands for sitter in seats[first])
    sat = sum(x.hands for seat in seats for x in seat if model.key(x.name) == key)
    return first, min(1.0, sat / whole) if whole else 1.0


def _rate_side(
    model: Lineups, book: Book, game: Rated, side: int, whole: list[list[Skill]]
) -> list[tuple[str, Skill, Skill]]:
    """Each person of a side (shown as, before, after): the whole game's change at the
    first seat they sat (worked out once for the lineup that sat down first), in the
    share they sat."""
    changes = []
    for key, name in model.people(game, side).items():
        seat, share = _share(model, game, side, key)
        lineup = whole
        if model.key(game.sides[side][seat][0].name) != key:  # sat down later
            lineup = model.outcome(game, _lineup(model, book, game, side, seat, name))[1]
        before = model.skill(book, name)
        shown_as = book[key].name if key in book else name
        at_seat = lineup[side][seat]
        changes.append((shown_as, before, partly(before, at_seat.mu, at_seat.sigma, share)))
    return changes


def rate_substituted(model: Lineups, book: Book, game: Rated) -> GameRating:
    """A game with a substitute (or a person at two seats): each person's change from
    the lineup they sat down in, in the share of hands they sat; added to the book."""
    first = [[model.skill(book, sitters[0].name) for sitters in seats] for seats in game.sides]
    odds, whole = model.outcome(game, first)
    count = len(game.sides)
    changes = []
    for side, chance in enumerate(odds):
        place = game.places[side]
        shared = game.places.count(place) > 1
        for name, before, after in _rate_side(model, book, game, side, whole):
            changes.append(Change(name, side, chance, place, shared, count, before, after))
    for change in changes:
        book[model.key(change.name)] = Player(change.name, change.after)
    return GameRating(game, odds, tuple(changes))
