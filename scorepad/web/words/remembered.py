"""The words a phone is told when its cookie could not keep a director's or manager's
link (web/remembered.py: they go last, never unsaid)."""

from __future__ import annotations

from scorepad.web.catalogue import gettext as _
from scorepad.web.catalogue import ngettext


def links_dropped(nights: int, clubs: int) -> str:
    """How many of its director's and manager's links this phone could no longer keep."""
    parts = []
    if nights:
        parts.append(
            ngettext(
                "the director's link of %(num)d club night",
                "the director's links of %(num)d club nights",
                nights,
            )
        )
    if clubs:
        parts.append(
            ngettext(
                "the manager's link of %(num)d club", "the manager's links of %(num)d clubs", clubs
            )
        )
    return _(
        "This phone ran out of room and no longer keeps %(links)s (the oldest). Keep your "
        "links elsewhere too: a bookmark, or the message you shared them in.",
        links=_("%(first)s and %(second)s", first=parts[0], second=parts[1])
        if len(parts) > 1
        else parts[0],
    )
