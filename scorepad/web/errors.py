"""Error pages: every refusal or failure becomes a page in scorepad's words, never a traceback."""

from __future__ import annotations

import sqlite3
from typing import NoReturn

from flask import current_app, render_template
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, default_exceptions

OWN = "scorepad_says"  # marks an error whose description scorepad wrote for the page


def refuse(code: int, message: str) -> NoReturn:
    """Stop the request with an error page that shows `message`, in scorepad's words."""
    err = default_exceptions[code](description=message)
    setattr(err, OWN, True)
    raise err


def error_page(err: HTTPException) -> tuple[str, int]:
    """An HTTP error as a page: scorepad's own message, else a plain one for the code."""
    messages = {
        400: "Something in that request was not right.",
        404: "There is nothing here.",
        405: "That page cannot be used that way.",
        413: "That upload is too large: a game file is at most 1 MB.",
    }
    message = (
        err.description
        if getattr(err, OWN, False) and err.description
        else messages.get(err.code or 500, "Something went wrong on scorepad's side.")
    )
    return render_template("error.html", code=err.code, message=message), err.code or 500


def csrf_error(err: CSRFError) -> tuple[str, int]:
    return render_template(
        "error.html",
        code=400,
        message=(
            "This form had expired or came from elsewhere. Go back, reload the page and "
            "enter it again."
        ),
    ), 400


def server_error(err: Exception) -> tuple[str, int]:
    current_app.logger.exception("unexpected error", exc_info=err)
    return render_template(
        "error.html",
        code=500,
        message=("Something went wrong on scorepad's side. Nothing was saved; please try again."),
    ), 500


# Why a save failed and when to try again, each a whole sentence: a page that cannot
# keep what was typed (an error page, a seat phone) leaves the middle one out.
DISK_FULL = (
    "Not saved: the server's disk is full.",
    "Save again once space is freed on the server.",
)
READ_ONLY = (
    "Not saved: the server's database is read-only.",
    "Save again once the server can write its database.",
)
KEPT = "What you typed is still here."


def sentences(*parts: str) -> str:
    """Whole sentences joined into one message: each starts with a capital and ends
    with a full stop, so no joined message reads "full. save again"."""
    for part in parts:
        if not (part[:1].isupper() and part.endswith((".", "?", "!"))):
            raise ValueError(f"not a whole sentence: {part!r}")
    return " ".join(parts)


def _problem(err: sqlite3.OperationalError) -> tuple[tuple[str, str], int]:
    text = str(err).lower()
    if "disk is full" in text:
        found = DISK_FULL, 507
    elif "readonly database" in text or "read-only" in text:
        found = READ_ONLY, 503
    else:
        raise err
    current_app.logger.error("database write failed: %s", err)
    return found


def storage_problem(err: sqlite3.OperationalError) -> tuple[str, int]:
    """What to tell a phone whose form is shown again when SQLite cannot write, and the
    status; other errors are raised again."""
    (cause, retry), status = _problem(err)
    return sentences(cause, KEPT, retry), status


def database_error(err: sqlite3.OperationalError) -> tuple[str, int]:
    """A write that failed outside a form (a seat's bid, a migration on a read-only file)."""
    try:
        (cause, retry), status = _problem(err)
    except sqlite3.OperationalError:
        return server_error(err)
    return render_template("error.html", code=status, message=sentences(cause, retry)), status


def missing_game(err: LookupError) -> tuple[str, int]:
    """A game gone from the database between reading it and writing to it."""
    return render_template(
        "error.html",
        code=404,
        message=("There is no game at this address any more: nothing was saved."),
    ), 404
