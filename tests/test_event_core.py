"""The club night's core: pairings, byes, standings, the bracket and the clock."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.core.bracket import BracketMatch, first_round, next_round, slots, through
from scorepad.core.errors import GameError
from scorepad.core.event import DATE_LENGTH, check_settings, draw_round, ends_on_time, seconds_left
from scorepad.core.game import Game
from scorepad.core.pairing import (
    circle_round,
    history_of,
    individual_round,
    pick_byes,
    swiss_round,
)
from scorepad.core.records import Hand, make_table
from scorepad.core.rules import Rules, validate_rules
from scorepad.core.standings import Result, check_order, series, standings
from tests.helpers import partnership
from tests.strategies import example_count


@given(st.integers(2, 60))
@settings(max_examples=example_count(40), deadline=None)
def test_round_robin_every_pair_meets_once(n):
    entrants = list(range(100, 100 + n))
    rounds = n - 1 if n % 2 == 0 else n
    met: Counter = Counter()
    byes: Counter = Counter()
    for r in range(rounds):
        draw = circle_round(entrants, r)
        seated = [e for m in draw.matches for e in m] + list(draw.byes)
        assert sorted(seated) == entrants  # everyone once a round
        met.update(frozenset(m) for m in draw.matches)
        byes.update(draw.byes)
    assert all(count == 1 for count in met.values())
    assert len(met) == n * (n - 1) // 2
    assert all(byes[e] == (1 if n % 2 else 0) for e in entrants)


def test_round_robin_of_four_by_hand():
    assert [circle_round([1, 2, 3, 4], r).matches for r in range(3)] == [
        ((1, 4), (2, 3)),
        ((1, 3), (4, 2)),
        ((1, 2), (3, 4)),
    ]


@given(st.integers(2, 60), st.integers(1, 8), st.randoms(use_true_random=False))
@settings(max_examples=example_count(40), deadline=None)
def test_swiss_no_repeats_while_avoidable_and_byes_spread(n, rounds, rnd):
    entrants = list(range(n))
    met: list = []
    byes: Counter = Counter()
    for _ in range(min(rounds, n - 1)):
        ranked = entrants[:]
        rnd.shuffle(ranked)
        draw = swiss_round(ranked, met, byes)
        seated = [e for m in draw.matches for e in m] + list(draw.byes)
        assert sorted(seated) == entrants
        met.extend(frozenset(m) for m in draw.matches)
        byes.update(draw.byes)
        counts = [byes[e] for e in entrants]
        assert max(counts) - min(counts) <= 1
    if rounds <= 3 and n >= 8:  # three rounds can always be drawn without a repeat
        assert len(set(met)) == len(met)


def test_swiss_neighbours_meet_and_bye_goes_to_the_last():
    draw = swiss_round([5, 3, 1, 2, 4], [], Counter())
    assert draw.byes == (4,)
    assert draw.matches == ((5, 3), (1, 2))
    again = swiss_round([5, 3, 1, 2, 4], [frozenset((5, 3))], Counter({4: 1}))
    assert again.byes == (2,)
    assert again.matches == ((5, 1), (3, 4))


@given(st.integers(8, 120), st.integers(1, 4), st.randoms(use_true_random=False))
@settings(max_examples=example_count(30), deadline=None)
def test_individual_rounds_seat_everyone_once_and_rotate_partners(n, rounds, rnd):
    players = list(range(n))
    tables: list = []
    byes: Counter = Counter()
    for _ in range(rounds):
        ranked = players[:]
        rnd.shuffle(ranked)
        draw = individual_round(ranked, history_of(tables), byes)
        seated = [p for t in draw.matches for p in t] + list(draw.byes)
        assert sorted(seated) == players
        assert len(draw.byes) == n % 4
        tables.extend(draw.matches)
        byes.update(draw.byes)
        counts = [byes[p] for p in players]
        assert max(counts) - min(counts) <= 1
    partners = history_of(tables).partners
    if rounds <= 3 and n >= 16:
        assert max(partners.values()) == 1  # nobody partners anyone twice


def test_individual_neighbours_in_the_standings_meet():
    draw = individual_round(list(range(8)), history_of([]), Counter())
    assert [sorted(t) for t in draw.matches] == [[0, 1, 2, 3], [4, 5, 6, 7]]
    assert draw.matches[0] == (0, 1, 2, 3)  # 0 partners 2, 1 partners 3


def test_byes_go_to_fewest_byes_then_lowest_ranked():
    assert pick_byes([1, 2, 3, 4, 5], 2, Counter({5: 1})) == (4, 3)


def _event(fmt, **more):
    return check_settings({"name": "Tuesday", "format": fmt, "rounds": 4, **more})


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"name": ""}, "name"),
        ({"name": "x", "format": "knockout"}, "format"),
        ({"name": "x", "rounds": 0}, "rounds"),
        ({"name": "x", "round_minutes": 300}, "round_minutes"),
        ({"name": "x", "order": ["diff", "wins"]}, "order"),
        ({"name": "x", "order": ["wins", "wins"]}, "order"),
        ({"name": "x", "playoff": 1}, "playoff"),
        ({"name": "x", "on_time_tie": "coin"}, "on_time_tie"),
        ({"name": "x", "final_target": 10}, "final_target"),
    ],
)
def test_settings_refused_name_the_field(raw, field):
    with pytest.raises(GameError) as err:
        check_settings(raw)
    assert err.value.field == field


@pytest.mark.parametrize(("fmt", "count"), [("swiss", 1), ("swiss", 61), ("individual", 3)])
def test_draw_refuses_too_few_or_too_many(fmt, count):
    with pytest.raises(GameError, match="a round needs"):
        draw_round(_event(fmt), list(range(count)), [], [], None, 0)


def test_round_robin_keeps_one_schedule_from_round_1():
    event = _event("round_robin")
    first = [1, 2, 3, 4, 5]
    rounds = [draw_round(event, first, [], [], None, 0)]
    rounds += [draw_round(event, first[::-1], [], [], first, i) for i in range(1, 5)]
    met = [frozenset(m) for r in rounds for m in r.matches]
    assert len(met) == len(set(met)) == 10


def test_round_robin_leaves_its_schedule_when_the_field_changes():
    event = _event("round_robin")
    first = [1, 2, 3, 4]
    assert draw_round(event, first, [], [], first, 1) == circle_round(first, 1)
    late = draw_round(event, [1, 2, 3, 4, 5, 6], [(1, 4), (2, 3)], [], first, 1)
    assert {frozenset(m) for m in late.matches}.isdisjoint({frozenset((1, 4)), frozenset((2, 3))})


def _result(a, b, ta, tb, bags=(0, 0), finished=True):
    winner = None if ta == tb else (0 if ta > tb else 1)
    return Result(((a,), (b,)), (ta, tb), bags, finished, winner if finished else None)


NAMES = {1: "Ann & Bo", 2: "Cy & Di", 3: "Ed & Flo", 4: "Gus & Hal"}
# Worked by hand: round 1 1-2 (310-150), 3-4 (220-280); round 2 1-4 (300-300 draw, bags
# 4/2), 2-3 (250-240). Wins: 1:1+draw, 2:1, 3:0, 4:1+draw.
# Diffs: 1: +160, 2: -160+10=-150, 3: -60-10=-70, 4: +60.
NIGHT = [
    _result(1, 2, 310, 150),
    _result(3, 4, 220, 280),
    _result(1, 4, 300, 300, bags=(4, 2)),
    _result(2, 3, 250, 240),
]


def test_standings_worked_by_hand():
    rows = standings(NAMES, NIGHT, order=("vp", "diff", "points", "bags"))
    assert [(r.entrant, r.vp, r.diff, r.place) for r in rows] == [
        (1, 4, 160, 1),
        (4, 4, 60, 2),
        (2, 3, -150, 3),
        (3, 0, -70, 4),
    ]
    by_wins = standings(NAMES, NIGHT, order=("wins", "bags"))  # a draw is not a win
    assert [(r.entrant, r.wins, r.bags, r.place) for r in by_wins] == [
        (2, 1, 0, 1),
        (4, 1, 2, 2),
        (1, 1, 4, 3),
        (3, 0, 0, 4),
    ]


def test_standings_share_a_place_and_count_byes_as_told():
    rows = standings({1: "A", 2: "B"}, [], byes=[1], bye_counts="win")
    assert [(r.entrant, r.wins, r.place) for r in rows] == [(1, 1, 1), (2, 0, 2)]
    rows = standings({1: "A", 2: "B"}, [], byes=[1], bye_counts="none")
    assert [(r.entrant, r.byes, r.place) for r in rows] == [(1, 1, 1), (2, 0, 1)]


def test_a_game_in_play_counts_points_not_a_win():
    rows = standings({1: "A", 2: "B"}, [_result(1, 2, 120, 40, finished=False)])
    assert [(r.entrant, r.wins, r.points, r.playing) for r in rows] == [
        (1, 0, 120, True),
        (2, 0, 40, True),
    ]


def test_order_must_start_with_wins_or_points():
    assert check_order(["vp", "bags"]) == ("vp", "bags")
    with pytest.raises(GameError, match="must start"):
        check_order(["bags"])


@given(st.randoms(use_true_random=False), st.integers(2, 12))
@settings(max_examples=example_count(50), deadline=None)
def test_standings_do_not_depend_on_table_order(rnd, n):
    names = {e: f"P{e}" for e in range(n)}
    results = []
    for _ in range(n * 2):
        a, b = rnd.sample(range(n), 2)
        results.append(_result(a, b, rnd.randrange(-100, 500, 10), rnd.randrange(-100, 500, 10)))
    shuffled = results[:]
    rnd.shuffle(shuffled)
    one = standings(names, results, order=("vp", "diff", "points", "bags"))
    two = standings(names, shuffled, order=("vp", "diff", "points", "bags"))
    assert [(r.entrant, r.place) for r in one] == [(r.entrant, r.place) for r in two]
    assert all(a.keys <= b.keys for a, b in zip(one, one[1:]))


def test_bracket_slots_by_hand():
    assert slots(4) == (1, 4, 2, 3)
    assert slots(8) == (1, 8, 4, 5, 2, 7, 3, 6)


@given(st.integers(2, 64))
def test_bracket_seeded_as_the_standings_say(n):
    seeded = [100 + i for i in range(n)]  # the standings, leader first
    matches = first_round(seeded)
    size = 2 * len(matches)
    assert size >= n > size // 2 or n == size
    byes = [m.first for m in matches if m.second is None]
    assert sorted(byes) == seeded[: size - n]  # the byes go to the top seeds
    # the better seed always wins: the final is seeds 1 and 2
    current = matches
    while len(current) > 1:
        current = next_round(current, [min(x for x in (m.first, m.second) if x) for m in current])
    assert {current[0].first, current[0].second} == set(seeded[:2])


def test_bracket_waits_for_every_match():
    matches = first_round([1, 2, 3, 4])
    assert next_round(matches, [1, None]) == ()
    final = next_round(matches, [4, 2])
    assert [(m.first, m.second) for m in final] == [(4, 2)]


def test_clock():
    assert seconds_left(None, 40, 100.0) is None
    assert seconds_left(100.0, 0, 100.0) is None
    assert seconds_left(100.0, 40, 100.0) == 2400
    assert seconds_left(100.0, 40, 2600.0) == 0


def _scored(hands, ended=False, start=None, **rules):
    table = make_table("partnership", ["A", "B", "C", "D"])
    return Game(table, validate_rules(rules), tuple(hands), "seat", start, ended).score()


BID = (3, 3, 3, 3)


@pytest.mark.parametrize(
    ("hands", "last", "tie", "ends"),
    [
        ([(4, 3, 3, 3)], 1, "play_on", True),  # 61 to 60: the leader wins
        ([(4, 3, 3, 3)], 2, "play_on", False),  # hand 2 was in play: finish it first
        ([(4, 3, 3, 3), (3, 4, 3, 3)], 2, "play_on", False),  # 121 all: one more hand
        ([(4, 3, 3, 3), (3, 4, 3, 3)], 2, "draw", True),  # 121 all: the event says draw
        ([(4, 3, 3, 3), (3, 4, 3, 3), (3, 3, 4, 3)], 2, "play_on", True),  # the extra hand
    ],
)
def test_time_called_ends_after_the_hand_in_play(hands, last, tie, ends):
    score = _scored([Hand(bids=BID, tricks=t) for t in hands])
    assert ends_on_time(score, last, tie) is ends


@pytest.mark.parametrize(
    ("start", "tie", "ends"),
    [
        (((1, 0), (0, 0)), "play_on", True),  # 61 all, bags 0 to 1: fewer bags wins
        (((1, 1), (0, 0)), "play_on", False),  # 61 all, bags 1 to 1: one more hand
        (((1, 1), (0, 0)), "draw", True),  # ...or a draw, as the event says
    ],
)
def test_time_called_with_a_shared_lead_under_fewer_bags(start, tie, ends):
    played = [Hand(bids=BID, tricks=(3, 3, 3, 4))]  # side 0: 60; side 1: 61 with 1 bag
    score = _scored(played, start=start, tie_break="fewer_bags")
    assert score.totals == (61, 61)
    assert ends_on_time(score, 1, tie) is ends


def test_time_called_waits_for_a_hand_bid_but_not_played():
    score = _scored([Hand(bids=BID, tricks=(4, 3, 3, 3)), Hand(bids=BID)])
    assert not ends_on_time(score, 1, "play_on")


def test_random_nights_rank_by_keys():
    rnd = random.Random(4)
    rows = standings({1: "A", 2: "B", 3: "C"}, [_result(1, 2, rnd.randrange(500), 0)])
    assert rows[0].entrant == 1


def test_a_series_sums_the_nights_by_name():
    one = standings({1: "Ann & Bo", 2: "Cy & Di"}, [_result(1, 2, 300, 100)])
    two = standings({7: "ann & bo", 8: "Ed & Flo"}, [_result(7, 8, 50, 200)])
    rows = series([one, two], ("wins", "diff", "points", "bags"))
    # Ann & Bo: won 300-100, lost 50-200: 1 win, +50; Ed & Flo: 1 win, +150
    assert [(r.name, r.played, r.wins, r.diff, r.points, r.place) for r in rows] == [
        ("Ed & Flo", 1, 1, 150, 200, 1),
        ("Ann & Bo", 2, 1, 50, 350, 2),
        ("Cy & Di", 1, 0, -200, 100, 3),
    ]


# Worked by hand: Ann beats Bo 300-100 (Ann 5 bags); Cy and Di draw four times 100-100
# (bags 1-0, then 0-1 three times). Ann: 1 win, 3 vp, +200, 300 points, 5 bags; Bo: a
# loss, -200, 100 points, 0 bags; Cy: 4 draws, 4 vp, 0, 400, 1 bag; Di: the same, 3 bags.
CHOSEN = [_result(1, 2, 300, 100, (5, 0)), _result(3, 4, 100, 100, (1, 0))]
CHOSEN += [_result(3, 4, 100, 100, (0, 1))] * 3


@pytest.mark.parametrize(
    ("order", "ranked"),
    [
        ("wins,diff,points,bags", [("Ann", 1), ("Cy", 2), ("Di", 3), ("Bo", 4)]),
        ("vp,diff,points,bags", [("Cy", 1), ("Di", 2), ("Ann", 3), ("Bo", 4)]),
        ("wins,bags,diff,points", [("Ann", 1), ("Bo", 2), ("Cy", 3), ("Di", 4)]),
        ("vp,points,diff,bags", [("Cy", 1), ("Di", 2), ("Ann", 3), ("Bo", 4)]),
        ("wins,points,diff", [("Ann", 1), ("Cy", 2), ("Di", 2), ("Bo", 4)]),
        ("vp,diff", [("Cy", 1), ("Di", 1), ("Ann", 3), ("Bo", 4)]),
        ("wins,points,bags,diff", [("Ann", 1), ("Cy", 2), ("Di", 3), ("Bo", 4)]),
    ],
)
def test_the_order_chosen_ranks_the_night(order, ranked):
    names = {1: "Ann", 2: "Bo", 3: "Cy", 4: "Di"}
    rows = standings(names, CHOSEN, order=order.split(","))
    assert [(r.name, r.place) for r in rows] == ranked
    assert [(r.wins, r.draws, r.vp) for r in rows if r.name == "Cy"] == [(0, 4, 4)]


@pytest.mark.parametrize(
    ("bye_counts", "order", "figures"),
    [
        ("win", ("vp", "diff"), [("A", 1, 3, 1, 0, 1), ("B", 0, 0, 0, 0, 2)]),
        ("none", ("vp", "diff"), [("A", 0, 0, 1, 0, 1), ("B", 0, 0, 0, 0, 1)]),
        ("win", ("wins", "points"), [("A", 1, 3, 1, 0, 1), ("B", 0, 0, 0, 0, 2)]),
    ],
)
def test_a_bye_counts_as_the_event_says(bye_counts, order, figures):
    rows = standings({1: "A", 2: "B"}, [], byes=[1], order=order, bye_counts=bye_counts)
    assert [(r.name, r.wins, r.vp, r.byes, r.points, r.place) for r in rows] == figures


@pytest.mark.parametrize("seeded", [[], [7]])
def test_a_playoff_needs_two_entrants(seeded):
    with pytest.raises(GameError, match="a playoff needs at least 2 entrants") as refused:
        first_round(seeded)
    assert refused.value.field == "playoff"


@pytest.mark.parametrize(
    ("first", "second", "winner", "goes_on"),
    [
        (3, None, None, 3),  # a bye: the one entrant goes through, no game needed
        (None, 5, None, 5),  # a bye read from a file may sit on either side
        (3, 5, 5, 5),  # a game: its winner
        (3, 5, None, None),  # a game not yet won: nobody yet
    ],
)
def test_who_goes_on_from_a_match(first, second, winner, goes_on):
    assert through(BracketMatch(1, 0, first, second), winner) == goes_on


def test_a_bye_on_the_second_side_goes_on_to_the_next_round():
    played = [BracketMatch(1, 0, None, 5), BracketMatch(1, 1, 2, 3)]
    assert next_round(played, [None, 3]) == (BracketMatch(2, 0, 5, 3),)


@pytest.mark.parametrize("pair", [(5,), (1, 2, 3), 5, "5, 0"])
def test_a_side_started_from_paper_needs_a_total_and_bags(pair):
    with pytest.raises(GameError, match="Ben & Dev: expected a total and bags") as refused:
        Game(partnership(), Rules(), (), start=((0, 0), pair)).score()
    assert refused.value.field == "start"


@pytest.mark.parametrize("date", ["x" * (DATE_LENGTH + 1), 20261201, None])
def test_an_event_date_is_short_text(date):
    with pytest.raises(GameError, match=f"at most {DATE_LENGTH} characters") as refused:
        check_settings({"name": "Tuesday", "date": date})
    assert refused.value.field == "date"


def test_an_event_date_of_the_longest_length_is_kept_trimmed():
    date = " " + "x" * (DATE_LENGTH - 1)
    assert check_settings({"name": "Tuesday", "date": date}).date == "x" * (DATE_LENGTH - 1)


@pytest.mark.parametrize("order", ["wins", {"wins": 1}, ["wins", 2], None])
def test_an_event_order_is_a_list_of_keys(order):
    with pytest.raises(GameError, match="must be a list of keys") as refused:
        check_settings({"name": "Tuesday", "order": order})
    assert refused.value.field == "order"


def test_an_individual_draw_swaps_players_between_tables_to_avoid_partners_again():
    """Neighbours in the standings would seat 4 with 5 and 3 with 6 as partners again:
    the draw swaps players between the two tables until nobody partners twice."""
    past = history_of([(4, 1, 5, 2), (0, 3, 7, 6)])  # partners 4-5, 1-2, 0-7, 3-6
    draw = individual_round([1, 0, 4, 5, 3, 2, 7, 6], past, Counter())
    partners = [frozenset(pair) for a, b, c, d in draw.matches for pair in ((a, c), (b, d))]
    assert sorted(p for t in draw.matches for p in t) == list(range(8))
    assert not set(partners) & set(past.partners)
    assert [sorted(t) for t in draw.matches] != [[0, 1, 4, 5], [2, 3, 6, 7]]
