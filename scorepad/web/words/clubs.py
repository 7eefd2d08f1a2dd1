"""Words for clubs (docs/clubs.md): a club command's refusal, a roster change done."""

from __future__ import annotations

from ...core.errors import GameError
from ...store.club_commands.outcomes import ClubOutcome, ClubRefused, ClubStale, NoClub

KINDS = {
    "merge": "Merge",
    "split": "Split",
    "rename": "Rename",
    "hide": "Public lists",
    "preset": "Preset",
}
CLUB_FILE_HERE = (
    "This is a club file: bring it in as a club of its own with Import a club (on the Clubs page)."
)
REFUSED = {
    "name": "Club name: enter a name of letters, not only spaces or symbols.",
    "night_game": "A club night's table is filed with its night: file the night instead.",
    "filed_here": "It is filed into this club already.",
    "filed_elsewhere": "It is filed into another club: a game or night counts for one club.",
    "not_filed": "That game is not filed into this club.",
    "nothing_to_undo": "There is no roster change to undo.",
    "club_file": CLUB_FILE_HERE,
    "merge": "Merge: choose two different players of this club.",
    "split": "Split: that name is not one merged into this player.",
    "rename": "Rename: enter a name no other player of this club goes by.",
    "hide": "That player is not in this club.",
    "no_preset": "Preset: that preset is not one of this club's any more.",
    "preset_taken": "Preset name: the club has a preset of that name already.",
}
GONE = "That club, game or night is not there any more."
STALE = "The club changed since this page was loaded: look again, then try again."
DONE = {
    "merge": "Merged: one person now, rated again over every game.",
    "split": "Split off: a person of their own again, rated again over every game.",
    "rename": "Renamed.",
    "hide": "Saved: who shows on the public lists.",
}
UNDONE = {
    "merge": "Merge undone: two people again, rated again.",
    "split": "Split undone: merged again, rated again.",
    "rename": "Rename undone.",
    "hide": "Undone: the public lists as they were.",
}


def club_words(err: Exception) -> str | None:
    """A club command's refusal in words."""
    if isinstance(err, ClubStale):
        return STALE
    if isinstance(err, NoClub):
        return GONE
    if isinstance(err, ClubRefused) and isinstance(err.cause, GameError):
        return f"{KINDS.get(err.code, 'That change')}: {err.cause.detail}."
    if isinstance(err, ClubRefused):
        return REFUSED.get(err.code, REFUSED["hide"])
    return None if not isinstance(err, ClubOutcome) else REFUSED["hide"]


def undo_label(kind: str | None) -> str:
    """What the undo button takes back."""
    return {
        "merge": "Undo the last merge",
        "split": "Undo the last split",
        "rename": "Undo the last rename",
        "hide": "Undo the last change",
    }.get(kind or "", "")


INCOMPLETE = "The form was not complete: nothing changed."  # a manager's form, refused
