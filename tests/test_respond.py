"""The one helper from a command to a response (web/respond.py): a success as its view
says, a refusal beside its field or flashed where the page sends it, the rest on up."""

from __future__ import annotations

import sqlite3

import pytest
from flask import get_flashed_messages
from flask_wtf import FlaskForm
from werkzeug.exceptions import NotFound

from scorepad.core.errors import GameError
from scorepad.store.event_commands.outcomes import EventStale, NoEvent
from scorepad.store.outcomes import AlreadySaved, GameOver, Missing, Stale
from scorepad.web import respond
from scorepad.web.outcomes import STALE, say
from scorepad.web.words.events import STALE as EVENT_STALE
from scorepad.web.words.events import joining, nobody_in, not_done


def _raise(err: Exception):
    def command():
        raise err

    return command


@pytest.fixture
def request_ctx(app):
    with app.test_request_context("/", method="POST"):
        yield


def _flashes():
    return get_flashed_messages(with_categories=True)


def test_a_success_is_what_the_view_makes_of_the_result(request_ctx):
    response = respond.run(
        lambda: 7, lambda n: respond.flashed(f"/games/{n}", f"Hand {n} saved."), "/back"
    )
    assert response.status_code == 302 and response.headers["Location"] == "/games/7"
    assert _flashes() == [("ok", "Hand 7 saved.")]


@pytest.mark.parametrize(
    "err,words",
    [
        (GameError("a bid must be 0 to 13"), "a bid must be 0 to 13"),
        (Stale(None, None, "game"), STALE),
        (GameOver(), "Not saved: the game is over."),
    ],
)
def test_a_refusal_is_flashed_as_an_error_where_the_page_sends_it(request_ctx, err, words):
    response = respond.run(_raise(err), lambda _: pytest.fail("no success"), "/back")
    assert response.status_code == 302 and response.headers["Location"] == "/back"
    assert _flashes() == [("error", words)]


def test_the_same_form_saved_before_is_good_news(request_ctx):
    saved = AlreadySaved(None, 3)  # type: ignore[arg-type]
    words = lambda err: "Hand 3 is saved." if err is saved else None  # noqa: E731
    response = respond.run(_raise(saved), lambda _: None, "/game", words=words)
    assert response.headers["Location"] == "/game"
    assert _flashes() == [("ok", "Hand 3 is saved.")]


def test_a_refusal_the_page_shows_itself_gives_its_status_and_no_flash(request_ctx):
    form = FlaskForm(meta={"csrf": False})
    status = respond.run(
        _raise(GameError("needs 2 names", field="players")),
        lambda _: pytest.fail("no success"),
        "/back",
        page=respond.above(form, respond.core_words),
    )
    assert status == 400 and form.form_errors == ["players: needs 2 names"]
    assert _flashes() == []


def test_what_the_page_does_not_show_is_still_flashed(request_ctx):
    form = FlaskForm(meta={"csrf": False})
    response = respond.run(
        _raise(Stale(None, 2, "gone")),
        lambda _: None,
        "/back",
        page=respond.above(form, respond.core_words),
    )
    assert response.status_code == 302 and form.form_errors == []
    assert _flashes() == [("error", say(Stale(None, 2, "gone")))]


@pytest.mark.parametrize("err", [Missing(), RuntimeError("a bug"), ValueError("no")])
def test_an_error_without_words_goes_on_up(request_ctx, err):
    with pytest.raises(type(err)):
        respond.run(_raise(err), lambda _: None, "/back")
    assert _flashes() == []


def test_an_event_that_is_not_there_is_a_404(request_ctx):
    with pytest.raises(NotFound):
        respond.run(_raise(NoEvent()), lambda _: None, "/back", words=not_done)


def test_a_full_disk_is_worded_only_where_the_page_asks(app, request_ctx):
    full = sqlite3.OperationalError("database or disk is full")
    full.sqlite_errorcode = sqlite3.SQLITE_FULL  # as SQLite itself raises it
    with pytest.raises(sqlite3.OperationalError):
        respond.run(_raise(full), lambda _: None, "/back")
    response = respond.run(_raise(full), lambda _: None, "/back", words=respond.game_or_disk_words)
    assert response.status_code == 302
    [(category, words)] = _flashes()
    assert category == "error" and words.startswith("Not saved: the server's disk is full.")


@pytest.mark.parametrize(
    "words,err,said",
    [
        (not_done, GameError("choose a seat", field="seat"), "Not done: seat: choose a seat"),
        (not_done, EventStale(), EVENT_STALE),
        (not_done, Missing(), "Not done: that game changed on its table meanwhile. Try again."),
        (not_done, ValueError("no"), None),
        (nobody_in, GameError("tick who to check in"), "Nobody checked in: tick who to check in"),
        (nobody_in, EventStale(), None),
        (joining, EventStale(), EVENT_STALE),
        (joining, ValueError("no"), None),
    ],
)
def test_each_page_family_words_its_refusals(words, err, said):
    assert words(err) == said
