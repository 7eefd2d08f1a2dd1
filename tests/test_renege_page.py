"""Recording a renege on a played hand: the page asks, the core moves the tricks."""

from __future__ import annotations

import json
import re

from tests.helpers import play, start, text


def form_version(page: str) -> str:
    return re.search(r'name="version" (?:type="hidden" )?value="(\d+)"', page).group(1)


def totals(client, game_id) -> list[int]:
    doc = json.loads(client.get(f"/games/{game_id}/export.json").get_data(as_text=True))
    return [side["total"] for side in doc["sides"]]


def test_a_renege_is_offered_on_a_played_hand_and_moves_the_tricks(client):
    game_id = start(client)
    play(client, game_id, 1, [3, 3, 3, 3], [4, 3, 3, 3])
    play(client, game_id, 2, [3, 3, 3, 3], [3, 4, 3, 3])
    assert totals(client, game_id) == [61 + 60, 60 + 61]
    fix = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert f'href="/games/{game_id}/hands/1/renege"' in fix
    page = client.get(f"/games/{game_id}/hands/1/renege")
    assert "Ben & Dev reneged" in text(page) and "hands 3 of the tricks" in text(page)
    r = client.post(
        f"/games/{game_id}/hands/1/renege",
        data={"version": form_version(page.get_data(as_text=True)), "renege_1": "y"},
    )
    assert r.status_code == 302, r.get_data(as_text=True)
    # hand 1: 64 to -60 (Ben & Dev give up 3 of 6); hand 2 scored again from there
    assert totals(client, game_id) == [64 + 60, -60 + 61]
    history = text(client.get(f"/games/{game_id}/history"))
    assert "reneged" in history and "−3 tricks by renege" in history.replace("-3", "−3")
    doc = json.loads(client.get(f"/games/{game_id}/export.json").get_data(as_text=True))
    assert doc["hands"][0]["renege"] == [1]
    # and taken back
    page = client.get(f"/games/{game_id}/hands/1/renege").get_data(as_text=True)
    assert re.search(r'<input(?=[^>]*\bchecked\b)(?=[^>]*name="renege_1")', page)
    r = client.post(f"/games/{game_id}/hands/1/renege", data={"version": form_version(page)})
    assert r.status_code == 302
    assert totals(client, game_id) == [61 + 60, 60 + 61]


def test_a_stale_renege_form_is_refused_and_told(client):
    game_id = start(client)
    play(client, game_id, 1, [3, 3, 3, 3], [4, 3, 3, 3])
    page = client.get(f"/games/{game_id}/hands/1/renege").get_data(as_text=True)
    old = form_version(page)
    r = client.post(f"/games/{game_id}/hands/1/renege", data={"version": old, "renege_0": "y"})
    assert r.status_code == 302
    r = client.post(
        f"/games/{game_id}/hands/1/renege",
        data={"version": old, "renege_1": "y"},
        follow_redirects=True,
    )
    assert "changed on another phone" in text(r)
    doc = json.loads(client.get(f"/games/{game_id}/export.json").get_data(as_text=True))
    assert doc["hands"][0]["renege"] == [0]


def test_no_renege_on_a_cutthroat_game_or_an_unplayed_hand(client):
    game_id = start(client, players=("Alice", "Ben", "Cara"), table="cutthroat-3")
    play(client, game_id, 1, [5, 5, 5], [6, 5, 6])
    assert client.get(f"/games/{game_id}/hands/1/renege").status_code == 404
    assert "Record a renege" not in text(client.get(f"/games/{game_id}/hands/1"))
    game_id = start(client)
    r = client.post(
        f"/games/{game_id}/bids",
        data={"number": "1", "version": "0", **{f"bid_{s}": "3" for s in range(4)}},
    )
    assert r.status_code == 302
    assert client.get(f"/games/{game_id}/hands/1/renege").status_code == 404
    assert client.get(f"/games/{game_id}/hands/7/renege").status_code == 404
