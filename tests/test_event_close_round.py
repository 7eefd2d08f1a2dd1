"""A round whose every table is over but which is still being played (a night brought in
from its file so) is closed by the director's button: its page draws, the button works."""

from __future__ import annotations

import re

from tests.event_files import PAIRS, changed, game, seated, upload

REVISION = re.compile(r'name="revision" type="hidden" value="(\d+)"')


def _all_over(doc: dict) -> None:
    """Round 2's games each won in their first hand (a target of 50)."""
    names = dict(enumerate(PAIRS, 1))
    for match in doc["matches"]:
        if match["round"] == 2 and match["game"] is not None:
            match["game"] = game(seated(names, match["sides"]), 1, target=50)


def test_a_round_all_over_is_closed_from_the_directors_page(client):
    response = upload(client, changed("pairs", _all_over))
    assert response.status_code == 302, response.get_data(as_text=True)
    director = response.headers["Location"]
    page = client.get(director)
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Every table is over: close round 2" in text
    action = re.search(r'action="([^"]*/close-round)"', text)
    assert action is not None
    revision = REVISION.search(text)
    assert revision is not None
    closed = client.post(action.group(1), data={"revision": revision.group(1)})
    assert closed.status_code == 302
    after = client.get(closed.headers["Location"]).get_data(as_text=True)
    assert "Round closed: every table&#39;s game is over." in after
    assert "close round 2" not in after
