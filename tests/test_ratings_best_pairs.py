"""Issue 39: a club page shows the best few partnerships without ranking them all; the
few are the first of the full ranking (the core's `best_pairs` against `ranked_pairs`)."""

from __future__ import annotations

import pytest

from scorepad.core.ratings import rate
from tests.ratings_club import club, rated


@pytest.fixture(scope="module")
def ratings():
    _, played = club(39, players=16, games=600)
    return rate([rated(sides, winner) for sides, winner, _ in played])


@pytest.mark.parametrize("count", [0, 1, 5, 25, 50, 10_000])
@pytest.mark.parametrize("settled", [False, True])
def test_the_best_pairs_are_the_first_of_the_ranking(ratings, count, settled):
    ranked = [p for p in ratings.ranked_pairs() if not (settled and p.skill.provisional)]
    assert list(ratings.best_pairs(count, settled)) == ranked[:count]
    assert any(p.skill.provisional for p in ratings.pairs)  # the filter is tried
    assert any(not p.skill.provisional for p in ratings.pairs)
