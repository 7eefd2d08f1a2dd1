"""Error pages: every refusal or failure becomes a page in scorepad's words, never a traceback."""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable
from typing import Any, NoReturn

from flask import Blueprint, Response, abort, current_app, render_template, request, url_for
from flask_babel.speaklater import LazyString
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import Aborter, HTTPException

from scorepad.web.catalogue import gettext as _
from scorepad.web.catalogue import lazy_gettext as _l

from .import_budget import TooManyImports
from .uploads import too_large

OWN = "scorepad_says"  # marks an error whose description scorepad wrote for the page


class OwnWords(Aborter):
    """`flask.abort` for scorepad: a description given to it is scorepad's own and is
    shown on the error page. Errors raised by the libraries (a malformed request, a
    missing route) keep their English to themselves and get a plain message instead."""

    def __call__(self, code: Any, *args: Any, **kwargs: Any) -> NoReturn:
        try:
            super().__call__(code, *args, **kwargs)
        except HTTPException as err:
            if "description" in vars(err):  # given here, not the class's default
                setattr(err, OWN, True)
            raise


def refuse(code: int, message: str) -> NoReturn:
    """Stop the request with an error page that shows `message`, in scorepad's words."""
    abort(code, description=message)


# Where an error page leads back to: (the blueprints it serves, a page's endpoint, the
# arguments it needs from the failed page's own, the words). The first whose arguments
# the failed page had, and which is not the failed page itself: a season's page leads
# back to the season, else to its club; a card to its club's members' page; a night's
# page to the director's.
WAYS_BACK: tuple[tuple[tuple[str, ...], str, tuple[str, ...], LazyString], ...] = (
    (("seasons",), "seasons.manage", ("club_id", "season_id"), _l("Back to the season")),
    (("seasons",), "seasons.view", ("token",), _l("Back to the season")),
    (("seasons", "clubs"), "clubs.manage", ("club_id",), _l("Back to the club")),
    (("seasons", "clubs"), "clubs.members", ("members",), _l("Back to the club")),
    (("clubs",), "clubs.members", ("token",), _l("Back to the club")),
    (("events",), "events.director", ("event_id",), _l("Back to the night")),
)


View = Callable[..., Any]


def post_where_found(
    bp: Blueprint, rule: str, found: Callable[..., bool]
) -> Callable[[View], View]:
    """A form posted to `rule` of `bp`, taken only where its link finds what it names
    (`found`, given the rule's values): else a 404 before the form is read, a question
    asked or a command run (a link replaced since, another holder's link, one that never
    was: README, *Who sees what*)."""

    def register(view: View) -> View:
        @functools.wraps(view)
        def checked(**args: Any) -> Any:
            if not found(**args):
                abort(404)
            return view(**args)

        bp.post(rule)(checked)
        return checked

    return register


def way_back() -> tuple[str, str]:
    """The link an error page offers: the club, season or night the failed page was
    part of, else the games list."""
    endpoint, given = request.endpoint or "", request.view_args or {}
    for families, target, needs, words in WAYS_BACK:
        if target == endpoint or endpoint.partition(".")[0] not in families:
            continue
        if all(isinstance(given.get(name), str) for name in needs):
            args = {"token" if name == "members" else name: given[name] for name in needs}
            return url_for(target, **args), str(words)
    return url_for("games.index"), _("Back to your games")


def error_page(err: HTTPException) -> tuple[str, int]:
    """An HTTP error as a page: scorepad's own message, else a plain one for the code."""
    messages = {
        400: _("Something in that request was not right."),
        404: _("There is nothing here."),
        405: _("That page cannot be used that way."),
        413: too_large(),
    }
    message = (
        err.description
        if getattr(err, OWN, False) and err.description
        else messages.get(err.code or 500, _("Something went wrong on scorepad's side."))
    )
    return render_template("error.html", code=err.code, message=message), err.code or 500


def bad_host(err: HTTPException) -> Response:
    """A Host header no name can have ("a..b", a label over 63 letters): the app cannot
    make a link for it, so the page is plain text, with no link and no template."""
    return Response(
        _("Something in that request was not right: its Host header is not a name.") + "\n",
        400,
        mimetype="text/plain",
    )


def csrf_error(err: CSRFError) -> tuple[str, int]:
    return render_template(
        "error.html",
        code=400,
        message=_(
            "This form had expired or came from elsewhere. Go back, reload the page and "
            "enter it again."
        ),
    ), 400


def too_many_imports(err: TooManyImports) -> Response:
    """Over the budget of imports: a 429 page saying when to try again (Retry-After), or
    that the file is more than an hour's budget."""
    page = render_template("error.html", code=429, message=err.description)
    waits = {} if err.wait is None else {"Retry-After": str(err.wait)}
    return Response(page, 429, headers=waits, mimetype="text/html")


def server_error(err: Exception) -> tuple[str, int]:
    current_app.logger.exception("unexpected error", exc_info=err)
    return render_template(
        "error.html",
        code=500,
        message=_("Something went wrong on scorepad's side. Nothing was saved; please try again."),
    ), 500


# Why a save failed and when to try again, each a whole sentence: a page that cannot
# keep what was typed (an error page, a seat phone) leaves the middle one out.
DISK_FULL = (
    _l("Not saved: the server's disk is full."),
    _l("Save again once space is freed on the server."),
)
READ_ONLY = (
    _l("Not saved: the server's database is read-only."),
    _l("Save again once the server can write its database."),
)
BUSY = (
    _l("Not saved: the server's database stayed busy with other saves for too long."),
    _l("Save again in a moment."),
)
# The system refused the write itself: a file size limit (EFBIG), a disk quota, a disk
# failing. SQLite says SQLITE_FULL only for ENOSPC; these come as SQLITE_IOERR.
DISK_FAILED = (
    _l("Not saved: the server could not write to its disk."),
    _l("Save again once the server's disk takes writes again."),
)
KEPT = _l("What you typed is still here.")
# What SQLite's primary result code means for a phone, and the status to answer with.
# SQLite's extended codes (SQLITE_READONLY_DBMOVED, SQLITE_BUSY_SNAPSHOT...) keep their
# primary code in the low byte; SQLite's English text is never relied on.
PROBLEMS: dict[int, tuple[tuple[LazyString, LazyString], int]] = {
    sqlite3.SQLITE_FULL: (DISK_FULL, 507),
    sqlite3.SQLITE_READONLY: (READ_ONLY, 503),
    sqlite3.SQLITE_BUSY: (BUSY, 503),
    sqlite3.SQLITE_IOERR: (DISK_FAILED, 507),
}


def sentences(*said: str | LazyString) -> str:
    """Whole sentences joined into one message, in the request's language: each starts
    with a capital and ends with a full stop, so no joined message reads "full. save
    again"."""
    parts = [str(part) for part in said]
    for part in parts:
        if not (part[:1].isupper() and part.endswith((".", "?", "!"))):
            raise ValueError(f"not a whole sentence: {part!r}")
    return " ".join(parts)


def _problem(err: sqlite3.OperationalError) -> tuple[tuple[LazyString, LazyString], int]:
    """Why SQLite could not write and when to try again, with the status; others raised."""
    code = getattr(err, "sqlite_errorcode", None)
    found = PROBLEMS.get(code & 0xFF) if isinstance(code, int) else None
    if found is None:
        raise err
    current_app.logger.error(
        "database write failed (%s): %s", getattr(err, "sqlite_errorname", code), err
    )
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
        message=_("There is no game at this address any more: nothing was saved."),
    ), 404
