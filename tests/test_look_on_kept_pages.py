"""The look a phone chose (text size, contrast) drawn on a kept game page."""

from __future__ import annotations

from tests.helpers import start


def test_the_look_a_phone_chose_is_drawn_on_a_kept_game_page(client):
    game_id = start(client)
    assert '<html lang="en" class=" ">' in client.get(f"/games/{game_id}").text  # kept now
    client.set_cookie("look", "large.contrast")
    assert '<html lang="en" class="text-large contrast">' in client.get(f"/games/{game_id}").text
    client.set_cookie("look", "")
    assert '<html lang="en" class=" ">' in client.get(f"/games/{game_id}").text
