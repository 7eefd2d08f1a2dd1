"""Issue 30, item 3: named presets in the core: the shipped table, read by the game file's
rules loader, a saved preset's name and rules checked, only what differs kept."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.core.errors import GameError
from scorepad.core.event import check_settings
from scorepad.core.presets import (
    BY_KEY,
    SHIPPED,
    changed,
    from_text,
    from_values,
    preset_name_problem,
    shipped,
)
from scorepad.core.rules import RULE_SPECS, Rules, RulesError, validate_rules


@pytest.mark.parametrize(
    ("key", "name", "target", "bag_limit", "set_out", "set_out_count"),
    [
        ("kitchen-table", "Kitchen table", 500, 10, 0, "in_a_row"),
        ("tournament-300", "Tournament 300", 300, 7, 2, "in_game"),
        ("tournament-500", "Tournament 500", 500, 10, 2, "in_game"),
        ("league-300", "League 300", 300, 10, 0, "in_a_row"),
        ("league-500-blind", "League 500, blind bids", 500, 10, 0, "in_a_row"),
    ],
)
def test_each_shipped_preset_holds_its_format(key, name, target, bag_limit, set_out, set_out_count):
    preset = shipped(key)
    assert preset is not None and preset.name == name
    rules = preset.rules()
    assert (rules.target, rules.bag_limit, rules.set_out, rules.set_out_count) == (
        target,
        bag_limit,
        set_out,
        set_out_count,
    )
    assert rules == validate_rules(dict(preset.values))  # the game file's loader


def test_the_kitchen_table_is_the_defaults():
    assert BY_KEY["kitchen-table"].rules() == Rules()


@pytest.mark.parametrize("preset", SHIPPED, ids=lambda p: p.key)
def test_a_shipped_preset_says_every_rule_that_differs(preset):
    # a shipped preset may also spell out a default (500 and 10 bags): its table reads whole
    assert changed(preset.rules()).items() <= dict(preset.values).items()


def test_keys_and_names_are_told_apart():
    assert len(BY_KEY) == len(SHIPPED) == len({p.name for p in SHIPPED})
    assert shipped("no-such-preset") is None


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("Friday", ""),
        ("  Friday  ", ""),
        ("", "is empty"),
        ("   ", "is empty"),
        ("x" * 41, "must be at most 40 characters, not 41"),
        ("x" * 40, ""),
        ("bad\x07", "has a control character (U+0007)"),
        (7, "must be text"),
    ],
)
def test_a_preset_name_is_checked(name, problem):
    assert preset_name_problem(name) == problem


def test_a_saved_preset_keeps_its_trimmed_name_and_only_what_differs():
    preset = from_values(" Friday ", {"target": 300, "nil": True})
    assert preset.name == "Friday" and preset.key == ""
    assert preset.values == (("target", 300),)
    assert preset.rules().target == 300


def test_a_bad_name_names_the_preset_field():
    with pytest.raises(GameError, match="preset: is empty") as err:
        from_values(" ", {})
    assert err.value.field == "preset"


def test_a_bad_rule_names_its_key():
    with pytest.raises(RulesError, match="rules.bag_limit") as err:
        from_values("Friday", {"bag_limit": "seven"})
    assert err.value.field == "rules.bag_limit"


def test_a_partnership_rule_is_refused_at_a_cutthroat_table():
    with pytest.raises(RulesError, match="partnership"):
        from_values("Cut", {"set_out": 2}, mode="cutthroat")


@given(
    st.fixed_dictionaries(
        {},
        optional={
            "target": st.integers(50, 2000),
            "bag_limit": st.sampled_from([0, 5, 7, 10, 12]),
            "nil": st.booleans(),
            "set_out": st.sampled_from([0, 2, 3]),
            "set_out_count": st.sampled_from(["in_a_row", "in_game"]),
        },
    )
)
def test_a_saved_preset_gives_back_the_rules_it_was_saved_from(values):
    rules = validate_rules(values)
    preset = from_values("Mine", changed(rules))
    assert preset.rules() == rules
    assert all(
        getattr(rules, k) != s.default
        for s in RULE_SPECS
        for k in [s.key]
        if k in dict(preset.values)
    )


@pytest.mark.parametrize(
    ("raw", "kept"),
    [({}, ""), ({"preset": ""}, ""), ({"preset": " Tournament 300 "}, "Tournament 300")],
)
def test_an_event_keeps_the_name_of_its_preset(raw, kept):
    settings = check_settings({"name": "Tuesday", **raw})
    assert settings.preset == kept
    assert ("preset" in settings.as_dict()) == bool(kept)


def test_an_event_s_bad_preset_name_names_the_field():
    with pytest.raises(GameError, match="preset: must be text"):
        check_settings({"name": "Tuesday", "preset": 3})


def test_a_game_keeps_its_preset_s_name_only_while_its_rules_are_unchanged():
    from dataclasses import replace

    from scorepad.core.game import Game, with_settings
    from scorepad.core.records import make_table

    table = make_table("partnership", ["Ann", "Bo", "Cy", "Di"], 0)
    rules = validate_rules({"target": 300, "bag_limit": 7})
    game = Game(table, rules, (), "seat", preset="Tournament 300")
    renamed = make_table("partnership", ["Ann", "Bo", "Cy", "Dee"], 0)
    assert with_settings(game, renamed, rules).preset == "Tournament 300"
    lower = replace(rules, target=250)
    assert with_settings(game, table, lower).preset is None


@pytest.mark.parametrize(
    ("key", "first_hand", "min_table_bid", "tie_break", "blind_bid", "doubles"),
    [
        ("league-300", "bids_itself", 11, "last_bid", 0, "always"),
        ("league-500-blind", "bid", 11, "last_bid", 6, "made"),
    ],
)
def test_the_league_presets_hold_the_rules_leagues_play(
    key, first_hand, min_table_bid, tie_break, blind_bid, doubles
):
    rules = BY_KEY[key].rules()
    assert (
        rules.first_hand,
        rules.min_table_bid,
        rules.tie_break,
        rules.blind_bid,
        rules.blind_bid_doubles,
    ) == (first_hand, min_table_bid, tie_break, blind_bid, doubles)


@pytest.mark.parametrize("text", ["{not json", '{"target": 300', "", 7, None])
def test_a_link_s_rules_that_are_not_json_text_are_refused_naming_the_rules(text):
    """A preset link's rules are JSON text: anything else is refused in words, naming the
    rules, never a parser's error."""
    with pytest.raises(GameError) as caught:
        from_text("Thursday", text)
    assert caught.value.field == "rules" and "is not a set of house rules" in str(caught.value)
