"""A game reaching its target: the winner, a tie that plays on, the rematch."""

from __future__ import annotations

from scorepad.store import storage
from scorepad.web.db import get_db
from tests.helpers import bid_form, play, start, text


def test_game_over_and_rematch(client, app):
    game_id = start(client, target="250")
    for number in (1, 2, 3):
        play(client, game_id, number, [6, 6, 6, 1], [7, 1, 5, 0])
    words = text(client.get(f"/games/{game_id}"))
    assert "Game over: Alice & Cara win" in words and "Final score: Alice & Cara 360" in words
    assert "Save bids" not in words
    late = client.post(
        f"/games/{game_id}/bids", data=bid_form(4, [3, 3, 3, 4]), follow_redirects=True
    )
    assert "Not saved: the game is over." in text(late)
    with app.app_context():
        assert len(storage.load_game(get_db(), game_id).game.hands) == 3
    response = client.post(f"/games/{game_id}/rematch")
    new_id = response.headers["Location"].rsplit("/", 1)[-1]
    with app.app_context():
        new = storage.load_game(get_db(), new_id)
    assert new.game.table.players == ("Alice", "Ben", "Cara", "Dev")
    assert new.game.table.first_dealer == 3 and new.game.rules.target == 250


def test_tie_at_target_says_another_hand_is_played(client):
    game_id = start(client, target="custom", custom_target="100")
    play(client, game_id, 1, [3, 3, 3, 3], [4, 3, 3, 3])
    play(client, game_id, 2, [3, 3, 3, 3], [3, 4, 3, 3])
    assert "tied at the target: another hand is played" in text(client.get(f"/games/{game_id}"))
