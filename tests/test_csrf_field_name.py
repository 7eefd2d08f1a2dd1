"""The CSRF token's field: named as Flask-WTF is configured, and never mistaken for a
player's name on a page."""

from __future__ import annotations

import re
import time
from pathlib import Path

import itsdangerous.timed
import pytest

from scorepad import create_app
from tests.helpers import new_game_form, start, text

MARK_LIKE = "csrf-token-drawn-per-request-7f3c1d"


def guarded_app(tmp_path: Path, **config: object):
    return create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "scorepad.db"), "SECRET_KEY": "t", **config}
    )


def token_in(page: str, field: str) -> str:
    found = re.search(rf'name="{field}"[^>]*value="([^"]+)"', page)
    assert found, f"the page has no {field} field"
    return found.group(1)


def later(monkeypatch: pytest.MonkeyPatch, seconds: int) -> None:
    """Tokens signed from now on carry a time `seconds` later (each signing differs)."""
    monkeypatch.setattr(
        itsdangerous.timed.TimestampSigner, "get_timestamp", lambda self: int(time.time()) + seconds
    )


@pytest.mark.parametrize("field", ["csrf_token", "form_key"])
def test_a_page_signed_again_keeps_its_etag_whatever_the_fields_name(tmp_path, monkeypatch, field):
    app = guarded_app(tmp_path, WTF_CSRF_FIELD_NAME=field)
    phone = app.test_client()
    first = phone.get("/games/new")
    token = token_in(first.get_data(as_text=True), field)
    later(monkeypatch, 5)
    again = phone.get("/games/new")
    assert token_in(again.get_data(as_text=True), field) != token  # signed anew
    asked = phone.get("/games/new", headers={"If-None-Match": first.headers["ETag"]})
    assert asked.status_code == 304
    sent = phone.post("/games/new", data={**new_game_form(), field: token})
    assert sent.status_code == 302


@pytest.mark.parametrize("field", ["csrf_token", "form_key"])
def test_two_phones_with_the_same_page_get_different_etags(tmp_path, field):
    app = guarded_app(tmp_path, WTF_CSRF_FIELD_NAME=field)
    one, two = app.test_client(), app.test_client()
    tags = [phone.get("/games/new").headers["ETag"] for phone in (one, two)]
    assert tags[0] != tags[1]  # each 304 only ever answers the phone whose token it holds


def test_a_player_named_like_the_token_mark_is_shown_by_name(tmp_path):
    app = guarded_app(tmp_path)
    phone = app.test_client()
    phone.get("/games/new")
    token = token_in(phone.get("/games/new").get_data(as_text=True), "csrf_token")
    made = phone.post(
        "/games/new",
        data={**new_game_form(players=(MARK_LIKE, "Ben", "Cara", "Dev")), "csrf_token": token},
    )
    assert made.status_code == 302, made.get_data(as_text=True)
    game = made.headers["Location"]
    for _ in range(2):  # drawn, then as kept
        page = phone.get(game)
        assert MARK_LIKE in text(page)
        assert token_in(page.get_data(as_text=True), "csrf_token") not in text(page)


def test_the_mark_never_reaches_a_page(tmp_path):
    app = guarded_app(tmp_path, WTF_CSRF_ENABLED=False)
    phone = app.test_client()
    game = start(phone)
    for _ in range(2):
        assert "csrf-token-drawn" not in phone.get(f"/games/{game}").get_data(as_text=True)
