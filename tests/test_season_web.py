"""A season's pages: the manager's (every change), the members' and the season link's
(read only: nothing changes by them, another club's token shows nothing), the big
screen, and the calendar feeds read back with icalendar (a moved night changes its
DTSTART and bumps its SEQUENCE)."""

from __future__ import annotations

import datetime as dt
import html
import re

import pytest
from icalendar import Calendar

from scorepad.core.rules import validate_rules
from scorepad.files import club as clubfile
from scorepad.store.club_commands.filing import file_event
from scorepad.store.clubs import load_club
from scorepad.store.events import load_event
from scorepad.store.seasons import load_season
from scorepad.web.db import get_db
from tests import pseudo
from tests.event_files import PAIRS
from tests.helpers import form_token, page_forms, text
from tests.test_clubs import _make
from tests.test_season_store import imported_night

pseudo.compile_shipped()  # the Spanish checks read the shipped catalogue


def _season(client, club_id: str, **extra) -> str:
    data = {"name": "Winter League", "kind": "pairs", "divisions": "A,B", "fixtures": "season"}
    r = client.post(f"/seasons/c/{club_id}/new", data={**data, **extra})
    assert r.status_code == 302, r.get_data(as_text=True)
    return r.headers["Location"].rsplit("/", 1)[-1]


def _season_of(app, season_id):
    with app.app_context():
        return load_season(get_db(), season_id)


def _club_seasons_of(app, club_id):
    with app.app_context():
        from scorepad.store.seasons import club_seasons

        return club_seasons(get_db(), club_id)


def _upload(client, doc: dict):
    import io
    import json

    body = {"file": (io.BytesIO(json.dumps(doc).encode()), "club.json")}
    return client.post("/clubs/import", data=body, content_type="multipart/form-data")


def _post(client, app, club_id, season_id, path, **data):
    data["revision"] = _season_of(app, season_id).revision
    return client.post(f"/seasons/c/{club_id}/{season_id}/{path}", data=data)


