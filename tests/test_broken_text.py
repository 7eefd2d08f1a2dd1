"""Text a page cannot show (a lone surrogate, a control or invisible formatting character)
anywhere in a game file is refused naming the hand and field; such text stored before it
was refused still shows and exports."""

from __future__ import annotations

import copy
import io
import json
import re
import sqlite3

import pytest

from scorepad.core.errors import GameError
from scorepad.files import game as gamefile
from scorepad.web.db import get_db
from tests.helpers import text

BASE = {
    "format": "scorepad/1",
    "mode": "partnership",
    "players": ["Alice", "Ben", "Cara", "Dev"],
    "hands": [
        {"bids": [4, 5, 3, "nil"], "tricks": [5, 5, 3, 0]},
        {"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4], "adjust": [10, 0], "note": "renege"},
    ],
}


def _with(change) -> dict:
    doc = copy.deepcopy(BASE)
    change(doc)
    return doc


def _post(client, body: bytes):
    # "again": a copy of a game this phone already has is imported only when asked
    data = {"game_file": (io.BytesIO(body), "g.json"), "again": "y"}
    return client.post("/games/import", data=data)


BROKEN = [
    (lambda d: d["hands"][1].update(note="\udfff"), "hand 2: note: has a broken character"),
    (lambda d: d["hands"][1].update(note="ok\u0007"), "hand 2: note: has a control character"),
    (lambda d: d["hands"][1].update(note="\u202eok"), "hand 2: note: has an invisible format"),
    (lambda d: d.update({"\ud800": 1}), "the key 'U\\+D800' has a broken character"),
    (lambda d: d["hands"][0].update({"\ud800": 1}), "hand 1: the key 'U\\+D800' has a broken"),
    (lambda d: d.update(rules={"\udc00x": 1}), "rules: the key 'U\\+DC00x' has a broken"),
    (lambda d: d.update(rules={"nil": "\ud800"}), "rules: has a broken character"),
    (lambda d: d.update(mode="\ud800"), "mode: has a broken character"),
    (lambda d: d.update(tricks_by="seat\udfff"), "tricks_by: has a broken character"),
    (lambda d: d["hands"][0].update(bids=["\ud800", 5, 3, 4]), "hand 1: bids: has a broken"),
    (lambda d: d.update(start=[{"total": 1, "bags": "\ud800"}] * 2), "start: has a broken"),
]


@pytest.mark.parametrize(("change", "message"), BROKEN)
def test_broken_text_anywhere_in_a_game_file_is_refused_naming_where(change, message):
    with pytest.raises(GameError, match=message):
        gamefile.loads(json.dumps(_with(change)))


@pytest.mark.parametrize(("change", "message"), BROKEN)
def test_an_import_with_broken_text_is_a_400_that_stores_nothing(app, client, change, message):
    response = _post(client, json.dumps(_with(change)).encode())
    assert response.status_code == 400, response.status_code
    assert "has a" in text(response)
    with app.app_context():
        assert get_db()["games"].count == 0


def test_a_repeated_broken_key_is_quoted_safely(client):
    body = b'{"format": "scorepad/1", "\\ud800": 1, "\\ud800": 2}'
    response = _post(client, body)
    assert response.status_code == 400
    assert "the key &#39;U+D800&#39; appears twice" in response.get_data(as_text=True)


def _stored_before_the_rule(app, client, note: str, players: list[str] | None = None) -> str:
    """BASE imported, then hand 2's note (its adjustment as before) and, if given, the
    players written straight into the database as an older scorepad stored them (json.dumps
    writes a lone surrogate escaped); the game's id."""
    response = _post(client, json.dumps(BASE).encode())
    game_id = response.headers["Location"].rsplit("/", 1)[-1]
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        extra = json.dumps({"adjust": [10, 0], "note": note})
        conn.execute(
            "update hands set extra = ? where game_id = ? and number = 2", [extra, game_id]
        )
        conn.execute("update games set revision = revision + 1 where id = ?", [game_id])
        if players is not None:
            conn.execute(
                "update games set players = ? where id = ?", [json.dumps(players), game_id]
            )
    return game_id


def test_a_note_stored_broken_before_the_rule_still_shows_and_exports(app, client):
    game_id = _stored_before_the_rule(
        app, client, "renege \udfff", players=["Alice", "B\ud800en", "Cara", "Dev"]
    )
    for path in ("", "/history", "/sheet", "/hands.csv", "/hands/2/adjust", "/evening"):
        page = client.get(f"/games/{game_id}{path}")
        assert page.status_code == 200, (path, page.status_code)
    exported = client.get(f"/games/{game_id}/export.json")
    assert exported.status_code == 200
    assert exported.get_json()["hands"][1]["note"] == "renege \ufffd"
    assert exported.get_json()["players"][1] == "B\ufffden"
    assert "renege \ufffd" in client.get(f"/games/{game_id}/hands.csv").get_data(as_text=True)


@pytest.mark.parametrize(
    ("note", "problem"),
    [("ok\u202e", "an invisible formatting character"), ("bell\u0007", "a control character")],
)
def test_the_adjust_form_refuses_a_note_a_game_file_would_refuse(app, client, note, problem):
    response = _post(client, json.dumps(BASE).encode())
    game_id = response.headers["Location"].rsplit("/", 1)[-1]
    page = client.get(f"/games/{game_id}/hands/2/adjust").get_data(as_text=True)
    version = re.search(r'name="version" (?:type="hidden" )?value="(\d+)"', page).group(1)
    data = {"version": version, "adjust_0": "10", "adjust_1": "0", "note": note}
    refused = client.post(f"/games/{game_id}/hands/2/adjust", data=data)
    assert refused.status_code == 400 and problem in text(refused)
    exported = client.get(f"/games/{game_id}/export.json").get_data()
    assert _post(client, exported).status_code == 302  # what is stored imports again


def test_an_old_note_with_a_formatting_character_exports_a_file_that_imports(app, client):
    game_id = _stored_before_the_rule(app, client, "\u202erenege")
    exported = client.get(f"/games/{game_id}/export.json")
    assert exported.get_json()["hands"][1]["note"] == "\ufffdrenege"
    assert _post(client, exported.get_data()).status_code == 302
