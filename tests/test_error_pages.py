"""Pages that are not there, a wrong method, and a POST without its CSRF token."""

from __future__ import annotations

from tests.helpers import form_token, new_game_form, start, text


def test_missing_hand_and_game_are_404(client):
    game_id = start(client)
    assert client.get(f"/games/{game_id}/hands/1").status_code == 404
    assert client.get("/games/nope").status_code == 404
    assert "There is no game at this address" in text(client.get("/games/nope/history"))


def test_csrf_is_required_when_on(guarded):
    response = guarded.post("/games/new", data=new_game_form())
    assert response.status_code == 400 and "expired" in text(response)
    token = form_token(guarded.get("/games/new"))
    response = guarded.post("/games/new", data={**new_game_form(), "csrf_token": token})
    assert response.status_code == 302


def test_unknown_page_and_wrong_method_are_friendly(client):
    response = client.get("/nowhere")
    assert response.status_code == 404 and "Not found" in text(response)
    response = client.get(f"/games/{start(client)}/bids")
    assert response.status_code == 405 and "Traceback" not in response.get_data(as_text=True)
