"""A link that leaked can be replaced by its holder (issue 39, finding 2): the manager's
and members' links of a club, a player's card link, a season's link and a club night's
director's link. Each asks twice ("Replace this link", then "Yes, replace this link");
the old link then answers 404, the new one works, and the phone that replaced it keeps
the new one."""

from __future__ import annotations

import html
import re

from icalendar import Calendar

from scorepad.store.clubs import load_club
from scorepad.web.db import get_db
from tests.event_helpers import Night
from tests.ratings_club import club as simulated
from tests.test_clubs import _file_games, _make, _view
from tests.test_season_web import _post, _season, _season_of

YES = "Yes, replace this link"


def _rated_club(client, app) -> str:
    """A new club with four games of six players filed into it (each has a card)."""
    club_id = _make(client)
    _, played = simulated(29, players=6, games=4)
    _file_games(app, club_id, played)
    return club_id


def _replace(client, page_path: str, nth: int = 0):
    """Press "Replace this link" on the page (the `nth` such form), answer the question
    with its "Yes, replace this link", and give the response it leads to."""
    page = client.get(page_path).get_data(as_text=True)
    pattern = r'<form method="post" action="([^"]+)" class="replace-link">(.*?)</form>'
    forms = re.findall(pattern, page, re.S)
    assert len(forms) > nth, page
    action, inside = html.unescape(forms[nth][0]), forms[nth][1]
    assert re.search(r"Replace (this|the \S+) link", inside) and 'name="confirm"' not in inside
    asked = client.post(action, data={})  # "Replace this link": only asked
    assert asked.status_code == 200 and YES in asked.get_data(as_text=True)
    again = re.search(r'<form method="post" action="([^"]+)">', asked.get_data(as_text=True))
    done = client.post(html.unescape(again.group(1)), data={"confirm": "yes"})
    assert done.status_code == 302, done.get_data(as_text=True)
    return done


def _members(app, club_id: str) -> str:
    with app.app_context():
        return load_club(get_db(), club_id).members_token


def test_the_club_page_names_which_link_each_button_replaces(client):
    club = _make(client)
    page = client.get(f"/clubs/{club}").get_data(as_text=True)
    pattern = (
        r'<form method="post" action="([^"]+)" class="replace-link">.*?<button>([^<]+)</button>'
    )
    buttons = [(html.unescape(b), a.rsplit("/", 1)[-1]) for a, b in re.findall(pattern, page, re.S)]
    assert buttons == [
        ("Replace the members' link", "members"),
        ("Replace the manager's link", "manager"),
    ]


def test_the_manager_replaces_the_manager_s_link(client, app):
    old = _make(client)
    _, played = simulated(29, players=6, games=4)
    _file_games(app, old, played)
    season = _season(client, old)
    members = _members(app, old)
    done = _replace(client, f"/clubs/{old}", nth=1)  # the members' link's form comes first
    new = done.headers["Location"].rsplit("/", 1)[-1]
    assert new != old
    page = client.get(f"/clubs/{new}")
    assert page.status_code == 200 and "Link replaced" in page.get_data(as_text=True)
    assert client.get(f"/clubs/{old}").status_code == 404
    with client.session_transaction() as held:
        assert new in held["clubs"] and old not in held["clubs"]
    assert len(_view(app, new).games) == 4  # its games, seasons and members go with it
    assert client.get(f"/seasons/c/{new}/{season}").status_code == 200
    assert client.get(f"/seasons/c/{old}/{season}").status_code == 404
    assert client.get(f"/clubs/m/{members}").status_code == 200
    assert client.post(f"/clubs/{old}/replace/manager", data={"confirm": "yes"}).status_code == 404


def test_the_manager_replaces_the_members_link_and_a_held_card_follows(client, app):
    club_id = _rated_club(client, app)
    old = _members(app, club_id)
    view = _view(app, club_id)
    card = view.club.card_token(view.members[0].anchor)
    client.post(f"/clubs/m/{old}/card/{card}/me")  # "This is me"
    _replace(client, f"/clubs/{club_id}", nth=0)
    new = _members(app, club_id)
    assert new != old
    assert client.get(f"/clubs/m/{old}").status_code == 404
    assert client.get(f"/clubs/m/{old}/card/{card}").status_code == 404
    assert client.get(f"/clubs/m/{new}").status_code == 200
    assert "This is not me" in client.get(f"/clubs/m/{new}/card/{card}").get_data(as_text=True)
    with client.session_transaction() as held:
        assert [m for m, _ in held["cards"]] == [new]


