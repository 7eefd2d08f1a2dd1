"""Fast on a phone: compression, ETags and 304s, hashed static URLs, the 13.5 KB budget, few
queries."""

from __future__ import annotations

import gzip
import re

import pytest

import scorepad.web.db
from scorepad.files import game as gamefile
from scorepad.store import commands
from scorepad.web.db import get_db
from tests.data import long_game
from tests.helpers import (
    GZIP,
    bid_form,
    budget_of,
    decoded,
    form_token,
    new_game_form,
    page_weight,
    play,
    start,
    tricks_form,
)

PHONE = {"Accept-Encoding": "gzip, deflate, br"}


def without_token(body: bytes) -> bytes:
    """A page with its CSRF tokens blanked out."""
    return re.sub(rb'(name="csrf_token"[^>]*?value=")[^"]*"', rb'\1"', body)


def imported(app, client, hands: int, pending: bool = False) -> str:
    """A partnership game with `hands` played hands, put on this client's list."""
    doc = long_game(hands)
    if pending:
        doc["hands"].append({"bids": [3, 3, 3, 4], "tricks": None})
    game = gamefile.read(doc)
    with app.app_context():
        game_id = commands.import_game(get_db(), game, game.score()).id
    client.get(f"/games/{game_id}")
    return game_id


@pytest.mark.parametrize(
    ("path", "mimetype"),
    [("hands.csv", "text/csv"), ("export.json", "application/json"), ("sheet", "text/html")],
)
def test_every_download_of_a_game_is_compressed(app, client, path, mimetype):
    game_id = imported(app, client, 40)
    plain = client.get(f"/games/{game_id}/{path}")
    for headers, coding in ((GZIP, "gzip"), (PHONE, "br")):
        packed = client.get(f"/games/{game_id}/{path}", headers=headers)
        assert packed.mimetype == mimetype and packed.headers["Content-Encoding"] == coding
        assert decoded(packed) == plain.data and len(packed.data) < len(plain.data) / 2


def test_text_is_gzipped_when_accepted(client):
    game_id = start(client)
    plain = client.get(f"/games/{game_id}")
    packed = client.get(f"/games/{game_id}", headers=GZIP)
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    # The same page either way, but for the CSRF token, signed with the second it was made.
    assert without_token(gzip.decompress(packed.data)) == without_token(plain.data)
    best = client.get(f"/games/{game_id}", headers=PHONE)
    assert best.headers["Content-Encoding"] == "br"
    assert without_token(decoded(best)) == without_token(plain.data)


def test_an_encoding_refused_with_q0_is_not_sent(client):
    game_id = start(client)
    for header in ("gzip;q=0", "gzip;q=0, br;q=0", "identity"):
        page = client.get(f"/games/{game_id}", headers={"Accept-Encoding": header})
        assert "Content-Encoding" not in page.headers, header
        assert b"<html" in page.data
    css = client.get("/static/app.css", headers={"Accept-Encoding": "gzip;q=0"})
    assert "Content-Encoding" not in css.headers and b"{" in css.data
    css.close()


