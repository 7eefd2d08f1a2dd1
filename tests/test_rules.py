"""House rules: every key of docs/rules.md with its default, and clear refusals."""

from __future__ import annotations

import dataclasses

import pytest

from scorepad.core.errors import GameError
from scorepad.core.rules import RULE_SPECS, Rules, RulesError, validate_rules

RULES_MD_DEFAULTS = {
    "target": 500,
    "nil": True,
    "blind_nil": True,
    "blind_nil_trailing_by": 0,
    "double_nil": True,
    "nil_value": 100,
    "nil_tricks": "bags",
    "bag_limit": 10,
    "bag_penalty": 100,
    "bag_remainder": "carry",
    "bag_points": 1,
    "missed_contract": "minus",
    "ten_for_two_hundred": False,
    "min_side_bid": 0,
    "suicide": False,
    "loss_threshold": None,
    "bidding": "open",
    "deck": "standard",
    "zero_bid": "nil",
    "blind_bid": 0,
    "blind_bid_trailing_by": 100,
    "boston": "off",
    "boston_bonus": 500,
    "set_out": 0,
    "hand_limit": 0,
    "tie_break": "play_on",
    "renege_tricks": 3,
}


def test_every_key_of_rules_md_with_its_default():
    assert validate_rules({}).as_dict() == RULES_MD_DEFAULTS
    assert list(Rules().as_dict()) == list(RULES_MD_DEFAULTS)


def test_specs_and_fields_agree():
    assert tuple(s.key for s in RULE_SPECS) == tuple(f.name for f in dataclasses.fields(Rules))
    assert {s.key: s.default for s in RULE_SPECS} == RULES_MD_DEFAULTS


def test_values_are_kept():
    rules = validate_rules(
        {
            "target": 250,
            "nil_tricks": "partner",
            "loss_threshold": -200,
            "ten_for_two_hundred": True,
        }
    )
    assert (rules.target, rules.nil_tricks, rules.loss_threshold, rules.ten_for_two_hundred) == (
        250,
        "partner",
        -200,
        True,
    )


@pytest.mark.parametrize(
    "mapping,message",
    [
        ({"jokers": True}, r"rules\.jokers: is not a house rule"),
        ({"target": "500"}, r"rules\.target: must be a whole number, not '500'"),
        ({"target": 500.0}, r"rules\.target: must be a whole number"),
        ({"target": True}, r"rules\.target: must be a whole number, not True"),
        ({"target": 49}, r"rules\.target: must be from 50 to 2000, not 49"),
        ({"target": 2001}, r"rules\.target: must be from 50 to 2000, not 2001"),
        ({"nil": 1}, r"rules\.nil: must be true or false, not 1"),
        ({"nil_tricks": "partners"}, r"rules\.nil_tricks: must be one of bags, partner, none"),
        ({"bag_remainder": None}, r"rules\.bag_remainder: must be one of carry, drop"),
        ({"loss_threshold": 0}, r"rules\.loss_threshold: must be from -2000 to -1, not 0"),
        ({"loss_threshold": "none"}, r"rules\.loss_threshold: must be a whole number or null"),
        ({"bag_limit": -1}, r"rules\.bag_limit: must be from 0 to 100"),
        ({"suicide": True}, r"rules\.suicide: is played in partnership games only"),
    ],
)
def test_refusals_name_the_key(mapping, message):
    with pytest.raises(RulesError, match=message):
        validate_rules(mapping, mode="cutthroat")


def test_rules_error_is_the_domain_error():
    with pytest.raises(GameError, match=r"rules\.target: must be from 50 to 2000, not 1"):
        validate_rules({"target": 1})


def test_rules_must_be_a_mapping():
    with pytest.raises(GameError, match="must be an object of house rules"):
        validate_rules([("target", 300)])  # type: ignore[arg-type]