def test_a_player_replaces_their_card_link_and_keeps_the_new_one(client, app):
    club_id = _rated_club(client, app)
    view = _view(app, club_id)
    members = view.club.members_token
    first, second = view.members[0], view.members[1]
    old = view.club.card_token(first.anchor)
    other = view.club.card_token(second.anchor)
    player = app.test_client()
    player.post(f"/clubs/m/{members}/card/{old}/me")  # "This is me"
    done = _replace(player, f"/clubs/m/{members}/card/{old}")
    new = done.headers["Location"].rsplit("/", 1)[-1]
    assert new != old
    page = player.get(f"/clubs/m/{members}/card/{new}")
    assert page.status_code == 200 and "Link replaced" in page.get_data(as_text=True)
    assert first.name in page.get_data(as_text=True)
    assert "This is not me" in page.get_data(as_text=True)  # the phone keeps the new one
    assert player.get(f"/clubs/m/{members}/card/{old}").status_code == 404
    assert player.get(f"/clubs/m/{members}/card/{other}").status_code == 200  # others stay
    assert new in client.get(f"/clubs/{club_id}").get_data(as_text=True)  # the manager's page
    with player.session_transaction() as held:
        assert held["cards"] == [[members, new]]
    again = _replace(player, f"/clubs/m/{members}/card/{new}")
    newer = again.headers["Location"].rsplit("/", 1)[-1]
    assert len({old, new, newer}) == 3
    assert player.get(f"/clubs/m/{members}/card/{new}").status_code == 404


def test_the_members_link_cannot_replace_anything(client, app):
    club_id = _make(client)
    members = _members(app, club_id)
    other = app.test_client()
    for which in ("manager", "members"):
        answer = other.post(f"/clubs/{members}/replace/{which}", data={"confirm": "yes"})
        assert answer.status_code == 404
    assert _members(app, club_id) == members


def test_the_manager_replaces_the_season_link_and_the_calendar_keeps_its_uids(client, app):
    club_id = _make(client)
    season_id = _season(client, club_id)
    _post(client, app, club_id, season_id, "nights", day="2026-01-09", venue="Anchor")
    old = _season_of(app, season_id).view_token
    uids = [
        str(e["uid"])
        for e in Calendar.from_ical(client.get(f"/seasons/s/{old}/calendar.ics").data).walk(
            "VEVENT"
        )
    ]
    _replace(client, f"/seasons/c/{club_id}/{season_id}")
    new = _season_of(app, season_id).view_token
    assert new != old
    for path in ("", "/calendar.ics", "/screen"):
        assert client.get(f"/seasons/s/{old}{path}").status_code == 404
        assert client.get(f"/seasons/s/{new}{path}").status_code == 200
    feed = Calendar.from_ical(client.get(f"/seasons/s/{new}/calendar.ics").data)
    assert [str(e["uid"]) for e in feed.walk("VEVENT")] == uids


def test_the_director_replaces_the_director_s_link_and_the_night_goes_on(client, app):
    night = Night(client, app, rounds=1)
    for pair in (("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")):
        night.check_in(*pair)
    night.draw_and_start()
    old = night.id
    screen = night.event().view_token
    done = _replace(client, f"/events/{old}")
    new = done.headers["Location"].rsplit("/", 1)[-1]
    assert new != old
    page = client.get(f"/events/{new}")
    assert page.status_code == 200 and "Link replaced" in page.get_data(as_text=True)
    assert client.get(f"/events/{old}").status_code == 404
    with client.session_transaction() as held:
        assert new in held["events"] and old not in held["events"]
    night.id = new
    night.play_round()  # its tables' games still count for it
    assert night.event().rounds[0].status == "done"
    assert client.get(f"/events/screen/{screen}").status_code == 200  # the screen link stays


def _foot(client, path: str) -> list[str]:
    """The links of the page foot's "My card" and "My club", as this phone is shown them."""
    page = client.get(path).get_data(as_text=True)
    foot = re.search(r'<footer class="foot">(.*?)</footer>', page, re.S).group(1)
    return re.findall(r'href="([^"]+)">My (?:card|club)<', foot)


def test_a_phone_lets_go_of_a_card_replaced_on_another_phone_once_it_finds_nothing(client, app):
    """Found: a card link replaced on another phone of its player (or a members' link the
    manager replaced) stayed in this phone's foot, "My card" and "My club" opening nothing
    for as long as the cookie lasts. Opened once, it is let go of."""
    club_id = _rated_club(client, app)
    members = _members(app, club_id)
    view = _view(app, club_id)
    old = view.club.card_token(view.members[0].anchor)
    other = view.club.card_token(view.members[1].anchor)
    here, there = app.test_client(), app.test_client()
    for phone in (here, there):
        phone.post(f"/clubs/m/{members}/card/{old}/me")  # "This is me" on both phones
    _replace(there, f"/clubs/m/{members}/card/{old}")
    assert _foot(here, "/games") == [f"/clubs/m/{members}/card/{old}", f"/clubs/m/{members}"]
    assert here.get(f"/clubs/m/{members}/card/{old}").status_code == 404  # "My card"
    assert _foot(here, "/games") == []
    # a members' link the manager replaced: "My club" finds nothing, and goes too
    here.post(f"/clubs/m/{members}/card/{other}/me")
    _replace(client, f"/clubs/{club_id}", nth=0)
    assert here.get(f"/clubs/m/{members}").status_code == 404  # "My club"
    assert _foot(here, "/games") == []
    with here.session_transaction() as held:
        assert held.get("cards") == []
