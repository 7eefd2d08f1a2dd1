"""The core's state table of a club night: what the director may do next in each state,
and the facts its conditions read, derived from plain values."""

from __future__ import annotations

import pytest

from scorepad.core.event import check_settings
from scorepad.core.event_flow import (
    ACTIONS,
    FLOW,
    NO_ROUND,
    Facts,
    allowed,
    facts_of,
    refusal,
    state_of,
)
from scorepad.core.game import Game
from scorepad.core.records import make_table
from scorepad.core.roster import Match, Round, match_table, place_of
from scorepad.core.rules import Rules

OPEN = Facts(rounds_left=2, playoff=4)


@pytest.mark.parametrize(
    ("state", "facts", "expected"),
    [
        (NO_ROUND, OPEN, {"draw", "check_in", "join"}),
        (NO_ROUND, Facts(), {"check_in", "join"}),  # no rounds at all: nothing to draw
        (("round", "drawn"), OPEN, {"swap", "cancel", "start", "check_in"}),
        (("round", "playing"), OPEN, {"call_time", "reseat", "end_table", "paper", "check_in"}),
        (
            ("round", "playing"),
            Facts(time_called=True),
            {"reseat", "end_table", "paper", "check_in"},
        ),
        (("round", "done"), OPEN, {"draw", "start_playoff", "check_in"}),
        (("round", "done"), Facts(rounds_left=0, playoff=4), {"start_playoff", "check_in"}),
        (("round", "done"), Facts(rounds_left=0), {"check_in"}),  # the night is over
        (("playoff", "drawn"), OPEN, {"cancel", "start"}),  # the seeds are not swapped
        (
            ("playoff", "playing"),
            OPEN,
            {"call_time", "reseat", "end_table", "paper", "name_winner"},
        ),
        (
            ("playoff", "playing"),
            Facts(all_over=True, time_called=True),
            {"name_winner", "close_round"},
        ),
        (("round", "playing"), Facts(all_over=True), {"call_time", "close_round", "check_in"}),
        (("playoff", "done"), OPEN, {"next_playoff_round"}),
        (("playoff", "done"), Facts(final=True), set()),  # the final decided: the end
    ],
)
def test_the_state_table_allows(state, facts, expected):
    assert allowed(state, facts) == frozenset(expected)


@pytest.mark.parametrize(
    ("state", "facts", "action", "why"),
    [
        (("round", "playing"), OPEN, "draw", "state"),
        (("round", "done"), Facts(rounds_left=0), "draw", "rounds_left"),
        (("round", "done"), Facts(rounds_left=1), "start_playoff", "playoff"),
        (("round", "playing"), Facts(time_called=True), "call_time", "time_running"),
        (("round", "playing"), Facts(all_over=True), "end_table", "tables_playing"),
        (("playoff", "done"), Facts(final=True), "next_playoff_round", "not_final"),
        (("round", "drawn"), OPEN, "join", "state"),
        (("playoff", "drawn"), OPEN, "check_in", "state"),
        (("round", "drawn"), OPEN, "start", None),
    ],
)
def test_a_refusal_says_what_is_lacking(state, facts, action, why):
    assert refusal(state, facts, action) == why


def test_every_action_of_the_table_is_named_and_every_condition_known():
    assert set(ACTIONS) == {
        "draw", "cancel", "swap", "start", "call_time", "reseat", "end_table",
        "name_winner", "start_playoff", "next_playoff_round", "check_in", "join",
        "close_round", "paper",
    }  # fmt: skip
    assert set(FLOW) == {NO_ROUND} | {
        (kind, status) for kind in ("round", "playoff") for status in ("drawn", "playing", "done")
    }


SETTINGS = check_settings({"name": "x", "rounds": 2, "round_minutes": 30, "playoff": 2})


def _score(hands: int = 0):
    from scorepad.core.records import Hand

    game = Game(make_table("partnership", ["A", "B", "C", "D"]), Rules(target=100), ())
    played = Hand((3, 3, 3, 3), (None,) * 4, (9, 4))
    return Game(game.table, game.rules, (played,) * hands, "side").score()


@pytest.mark.parametrize(
    ("now", "called_at", "hands", "called", "over"),
    [
        (100.0, None, 0, False, False),  # the clock runs
        (100.0 + 1800, None, 0, True, False),  # it ran out: called, judged when read
        (150.0, 120.0, 0, True, False),  # the director called it
        (100.0, None, 2, False, True),  # the game is over (126 to -120)
    ],
)
def test_the_facts_are_derived_when_read(now, called_at, hands, called, over):
    rounds = [Round(1, "round", "playing", (), 100.0, called_at)]
    matches = [Match(1, 1, ((1,), (2,)), "g", None)]
    facts = facts_of(SETTINGS, rounds, matches, {"g": _score(hands)}, now)
    assert (facts.time_called, facts.all_over, facts.rounds_left) == (called, over, 1)
    assert state_of(rounds[-1]) == ("round", "playing")


def test_partners_sit_opposite_by_the_core_s_table():
    table = match_table([["Ann", "Bo"], ["Cy", "Di"]])
    assert table.players == ("Ann", "Cy", "Bo", "Di")
    assert [place_of(seat) for seat in range(4)] == [(0, 0), (1, 0), (0, 1), (1, 1)]