@pytest.fixture
def made(client, app):
    club_id = _make(client)
    season_id = _season(client, club_id, moves="1")
    for i, (a, b) in enumerate(PAIRS):
        _post(client, app, club_id, season_id, "entrants", player_0=a, player_1=b, division=i // 3)
    _post(
        client, app, club_id, season_id, "nights", day="2026-01-09", start="19:30", venue="Anchor"
    )
    _post(client, app, club_id, season_id, "nights", day="2026-01-16", venue="Bell")
    return club_id, season_id


def test_the_manager_builds_a_season(client, app, made):
    club_id, season_id = made
    season = _season_of(app, season_id)
    assert [e.name for e in season.division(1)] == ["Gus & Hal", "Ida & Jo"]
    page = client.get(f"/seasons/c/{club_id}/{season_id}").get_data(as_text=True)
    assert "Winter League" in page and "Ann &amp; Bo v" in page and "Anchor" in page
    assert "Gus &amp; Hal v Ida &amp; Jo" in page
    assert client.get(f"/seasons/c/{club_id}").status_code == 200
    r = _post(client, app, club_id, season_id, "nights/start", number="1")
    assert r.status_code == 302 and "/events/" in r.headers["Location"]
    assert _season_of(app, season_id).night(1).event_id


def test_a_stale_form_is_refused(client, app, made):
    club_id, season_id = made
    before = _season_of(app, season_id)
    r = client.post(
        f"/seasons/c/{club_id}/{season_id}/nights",
        data={"revision": 0, "day": "2026-03-01"},
        follow_redirects=True,
    )
    assert "changed since this page was loaded" in r.get_data(as_text=True)
    assert _season_of(app, season_id).nights == before.nights


def test_a_linked_night_counts_and_the_season_closes(client, app, made):
    club_id, season_id = made
    with app.app_context():
        event_id = imported_night(get_db())
        file_event(get_db(), club_id, event_id)
    r = _post(client, app, club_id, season_id, "nights/link", number="2", event=event_id)
    assert r.status_code == 302
    token = _season_of(app, season_id).view_token
    page = client.get(f"/seasons/s/{token}").get_data(as_text=True)
    assert "▲ up" in page and "▼ down" in page
    screen = client.get(f"/seasons/s/{token}/screen").get_data(as_text=True)
    assert "Ann &amp; Bo" in screen and f'data-poll="/seasons/s/{token}/screen/live"' in screen
    live = client.get(f"/seasons/s/{token}/screen/live")
    assert live.headers["ETag"] and "Ann &amp; Bo" in live.get_data(as_text=True)
    assert "<html" not in live.get_data(as_text=True)  # the standings alone, to swap in
    _post(client, app, club_id, season_id, "close")
    closed = _season_of(app, season_id).closed
    assert closed is not None
    page = client.get(f"/seasons/c/{club_id}/{season_id}").get_data(as_text=True)
    assert "Start the next season" in page
    follows = _season(client, club_id, name="Spring", follows=season_id)
    assert [e.number for e in _season_of(app, follows).division(0)] == list(closed[0])


def test_a_season_following_one_of_more_divisions_keeps_its_entrants_in_its_own(client, app):
    """A season of three divisions closed, the next made with one: its entrants came over
    into divisions 1 and 2, which it does not have (the club's file was then refused on
    import, "season 2: division: must be a whole number from 0 to 0"); they go to the
    last division it has, as when an edit takes a division away."""
    club_id = _make(client)
    season_id = _season(client, club_id, divisions="A,B,C")
    for i, (a, b) in enumerate(PAIRS[:3]):
        _post(client, app, club_id, season_id, "entrants", player_0=a, player_1=b, division=i)
    assert _post(client, app, club_id, season_id, "close").status_code == 302
    follows = _season(client, club_id, name="Spring", divisions="Only", follows=season_id)
    assert [e.division for e in _season_of(app, follows).entrants] == [0, 0, 0]
    doc = client.get(f"/clubs/{club_id}/club.json").get_data()
    assert [e[2] for e in clubfile.loads_club(doc).seasons[1].entrants] == [0, 0, 0]


def test_the_season_link_reads_only(client, app, made):
    club_id, season_id = made
    season = _season_of(app, season_id)
    token = season.view_token
    assert client.get(f"/seasons/s/{token}").status_code == 200
    # the season link opens no manager's page and makes no change
    assert client.get(f"/seasons/c/{token}/{season_id}").status_code == 404
    r = client.post(
        f"/seasons/c/{token}/{season_id}/nights", data={"revision": 4, "day": "2027-01-01"}
    )
    assert _season_of(app, season_id).revision == season.revision
    assert r.status_code in (302, 404)
    assert client.post(f"/seasons/s/{token}").status_code == 405


def test_the_members_link_and_another_clubs_token(client, app, made):
    club_id, season_id = made
    with app.app_context():
        members = load_club(get_db(), club_id).members_token
    assert "Winter League" in client.get(f"/clubs/m/{members}").get_data(as_text=True)
    assert client.get(f"/seasons/m/{members}/{season_id}").status_code == 200
    other = _make(client, "Other")
    with app.app_context():
        theirs = load_club(get_db(), other).members_token
    assert client.get(f"/seasons/m/{theirs}/{season_id}").status_code == 404
    assert client.get(f"/seasons/c/{other}/{season_id}").status_code == 404
    assert client.get("/seasons/s/nothing").status_code == 404


def _events(body: bytes) -> dict[str, object]:
    cal = Calendar.from_ical(body)
    return {str(e["summary"]): e for e in cal.walk("VEVENT")}


def test_the_calendar_feed_follows_a_moved_night(client, app, made):
    club_id, season_id = made
    token = _season_of(app, season_id).view_token
    r = client.get(f"/seasons/s/{token}/calendar.ics")
    assert r.mimetype == "text/calendar"
    first = _events(r.data)["Winter League, night 1"]
    assert first.decoded("dtstart") == dt.datetime(2026, 1, 9, 19, 30)
    assert str(first["location"]) == "Anchor" and int(first["sequence"]) == 0
    assert _events(r.data)["Winter League, night 2"].decoded("dtstart") == dt.date(2026, 1, 16)
    _post(
        client,
        app,
        club_id,
        season_id,
        "nights",
        number="1",
        day="2026-01-10",
        start="20:00",
        venue="Anchor",
    )
    moved = _events(client.get(f"/seasons/s/{token}/calendar.ics").data)["Winter League, night 1"]
    assert moved.decoded("dtstart") == dt.datetime(2026, 1, 10, 20, 0)
    assert int(moved["sequence"]) == 1 and str(moved["uid"]) == str(first["uid"])


def test_an_entrants_feed_names_its_table(client, app, made):
    club_id, season_id = made
    token = _season_of(app, season_id).view_token
    with app.app_context():
        event_id = imported_night(get_db())
        file_event(get_db(), club_id, event_id)
    _post(client, app, club_id, season_id, "nights/link", number="1", event=event_id)
    body = client.get(f"/seasons/s/{token}/e/1.ics").data
    described = {
        str(e["summary"]): str(e["description"]) for e in Calendar.from_ical(body).walk("VEVENT")
    }
    assert described["Winter League, night 1"] == "Table 1 in round 2."
    assert described["Winter League, night 2"] == "Tables are not drawn yet."
    assert client.get(f"/seasons/s/{token}/e/99.ics").status_code == 404


def test_no_calendar_entry_carries_a_link_s_token(client, app, made):
    """Calendar services keep and share UIDs: a UID with the season link's token in it
    leaked the link to whoever the calendar was shared with (issue 39, finding 2)."""
    club_id, season_id = made
    season = _season_of(app, season_id)
    with app.app_context():
        club = load_club(get_db(), club_id)
    secrets = {season.view_token, club.id, club.members_token, season.id}
    for path in ("calendar.ics", "e/1.ics"):
        body = client.get(f"/seasons/s/{season.view_token}/{path}").data.decode()
        assert not [s for s in secrets if s in body], path
        uids = [str(e["uid"]) for e in Calendar.from_ical(body).walk("VEVENT")]
        assert len(set(uids)) == 2
        again = client.get(f"/seasons/s/{season.view_token}/{path}").data.decode()
        assert [str(e["uid"]) for e in Calendar.from_ical(again).walk("VEVENT")] == uids


def test_the_club_file_keeps_the_season(client, app, made):
    import io
    import json

    club_id, season_id = made
    with app.app_context():
        event_id = imported_night(get_db())
        file_event(get_db(), club_id, event_id)
    _post(client, app, club_id, season_id, "nights/link", number="2", event=event_id)
    _post(client, app, club_id, season_id, "nights", number="1", day="2026-01-10", venue="Anchor")
    doc = json.loads(client.get(f"/clubs/{club_id}/club.json").data)
    (kept,) = doc["seasons"]
    assert kept["nights"][1]["night"] == 0 and kept["nights"][0]["sequence"] == 1
    body = {"file": (io.BytesIO(json.dumps(doc).encode()), "club.json")}
    r = client.post("/clubs/import", data=body, content_type="multipart/form-data")
    assert r.status_code == 302, r.get_data(as_text=True)
    new_club = r.headers["Location"].rsplit("/", 1)[-1]
    with app.app_context():
        from scorepad.store.seasons import club_seasons

        ((new_id, name),) = club_seasons(get_db(), new_club)
        again = load_season(get_db(), new_id)
    assert name == "Winter League" and len(again.entrants) == 5
    assert again.nights[1].event_id and again.nights[0].sequence == 1
    assert again.settings == _season_of(app, season_id).settings


def test_an_old_club_file_and_a_bad_season_are_read_as_before():
    from scorepad.core.errors import GameError
    from scorepad.files import club as clubfile

    old = {"scorepad_club": 1, "name": "Old", "roster": [], "games": [], "nights": []}
    assert clubfile.read(old).seasons == ()
    bad = [
        [1],
        [{"settings": {}, "name": ""}],
        [{"settings": {}, "name": "S", "closed": "x"}],
        [{"settings": {}, "name": "S", "nights": [{"number": 1, "day": "2026-01-01", "night": 0}]}],
        [{"settings": {}, "name": "S", "nights": [3]}],
        [{"settings": {}, "name": "S", "entrants": [{"number": 1}]}],
        [{"settings": {}, "name": "S", "entrants": [{"number": True, "players": ["A"]}]}],
        [{"settings": {}, "name": "S", "nights": "x"}],
    ]
    for seasons in bad:
        with pytest.raises(GameError):
            clubfile.read({**old, "seasons": seasons})
    good = {"settings": {"kind": "cutthroat", "divisions": ["A", "B"]}, "name": "S"}
    good["closed"] = [[1], []]
    good["entrants"] = [{"number": 1, "players": ["Al"], "division": 1}]
    good["nights"] = [{"number": 1, "day": "2026-01-01", "start": "19:00", "venue": "V"}]
    (read,) = clubfile.read({**old, "seasons": [good]}).seasons
    assert read.closed == ((1,), ()) and read.entrants == ((1, ("Al",), 1),)


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("kind", [], "kind: must be one of pairs, cutthroat"),
        ("kind", 0, "kind: must be one of pairs, cutthroat"),
        ("fixtures", False, "fixtures: must be one of"),
        ("playoff_format", {}, "playoff_format: must be one of"),
        ("best", {}, "best: must be a whole number"),
        ("best", False, "best: must be a whole number"),
        ("moves", [], "moves: must be a whole number"),
        ("playoff", "4", "playoff: must be a whole number"),
        ("divisions", [], "divisions: must be up to 12 different names"),
        ("divisions", "A,B", "divisions: must be up to 12 different names"),
        ("divisions", 0, "divisions: must be up to 12 different names"),
    ],
)
def test_a_season_setting_of_the_wrong_type_in_a_club_file_is_refused_naming_it(key, value, said):
    """A value of the wrong type is refused, naming its key: never read as the default a
    setting left out takes (a [] kind was read as pairs, a {} best as 0)."""
    from scorepad.core.errors import GameError
    from scorepad.files import club as clubfile

    doc = {"scorepad_club": 1, "name": "Old", "roster": [], "games": [], "nights": []}
    season = {"name": "S", "settings": {"kind": "pairs", "best": 3, key: value}}
    with pytest.raises(GameError) as refused:
        clubfile.read({**doc, "seasons": [season]})
    assert f"season 1: {said}" in str(refused.value)
    season["settings"] = {"kind": "pairs", key: None}  # null: as if left out
    (read,) = clubfile.read({**doc, "seasons": [season]}).seasons
    assert read.settings.kind == "pairs"


