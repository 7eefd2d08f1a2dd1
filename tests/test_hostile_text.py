"""Issue 39, "Trust at the seams": text and shapes the app accepted, then answered with a
500. Each attack goes through the page users take (CSRF on); each refusal is a 4xx or a
flash in words naming the field, and nothing of it is kept."""

from __future__ import annotations

import io
import json

import pytest

from tests.club_files import CLUB, SEASON
from tests.event_files import PAIRS, pairs_night
from tests.helpers import form_token, text

SURROGATE = "\ud800"


def _upload(client, doc: object):
    body = doc if isinstance(doc, bytes) else json.dumps(doc, ensure_ascii=True).encode()
    token = form_token(client.get("/clubs/import"))
    data = {"csrf_token": token, "file": (io.BytesIO(body), "club.json")}
    return client.post("/clubs/import", data=data, content_type="multipart/form-data")


def _club(**changes) -> dict:
    return {**json.loads(json.dumps(CLUB)), **changes}


def _season(**changes) -> dict:
    return {**json.loads(json.dumps(SEASON)), **changes}


def _refused(response, *words: str) -> str:
    assert response.status_code == 400, response.status_code
    said = text(response)
    assert "This file was not imported" in said
    for word in words:
        assert word in said, said
    return said


@pytest.mark.parametrize(
    "name", [5, 2.5, ["Ann"], {"first": "Ann"}, True, "An\x00n", "A" + SURROGATE, "x" * 200]
)
def test_a_roster_name_that_is_no_name_is_refused_naming_the_roster(guarded, name):
    roster = [{"anchor": "ann", "names": ["ann"], "name": name, "hidden": False}]
    _refused(_upload(guarded, _club(roster=roster)), "roster", "name")


@pytest.mark.parametrize(
    ("person", "words"),
    [
        ({"anchor": 7, "names": []}, "anchor must be text"),
        ({"anchor": "ann", "names": [["ann"]]}, "names must be text"),
        ({"anchor": "ann", "names": [], "hidden": "yes"}, "hidden must be true or false"),
        ({"anchor": "a\u202eb", "names": []}, "anchor: has an invisible formatting"),
    ],
)
def test_every_value_of_a_roster_is_checked(guarded, person, words):
    _refused(_upload(guarded, _club(roster=[person])), "roster", words)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"settings": {"kind": "pairs", "divisions": ["A", "B" + SURROGATE]}}, "divisions"),
        ({"settings": {"kind": "pairs", "divisions": ["A", 7]}}, "divisions"),
        ({"name": "Winter" + SURROGATE}, "name"),
        ({"name": ["Winter"]}, "name"),
        ({"name": "W\x07inter"}, "name"),
        ({"settings": {"kind": "pairs", "best": "9" * 5000}}, "best: must be a whole number"),
        ({"settings": {"kind": "pairs", "best": 2.5}}, "best: must be a whole number"),
        ({"settings": {"kind": "pairs", "moves": True}}, "moves: must be a whole number"),
    ],
)
def test_broken_text_in_a_season_of_a_club_file_is_refused(guarded, change, field):
    _refused(_upload(guarded, _club(seasons=[_season(**change)])), "season 1", field)


@pytest.mark.parametrize(
    ("night", "field"),
    [
        ({"venue": "The " + SURROGATE}, "venue"),
        ({"venue": 12}, "venue"),
        ({"day": "9999-12-31"}, "day"),
        ({"day": "1066-10-14"}, "day"),
        ({"day": 20260109}, "day"),
        ({"start": ["19:30"]}, "start"),
    ],
)
def test_a_season_night_of_a_club_file_is_checked(guarded, night, field):
    nights = [{**SEASON["nights"][0], **night}]
    _refused(_upload(guarded, _club(seasons=[_season(nights=nights)])), "season 1", field)


@pytest.mark.parametrize(
    ("entrants", "words"),
    [
        ([{"number": 1, "players": ["Ann", "Bo", "Cy"]}], "holds 3 players"),
        ([{"number": 1, "players": ["Ann"]}], "holds 1 players"),
        (
            [{"number": 1, "players": ["Ann", "Bo"]}, {"number": 2, "players": ["ann", "Cy"]}],
            "ann plays for entrant 1 already",
        ),
        (
            [{"number": 1, "players": ["Ann", "Bo"]}, {"number": 1, "players": ["Cy", "Di"]}],
            "names entrant 1 twice",
        ),
    ],
)
def test_a_season_entrant_of_the_wrong_size_or_shared_is_refused(guarded, entrants, words):
    _refused(_upload(guarded, _club(seasons=[_season(entrants=entrants)])), "entrant", words)


