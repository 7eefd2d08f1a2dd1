"""Fixing a played hand from its page: the game scored again, refusals that keep the values, an
old version."""

from __future__ import annotations

from tests.helpers import (
    bid_form,
    checked,
    play,
    start,
    text,
    tricks_form,
)


def test_edit_hand_rescores(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    play(client, game_id, 2, [3, 2, 3, 2], [5, 2, 4, 2])
    page = client.get(f"/games/{game_id}/hands/1")
    body = page.get_data(as_text=True)
    assert page.status_code == 200 and checked(body, "bid_3") == "nil"
    assert checked(body, "tricks_0") == "5"
    data = {
        **bid_form(1, [4, 5, 3, "nil"]),
        "version": "2",
        **{f"tricks_{s}": str(t) for s, t in enumerate([4, 5, 3, 1])},
    }
    response = client.post(f"/games/{game_id}/hands/1", data=data, follow_redirects=True)
    words = text(response)
    assert "Hand 1 corrected; every later hand was scored again" in words
    # side 1: bid 5 made 5 (50) and Dev's nil broken (-100) + 1 bag: -49; then 40 -> -9
    assert "Ben & Dev: \u22129 points, 1 bag of 10" in words
    export = client.get(f"/games/{game_id}/export.json").get_json()
    assert [s["total"] for s in export["sides"]] == [63 + 70, -49 + 40]


def test_changing_the_bids_of_the_hand_in_play_says_so(client):
    game_id = start(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, 1]))
    response = client.post(
        f"/games/{game_id}/hands/1",
        data={**bid_form(1, [4, 5, 3, 2]), "version": "1"},
        follow_redirects=True,
    )
    words = text(response)
    assert "The bids of hand 1 were changed" in words and "scored again" not in words
    assert "Ben & Dev bid 7" in words


def test_edit_with_old_version_is_refused(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    data = {**bid_form(1, [4, 5, 3, 1]), **tricks_form(1, 1, [4, 5, 3, 1])}
    response = client.post(f"/games/{game_id}/hands/1", data=data, follow_redirects=True)
    assert "changed on another phone" in text(response)
    assert client.get(f"/games/{game_id}/export.json").get_json()["hands"][0]["bids"][3] == "nil"


def test_edit_refusal_keeps_values(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    data = {**bid_form(1, [4, 5, 3, "nil"]), **tricks_form(1, 2, [4, 5, 3, 3])}
    response = client.post(f"/games/{game_id}/hands/1", data=data)
    body = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "The tricks add up to 15; a hand has 13" in body
    assert checked(body, "tricks_3") == "3" and checked(body, "bid_3") == "nil"


def test_a_fix_saved_unchanged_writes_nothing_and_another_phones_fix_still_saves(client):
    """Saving a hand's fix page as it was drawn changes nothing: the hand keeps its
    version, so a fix another phone opened at the same time is not refused as older."""
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    played = {**bid_form(1, [4, 5, 3, "nil"]), "version": "2"}
    same = {**played, **{f"tricks_{s}": str(t) for s, t in enumerate([5, 5, 3, 0])}}
    before = client.get(f"/games/{game_id}/export.json").get_json()
    response = client.post(f"/games/{game_id}/hands/1", data=same, follow_redirects=True)
    assert response.status_code == 200 and "changed on another phone" not in text(response)
    assert client.get(f"/games/{game_id}/export.json").get_json() == before
    other = {**played, **{f"tricks_{s}": str(t) for s, t in enumerate([4, 5, 3, 1])}}
    response = client.post(f"/games/{game_id}/hands/1", data=other, follow_redirects=True)
    assert "Hand 1 corrected" in text(response), text(response)
    assert client.get(f"/games/{game_id}/export.json").get_json()["hands"][0]["tricks"] == [
        4,
        5,
        3,
        1,
    ]
