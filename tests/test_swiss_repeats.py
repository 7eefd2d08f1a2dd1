"""A Swiss round when every pairing repeats a meeting: each entrant in standings order
meets the one it met least, the nearest first (not left to a property test's luck)."""

from __future__ import annotations

from collections import Counter

import pytest

from scorepad.core.pairing import swiss_round


def test_when_everyone_has_met_the_fewest_repeats_are_drawn():
    everyone = [frozenset(p) for p in ((1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4))]
    draw = swiss_round([1, 2, 3, 4], [*everyone, frozenset((1, 2))], Counter())
    assert draw.matches == ((1, 3), (2, 4)) and draw.byes == ()


def test_the_nearest_of_those_met_as_often_is_chosen():
    everyone = [frozenset(p) for p in ((1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4))]
    draw = swiss_round([4, 3, 2, 1, 5], everyone, Counter({5: 1}))
    assert draw.byes == (1,)
    assert draw.matches == ((4, 5), (3, 2))  # 4 never met 5: 3 and 2 are left


@pytest.mark.parametrize("count", [8, 20])
def test_a_swiss_draw_that_must_repeat_a_meeting_repeats_one_only(count):
    # the last in the standings has met every other pair: a repeat cannot be avoided;
    # with 20 the search gives up on its budget of tries rather than try every draw
    ranked = list(range(1, count + 1))
    met = [frozenset((count, other)) for other in ranked[:-1]]
    draw = swiss_round(ranked, met, Counter())
    assert draw.byes == () and sorted(e for m in draw.matches for e in m) == ranked
    assert [m for m in draw.matches if frozenset(m) in met] == [(count - 1, count)]