# SEASON's entrants are 1 to 5 in two divisions (1-3, 4-5); closed, the web records the
# divisions after the moves: one list a division, each entrant in one of them once.
@pytest.mark.parametrize(
    ("closed", "words"),
    [
        ([[1, 2, 3, 4, 5]], "closed: must be one list of entrant numbers for each of the 2"),
        ([[1, 2, 3], [4, 5], []], "closed: must be one list of entrant numbers for each of the 2"),
        ([[1, 2, 3], [4, 5, 99]], "closed: names entrant 99, who is not in the season"),
        ([[1, 2, 3], [4, 5, 1]], "closed: names entrant 1 twice"),
        ([[1, 2], [4, 5]], "closed: puts entrant 3 in no division"),
    ],
)
def test_a_closed_season_whose_divisions_are_not_its_entrants_is_refused(guarded, closed, words):
    """Such a season opened on every page, and a season following it took its entrants
    into divisions from numbers no entrant has."""
    _refused(_upload(guarded, _club(seasons=[_season(closed=closed)])), "season 1", words)


def test_a_closed_season_whose_moves_changed_divisions_imports(guarded):
    assert _upload(guarded, _club(seasons=[_season(closed=[[1, 2, 4], [3, 5]])])).status_code == 302


def test_a_club_night_that_is_two_season_nights_is_refused(guarded):
    """The web links a club night to one season night at most ("That club night is a
    night of a season already"): a file linking it twice counted it twice."""
    twice = [{**night, "night": 0} for night in SEASON["nights"]]
    said = _refused(_upload(guarded, _club(seasons=[_season(nights=twice)])), "season 1")
    assert "night 2: the file's night 0 is night 1 of season 1 already" in said
    two = [_season(), _season(name="Spring")]
    said = _refused(_upload(guarded, _club(seasons=two)), "season 2")
    assert "night 1: the file's night 0 is night 1 of season 1 already" in said


def test_two_presets_of_one_name_are_refused(guarded):
    """A club holds one preset of a name: the second replaced the first, and the file
    imported with one preset fewer than it lists."""
    presets = [{"name": "League", "rules": {}}, {"name": "League", "rules": {"target": 300}}]
    _refused(_upload(guarded, _club(presets=presets)), "preset 2", "'League' is preset 1's name")


def test_a_cutthroat_season_of_one_player_entrants_imports(guarded):
    settings = {"kind": "cutthroat", "divisions": [""]}
    entrants = [{"number": 1, "players": ["Al"]}, {"number": 2, "players": ["Bea"]}]
    doc = _club(seasons=[_season(settings=settings, entrants=entrants)])
    assert _upload(guarded, doc).status_code == 302


@pytest.mark.parametrize(
    "rules",
    [
        '{"target":' + "[" * 100_000 + "]" * 100_000 + "}",
        "[" * 5000 + "]" * 5000,
        '{"target":' + "[" * 50 + "300" + "]" * 50 + "}",
        '{"target":300,"x":"' + "y" * 10_000 + '"}',
        '{"\\ud800":1}',
        '{"bidding":"\\ud800"}',
    ],
)
@pytest.mark.parametrize("page", ["/presets/share", "/games/new", "/events/new"])
def test_a_preset_link_nested_or_oversized_is_refused_naming_the_rules(guarded, page, rules):
    response = guarded.get(page, query_string={"name": "Friday", "rules": rules})
    assert response.status_code == (400 if page == "/presets/share" else 200)
    said = text(response)
    assert "rules" in said.lower() or "reglas" in said.lower()
    assert "Traceback" not in said


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d["rules"].update({SURROGATE: 1}), "rules.U+D800"),
        (
            lambda d: d["settings"].update({"stages": {"final\x00": {}}}),
            "settings.stages.finalU+0000",
        ),
        (lambda d: d["settings"].update({"order": ["wins", "v\u200bp"]}), "settings.order[1]"),
        (lambda d: d.update({"extra" + SURROGATE: 1}), "extraU+D800"),
    ],
)
def test_broken_text_anywhere_in_a_night_is_refused_naming_where(guarded, change, where):
    night = json.loads(json.dumps(pairs_night()))
    change(night)
    body = json.dumps(night, ensure_ascii=True).encode()
    token = form_token(guarded.get("/events/import"))
    data = {"csrf_token": token, "file": (io.BytesIO(body), "night.json")}
    response = guarded.post("/events/import", data=data, content_type="multipart/form-data")
    assert response.status_code == 400
    assert where in text(response)


def test_a_club_file_nested_too_deep_is_refused_before_it_is_read(guarded):
    deep: object = "Ann"
    for _ in range(40):
        deep = [deep]
    _refused(_upload(guarded, _club(roster=deep)), "nested too deep")


# The forms: a season made, its entrants entered, its kind switched, its nights dated.


def _post(client, path: str, **data):
    return client.post(path, data={"csrf_token": form_token(client.get("/clubs/new")), **data})


@pytest.fixture
def season(guarded):
    made = _post(guarded, "/clubs/new", name="Friday Spades")
    club_id = made.headers["Location"].rsplit("/", 1)[-1]
    new = _post(
        guarded,
        f"/seasons/c/{club_id}/new",
        name="Winter",
        kind="cutthroat",
        divisions="A",
        fixtures="season",
    )
    assert new.status_code == 302, text(new)
    return club_id, new.headers["Location"].rsplit("/", 1)[-1]


