"""Issue 39, finding 2: one set of limits (core/limits.py), read by the web's commands and
by the club file's readers alike: a club filled to every limit through the web's own
pages exports, and its file restores into a fresh database (CSRF on) equal to it; one
more of anything is refused on the web, naming the field and the limit."""

from __future__ import annotations

import io
import json
import shutil

import pytest

from scorepad import create_app
from scorepad.core import limits
from scorepad.core.errors import GameError
from scorepad.files import club as clubfile
from tests.event_files import pairs_night
from tests.event_helpers import event_form
from tests.helpers import form_token, new_game_form, play, text
from tests.test_clubs import _make
from tests.test_season_web import _post, _season

# Small limits, so a club is filled to each through the pages in a test's time.
SMALL = {
    "CLUB_GAMES": 3,
    "CLUB_NIGHTS": 2,
    "CLUB_PRESETS": 2,
    "CLUB_SEASONS": 2,
    "SEASON_NIGHTS": 3,
    "SEASON_ENTRANTS": 4,
}
PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal"), ("Ida", "Jo")]


@pytest.fixture
def small(monkeypatch):
    for name, value in SMALL.items():
        monkeypatch.setattr(limits, name, value)


def _game(client, club_id: str) -> str:
    r = client.post("/games/new", data=new_game_form(club=club_id))
    assert r.status_code == 302, text(r)
    return r.headers["Location"].rsplit("/", 1)[-1]


def _night(client, club_id: str):
    return client.post("/events/new", data=event_form(club=club_id))


def _preset(client, club_id: str, game_id: str, name: str, replace: bool = False):
    data = {"name": name, "club": club_id, **({"replace": "1"} if replace else {})}
    return client.post(f"/games/{game_id}/preset", data=data)


def _flashed(client, response) -> str:
    assert response.status_code == 302, text(response)
    return text(client.get(response.headers["Location"]))


def _full_club(client, app) -> tuple[str, str, str]:
    """A club at every limit, filled through the pages: its id, a game and a season."""
    club_id = _make(client)
    games = [_game(client, club_id) for _ in range(limits.CLUB_GAMES)]
    play(client, games[0], 1, [3, 3, 3, 4], [3, 3, 4, 3])
    for _ in range(limits.CLUB_NIGHTS):
        assert _night(client, club_id).status_code == 302
    for i in range(limits.CLUB_PRESETS):
        assert "Preset saved" in _flashed(client, _preset(client, club_id, games[0], f"League {i}"))
    seasons = [_season(client, club_id, name=f"Season {i}") for i in range(limits.CLUB_SEASONS)]
    for day in range(1, limits.SEASON_NIGHTS + 1):
        r = _post(client, app, club_id, seasons[0], "nights", day=f"2026-01-{day:02}", venue="Bell")
        assert r.status_code == 302
    for a, b in PAIRS[: limits.SEASON_ENTRANTS]:
        r = _post(client, app, club_id, seasons[0], "entrants", player_0=a, player_1=b, division=0)
        assert r.status_code == 302
    return club_id, games[0], seasons[0]


def test_a_club_at_every_limit_restores_equal_into_a_fresh_database(
    small, client, app, tmp_path, migrated
):
    club_id, _, _ = _full_club(client, app)
    body = client.get(f"/clubs/{club_id}/club.json").get_data()
    doc = json.loads(body)
    assert [len(doc[key]) for key in ("games", "nights", "presets", "seasons")] == [3, 2, 2, 2]
    assert len(doc["seasons"][0]["nights"]) == 3 and len(doc["seasons"][0]["entrants"]) == 4

    fresh_db = tmp_path / "fresh.db"
    shutil.copyfile(migrated, fresh_db)
    fresh = create_app({"TESTING": True, "DATABASE": str(fresh_db), "SECRET_KEY": "other"})
    phone = fresh.test_client()  # CSRF on, as served
    token = form_token(phone.get("/clubs/import"))
    r = phone.post(
        "/clubs/import",
        data={"csrf_token": token, "file": (io.BytesIO(body), "club.json")},
        content_type="multipart/form-data",
    )
    assert r.status_code == 302, text(r)
    new_id = r.headers["Location"].rsplit("/", 1)[-1]
    assert json.loads(phone.get(f"/clubs/{new_id}/club.json").get_data()) == doc


