"""Issue 26, what to build 3: every GET route of the app (taken from its
url_map, not a list kept by hand), for a club night whose clock has run out and its
tables' games, writes nothing: the file is the same before and after, and from a
read-only database or on a full disk each still answers 200 (never 503 or 507)."""

from __future__ import annotations

import re
import sqlite3
import time

import pytest

import scorepad.web.db
from scorepad.store import storage
from tests.event_helpers import Night
from tests.helpers import bid_form, disk_full, dump_rows, seat_links

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal"), ("Ida", "Jo")]
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


def _club(app, event_id: str) -> tuple[str, str, str]:
    """A club the night is filed into (issue 29): its id, members' id and a card's key."""
    from scorepad.store.club_commands import clubs, filing
    from scorepad.store.club_view import club_view
    from scorepad.web.db import get_db

    with app.app_context():
        club_id = clubs.create_club(get_db(), "Tuesday club")
        filing.file_event(get_db(), club_id, event_id)
        view = club_view(get_db(), club_id)
        return club_id, view.club.members_token, view.club.card_token(view.members[0].anchor)


def _season(app, club_id: str, event_id: str) -> tuple[str, str]:
    """A season of the club with this night as its night 1 and a pair entered: its id
    and its read-only link's token."""
    from scorepad.store.season_commands import entrants, nights, seasons
    from scorepad.store.seasons import load_season
    from scorepad.web.db import get_db

    with app.app_context():
        db = get_db()
        season_id = seasons.create_season(db, club_id, "Winter", {})
        entrants.add_entrant(db, club_id, season_id, 0, list(PAIRS[0]), 0)
        nights.add_night(db, club_id, season_id, 1, "2026-01-09", "19:30", "Anchor")
        nights.link_night(db, club_id, season_id, 2, 1, event_id)
        return season_id, load_season(db, season_id).view_token


def _tokens(app, night: Night, game_id: str, seat: str) -> dict[str, str]:
    """The token each family of routes takes, for this night and its first table."""
    event = night.event()
    share = night.game(game_id).share_token
    _, members, _ = night.club
    return {
        "seasons.": night.season[1],
        "clubs.": members,
        "events.join": event.checkin_token,
        "seats.": seat,
        "pages.watch": share,
        "events.": event.view_token,
    }


def _paths(app, night: Night, game_id: str, seat: str) -> list[str]:
    """Every GET rule of the app, its values filled in for this night's first table."""
    event = night.event()
    tokens = _tokens(app, night, game_id, seat)
    club_id, members, card = night.club
    values = {"event_id": event.id, "game_id": game_id, "number": 1, "filename": "app.css"}
    values |= {"club_id": club_id, "members": members, "season_id": night.season[0]}
    paths = []
    for rule in app.url_map.iter_rules():
        if "GET" not in (rule.methods or ()):
            continue
        token = (
            next(t for prefix, t in tokens.items() if rule.endpoint.startswith(prefix))
            if ("token" in rule.arguments)
            else ""
        )
        token = card if rule.endpoint == "clubs.card" else token
        args = {k: v for k, v in (values | {"token": token}).items() if k in rule.arguments}
        paths.append(rule.build(args)[1])
    # a played hand's own pages, and the series with this night in it
    paths += [f"/games/{game_id}/hands/2/dealer", f"/games/{game_id}/hands/1/renege"]
    paths.append(f"/events/series?night={event.view_token}")
    return paths


@pytest.fixture
def ran_out(app, client, monkeypatch):
    """A night of five pairs, round 1 playing, one table a hand in, the other with bids
    waiting and seat links on (one claimed), and the round's clock past its time."""
    night = Night(client, app, round_minutes=30, playoff=2)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    one, two = night.round()
    night.hand(one.game_id, 7)
    night.hand(two.game_id, 6)
    client.post(f"/games/{two.game_id}/bids", data=bid_form(2, (3, 3, 3, 3)))
    tokens = seat_links(client, one.game_id)
    page = client.get(f"/seat/{tokens[0]}").get_data(as_text=True)
    name = re.search(r'name="name" value="([^"]*)"', page).group(1)
    assert client.post(f"/seat/{tokens[0]}/claim", data={"name": name}).status_code == 302
    night.club = _club(app, night.event().id)
    night.season = _season(app, night.club[0], night.event().id)
    started = night.event().current.started_at
    monkeypatch.setattr(time, "time", lambda: started + 31 * 60)
    paths = _paths(app, night, one.game_id, tokens[0])
    paths.append(f"/seat/{tokens[1]}")  # a seat not claimed: its page offers the tap
    paths += [p.replace(one.game_id, two.game_id) for p in paths if one.game_id in p]
    assert len(paths) >= 60
    return paths


# Not pages of the night: the home page sends a phone on; no CA is made in the tests
ELSEWHERE = {"/": 302, "/ca": 404, "/ca.crt": 404}


def _answers(client, paths) -> dict[str, int]:
    """The paths not answering 200, but for those that never do."""
    found = {}
    for path in paths:
        storage.forget_all()  # read from the file, as a restarted server would
        found[path] = client.get(path).status_code
    return {p: s for p, s in found.items() if s != 200 and ELSEWHERE.get(p) != s}


def test_no_get_route_writes_when_the_clock_ran_out(app, client, ran_out):
    before = dump_rows(app.config["DATABASE"])
    assert _answers(client, ran_out) == {}
    assert dump_rows(app.config["DATABASE"]) == before


def _a_save(client, paths) -> int:
    """A table's bids for its next hand: the write a GET must never need."""
    game = next(p for p in paths if p.endswith("/history")).rsplit("/", 1)[0]
    return client.post(f"{game}/bids", data=bid_form(2, (3, 3, 3, 3))).status_code


class _FullDisk(sqlite3.Connection):
    """A connection whose every write fails as a full disk does."""

    def execute(self, sql, *args):  # type: ignore[no-untyped-def, override]
        if sql.lstrip().split(None, 1)[0].upper() in WRITES + ("COMMIT",):
            disk_full()
        return super().execute(sql, *args)

    def executemany(self, sql, *args):  # type: ignore[no-untyped-def, override]
        disk_full()


def _every_connection(monkeypatch, change) -> None:
    original = scorepad.web.db.connect

    def changed(path, **kwargs):
        return change(original(path, **kwargs))

    monkeypatch.setattr(scorepad.web.db, "connect", changed)
    scorepad.web.db.forget()


def test_every_get_route_answers_from_a_read_only_database(app, client, ran_out, monkeypatch):
    def query_only(db):
        db.execute("pragma query_only = on")
        return db

    _every_connection(monkeypatch, query_only)
    assert _answers(client, ran_out) == {}
    assert _a_save(client, ran_out) == 503  # the database did refuse writes


def test_every_get_route_answers_on_a_full_disk(app, client, ran_out, monkeypatch):
    real = sqlite3.connect

    def connect(*args, **kwargs):
        return real(*args, **kwargs, factory=_FullDisk)

    monkeypatch.setattr(scorepad.store.db.sqlite3, "connect", connect)
    scorepad.web.db.forget()
    assert _answers(client, ran_out) == {}
    assert _a_save(client, ran_out) == 507  # the disk did refuse writes
