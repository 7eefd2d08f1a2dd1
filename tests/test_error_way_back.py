"""An error page leads back to where its phone was (issue 39, finding 4): a club's or a
season's page that refuses (a form that expired, a card link mistyped) offered "Back to
your games"; it leads back to the club, the season or the night instead."""

from __future__ import annotations

import re

from scorepad.store.clubs import load_club
from scorepad.web.db import get_db
from tests.event_helpers import event_form


def _back(response) -> tuple[str, str]:
    """The link the error page offers, under its message: its address and words."""
    page = response.get_data(as_text=True)
    found = re.search(r'role="alert">.*?</p>\s*<p><a href="([^"]+)">([^<]+)</a></p>', page, re.S)
    assert found, page
    return found.group(1), found.group(2)


def _club(client) -> str:
    r = client.post("/clubs/new", data={"name": "Friday Spades"})
    return r.headers["Location"].rsplit("/", 1)[-1]


def test_a_club_form_that_expired_leads_back_to_the_club(guarded_app):
    manager = guarded_app.test_client()
    page = manager.get("/clubs/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
    made = manager.post("/clubs/new", data={"name": "Friday Spades", "csrf_token": token})
    club_id = made.headers["Location"].rsplit("/", 1)[-1]
    refused = manager.post(f"/clubs/{club_id}/rename", data={"name": "x"})  # no form token
    assert refused.status_code == 400
    assert _back(refused) == (f"/clubs/{club_id}", "Back to the club")
    season = manager.post(f"/seasons/c/{club_id}/s1/nights", data={})
    assert _back(season) == (f"/seasons/c/{club_id}/s1", "Back to the season")


def test_a_mistyped_card_link_leads_back_to_the_members_page(app, client):
    club_id = _club(client)
    with app.app_context():
        members = load_club(get_db(), club_id).members_token
    missing = client.get(f"/clubs/m/{members}/card/nobody")
    assert missing.status_code == 404
    assert _back(missing) == (f"/clubs/m/{members}", "Back to the club")


def test_a_missing_season_leads_back_to_its_club(client):
    club_id = _club(client)
    missing = client.get(f"/seasons/c/{club_id}/nothing")
    assert missing.status_code == 404
    assert _back(missing) == (f"/clubs/{club_id}", "Back to the club")


def test_a_night_s_refusal_leads_back_to_the_director_and_a_game_s_to_the_games(client):
    made = client.post("/events/new", data=event_form())
    event_id = made.headers["Location"].rsplit("/", 1)[-1]
    missing = client.get(f"/events/{event_id}/rounds/9/sheets")
    assert _back(missing) == (f"/events/{event_id}", "Back to the night")
    assert _back(client.get("/games/nothing-here")) == ("/games", "Back to your games")