@pytest.mark.parametrize("playoff_format", ["single", "double"])
def test_the_manager_makes_the_playoff_night(client, app, made, playoff_format):
    from scorepad.store.events import load_event

    club_id, season_id = made
    with app.app_context():
        event_id = imported_night(get_db())
        file_event(get_db(), club_id, event_id)
    _post(client, app, club_id, season_id, "nights/link", number="1", event=event_id)
    form = {"name": "Winter League", "kind": "pairs", "divisions": "A", "playoff": "2"}
    form.update(fixtures="season", playoff_format=playoff_format)
    _post(client, app, club_id, season_id, "edit", **form)
    assert _season_of(app, season_id).settings.playoff_format == playoff_format
    assert "Make it the playoff night" in client.get(f"/seasons/c/{club_id}/{season_id}").get_data(
        as_text=True
    )
    r = _post(client, app, club_id, season_id, "playoff", number="2", division="0")
    assert r.status_code == 302 and "/events/" in r.headers["Location"], r.headers["Location"]
    director = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "Winter League, playoff" in director
    with app.app_context():
        night = load_event(get_db(), r.headers["Location"].rsplit("/", 1)[-1])
    assert night.settings.playoff_format == playoff_format


def test_the_entrant_form_offers_the_club_roster(client, app, made):
    club_id, season_id = made
    with app.app_context():
        file_event(get_db(), club_id, imported_night(get_db()))
    page = client.get(f"/seasons/c/{club_id}/{season_id}").get_data(as_text=True)
    assert '<datalist id="roster">' in page and '<option value="Ann">' in page


