"""Setting a night up: the standings order of the director's choice, and check-in from
an earlier night (the director ticks the pairs or players of the nights this browser
ran before, and they are checked in together, or none of them)."""

from __future__ import annotations

import json
import re
from html import unescape

from tests.event_helpers import Night, event_form
from tests.helpers import start, text

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def _offered(client, night: Night) -> list[str]:
    page = client.get(f"/events/{night.id}/earlier").get_data(as_text=True)
    return [unescape(v) for v in re.findall(r'name="earlier" id="[\w-]+" value="([^"]+)"', page)]


def _tick(client, night: Night, *values: str):
    page = client.get(f"/events/{night.id}/earlier").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    revision = re.search(r'name="revision" type="hidden" value="(\d+)"', page).group(1)
    data = {"earlier": list(values), "revision": revision}
    if token:
        data["csrf_token"] = token.group(1)
    return client.post(f"/events/{night.id}/earlier", data=data)


def test_pairs_of_an_earlier_night_are_checked_in_together(client, app):
    last_week = Night(client, app)
    for pair in PAIRS:
        last_week.check_in(*pair)
    tonight = Night(client, app)
    director = client.get(f"/events/{tonight.id}").get_data(as_text=True)
    suggested = re.findall(r'<option value="([^"]+)">', director.split('id="event-names"')[1])
    assert suggested == ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    assert "Check in from an earlier night" in director
    tonight.check_in("Cy", "Di")
    offered = _offered(client, tonight)
    assert [json.loads(v) for v in offered] == [["Gus", "Hal"], ["Ed", "Flo"], ["Ann", "Bo"]]
    r = _tick(client, tonight, offered[0], offered[2])
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/events/{tonight.id}")
    assert "2 checked in" in text(client.get(f"/events/{tonight.id}"))
    assert [e.name for e in tonight.event().entrants] == ["Cy & Di", "Gus & Hal", "Ann & Bo"]
    assert [json.loads(v) for v in _offered(client, tonight)] == [["Ed", "Flo"]]


def test_a_tick_the_page_did_not_offer_checks_nobody_in(client, app):
    last_week = Night(client, app)
    for pair in PAIRS[:2]:
        last_week.check_in(*pair)
    tonight = Night(client, app)
    offered = _offered(client, tonight)
    for values in ([], [offered[0], '["Ann", "Zed"]'], ['["Ann", "Bo", "Cy"]']):
        r = _tick(client, tonight, *values)
        assert r.status_code == 302 and r.headers["Location"].endswith("/earlier")
        assert "Nobody checked in" in text(client.get(f"/events/{tonight.id}/earlier"))
        assert tonight.event().entrants == ()
    tonight.check_in("Ann", "Bo")  # meanwhile, by hand: the list the page showed is stale
    r = _tick(client, tonight, offered[1])
    assert "Nobody checked in" in text(client.get(r.headers["Location"]))
    assert [e.name for e in tonight.event().entrants] == ["Ann & Bo"]


def test_an_individual_night_offers_each_player_and_another_browser_sees_none(client, app):
    last_week = Night(client, app)
    for pair in PAIRS[:2]:
        last_week.check_in(*pair)
    tonight = Night(client, app, format="individual")
    offered = [json.loads(v) for v in _offered(client, tonight)]
    assert offered == [["Cy"], ["Di"], ["Ann"], ["Bo"]]
    other = app.test_client()  # another director's browser: not its nights
    page = other.get(f"/events/{tonight.id}/earlier").get_data(as_text=True)
    assert "Ann" not in page and "Nobody to add" in page
    assert client.get("/events/no-such-night/earlier").status_code == 404


ORDERS = ["wins,diff,points,bags", "vp,bags,points,diff", "wins,points,bags,diff"]


def test_the_standings_order_is_the_director_s_choice(client, app):
    page = client.get("/events/new").get_data(as_text=True)
    offered = re.findall(r'<option (?:selected )?value="([\w,]+)"', page)
    assert len(offered) == 12 and set(ORDERS) <= set(offered)  # wins or vp, then any order
    for order in ORDERS:
        assert Night(client, app, order=order).event().settings.order == tuple(order.split(","))
    r = client.post("/events/new", data=event_form(order="diff,wins,points,bags"))
    assert r.status_code == 400 and "Standings order" in text(r)


def test_every_table_plays_the_same_rules_as_a_game_or_a_hand_limit(client, app):
    game_id = start(client, target="custom", custom_target="300", rule_bag_limit="5")
    page = client.get("/events/new").get_data(as_text=True)
    assert f'<option value="{game_id}">' in page  # "The same rules as" this game
    same = Night(client, app, rules_from=game_id, target=100)
    assert (same.event().rules.target, same.event().rules.bag_limit) == (300, 5)
    limited = Night(client, app, rule_hand_limit="2", target=500)
    for pair in PAIRS:
        limited.check_in(*pair)
    limited.draw_and_start()
    one, _ = limited.round()
    assert limited.game(one.game_id).game.rules.hand_limit == 2
    limited.hand(one.game_id, 9)
    limited.hand(one.game_id, 9)
    score = limited.game(one.game_id).score()
    assert (score.status, score.winner, score.totals) == ("finished", 0, (126, -120))
