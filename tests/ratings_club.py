"""A simulated club whose players' true skills are known, for the ratings' tests and
bench/ratings.py: partnership games of four drawn from the club, partners at random,
the stronger side winning with a logistic probability of the difference of skills."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from scorepad.core.ratings import Rated, Sitter

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kit", "Lu"]
Played = tuple[tuple[tuple[str, str], tuple[str, str]], int, float]  # sides, winner, truth


def club(seed: int, players: int = 10, games: int = 200, k: float = 1.0):
    """(each player's true skill, the games: each side's two players, the winning side,
    and the true chance of side 0) for a club of `players` drawn with `seed`."""
    rnd = random.Random(seed)
    names = [NAMES[i] if i < len(NAMES) else f"P{i}" for i in range(players)]
    skill = {name: rnd.gauss(0, 1) for name in names}
    played: list[Played] = []
    for _ in range(games):
        a, b, c, d = rnd.sample(names, 4)
        truth = 1 / (1 + math.exp(-k * (skill[a] + skill[c] - skill[b] - skill[d])))
        played.append((((a, c), (b, d)), 0 if rnd.random() < truth else 1, truth))
    return skill, played


def rated(sides: Sequence[Sequence[str]], winner: int | None) -> Rated:
    """A finished game as the ratings read it, each player sitting every hand."""
    seats = tuple(tuple((Sitter(name, 1),) for name in side) for side in sides)
    places = tuple(1 if winner in (None, side) else 2 for side in range(len(sides)))
    return Rated(seats, places, winner)


# Seat order a, b, c, d: side 0 is seats 0 and 2. Each side bids 6; the winner takes 8.
TRICKS = {0: [4, 2, 4, 3], 1: [2, 4, 3, 4]}


def game_file(sides: Sequence[Sequence[str]], winner: int) -> dict:
    """A partnership game file of one hand that `winner`'s side wins (target 50)."""
    (a, c), (b, d) = sides
    return {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": [a, b, c, d],
        "rules": {"target": 50},
        "hands": [{"bids": [3, 3, 3, 3], "tricks": TRICKS[winner]}],
    }


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation of two lists without ties."""

    def ranks(values: Sequence[float]) -> list[int]:
        order = sorted(range(len(values)), key=lambda i: values[i])
        found = [0] * len(values)
        for rank, i in enumerate(order):
            found[i] = rank
        return found

    n = len(xs)
    gaps = sum((a - b) ** 2 for a, b in zip(ranks(xs), ranks(ys)))
    return 1 - 6 * gaps / (n * (n * n - 1))


def win_share_forecast(played: Sequence[Played]) -> list[float]:
    """A plain win-percentage forecast of side 0 in each game, before it: each side's
    players' wins + 1 over games + 2, averaged, the two sides' shares normalised."""
    wins: dict[str, list[int]] = {}
    forecast = []
    for sides, winner, _ in played:
        share = []
        for side in sides:
            share.append(
                sum((wins.get(p, [0, 0])[0] + 1) / (wins.get(p, [0, 0])[1] + 2) for p in side)
            )
        forecast.append(share[0] / (share[0] + share[1]))
        for index, side in enumerate(sides):
            for player in side:
                record = wins.setdefault(player, [0, 0])
                record[0] += index == winner
                record[1] += 1
    return forecast


def brier(forecast: Sequence[float], played: Sequence[Played]) -> float:
    """The mean squared error of forecasts of side 0 against the results."""
    return sum((p - (winner == 0)) ** 2 for p, (_, winner, _) in zip(forecast, played)) / len(
        played
    )