@pytest.mark.parametrize(
    ("one_more", "words"),
    [
        ("game", "Games: a club holds at most 3 games filed alone."),
        ("night", "Club nights: a club holds at most 2 nights."),
        ("preset", "Presets: a club holds at most 2 presets."),
        ("season", "Seasons: a club holds at most 2 seasons."),
        ("season_night", "The season's nights: a season holds at most 3 nights."),
        ("entrant", "Entrants: a season holds at most 4 entrants."),
        ("game file", "Games: a club holds at most 3 games filed alone."),
        ("night file", "Club nights: a club holds at most 2 nights."),
        ("season's night started", "Club nights: a club holds at most 2 nights."),
    ],
)
def test_one_more_than_a_limit_is_refused_on_the_web_naming_the_field(
    small, client, app, one_more, words
):
    club_id, game_id, season_id = _full_club(client, app)
    before = client.get(f"/clubs/{club_id}/club.json").get_data()
    if one_more == "game":
        r = client.post("/games/new", data=new_game_form(club=club_id))
        assert r.status_code == 400 and words in text(r)
    elif one_more == "night":
        r = _night(client, club_id)
        assert r.status_code == 400 and words in text(r)
    elif one_more == "preset":
        assert words in _flashed(client, _preset(client, club_id, game_id, "One more"))
        # one of a name the club has already, replaced when asked: no more presets than before
        again = _preset(client, club_id, game_id, "League 0", replace=True)
        assert "Preset saved" in _flashed(client, again)
    elif one_more == "season":
        data = {"name": "One more", "kind": "pairs", "divisions": "A", "fixtures": "season"}
        r = client.post(f"/seasons/c/{club_id}/new", data=data)
        assert words in (text(r) if r.status_code == 400 else _flashed(client, r))
    elif one_more == "season_night":
        r = _post(client, app, club_id, season_id, "nights", day="2026-02-01", venue="Bell")
        assert words in _flashed(client, r)
    elif one_more in ("game file", "night file"):
        game = client.get(f"/games/{game_id}/export.json").data
        body = game if one_more == "game file" else json.dumps(pairs_night()).encode()
        if one_more == "game file":  # another game than the club's own: not "already in"
            body = body.replace(b'"Alice"', b'"Zoe"')
        data = {"file": (io.BytesIO(body), "file.json")}
        r = client.post(f"/clubs/{club_id}/import", data=data, content_type="multipart/form-data")
        assert words in _flashed(client, r)
    elif one_more == "season's night started":
        r = _post(client, app, club_id, season_id, "nights/start", number="1")
        assert words in _flashed(client, r)
    else:
        a, b = PAIRS[limits.SEASON_ENTRANTS]
        r = _post(client, app, club_id, season_id, "entrants", player_0=a, player_1=b, division=0)
        assert words in _flashed(client, r)
    assert client.get(f"/clubs/{club_id}/club.json").get_data() == before  # nothing written


@pytest.mark.parametrize(
    ("key", "field"),
    [("games", "games"), ("nights", "nights"), ("presets", "presets"), ("seasons", "seasons")],
)
def test_a_club_file_over_a_limit_is_refused_naming_the_field_and_the_limit(small, key, field):
    doc = {"scorepad_club": 1, "name": "Friday", "roster": [], key: [{}] * (SMALL_OF[key] + 1)}
    with pytest.raises(GameError, match=f"{field}: a club holds at most {SMALL_OF[key]} "):
        clubfile.read(doc)


SMALL_OF = {"games": 3, "nights": 2, "presets": 2, "seasons": 2}


def test_the_club_file_is_written_compactly(client, app):
    club_id = _make(client)
    _game(client, club_id)
    body = client.get(f"/clubs/{club_id}/club.json").get_data(as_text=True)
    assert "\n " not in body and ", " not in body.replace('", "', "")