def test_unchanged_page_answers_304_and_a_change_makes_a_new_tag(client):
    game_id = start(client)
    first = client.get(f"/games/{game_id}")
    tag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache, private"
    again = client.get(f"/games/{game_id}", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [3, 3, 3, 4]))
    changed = client.get(f"/games/{game_id}", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag


def test_a_304d_page_still_posts(guarded):
    page = guarded.get("/games/new")
    again = guarded.get("/games/new", headers={"If-None-Match": page.headers["ETag"]})
    assert again.status_code == 304
    posted = guarded.post("/games/new", data={**new_game_form(), "csrf_token": form_token(page)})
    assert posted.status_code == 302


def test_static_files_carry_their_hash_and_are_cached_long(client):
    body = client.get("/games/new").get_data(as_text=True)
    css = re.search(r'href="(/static/app\.([0-9a-f]{12})\.css)"', body)
    js = re.search(r'src="(/static/app\.([0-9a-f]{12})\.js)"', body)
    assert css and js
    for url, name in ((css.group(1), "app.css"), (js.group(1), "app.js")):
        response = client.get(url, headers=GZIP)
        assert response.headers["Cache-Control"] == "max-age=31536000, public, immutable"
        assert response.headers["Content-Encoding"] == "gzip"
        plain = client.get(f"/static/{name}")
        assert gzip.decompress(response.data) == plain.data
        assert "immutable" not in plain.headers["Cache-Control"]
        response.close()
        plain.close()
    stale = client.get("/static/app.000000000000.css")
    assert stale.status_code == 404
    stale.close()


def test_plain_and_compressed_static_bodies_have_different_etags(client):
    seen = {}
    for coding in ("identity", "gzip", "br"):
        response = client.get("/static/app.css", headers={"Accept-Encoding": coding})
        assert response.headers.get("Content-Encoding", "identity") == coding
        seen[coding] = response.headers["ETag"]
        assert "Accept-Encoding" in response.headers["Vary"]
        again = client.get(
            "/static/app.css", headers={"Accept-Encoding": coding, "If-None-Match": seen[coding]}
        )
        assert again.status_code == 304 and again.data == b""
        assert again.headers["ETag"] == seen[coding]
        response.close()
    assert len(set(seen.values())) == 3, seen


def test_static_tags_come_from_the_content_and_any_listed_tag_answers_304(app, client):
    from scorepad import create_app

    with app.app_context():
        from scorepad.web.delivery import static_hash

        digest = static_hash("app.css")
    plain = client.get("/static/app.css", headers={"Accept-Encoding": "identity"})
    br = client.get("/static/app.css", headers={"Accept-Encoding": "br"})
    assert plain.headers["ETag"] == f'"{digest}"' and br.headers["ETag"] == f'"{digest}-br"'
    again = create_app(dict(app.config)).test_client()  # another app, the same files
    assert again.get("/static/app.css", headers=GZIP).headers["ETag"] == f'"{digest}-gzip"'
    for held in (f'"old", "{digest}-br"', f'W/"{digest}-br"', "*"):
        repeat = client.get(
            "/static/app.css", headers={"Accept-Encoding": "br", "If-None-Match": held}
        )
        assert repeat.status_code == 304 and repeat.data == b"", held
        assert repeat.headers["X-Content-Type-Options"] == "nosniff"
    listed = client.get("/static/app.css", headers={"If-None-Match": f'"old", "{digest}"'})
    assert listed.status_code == 304
    other = client.get("/static/app.css", headers={**GZIP, "If-None-Match": f'"{digest}-br"'})
    assert other.status_code == 200 and other.headers["Content-Encoding"] == "gzip"
    head = client.head("/static/app.css", headers={"Accept-Encoding": "br"})
    assert head.data == b"" and head.headers["Content-Length"] == br.headers["Content-Length"]
    for response in (plain, br, other, head):
        response.close()


def test_script_does_not_block_rendering(client):
    body = client.get("/games/new").get_data(as_text=True)
    assert re.search(r"<script [^>]*defer", body)
    assert "fonts.googleapis" not in body and "@font-face" not in client.get(
        "/static/app.css"
    ).get_data(as_text=True)


def test_every_page_fits_in_the_first_round_trip(app, client):
    small = start(client)
    play(client, small, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    big = imported(app, client, 40)
    pending = imported(app, client, 40, pending=True)
    paths = [
        "/games",
        "/games/new",
        "/games/import",
        f"/games/{small}",
        f"/games/{small}/history",
        f"/games/{small}/hands/1",
        f"/games/{big}",
        f"/games/{big}/history",
        f"/games/{pending}",
        f"/games/{big}/rules",
        f"/games/{big}/sheet",
        "/stats",
        "/offline",
        "/games/missing",
    ]
    body = client.get(f"/games/{big}").get_data(as_text=True)
    paths.append(re.search(r'href="http://localhost(/watch/[^"]+)"', body).group(1))
    for path in paths:
        if path == "/games/missing":
            assert client.get(path).status_code == 404
            continue
        assert page_weight(client, path) <= budget_of(path), path


@pytest.fixture
def statements(monkeypatch):
    """Every SQL statement the app sends, from each connection it opens."""
    seen: list[str] = []
    original = scorepad.web.db.connect

    def traced(path, **kwargs):
        db = original(path, **kwargs)
        db.conn.set_trace_callback(seen.append)
        return db

    monkeypatch.setattr(scorepad.web.db, "connect", traced)
    return seen


@pytest.mark.parametrize(
    "request_kind", ["game", "history", "export", "edit", "games", "save tricks"]
)
def test_queries_per_page_do_not_grow_with_hands(app, client, statements, request_kind):
    counts = []
    for hands in (5, 200):
        game_id = imported(app, client, hands, pending=request_kind == "save tricks")
        statements.clear()
        if request_kind == "save tricks":
            response = client.post(
                f"/games/{game_id}/tricks", data=tricks_form(hands + 1, 1, [3, 3, 3, 4])
            )
        else:
            path = {
                "game": f"/games/{game_id}",
                "history": f"/games/{game_id}/history",
                "export": f"/games/{game_id}/export.json",
                "edit": f"/games/{game_id}/hands/2",
                "games": "/games",
            }[request_kind]
            response = client.get(path)
        assert response.status_code == (302 if request_kind == "save tricks" else 200)
        counts.append(len(statements))
        data = [
            q
            for q in statements
            if q.split()[0].lower() in ("select", "insert", "update", "delete")
        ]
        assert len(data) <= 6, data  # a write reads the game again inside its transaction
    assert counts[0] == counts[1], counts


def test_an_answer_that_read_the_cookie_says_it_varies_with_it_once(client):
    """Flask says `Vary: Cookie` when a request read the session; scorepad says it without
    Flask parsing the header again when it names the cookie already (issue 40): a page
    names it once, and an answer that is no page (the service worker) still names it."""
    path = start(client)
    for url in (path, "/sw.js"):
        answer = client.get(url)
        named = [v.strip().lower() for v in ",".join(answer.headers.getlist("Vary")).split(",")]
        assert named.count("cookie") == 1, (url, named)
    saved = client.post("/games/new", data=new_game_form())
    assert "Set-Cookie" in saved.headers and "Cookie" in saved.headers["Vary"]
