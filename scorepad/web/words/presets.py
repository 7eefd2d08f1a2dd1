"""Presets in words: what a preset changes from the usual house rules, one sentence,
chosen from the preset's own values (the template only shows it)."""

from __future__ import annotations

from scorepad.web.catalogue import gettext as _

from ...core.errors import GameError, quoted
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


def saved_club() -> str:
    return _("Preset saved in the club: its members see it, and its new games and nights offer it.")


def renamed() -> str:
    return _("Preset renamed.")


def deleted() -> str:
    return _("Preset deleted.")


def saved() -> str:
    return _("Preset saved on this phone: the new-game page offers it.")


def name_taken(name: str) -> str:
    """A preset was saved under a name already taken: said before anything is replaced."""
    return _(
        "Preset name: a preset named %(name)s is saved already. Replace it with these "
        "rules, or go back and choose another name.",
        name=quoted(name),
    )


def forgotten() -> str:
    return _("Preset forgotten on this phone.")


def from_preset(preset: Preset) -> str:
    """What a preset's link did on the new-game (or new-night) page."""
    return _(
        "The rules of the preset %(name)s are filled in: change anything before you start.",
        name=preset_name(preset),
    )


def bad_link(err: GameError) -> str:
    """A preset's link that cannot be read: the part of the link at fault (its query's
    key, English like a file's keys), why (the core's words), the usual rules shown."""
    why = core_text(err.detail)
    if err.field and not err.detail.startswith(err.field):
        why = f"{err.field}: {why}"
    return _("That preset link cannot be read (%(why)s): the usual rules are shown.", why=why)


def not_read() -> str:
    """A save whose form did not come through whole."""
    return _("the page was out of date: try again")


def refused(detail: str) -> str:
    """The preset's name refused (the core's words, as they are)."""
    return _("Preset name: %(why)s", why=core_text(detail))


def qr_label(name: str) -> str:
    return _("QR code of the preset %(name)s", name=name)


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
