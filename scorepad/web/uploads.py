"""How large a body each import page takes, set before anything reads it.

Flask-WTF's CSRF check reads the form in a `before_request` hook, before any view runs,
so a limit set in the view comes too late: every upload past the app's 1 MB was refused
as too large. The app's requests are `Request`s, whose `max_content_length` (what Flask
and Werkzeug ask when they read a body, per request since Flask 3.1) is the page's own:
an import page's, from the file's own size in core/limits.py; any other page's, the app's
`MAX_CONTENT_LENGTH`. It is asked only when a body is read, by whichever hook or view
reads it first. A refusal names the kind of file the page takes.
"""

from __future__ import annotations

from flask import Flask, current_app, request
from flask import Request as FlaskRequest

from ..core import limits
from .words import uploads as say

# Each import page's endpoint: the kind of file it takes (words.uploads names it).
KINDS = {
    "games.import_game": "game",
    "events.import_event": "event",
    "clubs.import_file": "club",
    "clubs.import_into": "game_or_event",
}


def most_bytes(takes: str) -> int:
    """The largest file an import page that takes this kind of file takes."""
    return {
        "game": limits.GAME_FILE_BYTES,
        "event": limits.EVENT_FILE_BYTES,
        "club": limits.CLUB_FILE_BYTES,
        "game_or_event": max(limits.GAME_FILE_BYTES, limits.EVENT_FILE_BYTES),
    }[takes]


class Request(FlaskRequest):
    """Flask's request, whose body limit is its page's own (an import page's file)."""

    @property
    def max_content_length(self) -> int | None:
        """An import page's file with its form; else as Flask says (set, or the config)."""
        takes = None if self._max_content_length is not None else KINDS.get(self.endpoint or "")
        if takes is not None:
            return most_bytes(takes) + limits.FORM_BYTES
        return super().max_content_length

    @max_content_length.setter
    def max_content_length(self, value: int | None) -> None:
        self._max_content_length = value


def too_large() -> str:
    """Why a body was refused as too large, naming the file the page takes."""
    takes = KINDS.get(request.endpoint or "")
    if takes is None:
        return say.too_large_form(current_app.config["MAX_CONTENT_LENGTH"] // limits.MB)
    return say.too_large(takes, most_bytes(takes) // limits.MB, most_bytes("game") // limits.MB)


def init_app(app: Flask) -> None:
    """The app's requests know their page's limit, whoever reads the body first."""
    app.request_class = Request
