"""Words of the files a phone downloads to read: the hand-by-hand CSV's headings, in the
phone's language (a spreadsheet's reader sees them). The club night's results CSV and a
club's ratings CSV keep their documented English keys (docs/events.md, docs/clubs.md)."""

from __future__ import annotations

from scorepad.web.catalogue import gettext as _

__all__ = [
    "hand_headings",
    "note_heading",
    "seat_headings",
    "side_headings",
    "side_tricks_heading",
]


def hand_headings() -> list[str]:
    """The first two columns: the hand's number and its dealer."""
    return [_("Hand"), _("Dealer")]


def seat_headings(name: str) -> list[str]:
    """A player's two columns: their bid and their tricks."""
    return [_("%(name)s bid", name=name), _("%(name)s tricks", name=name)]


def side_tricks_heading(name: str) -> str:
    """A side's tricks, where tricks were counted by side."""
    return _("%(name)s tricks", name=name)


def side_headings(name: str) -> list[str]:
    """A side's four columns: the hand's points, the total, the bags and an adjustment."""
    return [
        _("%(name)s points", name=name),
        _("%(name)s total", name=name),
        _("%(name)s bags", name=name),
        _("%(name)s adjustment", name=name),
    ]


def note_heading() -> str:
    """The last column: the hand's note."""
    return _("Note")
