"""Web import and export carry every key of the game file: the same numbers as `score`."""

from __future__ import annotations

import copy
import io
import json

import pytest

from scorepad.files import game as gamefile
from tests.data import DOCUMENTED, FULL
from tests.helpers import text


def _import(client, doc) -> str:
    response = client.post(
        "/games/import", data={"game_file": (io.BytesIO(json.dumps(doc).encode()), "game.json")}
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[-1]


@pytest.mark.parametrize("doc", [DOCUMENTED, FULL], ids=["documented", "every extra"])
def test_web_export_is_the_score_command_output(client, runner, doc):
    game_id = _import(client, doc)
    exported = client.get(f"/games/{game_id}/export.json").get_json()
    result = runner.invoke(args=["score", "-"], input=json.dumps(doc))
    assert exported == json.loads(result.output)
    assert exported == gamefile.export(gamefile.read(copy.deepcopy(doc)))


def test_a_draw_imported_shows_as_a_draw(client):
    doc = dict(copy.deepcopy(DOCUMENTED), ended=True)
    doc["hands"] = [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "adjust": [0, 1]}]
    game_id = _import(client, doc)
    exported = client.get(f"/games/{game_id}/export.json").get_json()
    assert (exported["status"], exported["winner"], exported["ended"]) == ("finished", None, True)
    assert "draw" in text(client.get(f"/games/{game_id}"))


def test_an_import_with_a_repeated_key_is_refused(client):
    response = client.post(
        "/games/import",
        data={
            "game_file": (
                io.BytesIO(b'{"format": "scorepad/1", "mode": "partnership", "mode": "cutthroat"}'),
                "g.json",
            )
        },
    )
    assert response.status_code == 400
    assert "the key &#39;mode&#39; appears twice" in response.get_data(as_text=True)


def test_every_page_of_a_draw_renders(client):
    doc = dict(copy.deepcopy(DOCUMENTED), ended=True)
    doc["hands"] = [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "adjust": [0, 1]}]
    game_id = _import(client, doc)
    for path in (f"/games/{game_id}", "/games", f"/games/{game_id}/sheet"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "draw" in text(response).lower(), path
    for path in (f"/games/{game_id}/history", "/stats", f"/games/{game_id}/rules"):
        assert client.get(path).status_code == 200, path
