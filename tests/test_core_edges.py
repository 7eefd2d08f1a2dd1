"""Refusals of the core that forms and files reach through the web, asked of the core
itself: the core's coverage is measured on the core's own tests (tests/conftest.py,
COVERED), so each refusal has a case here and not only in a web or fuzz test."""

from __future__ import annotations

import json

import pytest

from scorepad.core import club, club_undo, game, names, presets, season_settings
from scorepad.core.errors import GameError
from scorepad.core.season_settings import SeasonKind


def test_a_roster_row_whose_hidden_is_not_true_or_false_is_refused():
    row = {"anchor": "ann", "names": ["Ann"], "hidden": "yes"}
    with pytest.raises(GameError, match="player 1: hidden must be true or false"):
        club.loads(json.dumps([row]))


def test_a_game_of_more_hands_than_the_most_is_refused_naming_the_hand():
    game.check_hand_count(game.MAX_HANDS)
    with pytest.raises(GameError, match="at most") as refused:
        game.check_hand_count(game.MAX_HANDS + 1, adding=True)
    assert refused.value.hand == game.MAX_HANDS + 1


@pytest.mark.parametrize(
    ("value", "where", "problem"),
    [  # inside lists; a key itself, shown with its character named
        ({"a": ["fine", ["deep", "bad\u202e"]]}, "a[1][1]", "has an invisible"),
        ({"ok": {"bad\u202e": 1}}, "ok.badU+202E", "the key 'badU+202E' has an invisible"),
    ],
)
def test_a_bad_text_is_found_anywhere_in_a_file_with_its_place(value, where, problem):
    place, said = names.texts_problem(value)
    assert place == where and said.startswith(problem)


@pytest.mark.parametrize(
    "rules", [{"target\u202e": 300}, {"target": "3\u202e00"}, {"target": [300]}]
)
def test_a_preset_s_rules_with_a_bad_text_or_a_nested_value_are_refused(rules):
    with pytest.raises(GameError):
        presets.from_values("Ours", rules)


@pytest.mark.parametrize("start", [12, "12:3\u00e9"])
def test_a_night_s_start_that_is_not_a_time_is_refused(start):
    with pytest.raises(GameError, match="HH:MM"):
        season_settings.check_day("2026-12-05", start)


def test_an_entrant_of_the_wrong_size_for_its_season_is_refused():
    assert season_settings.entrant_size(SeasonKind.PAIRS) == 2
    assert season_settings.entrant_size(SeasonKind.CUTTHROAT) == 1
    with pytest.raises(GameError, match="holds 1 players"):
        season_settings.check_entrants(SeasonKind.PAIRS, [(1, ["Ann"], 1)])


def test_a_player_in_two_entrants_is_refused_naming_the_first():
    with pytest.raises(GameError, match="plays for entrant 1 already"):
        season_settings.check_entrants(SeasonKind.CUTTHROAT, [(1, ["Ann"], 1), (2, ["ANN"], 1)])


def test_a_night_s_day_outside_the_years_is_refused_and_no_start_is_none():
    with pytest.raises(GameError, match="from the year"):
        season_settings.check_day("1900-01-01")
    assert season_settings.check_day("2026-12-05", None) == ("2026-12-05", "")


def test_a_name_of_blank_fillers_only_looks_empty():
    assert names.name_problem("\u3164\u3164") == ("", names.LOOKS_EMPTY)


def test_a_roster_showing_a_player_under_another_s_name_is_refused():
    roster = club.Roster(
        {
            "ann": club.Person("ann", frozenset({"ann"}), name="Bob"),
            "bob": club.Person("bob", frozenset({"bob"})),
        }
    )
    with pytest.raises(GameError, match="Bob belongs to two players in the roster"):
        club.check_names(roster, ())


def test_a_name_split_off_is_told_as_a_split():
    before = club.Roster({"ann": club.Person("ann", frozenset({"ann", "annie"}))})
    after = club.Roster({"ann": club.Person("ann", frozenset({"ann"}))})
    steps = club_undo.change_steps(before, after, {"ann": "Ann", "annie": "Annie"})
    assert [(s.kind, s.name, s.other) for s in steps] == [
        (club_undo.StepKind.SPLIT, "Annie", "Ann")
    ]


@pytest.mark.parametrize(
    "now, kind", [(True, club_undo.StepKind.HIDE), (False, club_undo.StepKind.SHOW)]
)
def test_a_person_kept_off_the_lists_or_back_on_is_told_so(now, kind):
    """A person of two names who stays whole is no split; only the hiding is told."""
    keys = frozenset({"ann", "annie"})
    before = club.Roster({"ann": club.Person("ann", keys, hidden=not now)})
    after = club.Roster({"ann": club.Person("ann", keys, hidden=now)})
    steps = club_undo.change_steps(before, after, {"ann": "Ann", "annie": "Annie"})
    assert [(s.kind, s.name) for s in steps] == [(kind, "Ann")]
