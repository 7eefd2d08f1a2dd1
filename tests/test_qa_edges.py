"""Rough edges a Spanish QA pass found, checked without a browser."""

from __future__ import annotations

import pytest

from tests.helpers import load, played_game


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
    assert "Points for Ben &amp; Dev is missing" in r.text
    assert 'id="adjust_0-error"' in r.text and "adjusted" not in r.text
    assert load(app, game_id).game.hands[0].adjust is None


def test_an_adjustment_refused_for_an_empty_field_is_said_in_spanish(client):
    game_id = played_game(client)
    client.set_cookie("lang", "es")
    r = client.post(
        f"/games/{game_id}/hands/1/adjust",
        data={"version": "2", "adjust_0": "", "adjust_1": "5", "note": ""},
    )
    assert r.status_code == 400 and "Falta Puntos para Alice &amp; Cara" in r.text
