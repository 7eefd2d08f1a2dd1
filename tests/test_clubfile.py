"""The club file's reader (docs/clubs.md) names the part at fault in every refusal."""

from __future__ import annotations

import html
import io
import json

import pytest

from scorepad.core.errors import GameError
from scorepad.files import club as clubfile
from scorepad.web.db import get_db
from tests.club_files import CLUB
from tests.event_files import pairs_night
from tests.helpers import file_through_page, form_token
from tests.ratings_club import game_file

GAME = game_file((("Ann", "Cy"), ("Bo", "Di")), 0)


@pytest.mark.parametrize(
    ("doc", "field", "words"),
    [
        ([], "scorepad_club", "is not a scorepad club file"),
        ({"scorepad_club": 2, "name": "x"}, "scorepad_club", "version 1"),
        ({"scorepad_club": 1, "name": 3}, "name", "must be text"),
        ({"scorepad_club": 1, "name": "x", "games": {}}, "games", "must be a list"),
        ({"scorepad_club": 1, "name": "x", "nights": [1] * 501}, "nights", "at most 500"),
        ({"scorepad_club": 1, "name": "x", "games": [GAME, {"mode": "x"}]}, "game", "game 2:"),
        ({"scorepad_club": 1, "name": "x", "nights": [{}]}, "night", "night 1:"),
        ({"scorepad_club": 1, "name": "x", "roster": 3}, "roster", "not a list of players"),
        ({"scorepad_club": 1, "name": "x", "roster": [3]}, "roster", "not a list of players"),
        ({"scorepad_club": 1, "name": "x", "roster": [{"names": 3}]}, "roster", "not a list"),
    ],
)
def test_a_file_that_is_not_a_club_is_refused_naming_the_part(doc, field, words):
    with pytest.raises(GameError) as err:
        clubfile.read(doc)
    assert err.value.field == field
    assert words in str(err.value)


@pytest.mark.parametrize(
    ("text", "words"),
    [(b"{", "is not JSON"), (b"[" * 100_000 + b"]" * 100_000, "nested too deep")],
)
def test_text_that_is_not_json_is_refused(text, words):
    with pytest.raises(GameError) as err:
        clubfile.loads_club(text)
    assert words in str(err.value) and err.value.field == "file"


def test_a_file_over_the_limit_is_refused_before_it_is_read():
    with pytest.raises(GameError) as err:
        clubfile.loads_club(b" " * (clubfile.MAX_BYTES + 1))
    assert err.value.field == "file"


def test_a_club_file_reads_back_what_it_holds():
    doc = {"scorepad_club": 1, "name": "Friday", "games": [GAME], "nights": []}
    club = clubfile.loads_club(json.dumps(doc))
    assert club.name == "Friday" and len(club.games) == 1 and club.nights == ()


def _club_text() -> str:
    return json.dumps(CLUB)


# A club file holds game files and event files: its JSON is read as theirs is.
CLUB_TEXTS = [
    (_club_text().replace('"name": ', '"name": "Other", "name": ', 1), "'name' appears twice"),
    (_club_text().replace('"tricks_by": ', '"tricks_by": 1, "tricks_by": ', 1), "appears twice"),
    (_club_text().encode("utf-16"), "is not UTF-8 text"),
    (_club_text().replace('"target": 300', '"target": ' + "9" * 5000, 1), "5000 digits"),
]


@pytest.mark.parametrize(("text", "said"), CLUB_TEXTS)
def test_a_club_file_s_json_is_read_as_a_game_file_s_is(text, said):
    with pytest.raises(GameError, match=said) as caught:
        clubfile.loads_club(text)
    assert "sys." not in str(caught.value)  # never Python's own advice


@pytest.mark.parametrize(("text", "said"), CLUB_TEXTS)
def test_a_club_file_s_json_refused_on_the_page_writes_nothing(guarded, guarded_app, text, said):
    body = text if isinstance(text, bytes) else text.encode()
    r = file_through_page(guarded, "/clubs/import", body, "club.json")
    assert r.status_code == 400 and said in html.unescape(r.get_data(as_text=True))
    with guarded_app.app_context():
        assert [get_db()[t].count for t in ("clubs", "games", "events", "seasons")] == [0] * 4


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (json.dumps(pairs_night()).replace('"rounds": [', '"rounds": [], "rounds": [', 1), "twice"),
        (json.dumps(pairs_night()).encode("utf-16"), "UTF-8"),
    ],
)
def test_a_night_file_brought_into_a_club_is_read_as_on_its_own(guarded, guarded_app, text, said):
    token = form_token(guarded.get("/clubs/new"))
    made = guarded.post("/clubs/new", data={"csrf_token": token, "name": "Friday"})
    club = made.headers["Location"]
    body = text if isinstance(text, bytes) else text.encode()
    data = {"csrf_token": form_token(guarded.get(club)), "file": (io.BytesIO(body), "n.json")}
    r = guarded.post(f"{club}/import", data=data, content_type="multipart/form-data")
    assert r.status_code == 302 and said in html.unescape(guarded.get(club).get_data(as_text=True))
    with guarded_app.app_context():
        assert [get_db()[t].count for t in ("club_events", "events", "games")] == [0] * 3
