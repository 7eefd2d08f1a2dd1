"""A refusal says what scorepad says, whichever way the view raised it."""

from __future__ import annotations

import pytest

from tests.helpers import (
    bid_form,
    play,
    played_game,
    start,
    text,
)


def _bid_only(client, game_id, number, bids):
    r = client.post(f"/games/{game_id}/bids", data=bid_form(number, bids))
    assert r.status_code == 302, r.text


@pytest.mark.parametrize(
    "method,path,status,message",
    [
        ("get", "hands/7", 404, "This game has no hand 7."),
        ("get", "hands/7/adjust", 404, "This game has no hand 7."),
        ("get", "hands/7/renege", 404, "This game has no hand 7."),
        ("get", "hands/7/dealer", 404, "This game has no hand 7."),
        (
            "get",
            "hands/2/adjust",
            404,
            "Hand 2 has not been played yet: only a played hand can be adjusted.",
        ),
        (
            "get",
            "hands/2/renege",
            404,
            "A renege is recorded on a played hand of a partnership game.",
        ),
        ("post", "end", 400, "The form to end the game was incomplete."),
    ],
)
def test_each_refusal_of_a_hand_or_form_shows_its_own_message(
    client, method, path, status, message
):
    game_id = played_game(client)
    _bid_only(client, game_id, 2, [3, 3, 3, 3])  # hand 2 bid, not played
    response = getattr(client, method)(f"/games/{game_id}/{path}")
    assert response.status_code == status
    assert message in text(response) and "There is nothing here" not in text(response)


def test_a_renege_on_a_cutthroat_hand_says_where_reneges_are_recorded(client):
    game_id = start(client, players=("Ana", "Bo", "Cy"), table="cutthroat-3")
    play(client, game_id, 1, [4, 4, 4], [5, 6, 6])
    response = client.get(f"/games/{game_id}/hands/1/renege")
    assert response.status_code == 404
    assert "A renege is recorded on a played hand of a partnership game." in text(response)
