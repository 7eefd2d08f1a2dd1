"""Deleting a game: asked first, a POST only, gone everywhere."""

from __future__ import annotations

from scorepad.web.db import get_db
from tests.helpers import (
    load,
    played_game,
    start,
)


def test_delete_asks_first_then_removes_the_game_everywhere(client, app):
    game_id = played_game(client)
    other = start(client)
    token = load(app, game_id).share_token
    confirm = client.get(f"/games/{game_id}/delete")
    assert confirm.status_code == 200 and "Delete the game for good" in confirm.text
    assert load(app, game_id) is not None  # asking deletes nothing
    r = client.post(f"/games/{game_id}/delete")
    assert r.status_code == 302 and r.headers["Location"] == "/games"
    with app.app_context():
        db = get_db()
        assert db["games"].count_where("id = ?", [game_id]) == 0
        assert db["hands"].count_where("game_id = ?", [game_id]) == 0
    with client.session_transaction() as session:
        assert session["games"] == [other]
    for path in (f"/games/{game_id}", f"/watch/{token}", f"/games/{game_id}/hands.csv"):
        gone = client.get(path)
        assert gone.status_code == 404 and "This game no longer exists" in gone.text, path
    assert "There is no game at this address" in client.get("/games/never-was").text
    assert load(app, other) is not None


def test_delete_by_get_changes_nothing_and_twice_is_a_404(client, app):
    game_id = start(client)
    assert client.get(f"/games/{game_id}/delete").status_code == 200
    assert client.post(f"/games/{game_id}/delete").status_code == 302
    again = client.post(f"/games/{game_id}/delete")
    assert again.status_code == 404 and "This game no longer exists" in again.text
