"""Words for clubs (docs/clubs.md): a club command's refusal, a roster change done, what
the club's views flash. Each message is in the catalogue (lazy_gettext), said in the
request's language when shown (`said`)."""

from __future__ import annotations

from collections.abc import Sequence

from scorepad.web.catalogue import gettext as _
from scorepad.web.catalogue import lazy_gettext as _l
from scorepad.web.catalogue import ngettext

from ...core.club_undo import Step, StepKind
from ...core.errors import GameError
from ...store.club_commands.outcomes import ClubOutcome, ClubRefused, ClubStale, NoClub
from .core_words import core_text, file_refusal

KINDS = {
    "merge": _l("Merge"),
    "split": _l("Split"),
    "rename": _l("Rename"),
    "hide": _l("Public lists"),
    "preset": _l("Preset"),
    "games": _l("Games"),
    "nights": _l("Club nights"),
    "presets": _l("Presets"),
}
CLUB_FILE_HERE = _l(
    "This is a club file: bring it in as a club of its own with Import a club (on the Clubs page)."
)
REFUSED = {
    "name": _l("Club name: enter a name of letters, not only spaces or symbols."),
    "night_game": _l("A club night's table is filed with its night: file the night instead."),
    "filed_here": _l("It is filed into this club already."),
    "filed_elsewhere": _l("It is filed into another club: a game or night counts for one club."),
    "not_filed": _l("That game is not filed into this club."),
    "night_not_filed": _l("That night is not filed into this club."),
    "night_in_season": _l(
        "That night is one of a season's nights: take it off the season first (on the "
        "season's page)."
    ),
    "game_here": _l("This game is already in the club: brought in twice, it would count twice."),
    "night_here": _l(
        "A game of this night is already in the club: brought in twice, it would count twice."
    ),
    "nothing_to_undo": _l("There is no roster change to undo."),
    "club_file": CLUB_FILE_HERE,
    "merge": _l("Merge: choose two different players of this club."),
    "split": _l("Split: that name is not one merged into this player."),
    "rename": _l("Rename: enter a name no other player of this club goes by."),
    "hide": _l("That player is not in this club."),
    "no_preset": _l("Preset: that preset is not one of this club's any more."),
    "preset_taken": _l("Preset name: the club has a preset of that name already."),
}
GONE = _l("That club, game or night is not there any more.")
STALE = _l("The club changed since this page was loaded: look again, then try again.")
DONE = {
    "merge": _l("Merged: one person now, rated again over every game."),
    "split": _l("Split off: a person of their own again, rated again over every game."),
    "rename": _l("Renamed."),
    "hide": _l("Saved: who shows on the public lists."),
}
UNDONE = {
    "merge": _l("Merge undone: two people again, rated again."),
    "split": _l("Split undone: merged again, rated again."),
    "rename": _l("Rename undone."),
    "hide": _l("Undone: the public lists as they were."),
}
UNDO = {
    "merge": _l("Undo the last merge"),
    "split": _l("Undo the last split"),
    "rename": _l("Undo the last rename"),
    "hide": _l("Undo the last change"),
}
# What the club's views flash.
MADE = _l("Club made.")
IMPORTED = _l("Imported.")
FILED = _l("Filed: it counts for the club now.")
TAKEN_OUT = _l("Taken out: it counts no more.")
CHOOSE_FILING = _l("Choose a game or a club night to file.")
CHOOSE_GAME = _l("Game: choose one of this phone's games.")
CHOOSE_NIGHT = _l("Club night: choose one this phone directs.")
CHOOSE_FILE = _l("Choose a game file or an event file.")
CARD_FORGOTTEN = _l("Forgotten on this phone.")
CARD_KEPT = _l("Kept on this phone as you.")
OFF_LISTS = _l("Off the public lists.")
ON_LISTS = _l("On the public lists.")
INCOMPLETE = _l("The form was not complete: nothing changed.")  # a manager's form, refused


def incomplete(problem: str | None) -> str:
    """A manager's form refused before its command: the field at fault named where one is."""
    return _("%(problem)s: nothing changed.", problem=problem) if problem else str(INCOMPLETE)


def said(message: object) -> str:
    """A message of this module in this request's language (a flash keeps plain text)."""
    return str(message)


def club_words(err: Exception) -> str | None:
    """A club command's refusal in words."""
    if isinstance(err, ClubStale):
        return said(STALE)
    if isinstance(err, NoClub):
        return said(GONE)
    if isinstance(err, ClubRefused) and isinstance(err.cause, GameError):
        kind = KINDS.get(err.code) or _l("That change")
        return _("%(what)s: %(why)s.", what=kind, why=core_text(err.cause.detail))
    if isinstance(err, ClubRefused):
        return said(REFUSED.get(err.code, REFUSED["hide"]))
    return None if not isinstance(err, ClubOutcome) else said(REFUSED["hide"])


# Each step of what an undo takes back, and does to the public lists (core/club_undo.py).
STEPS = {
    StepKind.MERGE: _l("merge of %(name)s into %(other)s"),
    StepKind.SPLIT: _l("split of %(name)s from %(other)s"),
    StepKind.RENAME: _l("rename of %(other)s to %(name)s"),
    StepKind.HIDE: _l("%(name)s kept off the public lists"),
    StepKind.SHOW: _l("%(name)s put back on the public lists"),
    StepKind.BACK_ON: _l("puts %(name)s back on the public lists"),
    StepKind.KEPT_OFF: _l("keeps %(name)s off the public lists"),
}


def undo_label(kind: str | None, steps: tuple[Step, ...] = ()) -> str:
    """What the undo button takes back, named: 'Undo: merge of Bob into Robert', then
    whom it puts back on the public lists or keeps off them."""
    if not steps:
        return said(UNDO.get(kind or "", ""))
    what = "; ".join(str(STEPS[s.kind]) % {"name": s.name, "other": s.other} for s in steps)
    return _("Undo: %(what)s", what=what)


def undo_confirm(label: str) -> str:
    """The undo's confirmation, saying what it takes back."""
    return _("%(label)s. The roster goes back to what it was before this change.", label=label)


def not_imported(err: GameError) -> str:
    """Why a file was not brought in. A refusal of the whole file is translated; one of
    a part names the file's own keys and stays in the readers' English (a file's keys
    are English in every language, docs/languages.md)."""
    return _("This file was not imported: %(why)s", why=file_refusal(err))


def entrant_twice() -> str:
    return _("This file was not imported: it names an entrant twice")


NAMES_SHOWN = 4  # the names a person plays under that a page lists, before "and N more"


def plays_as(spellings: Sequence[str]) -> str:
    """'plays as Ann, Annie': the first NAMES_SHOWN names, then how many more."""
    shown = ", ".join(spellings[:NAMES_SHOWN])
    more = len(spellings) - NAMES_SHOWN
    if more <= 0:
        return _("plays as %(names)s", names=shown)
    return ngettext(
        "plays as %(names)s and %(num)d more",
        "plays as %(names)s and %(num)d more",
        more,
        names=shown,
    )


def night_labels(nights: Sequence[tuple[str, str]]) -> list[str]:
    """Each night, (name, date), as a list or a chooser names it: "Friday · 2026-12-04";
    a night of the same words as one before it numbered on ("Friday · 2026-12-04 (2)"),
    so two nights of one name and day are told apart."""
    labels, seen = [], dict[str, int]()
    for name, date in nights:
        label = f"{name} · {date}" if name and date else name or date
        seen[label] = seen.get(label, 0) + 1
        labels.append(label if seen[label] == 1 else f"{label} ({seen[label]})")
    return labels
