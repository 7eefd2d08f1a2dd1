"""A season's standings (core/season.py): best N of M, the qualifying minimum, the
tie-break chain with head-to-head, promotion and relegation, seeds and fixtures."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.core import season
from scorepad.core.season import Meeting, Night, NightRow

NAMES = {1: "Al", 2: "Bea", 3: "Cal", 4: "Dot"}


def night(*rows: tuple[int, int, int, int], meetings: tuple[Meeting, ...] = ()) -> Night:
    return Night(tuple(NightRow(*r) for r in rows), meetings)


def order(rows) -> list[tuple[str, int]]:
    return [(r.name, r.place) for r in rows]


CASES = [
    # (nights, best, qualify, expected (name, place) order)
    ([night((1, 6, 50, 1), (2, 3, 10, 2))], 0, 0, [("Al", 1), ("Bea", 2), ("Cal", 3), ("Dot", 3)]),
    # best 1 of 2: Bea's better night counts, Al's single night is worse
    (
        [night((1, 6, 0, 1), (2, 0, -10, 2)), night((2, 9, 0, 1))],
        1,
        0,
        [("Bea", 1), ("Al", 2), ("Cal", 3), ("Dot", 3)],
    ),
    # qualifying minimum of 2: only Bea is ranked, the rest listed by name unplaced
    (
        [night((1, 9, 0, 1), (2, 3, 0, 2)), night((2, 3, 0, 1))],
        0,
        2,
        [("Bea", 1), ("Al", 0), ("Cal", 0), ("Dot", 0)],
    ),
    # equal points and no meeting: margin decides, then nights won
    (
        [night((1, 3, 5, 2), (2, 3, 9, 2), (3, 3, 5, 1))],
        0,
        1,
        [("Bea", 1), ("Cal", 2), ("Al", 3), ("Dot", 0)],
    ),
]


@pytest.mark.parametrize(("nights", "best", "qualify", "expected"), CASES)
def test_standings_table(nights, best, qualify, expected):
    assert order(season.standings(NAMES, nights, best, qualify)) == expected


def test_head_to_head_beats_margin():
    beat = Meeting(((2,), (1,)), 0)
    nights = [night((1, 3, 90, 1), (2, 3, 10, 2), meetings=(beat,))]
    rows = season.standings({1: "Al", 2: "Bea"}, nights)
    assert order(rows) == [("Bea", 1), ("Al", 2)]
    assert rows[0].h2h == 3 and rows[1].h2h == 0


def test_head_to_head_counts_draws_and_ignores_others():
    meetings = [
        Meeting(((1,), (2,)), None),
        Meeting(((1,), (3,)), 0),  # 3 is not tied
        Meeting(((1, 2),), 0),  # partners: no rival
        Meeting(((1,), (2,), (4,)), 2),  # a third side won
    ]
    assert season.head_to_head([1, 2], meetings) == {1: 1, 2: 1}


def test_every_key_equal_shares_a_place():
    rows = season.standings({1: "Al", 2: "Bea"}, [night((1, 3, 0, 1), (2, 3, 0, 1))])
    assert order(rows) == [("Al", 1), ("Bea", 1)]


def test_a_row_of_an_unknown_entrant_is_left_out():
    rows = season.standings({1: "Al"}, [night((1, 3, 0, 1), (9, 6, 0, 1))])
    assert [(r.name, r.points) for r in rows] == [("Al", 3)]


def divisions():
    top = season.standings({1: "A", 2: "B", 3: "C"}, [night((1, 9, 0, 1), (2, 6, 0, 2))])
    low = season.standings({4: "D", 5: "E", 6: "F"}, [night((4, 9, 0, 1), (5, 6, 0, 2))])
    return [list(top), list(low)]


def test_promotion_and_relegation_marks_and_moves():
    divs = divisions()
    season.mark_moves(divs, 1)
    assert [[r.mark for r in d] for d in divs] == [["", "", "down"], ["up", "", ""]]
    assert season.next_divisions(divs) == [[1, 2, 4], [3, 5, 6]]
    season.mark_moves(divs, 0)
    assert all(r.mark == "" for d in divs for r in d)


def test_a_lone_middle_entrant_goes_up_not_down():
    one = [list(season.standings({i: str(i)}, [])) for i in (1, 2, 3)]
    season.mark_moves(one, 1)
    assert [d[0].mark for d in one] == ["down", "up", "up"]


def test_playoff_seeds_are_the_ranked_top():
    rows = season.standings(NAMES, [night((3, 9, 0, 1), (1, 6, 0, 2))], qualify=1)
    assert season.playoff_seeds(rows, 4) == [3, 1]
    assert season.playoff_seeds(rows, 1) == [3]


def test_fixtures_are_a_round_robin_across_the_nights():
    met = set()
    for index in range(3):
        drawn = season.fixtures([1, 2, 3, 4], index)
        assert sorted(e for match in drawn for e in match) == [1, 2, 3, 4]
        met |= {frozenset(m) for m in drawn}
    assert len(met) == 6
    assert [len(m) for m in season.fixtures([1, 2, 3], 0)] == [2, 1]


ROWS = st.lists(
    st.tuples(st.integers(1, 4), st.integers(0, 9), st.integers(-200, 200), st.integers(1, 4)),
    max_size=4,
    unique_by=lambda r: r[0],
)


@settings(max_examples=60, deadline=None)
@given(st.lists(ROWS, max_size=6), st.integers(0, 6), st.integers(0, 6))
def test_properties(raw, best, qualify):
    nights = [night(*rows) for rows in raw]
    rows = season.standings(NAMES, nights, best, qualify)
    assert sorted(r.entrant for r in rows) == [1, 2, 3, 4]
    placed = [r for r in rows if r.place]
    assert all(r.nights >= qualify for r in placed)
    assert all(not r.place for r in rows[len(placed) :])
    assert all(r.counted <= best for r in rows if best)
    assert [r.points for r in placed] == sorted((r.points for r in placed), reverse=True)
    everything = {r.entrant: r.points for r in season.standings(NAMES, nights)}
    assert all(r.points <= everything[r.entrant] for r in rows)


def test_a_club_night_as_the_season_counts_it():
    from scorepad.core.roster import Outcome
    from scorepad.core.standings import Row

    rows = [Row(1, "Al", played=1, wins=1, points=300, against=100, place=1)]
    rows += [Row(2, "Bea", played=1, points=100, against=300, place=2), Row(3, "Cy")]
    rows += [Row(4, "Di", played=1, place=3)]
    done = Outcome((300, 100), (0, 0), True, 0, 10)
    going = Outcome((10, 0), (0, 0), False, None, 1)
    got = season.night_of(rows, [(((1,), (2, 4)), done), (((1,), (2,)), going)], {1: 7, 2: 8, 3: 9})
    assert got.rows == (NightRow(7, 3, 200, 1), NightRow(8, 0, -200, 2))
    assert got.meetings == (Meeting(((7,), (8,)), 0),)


def test_an_entrant_is_known_by_its_players():
    assert season.entrant_key(["Bea ", "al"]) == season.entrant_key(["Al", "bea"])


def test_season_settings():
    from scorepad.core.errors import GameError
    from scorepad.core.season_settings import SeasonSettings, check_day, check_season

    assert check_season({}) == SeasonSettings()
    got = check_season({"kind": "cutthroat", "best": "4", "divisions": "A, B"})
    assert got.as_dict()["divisions"] == ["A", "B"] and got.best == 4
    assert check_season({"divisions": ["X"]}).divisions == ("X",)
    assert "playoff_format" not in got.as_dict()  # single: files as they were before
    double = check_season({"playoff_format": "double"})
    assert check_season(double.as_dict()) == double and double.playoff_format == "double"
    bads = ({"best": "x"}, {"best": "-1"}, {"kind": "solo"}, {"divisions": "A,a"})
    for bad in (*bads, {"playoff_format": "triple"}):
        with pytest.raises(GameError):
            check_season(bad)
    assert check_day(" 2026-01-02 ", "19:30:00") == ("2026-01-02", "19:30")
    assert check_day("2026-01-02") == ("2026-01-02", "")
    with pytest.raises(GameError):
        check_day("Jan 2")
    with pytest.raises(GameError):
        check_day("2026-01-02", "late")


def test_season_name_and_venue():
    from scorepad.core.errors import GameError
    from scorepad.core.season_settings import check_season_name, check_venue

    assert check_season_name("  Winter   League ") == "Winter League"
    assert check_venue(" The  Anchor ") == "The Anchor"
    with pytest.raises(GameError):
        check_season_name("  ")
    with pytest.raises(GameError):
        check_venue("x" * 121)


def test_the_playoff_is_drawn_from_the_seeds():
    assert season.playoff_draw([7, 8, 9, 10], True) == [[[7], [10]], [[8], [9]]]
    assert season.playoff_draw([7, 8, 9], True) == [[[7], []], [[8], [9]]]
    assert season.playoff_draw([1, 2, 3, 4], False) == [[[1, 4], [2, 3]]]
    from scorepad.core.errors import GameError

    with pytest.raises(GameError):
        season.playoff_draw([1, 2, 3], False)
    with pytest.raises(GameError):
        season.playoff_draw([1], True)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=1, max_size=4), st.integers(0, 3))
def test_moves_keep_everyone_and_move_one_division_at_most(sizes, k):
    numbers = iter(range(1, 100))
    divs = [list(season.standings({next(numbers): "x" for _ in range(size)}, [])) for size in sizes]
    season.mark_moves(divs, k)
    after = season.next_divisions(divs)
    before = {r.entrant: i for i, d in enumerate(divs) for r in d}
    moved = {e: i for i, d in enumerate(after) for e in d}
    assert set(moved) == set(before)
    assert all(abs(moved[e] - before[e]) <= 1 for e in before)
    assert all(r.mark != "up" for r in divs[0]) and all(r.mark != "down" for r in divs[-1])
    assert all(sum(r.mark == "up" for r in d) <= k for d in divs)


@pytest.mark.parametrize("index", range(4))
def test_a_night_s_fixtures_are_every_division_s_round_robin(index):
    from scorepad.core.season import fixtures, night_fixtures

    drawn = night_fixtures([[1, 2, 3], [4, 5], [6]], index)
    assert drawn == (*fixtures([1, 2, 3], index), *fixtures([4, 5], index))
    assert sorted(n for f in drawn for n in f) == [1, 2, 3, 4, 5]  # 6 alone plays no one
