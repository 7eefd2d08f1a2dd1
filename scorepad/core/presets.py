"""Named presets: a set of house rules saved under a name.

The presets scorepad ships are a pure table below (`SHIPPED`): each is a key, a name and
the rules it changes from the defaults, read by the same loader a game file's `rules`
goes through (`validate_rules`), so a preset can never hold a rule a game could not.
A preset saved by a person (on a phone, in a club) is the same thing: a name and the
rules that differ from the defaults (`changed`). `preset_name_problem` is the one check
of a preset's name, for the forms, the store and the game file alike.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import GameError, Phrase
from .names import MAX_NAME, name_problem, text_problem
from .nesting import too_deep
from .rules import RULE_SPECS, Rules, validate_rules

# A link's rules: every rule changed, as JSON, is some 900 characters; a value is a
# number, a word or true/false, so an object holding lists or objects is no preset's.
MAX_RULES_TEXT = 4096


@dataclass(frozen=True)
class Preset:
    """A named set of house rules: `values` holds only the rules that differ from the
    defaults, as (key, value) pairs."""

    key: str
    name: str
    values: tuple[tuple[str, Any], ...]

    def rules(self) -> Rules:
        """The preset's rules, every key filled in, checked by the game file's loader."""
        return validate_rules(dict(self.values))


SHIPPED: tuple[Preset, ...] = (
    Preset("kitchen-table", "Kitchen table", ()),
    Preset(
        "tournament-300",
        "Tournament 300",
        (("target", 300), ("bag_limit", 7), ("set_out", 2), ("set_out_count", "in_game")),
    ),
    Preset(
        "tournament-500",
        "Tournament 500",
        (("target", 500), ("bag_limit", 10), ("set_out", 2), ("set_out_count", "in_game")),
    ),
    # The formats many leagues publish (docs/rules.md, "Presets").
    Preset(
        "league-300",
        "League 300",
        (
            ("target", 300),
            ("tie_break", "last_bid"),
            ("first_hand", "bids_itself"),
            ("min_table_bid", 11),
        ),
    ),
    Preset(
        "league-500-blind",
        "League 500, blind bids",
        (
            ("target", 500),
            ("blind_bid", 6),
            ("tie_break", "last_bid"),
            ("blind_bid_doubles", "made"),
            ("min_table_bid", 11),
        ),
    ),
)
BY_KEY: dict[str, Preset] = {preset.key: preset for preset in SHIPPED}


def shipped(key: str) -> Preset | None:
    """The shipped preset of this key, or None."""
    return BY_KEY.get(key)


def changed(rules: Rules) -> dict[str, Any]:
    """The rules that differ from the defaults, in the order of docs/rules.md: what a
    saved preset keeps (a default rule is no news)."""
    return {
        spec.key: getattr(rules, spec.key)
        for spec in RULE_SPECS
        if getattr(rules, spec.key) != spec.default
    }


def from_text(name: object, text: object) -> Preset:
    """A preset from a link's name and the JSON text of its rules, the text's size and
    nesting checked before it is parsed (a GameError names the field)."""
    if not isinstance(text, str) or len(text) > MAX_RULES_TEXT or too_deep(text, 1):
        raise GameError("is not a set of house rules", field="rules")
    try:
        values = json.loads(text)
    except (ValueError, RecursionError):
        raise GameError("is not a set of house rules", field="rules") from None
    return from_values(name, values)


def _texts_clean(values: object) -> None:
    """Every key and text of a preset's rules under the name rules' characters: a rule's
    refusal quotes what it was given."""
    if not isinstance(values, Mapping):
        return  # validate_rules refuses it, quoting nothing
    for key, value in values.items():
        for text in (key, value):
            if isinstance(text, str) and text_problem(text):
                raise GameError(text_problem(text), field="rules")
            if isinstance(text, (list, dict)):
                raise GameError("is not a set of house rules", field="rules")


def from_values(name: object, values: Any, mode: str = "partnership") -> Preset:
    """A saved preset from its name and rules, both checked (a `RulesError` or
    `GameError` names the field): only the rules that differ from the defaults kept."""
    problem = preset_name_problem(name)
    if problem:
        raise GameError(problem, field="preset")
    _texts_clean(values)
    rules = validate_rules(values, mode)
    return Preset("", str(name).strip(), tuple(changed(rules).items()))


def preset_name_problem(name: object) -> str:
    """What is wrong with a preset's name, or '' (1 to 40 characters after trimming,
    under the name rules of names.py)."""
    if not isinstance(name, str):
        return Phrase("must be text")
    trimmed = name.strip()
    if not trimmed:
        return Phrase("is empty")
    if len(trimmed) > MAX_NAME:
        return Phrase(
            "must be at most %(max_name)s characters, not %(length)s",
            max_name=MAX_NAME,
            length=len(trimmed),
        )
    return name_problem(trimmed)[1]  # the name rules: its characters, one that shows
