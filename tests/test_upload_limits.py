"""Issue 39, finding 1: each import page's own limit applies before anything reads the
body (Flask-WTF's CSRF check reads the form before any view runs), and a body too
large is refused naming the kind of file the page takes. CSRF is on throughout."""

from __future__ import annotations

import io

import pytest

from scorepad.core import limits
from scorepad.core.club import EMPTY
from scorepad.files import game as gamefile
from scorepad.store.club_commands.transfer import import_club
from scorepad.web.db import get_db
from tests.helpers import form_token, text
from tests.ratings_club import club as simulated
from tests.ratings_club import game_file

MB = 1024 * 1024


def _club_id(client) -> str:
    page = client.get("/clubs/new")
    r = client.post("/clubs/new", data={"name": "Friday", "csrf_token": form_token(page)})
    assert r.status_code == 302, r.get_data(as_text=True)
    return r.headers["Location"].rsplit("/", 1)[-1]


# Each import page: its form's page, where it posts, its file field, the kind's words.
PAGES = {
    "game": ("/games/import", "/games/import", "game_file", "a game file is at most"),
    "event": ("/events/import", "/events/import", "file", "an event file is at most"),
    "club": ("/clubs/import", "/clubs/import", "file", "a club file is at most"),
    "into": (
        "/clubs/{club}",
        "/clubs/{club}/import",
        "file",
        "a game file is at most 1 MB, an event file",
    ),
}


def _send(client, kind: str, body: bytes):
    page_path, post_path, field, _ = PAGES[kind]
    club = _club_id(client) if "{club}" in page_path else ""
    token = form_token(client.get(page_path.format(club=club)))
    return client.post(
        post_path.format(club=club),
        data={"csrf_token": token, field: (io.BytesIO(body), "file.json")},
        content_type="multipart/form-data",
    )


@pytest.mark.parametrize(
    ("kind", "most", "limit"),
    [
        ("game", 1, "GAME_FILE_BYTES"),
        ("event", 2, "EVENT_FILE_BYTES"),
        ("club", 3, "CLUB_FILE_BYTES"),
        ("into", 2, "EVENT_FILE_BYTES"),
    ],
)
def test_a_file_over_its_page_s_limit_is_refused_naming_its_kind(
    guarded, monkeypatch, kind, most, limit
):
    monkeypatch.setattr(limits, limit, most * MB)  # read where it is used: one place
    r = _send(guarded, kind, b" " * (most * MB + limits.FORM_BYTES + 1))
    assert r.status_code == 413
    assert f"That upload is too large: {PAGES[kind][3]} {most} MB." in text(r)
    assert "game file is at most" not in text(r) or kind in ("game", "into")


@pytest.mark.parametrize("kind", ["event", "club", "into"])
def test_a_file_past_the_app_s_1_mb_but_within_its_page_s_limit_is_read(guarded, kind):
    """Before the fix every one of these was a 413 "a game file is at most 1 MB"."""
    r = _send(guarded, kind, b"{" + b" " * (MB + 10) + b"}")
    assert r.status_code != 413, text(r)
    assert "too large" not in text(r)


def _long_game(sides, winner: int) -> dict:
    """A game of 12 hands to 1000, not over: the size of an ordinary evening's game."""
    doc = game_file(sides, winner)
    doc["rules"] = {"target": 1000}
    doc["hands"] = [{"bids": [3, 3, 3, 3], "tricks": [3, 3, 4, 3]}] * 12
    return doc


def test_a_club_over_1_mb_exports_and_restores_with_csrf_on(guarded_app, guarded):
    _, played = simulated(39, players=8, games=450)
    games = [gamefile.read_scored(_long_game(sides, won)) for sides, won, _ in played]
    with guarded_app.app_context():
        club_id = import_club(get_db(), "Big Friday", EMPTY, games, ())
    body = guarded.get(f"/clubs/{club_id}/club.json").get_data()
    assert len(body) > MB  # past the app's 1 MB, written compactly
    r = _send(guarded, "club", body)
    assert r.status_code == 302, text(r)
    new_id = r.headers["Location"].rsplit("/", 1)[-1]
    assert new_id != club_id and "450 games" in text(guarded.get(f"/clubs/{new_id}"))
    assert guarded.get(f"/clubs/{new_id}/club.json").get_data() == body


def test_a_form_too_large_elsewhere_says_so_without_naming_a_file(guarded):
    token = form_token(guarded.get("/clubs/new"))
    r = guarded.post("/clubs/new", data={"csrf_token": token, "name": "x" * (MB + 1)})
    assert r.status_code == 413
    assert "That request is too large: a form is at most 1 MB." in text(r)
    assert "game file" not in text(r)
