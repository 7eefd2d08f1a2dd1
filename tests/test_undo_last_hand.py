"""Deleting the last hand from the game page, and a stale page refused."""

from __future__ import annotations

from tests.helpers import play, start, text


def test_undo_last_hand(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    response = client.post(
        f"/games/{game_id}/hands/1/delete",
        data={"number": "1", "version": "2"},
        follow_redirects=True,
    )
    # one step back: the tricks go, the bids stay (the hand at its tricks step again)
    assert "Hand 1: its tricks are taken back; its bids stay." in text(response)
    assert "Hand 1: tricks" in text(response)
    response = client.post(
        f"/games/{game_id}/hands/1/delete",
        data={"number": "1", "version": "3"},
        follow_redirects=True,
    )
    said = "Hand 1: its bids are taken back. Enter the bids again."
    assert said in text(response) and "Hand 1: bids" in text(response)


def test_undo_with_stale_version_keeps_the_hand(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    response = client.post(
        f"/games/{game_id}/hands/1/delete",
        data={"number": "1", "version": "1"},
        follow_redirects=True,
    )
    assert "changed on another phone" in text(response)
    assert len(client.get(f"/games/{game_id}/export.json").get_json()["hands"]) == 1