def test_the_manager_deletes_a_season(client, app, made):
    club_id, season_id = made
    import re

    # closing and deleting cannot be undone: each button is a second one, inside a fold-out
    page = client.get(f"/seasons/c/{club_id}/{season_id}").get_data(as_text=True)
    for action, yes in (("close", "Yes, close the season"), ("delete", "Yes, delete the season")):
        asked = re.search(
            rf'<details class="confirm"><summary role="button">[^<]+</summary>\s*'
            rf'<form method="post" action="[^"]*/{action}">.*?<button class="danger">{yes}</button>'
            r"</form></details>",
            page,
            re.S,
        )
        assert asked, action
    r = _post(client, app, club_id, season_id, "delete")
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/seasons/c/{club_id}")
    assert _season_of(app, season_id) is None
    assert client.get(f"/seasons/c/{club_id}/{season_id}").status_code == 404


def test_a_season_night_s_director_page_leads_to_the_season_s_standings(client, app, made):
    """The director of a night started from a season finds the season from its page: by
    the season's read-only link (the director may not be its manager), not the manager's."""
    import re

    club_id, season_id = made
    r = _post(client, app, club_id, season_id, "nights/start", number="1")
    director = client.get(r.headers["Location"]).get_data(as_text=True)
    season = _season_of(app, season_id)
    found = re.search(
        r"Night 1 of Winter League: <a href=\"([^\"]+)\">the season's standings", director
    )
    assert found and found.group(1) == f"/seasons/s/{season.view_token}"
    assert f"/seasons/c/{club_id}" not in director
    assert "Winter League" in client.get(found.group(1)).get_data(as_text=True)
    # a club night of no season says nothing of one
    from tests.event_helpers import event_form

    plain = client.post("/events/new", data=event_form())
    assert plain.status_code == 302 and "/events/" in plain.headers["Location"]
    page = client.get(plain.headers["Location"]).get_data(as_text=True)
    assert "Tuesday club" in page and "the season" not in page


def test_a_night_started_from_the_season_has_its_fixtures_drawn(client, app, made):
    import re

    from scorepad.store.events import load_event
    from tests.helpers import text

    club_id, season_id = made
    page = text(client.get(f"/seasons/c/{club_id}/{season_id}"))
    shown = re.findall(r"(\w+ & \w+) v (\w+ & \w+)", page.split("2026-01-16")[0])
    r = _post(client, app, club_id, season_id, "nights/start", number="1")
    event_id = r.headers["Location"].rsplit("/", 1)[-1]
    with app.app_context():
        night = load_event(get_db(), event_id)
    names = {e.id: e.name for e in night.entrants}
    tables = [tuple(names[side[0]] for side in m.sides) for m in night.round_matches(1)]
    assert tables == shown and len(tables) == 2  # division A's match, then division B's
    division_a = {"Ann & Bo", "Cy & Di", "Ed & Flo"}
    sits_out = division_a - set(tables[0])  # A's third pair: the round robin's bye
    assert [names[b] for b in night.rounds[0].byes] == sorted(sits_out)
    r = client.post(f"/events/{event_id}/start", data={"revision": night.revision})
    assert r.status_code == 302
    with app.app_context():
        started = load_event(get_db(), event_id)
    assert all(m.game_id for m in started.round_matches(1))