def _revision(client, club_id: str, season_id: str) -> str:
    page = client.get(f"/seasons/c/{club_id}/{season_id}").get_data(as_text=True)
    return page.split('name="revision"')[1].split('value="')[1].split('"')[0]


def _change(client, club_id, season_id, path, **data):
    data["revision"] = _revision(client, club_id, season_id)
    response = _post(client, f"/seasons/c/{club_id}/{season_id}/{path}", **data)
    assert response.status_code == 302, response.status_code
    return text(client.get(response.headers["Location"]))


def test_a_seasons_kind_is_not_switched_once_it_has_entrants(guarded, season):
    club_id, season_id = season
    assert "Entrant added" in _change(guarded, club_id, season_id, "entrants", player_0="Al")
    said = _change(
        guarded,
        club_id,
        season_id,
        "edit",
        name="Winter",
        kind="pairs",
        divisions="A",
        fixtures="season",
    )
    assert "Pairs or players stays as it is while the season has entrants" in said
    _change(guarded, club_id, season_id, "nights", day="2026-01-09")
    started = _change(guarded, club_id, season_id, "nights/start", number="1")
    assert "Club night made" in started  # a cutthroat night of its one-player entrants


def test_a_seasons_kind_is_switched_while_it_has_none(guarded, season):
    club_id, season_id = season
    said = _change(
        guarded,
        club_id,
        season_id,
        "edit",
        name="Winter",
        kind="pairs",
        divisions="A",
        fixtures="season",
    )
    assert "Season saved" in said


@pytest.mark.parametrize(
    ("night", "words"),
    [
        ({"day": "9999-12-31"}, "The night's date: must be a date from the year 2000 to 2200"),
        ({"day": "1999-12-31"}, "The night's date: must be a date from the year 2000 to 2200"),
        ({"day": "2026-01-09", "venue": "The\x00Anchor"}, "The night's venue: has a control"),
        ({"day": "2026-01-09", "venue": "x" * 121}, "The night's venue: is 121 characters"),
        ({"day": "2026-01-09", "start": "７:３０"}, "The night's start: must be a time"),
    ],
)
def test_a_night_form_refuses_far_dates_and_broken_text(guarded, season, night, words):
    club_id, season_id = season
    assert words in _change(guarded, club_id, season_id, "nights", **night)
    feed = guarded.get(f"/seasons/c/{club_id}/{season_id}")
    assert "9999" not in feed.get_data(as_text=True)


@pytest.mark.parametrize(
    ("form", "words"),
    [
        ({"name": "Win\x1bter"}, "The season's name: has a control character"),
        ({"name": "Winter", "divisions": "A,B\u200b"}, "The divisions: has an invisible"),
        ({"name": "Winter", "divisions": "A," + "B" * 41}, "The divisions: is 41 characters"),
        ({"name": "Winter", "best": "9" * 5000}, "Best nights counted"),
    ],
)
def test_a_season_form_refuses_broken_names(guarded, season, form, words):
    club_id, season_id = season
    form.setdefault("divisions", "A")
    assert words in _change(
        guarded, club_id, season_id, "edit", kind="cutthroat", fixtures="season", **form
    )


def test_a_night_of_a_season_named_at_the_longest_starts(guarded):
    made = _post(guarded, "/clubs/new", name="Friday Spades")
    club_id = made.headers["Location"].rsplit("/", 1)[-1]
    new = _post(
        guarded,
        f"/seasons/c/{club_id}/new",
        name="W" * 80,
        kind="pairs",
        divisions="A",
        fixtures="season",
    )
    season_id = new.headers["Location"].rsplit("/", 1)[-1]
    for first, second in PAIRS[:2]:
        _change(guarded, club_id, season_id, "entrants", player_0=first, player_1=second)
    _change(guarded, club_id, season_id, "nights", day="2026-01-09")
    assert "Club night made" in _change(guarded, club_id, season_id, "nights/start", number="1")


def test_the_night_of_a_club_file_still_imports_with_its_season(guarded):
    response = _upload(guarded, _club(nights=[pairs_night()]))
    assert response.status_code == 302


def test_a_season_that_follows_keeps_the_kind_of_the_entrants_it_takes(guarded, season):
    club_id, season_id = season
    _change(guarded, club_id, season_id, "entrants", player_0="Al")
    _change(guarded, club_id, season_id, "close")
    data = {"name": "Spring", "kind": "pairs", "divisions": "A", "fixtures": "season"}
    response = _post(guarded, f"/seasons/c/{club_id}/new", follows=season_id, **data)
    said = text(guarded.get(response.headers["Location"]))
    assert "Pairs or players stays as it is while the season has entrants" in said
    assert "Spring" not in said


@pytest.mark.parametrize(
    ("name", "words"),
    [("\u3164", "looks empty"), ("A\u200bB", "invisible formatting"), ("A\x07", "control")],
)
def test_a_preset_name_gets_the_name_rules(guarded, name, words):
    response = guarded.get("/presets/share", query_string={"name": name, "rules": "{}"})
    assert response.status_code == 400
    assert words in text(response)
