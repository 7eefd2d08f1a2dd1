"""The director's "End this game" was offered at a table whose game had no played hand,
and its "Yes, end this game" could only be refused, in words that showed the core's key
("Not done: ended: a game can be ended only after a played hand"): the page offers it once
a hand is played, and a refusal names its field in words."""

from __future__ import annotations

import re

from tests.event_helpers import Night
from tests.helpers import page_forms, text

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def _table(page: str, number: int) -> str:
    found = re.search(rf'<li id="table-{number}".*?</li>', page, re.S)
    assert found, page
    return found.group(0)


def _end_form(part: str) -> tuple[str, dict[str, str]] | None:
    return next(iter(page_forms(part, "/end")), None)


def _started(client, app) -> Night:
    """A one-round night of two tables, its round started."""
    night = Night(client, app, rounds=1)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    return night


def test_end_this_game_is_offered_once_a_hand_is_played(client, app):
    night = _started(client, app)
    first, second = night.round()
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    for number in (first.number, second.number):
        part = _table(page, number)
        assert "End this game" not in part and _end_form(part) is None
    night.hand(first.game_id, 9)
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    played = _end_form(_table(page, first.number))
    assert played is not None  # the table that played a hand may end
    assert _end_form(_table(page, second.number)) is None
    action, fields = played
    said = text(client.post(action, data=fields, follow_redirects=True))
    assert "Not done" not in said
    assert night.game(first.game_id).score().over


def test_a_refused_end_names_its_field_in_words(client, app):
    night = _started(client, app)
    first, _ = night.round()
    r = client.post(
        f"/events/{night.id}/rounds/1/tables/{first.number}/end",
        data={"revision": night.revision(), "confirm": "yes"},
        follow_redirects=True,
    )
    said = text(r)
    assert "Not done: end of the game: a game can be ended only after a played hand" in said
    assert "ended:" not in said
