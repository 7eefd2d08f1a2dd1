"""A game file exported and imported through the pages, and the refusals of a bad file."""

from __future__ import annotations

import io
import json

import pytest

from scorepad.web.db import get_db
from tests.data import IMPORT
from tests.helpers import play, start, text


def test_export_is_the_scored_game_file(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    response = client.get(f"/games/{game_id}/export.json")
    assert response.mimetype == "application/json"
    assert "attachment" in response.headers["Content-Disposition"]
    doc = response.get_json()
    assert doc["format"] == "scorepad/1" and doc["hands"][0]["sides"][1]["points"] == 150


def test_import_page_and_success(client):
    assert "game_file" in client.get("/games/import").get_data(as_text=True)
    response = client.post(
        "/games/import", data={"game_file": (io.BytesIO(json.dumps(IMPORT).encode()), "game.json")}
    )
    assert response.status_code == 302
    game_id = response.headers["Location"].rsplit("/", 1)[-1]
    assert response.headers["Location"].endswith(f"/games/{game_id}")
    exported = client.get(f"/games/{game_id}/export.json").get_json()
    assert [s["total"] for s in exported["sides"]] == [134, 190]


@pytest.mark.parametrize(
    "content,message",
    [
        (b"{not json", "not valid JSON"),
        (b"\xff\xfe\x00", "not UTF-8"),
        (
            json.dumps(
                dict(IMPORT, hands=[{"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 3]}])
            ).encode(),
            "Hand 1: tricks add up to 12, expected 13",
        ),
        (json.dumps(dict(IMPORT, format="x")).encode(), "Format: must be"),
    ],
)
def test_import_refusals_store_nothing(client, app, content, message):
    response = client.post("/games/import", data={"game_file": (io.BytesIO(content), "game.json")})
    assert response.status_code == 400 and message in response.get_data(as_text=True)
    with app.app_context():
        assert get_db()["games"].count == 0 and get_db()["hands"].count == 0


def test_import_without_a_file(client):
    response = client.post("/games/import", data={})
    assert response.status_code == 400 and "Choose a game file" in text(response)
