"""Each person's ratings game by game (scorepad/core/rating_history.py)."""

from __future__ import annotations

from scorepad.core.rating_history import Step, histories, history
from scorepad.core.ratings import rate
from tests.ratings_club import club, rated


def test_a_persons_steps_are_the_games_they_sat_in_order():
    games = [
        rated([["Ann", "Bo"], ["Cy", "Di"]], 0),
        rated([["Ed"], ["Flo"]], 0),
        rated([["Ann", "Cy"], ["Bo", "Di"]], 1),
    ]
    done = rate(games)
    ann = history(done, " ann ")
    assert [s.game for s in ann] == [0, 2]
    assert ann[0] == Step(0, 1024, 24)
    assert ann[1].rating == next(p.skill.rating for p in done.players if p.name == "Ann")
    assert sum(s.delta for s in ann) == ann[-1].rating - 1000
    assert history(done, "Zed") == ()


def test_every_history_at_once_ends_at_the_ratings():
    _, played = club(3, players=12, games=120)
    done = rate(rated(sides, winner) for sides, winner, _ in played)
    every = histories(done)
    assert set(every) == {p.name.casefold() for p in done.players}
    for player in done.players:
        steps = every[player.name.casefold()]
        assert len(steps) == player.skill.games and steps[-1].rating == player.skill.rating
        assert [s.game for s in steps] == sorted({s.game for s in steps})
