"""Issue 29: a club night may seed its Swiss round 1 and its playoff by the club's
ratings; a night of no club's, or seeded by standings, keeps check-in order."""

from __future__ import annotations

import itertools

import pytest

from scorepad.store.events import load_event
from scorepad.web.db import get_db
from tests.event_helpers import event_form
from tests.test_clubs import _file_games, _make

PAIRS = [("Ann", "Cy"), ("Bo", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]  # strongest first


def _club(client, app) -> str:
    club_id = _make(client)
    played = [
        ((PAIRS[a], PAIRS[b]), 0, 0.5)
        for _ in range(3)
        for a, b in itertools.combinations(range(4), 2)  # the stronger pair always wins
    ]
    _file_games(app, club_id, played)
    return club_id


def _round_one(client, app, **extra) -> list[set[str]]:
    r = client.post("/events/new", data=event_form(**extra))
    assert r.status_code == 302, r.get_data(as_text=True)
    event_id = r.headers["Location"].rsplit("/", 1)[-1]
    for pair in reversed(PAIRS):  # the weakest checks in first
        client.post(f"/events/{event_id}/checkin", data={"player_0": pair[0], "player_1": pair[1]})
    with app.app_context():
        event = load_event(get_db(), event_id)
    client.post(f"/events/{event_id}/draw", data={"revision": event.revision})
    with app.app_context():
        event = load_event(get_db(), event_id)
    names = {e.id: e.name for e in event.entrants}
    return [{names[side[0]] for side in m.sides} for m in event.round_matches(1)]


@pytest.mark.parametrize(
    ("seed_by", "in_club", "first_table"),
    [
        ("rating", True, {"Ann & Cy", "Bo & Di"}),
        ("standings", True, {"Gus & Hal", "Ed & Flo"}),
        ("rating", False, {"Gus & Hal", "Ed & Flo"}),  # no club: no ratings, check-in order
    ],
)
def test_round_one_is_seeded_as_the_night_says(client, app, seed_by, in_club, first_table):
    club_id = _club(client, app)
    extra = {"seed_by": seed_by, **({"club": club_id} if in_club else {})}
    assert _round_one(client, app, **extra)[0] == first_table


def test_a_night_seeded_by_rating_keeps_the_choice_in_its_file(client, app):
    import json

    club_id = _club(client, app)
    r = client.post("/events/new", data=event_form(seed_by="rating", club=club_id))
    event_id = r.headers["Location"].rsplit("/", 1)[-1]
    doc = json.loads(client.get(f"/events/{event_id}/event.json").get_data())
    assert doc["settings"]["seed_by"] == "rating"
    plain = client.post("/events/new", data=event_form())
    doc = json.loads(client.get(f"{plain.headers['Location']}/event.json").get_data())
    assert "seed_by" not in doc["settings"]  # files as they were before


def test_the_big_screen_and_the_table_s_game_show_each_side_s_chance(client, app):
    import re

    from tests.helpers import text

    club_id = _club(client, app)
    _round_one(client, app, seed_by="rating", club=club_id)
    with app.app_context():
        event_id = get_db().query("select id from events").__next__()["id"]
        event = load_event(get_db(), event_id)
    client.post(f"/events/{event_id}/start", data={"revision": event.revision})
    with app.app_context():
        event = load_event(get_db(), event_id)
    screen = text(client.get(f"/events/screen/{event.view_token}"))
    found = re.findall(r"chances (\d+)% : (\d+)%", screen)
    assert len(found) == 2
    game_id = event.round_matches(1)[0].game_id
    page = text(client.get(f"/games/{game_id}"))
    assert re.search(r"Chances to win, from the club's ratings: Ann & Cy \d+% · Bo & Di \d+%", page)


def test_a_night_seeded_by_rating_reads_its_club_before_the_write(client, app, monkeypatch):
    """The club's ratings are read outside the draw's write transaction: no other page
    waits on the write lock while a stale club is rated again (issue 39)."""
    from scorepad.store import club_view as views

    club_id = _club(client, app)
    views.forget_all()
    read = views._read
    inside: list[bool] = []

    def watched(db, *args, **kwargs):
        inside.append(db.conn.in_transaction)
        return read(db, *args, **kwargs)

    monkeypatch.setattr(views, "_read", watched)
    assert _round_one(client, app, seed_by="rating", club=club_id)[0] == {"Ann & Cy", "Bo & Di"}
    assert inside and not any(inside)
