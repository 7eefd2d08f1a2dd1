"""Words for an upload refused as too large: each kind of file names itself."""

from __future__ import annotations

from scorepad.web.catalogue import gettext as _


def too_large(takes: str, most: int, game: int = 1) -> str:
    """A file past its import page's limit of `most` MB, `takes` the kind of file the
    page takes (a page taking a game file or an event file: `game` MB the game file's,
    `most` the event file's)."""
    if takes == "game":
        return _("That upload is too large: a game file is at most %(most)d MB.", most=most)
    if takes == "event":
        return _("That upload is too large: an event file is at most %(most)d MB.", most=most)
    if takes == "club":
        return _("That upload is too large: a club file is at most %(most)d MB.", most=most)
    return _(
        "That upload is too large: a game file is at most %(game)d MB, an event file %(most)d MB.",
        game=game,
        most=most,
    )


def too_large_form(most: int) -> str:
    """A form past the app's limit, on a page that takes no file."""
    return _("That request is too large: a form is at most %(most)d MB.", most=most)
