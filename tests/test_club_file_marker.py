"""Issue 39, finding 4: a club file's marker is exactly the number 1, a season's name is
text, and a night or entrant number listed twice in a season is named; each refused
through the import page (CSRF on) with a message naming the field, nothing written."""

from __future__ import annotations

import io
import json

import pytest

from tests.helpers import form_token, text

SEASON = {
    "name": "Winter League",
    "settings": {"kind": "pairs", "divisions": ["A"]},
    "closed": None,
    "nights": [
        {"number": 1, "day": "2026-01-09", "start": "", "venue": "", "night": None},
        {"number": 2, "day": "2026-01-16", "start": "", "venue": "", "night": None},
    ],
    "entrants": [
        {"number": 1, "players": ["Ann", "Bo"], "division": 0},
        {"number": 2, "players": ["Cy", "Di"], "division": 0},
    ],
}


def _club(**changes) -> dict:
    return {"scorepad_club": 1, "name": "Friday", "roster": [], "seasons": [SEASON], **changes}


def _import(client, doc):
    token = form_token(client.get("/clubs/import"))
    body = json.dumps(doc).encode()
    return client.post(
        "/clubs/import",
        data={"csrf_token": token, "file": (io.BytesIO(body), "club.json")},
        content_type="multipart/form-data",
    )


def test_a_well_made_club_file_imports(guarded):
    r = _import(guarded, _club())
    assert r.status_code == 302, text(r)


@pytest.mark.parametrize("marker", [True, 1.0, "1", 2, None, [1]])
def test_a_club_file_marker_other_than_the_number_1_is_refused(guarded, marker):
    r = _import(guarded, _club(scorepad_club=marker))
    assert r.status_code == 400
    assert "scorepad_club" in text(r) and "is not a scorepad club file" in text(r)
    assert "/clubs/" not in r.headers.get("Location", "")


@pytest.mark.parametrize("doc", [[], {}, "club", {"scorepad_event": 1}, {"format": "scorepad/1"}])
def test_a_file_without_the_club_s_marker_is_refused_naming_it(guarded, doc):
    """Not a club file at all (a list, a night's or a game's file): the marker named, as
    an event file's import names its own (it said only "is not a scorepad club file")."""
    r = _import(guarded, doc)
    assert r.status_code == 400
    assert "scorepad_club: is not a scorepad club file (version 1)" in text(r)


@pytest.mark.parametrize("name", [None, 3, ["Winter"], {"a": 1}])
def test_a_season_name_that_is_not_text_is_refused_naming_it(guarded, name):
    r = _import(guarded, _club(seasons=[{**SEASON, "name": name}]))
    assert r.status_code == 400
    assert "season 1: name: must be text" in text(r)
    assert "None" not in text(r)


@pytest.mark.parametrize("number", [1, 2])
def test_a_night_number_listed_twice_is_named(guarded, number):
    nights = [*SEASON["nights"], {**SEASON["nights"][number - 1], "day": "2026-02-01"}]
    r = _import(guarded, _club(seasons=[{**SEASON, "nights": nights}]))
    assert r.status_code == 400
    assert f"season 1: nights: names night {number} twice" in text(r)
    assert "entrant" not in text(r)


def test_an_entrant_number_listed_twice_is_named(guarded):
    entrants = [*SEASON["entrants"], {"number": 2, "players": ["Ed", "Flo"], "division": 0}]
    r = _import(guarded, _club(seasons=[{**SEASON, "entrants": entrants}]))
    assert r.status_code == 400
    assert "season 1: entrants: names entrant 2 twice" in text(r)
