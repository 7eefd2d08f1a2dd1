"""The core's checks of texts and shapes met at the seams (issue 39): a stored roster's
broken display name, an over-long text, a preset's rules that are no set, a season's
numbers, divisions and entrants."""

from __future__ import annotations

import json

import pytest

from scorepad.core import presets
from scorepad.core.club import read
from scorepad.core.errors import GameError
from scorepad.core.names import check_text, stored_text
from scorepad.core.season_settings import check_entrants, check_season


def test_a_stored_display_name_of_broken_text_shows_the_first_spelling():
    stored = json.dumps([{"anchor": "bob", "names": ["bob"], "name": "Bo\u0007b"}])
    assert read(stored).people["bob"].name is None
    kept = json.dumps([{"anchor": "bob", "names": ["bob"], "name": "Bobby"}])
    assert read(kept).people["bob"].name == "Bobby"


def test_a_text_far_over_its_limit_is_refused_by_its_length_before_anything_else():
    with pytest.raises(GameError, match="is 300 characters long, the most is 40") as refused:
        check_text("x" * 300, "venue", 40)
    assert refused.value.field == "venue"


@pytest.mark.parametrize(
    "rules", ['[{"target": 300}]', '{"target": [300]}', '{"target": {"n": 300}}']
)
def test_preset_rules_that_are_no_set_of_house_rules_are_refused(rules):
    with pytest.raises(GameError) as refused:
        presets.from_text("Cabin", rules)
    assert refused.value.field == "rules"


def test_a_seasons_number_of_many_digits_is_refused_as_out_of_range():
    with pytest.raises(GameError, match="must be from 0 to 100") as refused:
        check_season({"kind": "pairs", "best": "9" * 5000})
    assert refused.value.field == "best"


def test_a_season_of_more_than_twelve_divisions_is_refused():
    with pytest.raises(GameError, match="up to 12 different names") as refused:
        check_season({"kind": "pairs", "divisions": [f"D{i}" for i in range(13)]})
    assert refused.value.field == "divisions"


def test_an_entrant_number_given_twice_is_refused():
    with pytest.raises(GameError, match="the number 1 is given twice"):
        check_entrants("cutthroat", [(1, ("Ann",), 0), (1, ("Bo",), 0)])


@pytest.mark.parametrize("values", [[300], {"target": [300]}, {"target": {"n": 300}}])
def test_a_preset_whose_rules_are_no_set_of_house_rules_is_refused(values):
    with pytest.raises(GameError):
        presets.from_values("Cabin", values)


def test_a_seasons_number_out_of_its_range_is_refused():
    with pytest.raises(GameError, match="must be from 0 to 10") as refused:
        check_season({"kind": "pairs", "moves": 11})
    assert refused.value.field == "moves"


@pytest.mark.parametrize(("value", "shown"), [(None, ""), (7, ""), ("a\ud800b", "a\ufffdb")])
def test_stored_text_reads_back_as_a_page_can_show_it(value, shown):
    assert stored_text(value) == shown