def test_a_night_stored_past_the_years_a_calendar_shows_leaves_the_feeds_working(client, app, made):
    """A date an older version let in (9999-12-31) is left out of the feeds, not a 500."""
    _, season_id = made
    token = _season_of(app, season_id).view_token
    with app.app_context():
        get_db().execute(
            "update season_nights set day = '9999-12-31' where season_id = ? and number = 1",
            [season_id],
        )
        get_db().conn.commit()
    for path in ("calendar.ics", "e/1.ics"):
        r = client.get(f"/seasons/s/{token}/{path}")
        assert r.status_code == 200, path
        events = _events(r.data)
        assert "Winter League, night 1" not in events and "Winter League, night 2" in events


@pytest.fixture
def divisions(client, app):
    """A club's pairs season of two divisions, its entrants in."""
    club_id = _make(client)
    season_id = _season(client, club_id)
    for i, (a, b) in enumerate(PAIRS):
        _post(client, app, club_id, season_id, "entrants", player_0=a, player_1=b, division=i // 3)
    _post(client, app, club_id, season_id, "nights", day="2026-01-09", venue="Anchor")
    return club_id, season_id


@pytest.mark.parametrize(
    "path,data,english,spanish",
    [
        ("edit", {"name": ""}, "Season name is missing", "Falta Nombre de la temporada"),
        ("entrants", {"player_0": " "}, "Player is missing", "Falta Jugador"),
        ("nights", {"day": ""}, "Date (YYYY-MM-DD) is missing", "Falta Fecha"),
    ],
)
def test_a_season_form_refused_names_its_field(
    client, app, divisions, path, data, english, spanish
):
    club_id, season_id = divisions
    before = _season_of(app, season_id)
    r = _post(client, app, club_id, season_id, path, **data)
    assert r.status_code == 302
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert f"{english}: nothing changed." in page
    client.set_cookie("lang", "es")
    _post(client, app, club_id, season_id, path, **data)
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert spanish in page and "no ha cambiado nada." in page
    assert _season_of(app, season_id) == before


@pytest.mark.parametrize(
    "field,label",
    [
        ("best", "Best nights counted (0: all)"),
        ("qualify", "Nights to be ranked"),
        ("moves", "Up and down at the end (0: none)"),
        ("playoff", "Playoff size (0: none)"),
    ],
)
def test_a_setting_out_of_range_is_refused_naming_its_field(client, app, divisions, field, label):
    """A number of the settings out of its range names the field, as its label reads,
    never "The season's settings" (which of the four?)."""
    club_id, season_id = divisions
    before = _season_of(app, season_id)
    data = {"name": "Winter League", "kind": "pairs", "divisions": "A,B", "fixtures": "season"}
    data |= {"best": "0", "qualify": "0", "moves": "0", "playoff": "0", "playoff_format": "single"}
    r = _post(client, app, club_id, season_id, "edit", **(data | {field: "-3"}))
    assert r.status_code == 302
    said = html.unescape(client.get(r.headers["Location"]).get_data(as_text=True))
    assert f"{label}: must be from 0 to" in said, re.findall(r"must be[^<]*", said)
    assert "The season's settings" not in said
    assert _season_of(app, season_id) == before


def test_the_seasons_club_night_chooser_names_each_night(client, app, divisions):
    club_id, season_id = divisions
    with app.app_context():
        event_id = imported_night(get_db())
        file_event(get_db(), club_id, event_id)
        screen = load_event(get_db(), event_id).view_token
    page = client.get(f"/seasons/c/{club_id}/{season_id}").get_data(as_text=True)
    # the night by its screen id (read only): the director's id is on no manager's page
    option = page[page.index(f'<option value="{screen}"') :].split("</option>")[0]
    assert screen[:8] not in option.split(">", 1)[1] and event_id[:8] not in page
    assert option.split(">", 1)[1].strip()


def test_a_night_started_from_the_season_plays_the_house_rules_chosen(client, app, made):
    """Start its club night offers the house rules the night is played under: scorepad's
    presets and the club's own; the night is made with them; a choice not offered is
    refused, naming the field, and makes no night; none sent is the usual rules."""
    import re

    from scorepad.store.club_commands.presets import save_preset
    from scorepad.store.events import load_event
    from tests.helpers import text

    club_id, season_id = made
    with app.app_context():
        save_preset(get_db(), club_id, None, "Thursday", {"target": 250, "bag_limit": 5})
    page = client.get(f"/seasons/c/{club_id}/{season_id}").get_data(as_text=True)
    offered = re.findall(r'<option value="([kc]:[^"]+)">([^<]+)</option>', page)
    assert ("k:league-300", "League 300") in offered and ("c:Thursday", "Thursday") in offered

    def night(number, **preset):
        r = _post(client, app, club_id, season_id, "nights/start", number=number, **preset)
        assert r.status_code == 302
        if "/events/" not in r.headers["Location"]:
            return None, text(client.get(r.headers["Location"]))
        with app.app_context():
            return load_event(get_db(), r.headers["Location"].rsplit("/", 1)[-1]), None

    refused, said = night("1", preset="c:Nobody")
    assert refused is None and "House rules" in said
    assert _season_of(app, season_id).night(1).event_id is None  # nothing made
    league, _ = night("1", preset="k:league-300")
    assert (league.rules.target, league.rules.tie_break, league.rules.min_table_bid) == (
        300,
        "last_bid",
        11,
    )
    club_rules, _ = night("2", preset="c:Thursday")
    assert (club_rules.rules.target, club_rules.rules.bag_limit) == (250, 5)
    _post(client, app, club_id, season_id, "nights", day="2026-01-23")
    usual, _ = night("3")
    assert usual.rules == validate_rules({})


def _guarded_post(client, path: str, **data):
    """A form sent as a page sends it, its CSRF token with it."""
    return client.post(path, data={"csrf_token": form_token(client.get("/clubs/new")), **data})


@pytest.fixture
def closed(guarded, guarded_app):
    """A season of pairs in two divisions, closed: made through the pages, CSRF on."""
    club_id = _guarded_post(guarded, "/clubs/new", name="Friday Spades").headers["Location"]
    club_id = club_id.rsplit("/", 1)[-1]
    form = {"name": "Winter League", "kind": "pairs", "divisions": "A,B", "fixtures": "season"}
    made = _guarded_post(guarded, f"/seasons/c/{club_id}/new", moves="1", **form)
    season_id = made.headers["Location"].rsplit("/", 1)[-1]
    base = f"/seasons/c/{club_id}/{season_id}"
    for i, (a, b) in enumerate(PAIRS):
        revision = _season_of(guarded_app, season_id).revision
        entrant = {"player_0": a, "player_1": b, "division": i // 3, "revision": revision}
        assert _guarded_post(guarded, f"{base}/entrants", **entrant).status_code == 302
    revision = _season_of(guarded_app, season_id).revision
    assert _guarded_post(guarded, f"{base}/close", revision=revision).status_code == 302
    return club_id, season_id


def _kept(app) -> list[dict]:
    with app.app_context():
        db = get_db()
        return [
            list(db.query(f"select * from {t} order by rowid"))
            for t in ("seasons", "season_entrants")
        ]


def _next_season_form(client, club_id, season_id) -> tuple[str, dict[str, str]]:
    page = client.get(f"/seasons/c/{club_id}/{season_id}").get_data(as_text=True)
    (form,) = page_forms(page, f"/seasons/c/{club_id}/new")
    assert "Start the next season</button>" in page
    return form


def test_the_next_season_keeps_the_closed_one_s_settings(guarded, guarded_app):
    """Start the next season carries every setting over (the league goes on as it was:
    its promotion and relegation, nights counted, qualifying and playoff), not only its
    kind, divisions, fixtures and playoff format."""
    club_id = _guarded_post(guarded, "/clubs/new", name="Friday Spades").headers["Location"]
    club_id = club_id.rsplit("/", 1)[-1]
    form = {"name": "Winter League", "kind": "pairs", "divisions": "A,B", "fixtures": "night"}
    numbers = {"best": "3", "qualify": "2", "moves": "1", "playoff": "4"}
    made = _guarded_post(guarded, f"/seasons/c/{club_id}/new", **form, **numbers)
    season_id = made.headers["Location"].rsplit("/", 1)[-1]
    before = _season_of(guarded_app, season_id)
    assert (before.settings.best, before.settings.playoff) == (3, 4)
    close = {"revision": before.revision}
    assert (
        _guarded_post(guarded, f"/seasons/c/{club_id}/{season_id}/close", **close).status_code
        == 302
    )
    action, fields = _next_season_form(guarded, club_id, season_id)
    following = guarded.post(action, data=fields)
    assert following.status_code == 302
    after = _season_of(guarded_app, following.headers["Location"].rsplit("/", 1)[-1])
    assert after.follows == season_id and after.settings == before.settings


def test_start_the_next_season_tapped_twice_makes_one(guarded, guarded_app, closed):
    """A double tap, two phones or a reload that sends the form again: one next season;
    the second is refused, saying so, and changes nothing."""
    club_id, season_id = closed
    action, fields = _next_season_form(guarded, club_id, season_id)
    first = guarded.post(action, data=fields)
    assert first.status_code == 302
    next_id = first.headers["Location"].rsplit("/", 1)[-1]
    assert _season_of(guarded_app, next_id).follows == season_id
    assert "Season made" in text(guarded.get(first.headers["Location"]))
    kept = _kept(guarded_app)
    again = guarded.post(action, data=fields)  # the same form, from the same page
    assert again.headers["Location"].endswith(f"/seasons/c/{club_id}/{season_id}")
    said = text(guarded.get(again.headers["Location"]))
    assert "This season has its next season already: nothing changed." in said
    assert "Season made" not in said
    assert _kept(guarded_app) == kept
    assert [s for s, _ in _club_seasons_of(guarded_app, club_id)] == [season_id, next_id]


def test_the_closed_season_links_its_next_season_and_offers_no_other(guarded, guarded_app, closed):
    club_id, season_id = closed
    action, fields = _next_season_form(guarded, club_id, season_id)
    next_id = guarded.post(action, data=fields).headers["Location"].rsplit("/", 1)[-1]
    page = guarded.get(f"/seasons/c/{club_id}/{season_id}").get_data(as_text=True)
    assert "Start the next season" not in page
    assert not page_forms(page, f"/seasons/c/{club_id}/new")
    link = re.search(r'Its next season: <a href="([^"]+)">([^<]+)</a>', page)
    assert link and link.groups() == (f"/seasons/c/{club_id}/{next_id}", "Winter League (next)")
    back = guarded.get(link.group(1)).get_data(as_text=True)
    assert f'It follows: <a href="/seasons/c/{club_id}/{season_id}">Winter League</a>' in back


def test_a_closed_season_draws_no_form_it_would_refuse(guarded, guarded_app, closed):
    """Nothing of a closed season changes: its page shows its nights and entrants (each in
    its division) and draws none of the forms that would only be refused (Move, Take off,
    Add a night, Enter, Save); each form it does draw goes through."""
    club_id, season_id = closed
    base = f"/seasons/c/{club_id}/{season_id}"
    revision = _season_of(guarded_app, season_id).revision
    night = {"day": "2026-01-09", "start": "19:30", "venue": "", "revision": revision}
    page = guarded.get(base).get_data(as_text=True)
    for refused in ("Move", "Take off", "Add a night", "Enter", "Save", "Start its club night"):
        assert f"<button>{refused}</button>" not in page
    said = text(guarded.get(base))
    assert "Ann & Bo · A" in said and PAIRS[-1][0] in said
    for action, fields in page_forms(page, ""):
        if action.endswith(("/delete", "/link")):
            continue  # they do what they say, and end the page (deleted, a new link)
        answer = guarded.post(action, data=fields)
        assert answer.status_code == 302, action
        assert "The season is closed" not in text(guarded.get(answer.headers["Location"]))
    # the commands still refuse a form from an older page (the season open then)
    old = _guarded_post(guarded, f"{base}/nights", **night)
    assert "The season is closed: nothing of it changes now." in text(
        guarded.get(old.headers["Location"])
    )


def test_deleting_the_next_season_lets_the_closed_one_be_followed_again(
    guarded, guarded_app, closed
):
    club_id, season_id = closed
    action, fields = _next_season_form(guarded, club_id, season_id)
    next_id = guarded.post(action, data=fields).headers["Location"].rsplit("/", 1)[-1]
    revision = _season_of(guarded_app, next_id).revision
    gone = _guarded_post(guarded, f"/seasons/c/{club_id}/{next_id}/delete", revision=revision)
    assert gone.status_code == 302 and _season_of(guarded_app, next_id) is None
    action, fields = _next_season_form(guarded, club_id, season_id)  # offered again
    again = guarded.post(action, data=fields)
    assert "Season made" in text(guarded.get(again.headers["Location"]))
    assert (
        _season_of(guarded_app, again.headers["Location"].rsplit("/", 1)[-1]).follows == season_id
    )


def test_the_club_file_keeps_which_season_follows_which(client, app, made):
    import json

    club_id, season_id = made
    assert _post(client, app, club_id, season_id, "close").status_code == 302
    next_id = _season(client, club_id, name="Spring", follows=season_id)
    _season(client, club_id, name="Summer")  # follows none
    doc = json.loads(client.get(f"/clubs/{club_id}/club.json").data)
    assert [s.get("follows", "none") for s in doc["seasons"]] == ["none", 0, "none"]
    r = _upload(client, doc)
    assert r.status_code == 302, r.get_data(as_text=True)
    new_club = r.headers["Location"].rsplit("/", 1)[-1]
    (winter, _), (spring, _), (summer, _) = _club_seasons_of(app, new_club)
    assert _season_of(app, spring).follows == winter and _season_of(app, summer).follows is None
    assert _season_of(app, next_id).follows == season_id  # the club exported is as it was
    page = client.get(f"/seasons/c/{new_club}/{winter}").get_data(as_text=True)
    assert f'Its next season: <a href="/seasons/c/{new_club}/{spring}">Spring</a>' in page
    assert "Start the next season" not in page
    r = client.post(
        f"/seasons/c/{new_club}/new",
        data={
            "name": "Again",
            "kind": "pairs",
            "divisions": "A,B",
            "fixtures": "season",
            "follows": winter,
        },
        follow_redirects=True,
    )
    assert "This season has its next season already: nothing changed." in text(r)
    assert len(_club_seasons_of(app, new_club)) == 3


FOLLOWS_FILE = {"scorepad_club": 1, "name": "Old", "roster": [], "games": [], "nights": []}


def _follows_seasons(*follows) -> list[dict]:
    """Seasons of a file, the first closed, the others open, following as given."""
    seasons = []
    for i, index in enumerate(follows):
        season = {"name": f"S{i}", "settings": {"kind": "cutthroat", "divisions": ["A"]}}
        season["closed"] = [[]] if i == 0 else None
        if index != "absent":
            season["follows"] = index
        seasons.append(season)
    return seasons


@pytest.mark.parametrize(
    ("follows", "words"),
    [
        (("absent", "0"), "season 2: follows: must be a whole number from 0 to 1"),
        (("absent", 1.0), "season 2: follows: must be a whole number from 0 to 1"),
        (("absent", True), "season 2: follows: must be a whole number from 0 to 1"),
        (("absent", -1), "season 2: follows: must be a whole number from 0 to 1"),
        (("absent", 2), "season 2: follows: must be a whole number from 0 to 1"),
        (("absent", 1), "follows: season 2 follows itself"),
        ((1, "absent"), "follows: season 1 follows season 2, which is not closed"),
        (("absent", 0, 0), "follows: seasons 2 and 3 both follow season 1"),
    ],
)
def test_a_bad_follows_is_refused_naming_it(client, follows, words):
    from scorepad.core.errors import GameError

    doc = {**FOLLOWS_FILE, "seasons": _follows_seasons(*follows)}
    with pytest.raises(GameError, match="follows") as caught:
        clubfile.read(doc)
    assert str(caught.value) == words
    r = _upload(client, doc)  # the import page says it, and makes nothing
    assert r.status_code == 400 and words in html.unescape(r.get_data(as_text=True))


def test_closed_seasons_that_follow_each_other_round_a_ring_are_refused(client):
    """Each follows a closed season, none followed twice, and yet no season came first."""
    from scorepad.core.errors import GameError

    seasons = _follows_seasons(2, 0, 1)
    for season in seasons:
        season["closed"] = [[]]
    doc = {**FOLLOWS_FILE, "seasons": seasons}
    words = "follows: season 1 follows itself, through the seasons it follows"
    with pytest.raises(GameError, match="follows") as caught:
        clubfile.read(doc)
    assert str(caught.value) == words
    r = _upload(client, doc)
    assert r.status_code == 400 and words in html.unescape(r.get_data(as_text=True))


@pytest.mark.parametrize("follows", [("absent", "absent"), (None, None), ("absent", 0)])
def test_a_file_without_follows_or_with_a_good_one_imports(client, app, follows):
    doc = {**FOLLOWS_FILE, "seasons": _follows_seasons(*follows)}
    read = clubfile.read(doc).seasons
    assert [s.follows for s in read] == [None if f in ("absent", None) else f for f in follows]
    r = _upload(client, doc)
    assert r.status_code == 302, r.get_data(as_text=True)
    new_club = r.headers["Location"].rsplit("/", 1)[-1]
    first, second = (sid for sid, _ in _club_seasons_of(app, new_club))
    assert _season_of(app, second).follows == (first if follows[1] == 0 else None)


def test_a_season_of_the_longest_name_starts_its_next_season(guarded, guarded_app, closed):
    """A season named to the most a name may be (80 characters): its next season's name
    ("... (next)") is cut short to fit, so the button is not always refused."""
    club_id, season_id = closed
    long = "Winter League of the Thursday Night Spades Club at the Anchor and Bell, Old Town"
    assert len(long) == 80
    revision = _season_of(guarded_app, season_id).revision
    with guarded_app.app_context():
        get_db().execute("update seasons set name = ? where id = ?", [long, season_id])
    action, fields = _next_season_form(guarded, club_id, season_id)
    made = guarded.post(action, data=fields)
    assert "Season made." in text(guarded.get(made.headers["Location"]))
    name = _season_of(guarded_app, made.headers["Location"].rsplit("/", 1)[-1]).name
    assert len(name) <= 80 and name.startswith("Winter League of") and name.endswith("… (next)")
    assert revision == _season_of(guarded_app, season_id).revision


@pytest.mark.parametrize(
    ("path", "fields"),
    [
        ("nights", {"day": "2026-02-06"}),
        ("nights/remove", {"number": "1"}),
        ("entrants", {"player_0": "Zed", "player_1": "Yan"}),
        ("edit", {"name": "Renamed", "kind": "pairs", "divisions": "A,B", "fixtures": "season"}),
    ],
)
def test_a_form_of_a_page_loaded_before_the_season_closed_is_told_it_is_closed(
    client, app, made, path, fields
):
    """A phone's page of the open season sends a form after another closed it: refused as
    closed (docs/seasons.md), not as a page to load again, which would show nothing new."""
    club_id, season_id = made
    before = _season_of(app, season_id).revision
    _post(client, app, club_id, season_id, "close")
    sent = client.post(
        f"/seasons/c/{club_id}/{season_id}/{path}", data={"revision": before, **fields}
    )
    said = text(client.get(sent.headers["Location"]))
    assert "The season is closed: nothing of it changes now." in said
    assert "The season changed since this page was loaded" not in said
