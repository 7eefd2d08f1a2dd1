"""The fast ratings (scorepad/core/ratings.py: one model a call, ratings held from game
to game, no substitutes looked for where every seat had one sitter) give exactly what
the code before them gave (tests/ratings_reference.py), number for number."""

from __future__ import annotations

import random

import pytest

from scorepad.core import ratings as fast
from tests import ratings_reference as reference

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kit", "Lu"]


def spelled(rnd: random.Random, name: str) -> str:
    """A name as someone may type it: mostly as it is, now and then in other case."""
    return rnd.choice([name, name, name, name.upper(), f" {name.lower()} "])


def seat(rnd: random.Random, name: str, others: list[str], module) -> tuple:
    """One seat: mostly its one sitter for every hand, now and then a substitute."""
    hands = rnd.choice([10, 10, 10, 7, 0])
    if rnd.random() < 0.8 or not others:
        return (module.Sitter(spelled(rnd, name), hands),)
    sub = others.pop()
    split = rnd.randint(0, hands)
    return (module.Sitter(name, split), module.Sitter(spelled(rnd, sub), hands - split))


def random_games(seed: int, count: int, module) -> list:
    """`count` finished games of either module's Rated: partnerships and cutthroat of 2
    to 4, any places, substitutes, seats with no hand played, a person at two seats."""
    rnd = random.Random(seed)
    games = []
    for _ in range(count):
        partnership = rnd.random() < 0.6
        people = rnd.sample(NAMES, 8)
        size = 4 if partnership else rnd.randint(2, 4)
        playing, spare = people[:size], people[size:]
        if rnd.random() < 0.03:  # a hand-built game: one person at two seats of a side
            playing[2 % size] = playing[0]
        seats = [seat(rnd, name, spare, module) for name in playing]
        sides = [seats[0::2], seats[1::2]] if partnership else [[s] for s in seats]
        order = [rnd.randint(0, 2) for _ in sides]
        places = tuple(1 + sum(o < mine for o in order) for mine in order)
        winner = places.index(1) if places.count(1) == 1 else None
        games.append(module.Rated(tuple(tuple(s) for s in sides), places, winner))
    return games


def numbers(ratings) -> tuple:
    """Everything a Ratings holds, as plain numbers and names."""

    def skill(s) -> tuple:
        return s.mu, s.sigma, s.games

    players = tuple((p.name, skill(p.skill)) for p in ratings.players)
    games = tuple(
        (
            done.chances,
            tuple(
                (c.name, c.side, c.chance, c.place, c.shared, c.sides, skill(c.before))
                + skill(c.after)
                for c in done.changes
            ),
        )
        for done in ratings.games
    )
    return players, games


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_fast_path_gives_exactly_the_old_numbers(seed):
    new = fast.rate(random_games(seed, 300, fast))
    old = reference.rate(random_games(seed, 300, reference))
    assert numbers(new) == numbers(old)
    assert len(new.games) == 300


def test_rating_on_from_earlier_ratings_gives_the_old_numbers():
    games = random_games(4, 200, fast), random_games(4, 200, reference)
    new = fast.rate(games[0][100:], fast.rate(games[0][:100]))
    old = reference.rate(games[1][100:], reference.rate(games[1][:100]))
    assert numbers(new) == numbers(old) == numbers(fast.rate(games[0]))


def test_a_game_rated_alone_and_its_chances_as_before():
    game = random_games(5, 1, fast)[0]
    book: fast.Book = {}
    done = fast.rate_game(book, game)
    old_book: reference.Book = {}
    old = reference.rate_game(old_book, random_games(5, 1, reference)[0])
    assert numbers(fast.Ratings((), (done,))) == numbers(reference.Ratings((), (old,)))
    skills = [[fast.Skill(30, 3), fast.Skill()], [fast.Skill(20, 5), fast.Skill(25, 1)]]
    old_skills = [[reference.Skill(s.mu, s.sigma) for s in team] for team in skills]
    assert fast.chances(skills) == reference.chances(old_skills)
