"""The rules each stage of a night's playoff is played under. Pure.

Rules, as docs/events.md tells them:
- A playoff round is a stage by its number of matches (byes counted): the final (1),
  the semi-final (2), the quarter-final (4); other rounds are no stage.
- Each stage may have its own target, bag limit and round clock (minutes, 0: no
  clock); whatever a stage leaves unset is as the night. The final's target is the
  settings' `final_target` (its older spelling, kept).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import GameError, Phrase
from .records import changed
from .rules import SPECS, Rules, target_range

STAGE_NAMES = ("quarter-final", "semi-final", "final")
STAGE_SIZES = {1: "final", 2: "semi-final", 4: "quarter-final"}
TARGET_LOW, TARGET_HIGH = target_range()
BAGS_LOW, BAGS_HIGH = SPECS["bag_limit"].low or 0, SPECS["bag_limit"].high or 0
MINUTES_LOW, MINUTES_HIGH = 0, 240


@dataclass(frozen=True)
class StageRules:
    """A stage's own rules; each None is as the night."""

    target: int | None = None
    bag_limit: int | None = None
    round_minutes: int | None = None

    def as_dict(self) -> dict[str, int]:
        """The rules set, as plain JSON values (unset ones left out)."""
        return {k: v for k, v in vars(self).items() if v is not None}


AS_THE_NIGHT = StageRules()
Stages = tuple[tuple[str, StageRules], ...]


def _value(raw: Mapping[str, Any], stage: str, key: str, low: int, high: int) -> int | None:
    value = raw.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise GameError(
            "must be a whole number from %(low)s to %(high)s",
            low=low,
            high=high,
            field=f"{stage}.{key}",
        )
    return value


def _stage(raw: object, stage: str) -> StageRules:
    if not isinstance(raw, Mapping):
        raise GameError("must be an object", field=f"stages.{stage}")
    unknown = sorted(set(raw) - {"target", "bag_limit", "round_minutes"})
    if unknown or (stage == "final" and "target" in raw):
        bad = unknown[0] if unknown else "target"
        why = (
            Phrase("the final's target is final_target")
            if not unknown
            else Phrase("is not a stage rule")
        )
        raise GameError(why, field=f"stages.{stage}.{bad}")
    where = f"stages.{stage}"
    return StageRules(
        _value(raw, where, "target", TARGET_LOW, TARGET_HIGH),
        _value(raw, where, "bag_limit", BAGS_LOW, BAGS_HIGH),
        _value(raw, where, "round_minutes", MINUTES_LOW, MINUTES_HIGH),
    )


def check_stages(raw: object) -> Stages:
    """A night's stage rules from a file or a form (None: none); a GameError names the
    field at fault (`stages.semi-final.target`). Stages with nothing set are left out."""
    if raw is None:
        return ()
    if not isinstance(raw, Mapping):
        raise GameError("must be an object", field="stages")
    for stage in raw:
        if stage not in STAGE_NAMES:
            raise GameError(
                "must be one of %(choices)s",
                choices=", ".join(STAGE_NAMES),
                field=f"stages.{stage}",
            )
    checked = ((s, _stage(raw[s], s)) for s in STAGE_NAMES if s in raw)
    return tuple((s, r) for s, r in checked if r != AS_THE_NIGHT)


def stages_dict(stages: Stages) -> dict[str, dict[str, int]]:
    """The stage rules as plain JSON values."""
    return {stage: rules.as_dict() for stage, rules in stages}


def stage_of(kind: str, tables: int) -> str | None:
    """The stage a round is: a playoff round by its number of matches (byes counted)."""
    return STAGE_SIZES.get(tables) if kind == "playoff" else None


def rules_of(stages: Stages, final_target: int, stage: str | None) -> StageRules:
    """A stage's own rules (None: a night's round, as the night)."""
    found = dict(stages).get(stage or "", AS_THE_NIGHT)
    if stage == "final" and final_target:
        return changed(found, target=final_target)
    return found


def own_stages(stages: Stages, final_target: int) -> Stages:
    """Every stage with rules of its own (the final's target among them), in play order."""
    named = (stage for stage in STAGE_NAMES if stage != "final" or final_target)
    return tuple(
        (stage, rules_of(stages, final_target, stage))
        for stage in dict.fromkeys([*(s for s, _ in stages), *named])
        if rules_of(stages, final_target, stage) != AS_THE_NIGHT
    )


def stage_game_rules(rules: Rules, own: StageRules) -> Rules:
    """The house rules a stage's games are played under: the night's, with the stage's
    own target and bag limit where it has them."""
    target = rules.target if own.target is None else own.target
    bag_limit = rules.bag_limit if own.bag_limit is None else own.bag_limit
    return changed(rules, target=target, bag_limit=bag_limit)


def stage_minutes(night_minutes: int, own: StageRules) -> int:
    """A stage's round clock in minutes (0: no clock): its own, else the night's."""
    return night_minutes if own.round_minutes is None else own.round_minutes
