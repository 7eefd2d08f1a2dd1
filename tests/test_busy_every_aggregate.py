"""Another process holding SQLite's write lock past the busy wait, while a phone sends a
write of each aggregate (a club file, a game filed into a club, a roster split, a
season closed, the director's draw, a seat claimed): the phone is told in words (503),
nothing is written, and the same form sent once the lock is let go is saved."""

from __future__ import annotations

import io
import json
import re
import sqlite3

import pytest

import scorepad.store.db
from scorepad import create_app
from tests.club_files import CLUB
from tests.helpers import dump_rows
from tests.test_kill_every_aggregate import SECRET, _copy, world  # noqa: F401 (the fixture)

TOKEN = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
REVISION = re.compile(r'name="revision" (?:type="hidden" )?value="(\d+)"')
SAID = "Not saved: the server&#39;s database stayed busy with other saves for too long."


def _post(client, page: str, action: str, data: dict, file: bytes | None = None):
    """The form at `action` as `page` draws it: its CSRF token and revision, and `data`."""
    shown = client.get(page).get_data(as_text=True)
    form = {"csrf_token": TOKEN.search(shown).group(1), **data}
    revision = REVISION.search(shown)
    if revision and file is None:
        form.setdefault("revision", revision.group(1))
    if file is not None:
        form["file"] = (io.BytesIO(file), "club.json")
        return client.post(action, data=form, content_type="multipart/form-data")
    return client.post(action, data=form)


def _forms(ids: dict) -> dict:
    club = f"/clubs/{ids['club']}"
    season = f"/seasons/c/{ids['club']}/{ids['season']}"
    night = f"/events/{ids['checked']}"
    seat = f"/seat/{ids['seat']}"
    return {
        "a club file": ("/clubs/import", "/clubs/import", {}, json.dumps(CLUB).encode()),
        "a game filed": (club, f"{club}/file", {"game": ids["game"]}, None),
        "a split": (club, f"{club}/split", {"player": "ann", "name": "annie"}, None),
        "a season closed": (season, f"{season}/close", {}, None),
        "draw": (night, f"{night}/draw", {}, None),
        "a seat claimed": (seat, f"{seat}/claim", {"name": "Sa"}, None),
    }


@pytest.mark.parametrize(
    "write", ["a club file", "a game filed", "a split", "a season closed", "draw", "a seat claimed"]
)
def test_a_write_held_up_by_another_process_is_told_and_saved_when_sent_again(
    world,  # noqa: F811
    write,
    tmp_path,
    monkeypatch,
):
    template, ids, cookie = world
    path = tmp_path / "scorepad.db"
    _copy(template, path)
    app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": SECRET})  # CSRF on
    client = app.test_client()
    client.set_cookie("session", cookie)
    page, action, data, file = _forms(ids)[write]
    monkeypatch.setattr(scorepad.store.db, "BUSY_TIMEOUT_SECONDS", 0.05)
    before = dump_rows(str(path))
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("begin immediate")
    try:
        held = _post(client, page, action, data, file)
        assert client.get(page).status_code == 200  # the pages still open
    finally:
        holder.rollback()
        holder.close()
    body = held.get_data(as_text=True)
    if held.status_code == 302:  # refused on the page it returns to, in the same words
        body = client.get(held.headers["Location"]).get_data(as_text=True)
    else:
        assert held.status_code == 503
    assert SAID in body
    assert dump_rows(str(path)) == before
    assert _post(client, page, action, data, file).status_code == 302
    assert dump_rows(str(path)) != before
