"""Re-rating from game k on after a checkpoint (scorepad/core/rating_checkpoints.py)
gives what rating every game at once gives."""

from __future__ import annotations

import pytest

from scorepad.core import ratings as core
from scorepad.core.rating_checkpoints import START, checkpoints, rate_from, still_good
from scorepad.core.ratings import rate
from tests.ratings_club import club, rated
from tests.test_ratings_speed import random_games


def club_games(seed: int, count: int) -> list:
    _, played = club(seed, players=16, games=count)
    return [rated(sides, winner) for sides, winner, _ in played]


def test_checkpoints_are_the_ratings_after_every_so_many_games():
    games = club_games(1, 230)
    kept = checkpoints(games, every=50)
    assert [c.games for c in kept] == [0, 50, 100, 150, 200]
    assert kept[0] == START
    for c in kept:
        assert c.ratings == rate(games[: c.games])


@pytest.mark.parametrize("first", [0, 1, 49, 50, 51, 137, 200, 229, 230])
def test_re_rating_from_a_game_on_is_rating_all_at_once(first):
    games = random_games(7, 230, core)
    kept = checkpoints(games, every=50)
    changed = games[:first] + club_games(2, 230 - first)  # games first on changed
    assert rate_from(changed, first, still_good(kept, first)) == rate(changed)
    assert rate_from(changed, first, kept) == rate(changed)  # later ones passed over


def test_no_checkpoint_kept_rates_from_the_start_and_every_must_be_positive():
    games = club_games(3, 20)
    assert rate_from(games, 10, ()) == rate(games)
    assert checkpoints(games[:3], every=5) == (START,)
    with pytest.raises(ValueError, match="1 or more"):
        checkpoints(games, every=0)
