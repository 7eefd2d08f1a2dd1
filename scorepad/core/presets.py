"""Named presets: a set of house rules saved under a name.

The presets scorepad ships are a pure table below (`SHIPPED`): each is a key, a name and
the rules it changes from the defaults, read by the same loader a game file's `rules`
goes through (`validate_rules`), so a preset can never hold a rule a game could not.
A preset saved by a person (on a phone, in a club) is the same thing: a name and the
rules that differ from the defaults (`changed`). `preset_name_problem` is the one check
of a preset's name, for the forms, the store and the game file alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import GameError, Phrase
from .names import MAX_NAME, text_problem
from .rules import RULE_SPECS, Rules, validate_rules


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


def from_values(name: str, values: Mapping[str, Any], mode: str = "partnership") -> Preset:
    """A saved preset from its name and rules, both checked (a `RulesError` or
    `GameError` names the field): only the rules that differ from the defaults kept."""
    problem = preset_name_problem(name)
    if problem:
        raise GameError(problem, field="preset")
    rules = validate_rules(values, mode)
    return Preset("", name.strip(), tuple(changed(rules).items()))


def preset_name_problem(name: object) -> str:
    """What is wrong with a preset's name, or '' (1 to 40 characters after trimming)."""
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
    return text_problem(trimmed)
