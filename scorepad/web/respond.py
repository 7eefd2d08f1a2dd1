"""One way from a command to a response, for every view that runs one (games,
management, seats and events alike).

A view hands `run` the command, as a call of no arguments, and says what its page does
with each answer:
- `done`: what the command's result gives, usually `flashed(address, words)`;
- `page`: the refusals the page itself shows: the form again, each message beside its
  field (the status to show it with), or an error page; None: not one of those;
- `words`: every other refusal in words, flashed on the page at `back` (a same form
  saved before is flashed as good news); None: no refusal of this page's, and the
  error goes on up to the error pages (a game gone, a full disk);
- an event or a season that is not there (or not the club's that asks) is a 404.
The words themselves live in `outcomes.py` (a game's) and `words/` (a night's)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TypeVar, overload

from flask import abort, flash, redirect
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as BaseResponse

from ..core.errors import GameError
from ..store.event_commands.outcomes import NoEvent
from ..store.outcomes import AlreadySaved, Outcome
from ..store.season_commands.outcomes import NoSeason
from . import errors
from .outcomes import say
from .words.core_words import core_text, refusal

T = TypeVar("T")
Words = Callable[[Exception], "str | None"]
Page = Callable[[Exception], "int | None"]


def game_words(err: Exception) -> str | None:
    """A game command's refusal in words: the core's own, or its outcome's sentence."""
    if isinstance(err, GameError):
        return core_text(err.detail)
    if isinstance(err, Outcome):
        return say(err)
    return None


def game_or_disk_words(err: Exception) -> str | None:
    """As `game_words`, and a server that cannot write (a full disk) in words too."""
    if isinstance(err, sqlite3.OperationalError):
        return errors.storage_problem(err)[0]
    return game_words(err)


def above(form: FlaskForm, words: Words) -> Page:
    """The refusals `words` has words for, shown above the form: the form again (400)."""

    def shown(err: Exception) -> int | None:
        said = words(err)
        if said is None:
            return None
        form.form_errors.append(said)
        return 400

    return shown


def core_words(err: Exception) -> str | None:
    """The core's refusal, as it says it (its field first)."""
    return refusal(err) if isinstance(err, GameError) else None


def flashed(address: str, words: str, category: str = "ok") -> BaseResponse:
    """To `address`, with `words` shown there."""
    flash(words, category)
    return redirect(address)


@overload
def run(
    command: Callable[[], T],
    done: Callable[[T], BaseResponse],
    back: str,
    *,
    words: Words = ...,
    page: None = None,
) -> BaseResponse: ...


@overload
def run(
    command: Callable[[], T],
    done: Callable[[T], BaseResponse],
    back: str,
    *,
    words: Words = ...,
    page: Page,
) -> BaseResponse | int: ...


def run(
    command: Callable[[], T],
    done: Callable[[T], BaseResponse],
    back: str,
    *,
    words: Words = game_words,
    page: Page | None = None,
) -> BaseResponse | int:
    """Run one command and give its response: `done` of its result; a refusal the page
    shows itself, its status (the form again); any other refusal flashed at `back`."""
    try:
        result = command()
    except (NoEvent, NoSeason):
        abort(404)
    except Exception as err:  # each refusal is answered below; any other goes on up
        status = None if page is None else page(err)
        if status is not None:
            return status
        said = words(err)
        if said is None:
            raise
        return flashed(back, said, "ok" if isinstance(err, AlreadySaved) else "error")
    return done(result)
