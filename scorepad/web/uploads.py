"""How large a body each import page takes, set before anything reads it.

Flask-WTF's CSRF check reads the form in a `before_request` hook, before any view runs,
so a limit set in the view comes too late: every upload past the app's 1 MB was refused
as too large. `init_app` registers `limit_upload` ahead of CSRFProtect's hook; it sets
`request.max_content_length` (per request since Flask 3.1) for the page asked, from the
file's own size in core/limits.py. A refusal names the kind of file the page takes.
"""

from __future__ import annotations

from flask import Flask, current_app, request

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


def limit_upload() -> None:
    """An import page's own limit on its body, before the CSRF check reads the form."""
    takes = KINDS.get(request.endpoint or "")
    if takes is not None:
        request.max_content_length = most_bytes(takes) + limits.FORM_BYTES


def too_large() -> str:
    """Why a body was refused as too large, naming the file the page takes."""
    takes = KINDS.get(request.endpoint or "")
    if takes is None:
        return say.too_large_form(current_app.config["MAX_CONTENT_LENGTH"] // limits.MB)
    return say.too_large(takes, most_bytes(takes) // limits.MB, most_bytes("game") // limits.MB)


def init_app(app: Flask) -> None:
    """Register the limit first: before CSRFProtect's hook reads any form."""
    app.before_request(limit_upload)
