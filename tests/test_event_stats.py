"""A club night's games count in the player statistics of every browser that runs or
follows the night, by player name like any game."""

from __future__ import annotations

import re

from tests.event_helpers import Night
from tests.test_event_night import PAIRS


def _cards(page: str) -> dict[str, str]:
    """Each player's 'Games won' on the statistics page."""
    found = re.findall(r"<h2>([^<]+)</h2>\s*<dl>\s*<div><dt>Games won</dt><dd>([^<]+)<", page)
    return dict(found)


def _two_rounds(client, app) -> Night:
    night = Night(client, app, rounds=2)
    for pair in PAIRS[:4]:
        night.check_in(*pair)
    for _ in range(2):
        night.act("draw")
        night.act("start")
        night.play_round(lambda table: 9 if table == 1 else 4)
    return night


def test_the_nights_games_count_for_each_player_by_name(client, app):
    night = _two_rounds(client, app)
    event = night.event()
    wins = {e: 0 for e in event.by_id}
    for match in event.matches:
        winner = night.game(match.game_id).score().winner
        for entrant in match.sides[winner]:
            wins[entrant] += 1
    expected = {p: f"{wins[e.id]} of 2" for e in event.entrants for p in e.players}
    follower = app.test_client()  # a player's phone that opened the big screen only
    assert _cards(follower.get("/stats").get_data(as_text=True)) == {}
    follower.get(f"/events/screen/{event.view_token}")
    for browser in (client, follower):  # the director's and the follower's
        page = browser.get("/stats").get_data(as_text=True)
        assert _cards(page) == expected
        assert "From the 4 games this phone knows" in page
    assert _cards(app.test_client().get("/stats").get_data(as_text=True)) == {}


def test_a_table_link_or_the_check_in_link_follows_the_night(client, app):
    night = _two_rounds(client, app)
    event = night.event()
    table_phone, checked_in = app.test_client(), app.test_client()
    table_phone.get(f"/events/table/{event.matches[0].game_id}")
    checked_in.get(f"/events/join/{event.checkin_token}")
    for browser in (table_phone, checked_in):
        cards = _cards(browser.get("/stats").get_data(as_text=True))
        assert sorted(cards) == sorted(p for e in event.entrants for p in e.players)
        assert all(v.endswith("of 2") for v in cards.values())


def test_a_game_known_twice_counts_once(client, app):
    night = _two_rounds(client, app)
    event = night.event()
    client.get(f"/games/{event.matches[0].game_id}")  # the director opened a table's game
    client.get(f"/events/screen/{event.view_token}")  # and follows the screen too
    page = client.get("/stats").get_data(as_text=True)
    assert "From the 4 games this phone knows" in page
    assert all(v.endswith("of 2") for v in _cards(page).values())
