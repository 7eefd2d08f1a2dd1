"""House rules of Spades and their validation.

Every key of the house-rules table in docs/rules.md is one `RuleSpec` of the table in
`rule_table` (its default, kind, range or choices, label and explanation).
`Rules` is the frozen set of values a game is played with; `validate_rules`
turns a plain mapping (a form, a game file) into one, or raises `RulesError`
naming the key. Nothing here imports flask, sqlite or wtforms.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import GameError, Phrase, capped, quoted
from .rule_table import RULE_SPECS, RuleSpec

TARGET_PRESETS: tuple[int, ...] = (250, 300, 500)


class RulesError(GameError):
    """A house-rules mapping that cannot be played: names the key at fault."""

    def __init__(self, key: str, message: str, **values: Any) -> None:
        super().__init__(message, field=f"rules.{key}", rule=key, **values)
        self.key = key


SPECS: dict[str, RuleSpec] = {spec.key: spec for spec in RULE_SPECS}


def _default(key: str) -> Any:
    """A rule's default, written once in its RuleSpec."""
    return SPECS[key].default


@dataclass(frozen=True)
class Rules:
    """The house rules one game is played with, every key filled in (defaults: RULE_SPECS)."""

    target: int = _default("target")
    nil: bool = _default("nil")
    blind_nil: bool = _default("blind_nil")
    blind_nil_trailing_by: int = _default("blind_nil_trailing_by")
    double_nil: bool = _default("double_nil")
    nil_value: int = _default("nil_value")
    nil_tricks: str = _default("nil_tricks")
    bag_limit: int = _default("bag_limit")
    bag_penalty: int = _default("bag_penalty")
    bag_remainder: str = _default("bag_remainder")
    bag_points: int = _default("bag_points")
    missed_contract: str = _default("missed_contract")
    ten_for_two_hundred: bool = _default("ten_for_two_hundred")
    min_side_bid: int = _default("min_side_bid")
    suicide: bool = _default("suicide")
    loss_threshold: int | None = _default("loss_threshold")
    bidding: str = _default("bidding")
    deck: str = _default("deck")
    zero_bid: str = _default("zero_bid")
    blind_bid: int = _default("blind_bid")
    blind_bid_trailing_by: int = _default("blind_bid_trailing_by")
    boston: str = _default("boston")
    boston_bonus: int = _default("boston_bonus")
    set_out: int = _default("set_out")
    set_out_count: str = _default("set_out_count")
    hand_limit: int = _default("hand_limit")
    tie_break: str = _default("tie_break")
    renege_tricks: int = _default("renege_tricks")
    first_hand: str = _default("first_hand")
    blind_bid_doubles: str = _default("blind_bid_doubles")
    min_table_bid: int = _default("min_table_bid")

    def bags_to_penalty(self, bags: int) -> int | None:
        """How many more bags cost a side the bag penalty (1: the next one does), or None
        when bags cost nothing (no bag limit, or a penalty of 0): the one near-bag rule."""
        if not self.bag_limit or not self.bag_penalty:
            return None
        return self.bag_limit - bags

    def bids_itself(self, number: int) -> bool:
        """Whether hand `number` is played without bidding (`first_hand` = bids_itself)."""
        return number == 1 and self.first_hand == "bids_itself"

    def as_dict(self) -> dict[str, Any]:
        """Every key with its value, in the order of docs/rules.md."""
        return {spec.key: getattr(self, spec.key) for spec in RULE_SPECS}


def _check_value(spec: RuleSpec, value: Any) -> Any:
    if value is None and spec.optional:
        return None
    if spec.switch:
        if not isinstance(value, bool):
            raise RulesError(spec.key, "must be true or false, not %(value)s", value=quoted(value))
        return value
    if spec.choice:
        allowed = [name for name, _ in spec.choices]
        if not isinstance(value, str) or value not in allowed:
            raise RulesError(
                spec.key,
                "must be one of %(choices)s, not %(value)s",
                choices=", ".join(allowed),
                value=quoted(value),
            )
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        kind = Phrase("a whole number or null") if spec.optional else Phrase("a whole number")
        raise RulesError(
            spec.key, "must be %(kind)s, not %(value)s", kind=kind, value=quoted(value)
        )
    if not spec.low <= value <= spec.high:  # type: ignore[operator]
        raise RulesError(
            spec.key,
            "must be from %(low)s to %(high)s, not %(value)s",
            low=spec.low,
            high=spec.high,
            value=quoted(value),
        )
    if spec.least_on is not None and 0 < value < spec.least_on:
        raise RulesError(
            spec.key,
            "must be 0 (off) or from %(least)s to %(high)s, not %(value)s",
            least=spec.least_on,
            high=spec.high,
            value=quoted(value),
        )
    return value


def validate_rules(mapping: Mapping[str, Any] | None, mode: str = "partnership") -> Rules:
    """Check a mapping of house rules and fill the missing keys with defaults."""
    if mapping is None:
        mapping = {}
    if not isinstance(mapping, Mapping):
        raise RulesError("*", "must be an object of house rules")
    values: dict[str, Any] = {}
    for key, value in mapping.items():
        spec = SPECS.get(key) if isinstance(key, str) else None
        if spec is None:
            raise RulesError(capped(str(key)), "is not a house rule scorepad knows")
        values[key] = _check_value(spec, value)
    if mode != "partnership":
        for key, value in values.items():
            if SPECS[key].partnership_only and value != SPECS[key].default:
                raise RulesError(key, "is played in partnership games only")
    return Rules(**values)


def specs_for(mode: str) -> tuple[RuleSpec, ...]:
    """The house rules that mean something at a table of this mode."""
    return tuple(s for s in RULE_SPECS if mode == "partnership" or not s.for_partnerships)


def target_range() -> tuple[int, int]:
    """The lowest and highest target a game may be played to."""
    spec = SPECS["target"]
    return spec.low or 0, spec.high or 0
