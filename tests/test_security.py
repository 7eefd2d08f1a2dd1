"""Who can see and change a game: ids, the browser's own list, the key, headers, CSRF."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from scorepad import create_app
from tests.helpers import play, start, text


def test_every_response_carries_the_security_headers(client):
    for path in ("/games", "/games/new", "/games/none", f"/games/{start(client)}"):
        headers = client.get(path).headers
        csp = headers["Content-Security-Policy"]
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "unsafe-inline" not in csp
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"


def test_pages_have_no_inline_script_or_style(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    for path in (
        "/games",
        "/games/new",
        f"/games/{game_id}",
        f"/games/{game_id}/history",
        f"/games/{game_id}/hands/1",
        "/games/import",
    ):
        body = client.get(path).get_data(as_text=True)
        assert "<script>" not in body and " style=" not in body and " onclick" not in body


def test_games_page_lists_only_this_browsers_games(app):
    mine, theirs = app.test_client(), app.test_client()
    my_game = start(mine, players=("Ann", "Bob", "Cat", "Dan"))
    their_game = start(theirs, players=("Wen", "Xi", "Yo", "Zed"))
    assert "Ann & Cat" in text(mine.get("/games")) and "Wen & Yo" not in text(mine.get("/games"))
    assert "Ann & Cat" not in text(theirs.get("/games"))
    # opening a shared address puts the game on that browser's list too
    theirs.get(f"/games/{my_game}")
    assert "Ann & Cat" in text(theirs.get("/games"))
    assert my_game != their_game


def test_session_cookie_is_httponly_and_samesite_lax(client):
    client.post("/games/new", data={})
    start(client)
    cookie = client.get_cookie("session")
    assert cookie is not None and cookie.http_only and cookie.same_site == "Lax"


def test_secret_key_is_made_once_with_mode_600(tmp_path):
    from scorepad import _secret_key

    key = _secret_key(str(tmp_path))
    assert len(key) == 64 and _secret_key(str(tmp_path)) == key
    assert stat.S_IMODE(os.stat(tmp_path / "secret_key").st_mode) == 0o600
    app = create_app({"DATABASE": str(tmp_path / "s.db")})
    stored = (Path(app.instance_path) / "secret_key").read_text().strip()
    assert app.config["SECRET_KEY"] == stored


# SECRET_KEY given a literal string: as a keyword, a dict entry or an item assignment
LITERAL_KEY = re.compile(r"""SECRET_KEY["'\]]*\s*[:=]\s*[rbuf]*["']""")


def test_literal_key_pattern_catches_the_usual_spellings():
    for line in (
        'SECRET_KEY = "abc"',
        "app.config['SECRET_KEY'] = 'abc'",
        '{"SECRET_KEY": "abc"}',
        "dict(SECRET_KEY='abc')",
    ):
        assert LITERAL_KEY.search(line), line
    assert not LITERAL_KEY.search('app.config["SECRET_KEY"] = _secret_key(path)')


def test_no_secret_key_in_the_source():
    files = sorted((Path(__file__).resolve().parents[1] / "scorepad").rglob("*.py"))
    assert files
    for path in files:
        assert not LITERAL_KEY.search(path.read_text()), path


def test_names_are_escaped(client):
    game_id = start(client, players=("<script>alert(1)</script>", "Bob", "Cat", "Dan"))
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "<script>alert(1)</script>" not in body and "&lt;script&gt;" in body


def test_names_are_trimmed(client):
    game_id = start(client, players=("  Ann  ", "Bob", "Cat", "Dan"))
    assert client.get(f"/games/{game_id}/export.json").get_json()["players"][0] == "Ann"


def test_upload_over_one_megabyte_is_refused(client):
    import io

    def send(size: int):
        data = {"game_file": (io.BytesIO(b" " * size), "big.json")}
        return client.post("/games/import", data=data)

    response = send(1024 * 1024 + 1)  # the page reads it (the form's room) and refuses it
    assert response.status_code == 400 and "larger than 1 MB" in text(response)
    response = send(1024 * 1024 + 64 * 1024 + 1)  # past the page's limit: not read at all
    assert response.status_code == 413 and "a game file is at most 1 MB" in text(response)


def test_a_page_left_open_over_a_break_still_saves(guarded_app, monkeypatch):
    """A form's token lasts as long as the session: a new-game page opened, then sent two
    hours later, starts its game (Flask-WTF's default would refuse it after an hour)."""
    import itsdangerous.timed

    from tests.helpers import new_game_form

    client = guarded_app.test_client()
    page = client.get("/games/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"', page).group(1)
    later = itsdangerous.timed.time.time() + 2 * 3600
    monkeypatch.setattr(itsdangerous.timed.time, "time", lambda: later)
    response = client.post("/games/new", data={"csrf_token": token, **new_game_form()})
    assert response.status_code == 302 and "/games/" in response.headers["Location"]
