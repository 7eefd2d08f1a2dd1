"""The core's rules for a started round's table whose game the director deleted: it
counts for nothing and is over; in a playoff it goes on once the director named a side
(issue 26, finding 1)."""

from __future__ import annotations

import pytest

from scorepad.core.event_flow import match_over
from scorepad.core.roster import (
    Match,
    Outcome,
    Round,
    champion_of,
    game_gone,
    playoff_winner,
    through_of,
)

GONE = Match(2, 1, ((1,), (2,)), None, None)
NAMED = Match(2, 1, ((1,), (2,)), None, None, winner=1, note="left early")
BYE = Match(2, 2, ((3,), ()), None, None)


@pytest.mark.parametrize(
    ("started", "match", "gone"), [(True, GONE, True), (False, GONE, False), (True, BYE, False)]
)
def test_a_table_lost_its_game_only_in_a_started_round_and_not_as_a_bye(started, match, gone):
    assert game_gone(started, match) is gone


def test_a_deleted_game_is_over_in_a_round_and_in_a_playoff_once_named():
    assert match_over("round", GONE, None)
    assert not match_over("playoff", GONE, None)
    assert match_over("playoff", NAMED, None)
    assert (through_of(GONE, None), through_of(NAMED, None)) == (None, 1)
    assert through_of(Match(2, 1, ((1,), (2,)), "g", None), None) is None  # not read


def _rounds(final_status):
    return [
        Round(1, "round", "done", (), 1.0, None),
        Round(2, "playoff", final_status, (), 2.0, None),
    ]


@pytest.mark.parametrize(
    ("status", "final", "champion"),
    [("done", NAMED, (2,)), ("drawn", GONE, None), ("done", GONE, None)],
)
def test_a_final_whose_game_was_deleted_is_won_by_the_side_named(status, final, champion):
    assert champion_of(_rounds(status), [final], {}) == champion
    assert playoff_winner(_rounds(status), [final], {}) == champion


def test_a_final_with_its_game_still_reads_its_outcome():
    final = Match(2, 1, ((1,), (2,)), "g", None)
    won = Outcome((300, 100), (0, 0), True, 0, 8)
    assert champion_of(_rounds("done"), [final], {"g": won}) == (1,)
    assert champion_of(_rounds("done"), [final], {}) is None
    assert playoff_winner(_rounds("done"), [final], {}) is None
