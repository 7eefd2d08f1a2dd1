"""Rough edges a Spanish QA pass found, checked without a browser."""

from __future__ import annotations

import pytest

from tests import pseudo
from tests.event_files import PAIRS
from tests.helpers import load, played_game
from tests.test_clubs import _make
from tests.test_season_web import _post, _season, _season_of

pseudo.compile_shipped()  # the Spanish checks read the shipped catalogue


@pytest.fixture
def made(client, app):
    """A club's pairs season of two divisions, its entrants in (as test_season_web's)."""
    club_id = _make(client)
    season_id = _season(client, club_id)
    for i, (a, b) in enumerate(PAIRS):
        _post(client, app, club_id, season_id, "entrants", player_0=a, player_1=b, division=i // 3)
    _post(client, app, club_id, season_id, "nights", day="2026-01-09", venue="Anchor")
    return club_id, season_id


def test_a_page_says_its_language_and_that_it_varies_with_the_phones_choice(client):
    english = client.get("/games/new", headers={"Accept-Language": "en"})
    assert english.headers["Content-Language"] == "en"
    assert {"Cookie", "Accept-Language"} <= set(english.vary)
    client.set_cookie("lang", "es")
    spanish = client.get("/games/new", headers={"Accept-Language": "en"})
    assert spanish.headers["Content-Language"] == "es"
    assert '<html lang="es"' in spanish.get_data(as_text=True)
    assert spanish.headers["ETag"] != english.headers["ETag"]


@pytest.mark.parametrize("empty", ["", "  "])
def test_an_adjustment_left_empty_is_refused_naming_the_field(client, app, empty):
    game_id = played_game(client)
    r = client.post(
        f"/games/{game_id}/hands/1/adjust",
        data={"version": "2", "adjust_0": empty, "adjust_1": "", "note": ""},
    )
    assert r.status_code == 400
    assert "Points for Alice &amp; Cara is missing" in r.text
    assert 'id="adjust_0-error"' in r.text and "adjusted" not in r.text
    assert load(app, game_id).game.hands[0].adjust is None


def test_a_side_left_empty_beside_points_typed_adds_nothing_for_that_side(client, app):
    game_id = played_game(client)
    r = client.post(
        f"/games/{game_id}/hands/1/adjust",
        data={"version": "2", "adjust_0": "", "adjust_1": "5", "note": ""},
    )
    assert r.status_code == 302
    assert load(app, game_id).game.hands[0].adjust == (0, 5)


def test_an_adjustment_refused_for_an_empty_field_is_said_in_spanish(client):
    game_id = played_game(client)
    client.set_cookie("lang", "es")
    r = client.post(
        f"/games/{game_id}/hands/1/adjust",
        data={"version": "2", "adjust_0": "", "adjust_1": " ", "note": ""},
    )
    assert r.status_code == 400 and "Falta Puntos para Alice &amp; Cara" in r.text


@pytest.mark.parametrize(
    "path,data,english,spanish",
    [
        ("edit", {"name": ""}, "Season name is missing", "Falta Nombre de la temporada"),
        ("entrants", {"player_0": " "}, "Player is missing", "Falta Jugador"),
        ("nights", {"day": ""}, "Date (YYYY-MM-DD) is missing", "Falta Fecha"),
    ],
)
def test_a_season_form_refused_names_its_field(client, app, made, path, data, english, spanish):
    club_id, season_id = made
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


def test_the_seasons_club_night_chooser_names_each_night(client, app, made):
    from scorepad.store.club_commands.filing import file_event
    from scorepad.web.db import get_db
    from tests.test_season_store import imported_night

    club_id, season_id = made
    with app.app_context():
        event_id = imported_night(get_db())
        file_event(get_db(), club_id, event_id)
    page = client.get(f"/seasons/c/{club_id}/{season_id}").get_data(as_text=True)
    option = page[page.index(f'<option value="{event_id}"') :].split("</option>")[0]
    assert event_id[:8] not in option.split(">", 1)[1]
    assert option.split(">", 1)[1].strip()


def test_the_charts_axis_says_a_negative_total_with_the_true_minus(app):
    import re

    from scorepad.core.records import Hand, Table
    from scorepad.core.rules import Rules
    from scorepad.core.scoring import score_game
    from scorepad.web.chart import score_chart

    table = Table("partnership", ("Alice", "Ben", "Cara", "Dev"))
    score = score_game(table, Rules(target=250), [Hand((4, 4, 4, 4), (3, 3, 3, 4))])
    with app.test_request_context():
        svg = str(score_chart(score))
    labels = re.findall(r'text-anchor="end">([^<]+)</text>', svg)
    assert "\u221280" in labels and not any(label.startswith("-") for label in labels)


def test_a_club_nights_standings_say_negatives_with_the_true_minus(client, app):
    import re

    from scorepad.store.events import load_event
    from scorepad.web.db import get_db
    from tests.test_season_store import imported_night

    with app.app_context():
        event = load_event(get_db(), imported_night(get_db()))
        assert event is not None
        token = event.view_token
    page = client.get(f"/events/screen/{token}/results").get_data(as_text=True)
    cells = re.findall(r"<td>([^<]*)</td>", page)
    assert any(cell.startswith("\u2212") for cell in cells)
    assert not any(re.fullmatch(r"-\d+", cell) for cell in cells)


def test_a_club_form_refused_names_its_field(client, app):
    from scorepad.store.clubs import load_club

    club_id = _make(client)
    with app.app_context():
        from scorepad.web.db import get_db

        revision = load_club(get_db(), club_id).revision
    r = client.post(
        f"/clubs/{club_id}/rename", data={"revision": revision, "player": "Ann", "name": "x" * 99}
    )
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "Name: at most" in page and "nothing changed." in page
