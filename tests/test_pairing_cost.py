"""The rotating-partner draw's cost of a table, worked from each pair's past once
(`_near`), is `best_seating`'s cost plus the spread of ranks: the same draws, faster."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.core.pairing import _near, _table_cost, best_seating, history_of
from tests.strategies import example_count

PLAYERS = st.lists(st.integers(0, 11), min_size=4, max_size=4, unique=True)


@given(st.lists(PLAYERS, max_size=12), PLAYERS, st.permutations(range(12)))
@settings(max_examples=example_count(200), deadline=None)
def test_a_tables_cost_is_its_best_seating_plus_its_spread(tables, four, order):
    past = history_of(tables)
    rank = dict(zip(order, range(12)))
    spread = max(rank[p] for p in four) - min(rank[p] for p in four)
    assert _table_cost(four, rank, _near(past)) == best_seating(four, past)[1] + spread


def test_each_pair_counts_both_ways():
    near = _near(history_of([(1, 2, 3, 4), (1, 3, 2, 5)]))
    # 1 partnered 3 once and opposed them once: 1000 - 10, and 10 for the opposing
    assert near[1][3] == near[3][1] == (990, 10)
    assert near[2][4] == (1000, 0) and near[1][5] == (-10, 10) and 6 not in near
