"""Presets in words: what a preset changes from the usual house rules, one sentence,
chosen from the preset's own values (the template only shows it)."""

from __future__ import annotations

from flask_babel import gettext as _

from ...core.errors import GameError
from ...core.game import Game
from ...core.presets import SHIPPED, Preset
from ...core.rules import SPECS, validate_rules
from .core_words import core_text
from .rules import Section
from .stakes import value_text


def preset_name(preset: Preset) -> str:
    """A preset's name as shown: a shipped one's in this request's language, a person's
    own as they wrote it (a saved preset keeps its name in every language)."""
    return core_text(preset.name) if preset in SHIPPED else preset.name


def preset_words(preset: Preset) -> str:
    """'To 300; Bags before a penalty 7; ...' or, for no change, the usual rules."""
    values = dict(preset.values)
    target = values.pop("target", SPECS["target"].default)
    changed = [
        f"{core_text(SPECS[key].label)}: {value_text(key, value)}" for key, value in values.items()
    ]
    rest = "; ".join(changed) if changed else _("every other house rule the usual one")
    return _("Played to %(target)s; %(rest)s.", target=target, rest=rest)


SAVED_CLUB = "Preset saved in the club: its members see it, and its new games and nights offer it."
RENAMED = "Preset renamed."
DELETED = "Preset deleted."
SAVED = "Preset saved on this phone: the new-game page offers it."
FORGOTTEN = "Preset forgotten on this phone."
FROM_PRESET = "The rules of the preset {name} are filled in: change anything before you start."
BAD_LINK = "That preset link cannot be read ({why}): the usual rules are shown."


def _playable(preset: Preset, mode: str) -> bool:
    try:
        validate_rules(dict(preset.values), mode)
    except GameError:
        return False
    return True


def preset_sections(game: Game) -> tuple[Section, ...]:
    """The rules page's last section: the preset the game was started from, and the
    presets scorepad ships that a table of its kind may play, each in words."""
    started = (
        (_("This game was started from the preset %(name)s.", name=game.preset),)
        if game.preset
        else ()
    )
    shipped = tuple(
        f"{preset_name(p)}: {preset_words(p)}" for p in SHIPPED if _playable(p, game.table.mode)
    )
    return (Section(_("Presets"), started + shipped),)
