"""Presets in words: what a preset changes from the usual house rules, one sentence,
chosen from the preset's own values (the template only shows it)."""

from __future__ import annotations

from ...core.presets import Preset
from ...core.rules import SPECS
from .stakes import value_text


def preset_words(preset: Preset) -> str:
    """'To 300; Bags before a penalty 7; ...' or, for no change, the usual rules."""
    values = dict(preset.values)
    target = values.pop("target", SPECS["target"].default)
    changed = [f"{SPECS[key].label}: {value_text(key, value)}" for key, value in values.items()]
    return (
        f"Played to {target}; "
        + ("; ".join(changed) if changed else "every other house rule the usual one")
        + "."
    )


SAVED_CLUB = "Preset saved in the club: its members see it, and its new games and nights offer it."
RENAMED = "Preset renamed."
DELETED = "Preset deleted."
SAVED = "Preset saved on this phone: the new-game page offers it."
FORGOTTEN = "Preset forgotten on this phone."
FROM_PRESET = "The rules of the preset {name} are filled in: change anything before you start."
BAD_LINK = "That preset link cannot be read ({why}): the usual rules are shown."
