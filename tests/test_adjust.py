"""Adjusting a played hand: points and a note, the refusals, the core's limits."""

from __future__ import annotations

import io
import json
import re

import pytest

from tests import pseudo
from tests.helpers import (
    bid_form,
    load,
    played_game,
    text,
    ver,
)
from tests.live import ROOT

pseudo.compile_shipped()  # the Spanish checks read the shipped catalogue


def test_adjust_a_played_hand(client, app):
    game_id = played_game(client)
    fix = client.get(f"/games/{game_id}/hands/1").text
    assert f'href="/games/{game_id}/hands/1/adjust"' in fix
    page = client.get(f"/games/{game_id}/hands/1/adjust")
    assert "Points for Alice & Cara" in text(page) and "Points for Ben & Dev" in text(page)
    r = client.post(
        f"/games/{game_id}/hands/1/adjust",
        data={"version": "2", "adjust_0": "30", "adjust_1": "-30", "note": " renege by Ben "},
    )
    assert r.status_code == 302 and r.headers["Location"] == f"/games/{game_id}"  # the game
    hand = load(app, game_id).game.hands[0]
    assert hand.adjust == (30, -30) and hand.note == "renege by Ben"
    game = client.get(f"/games/{game_id}")
    assert f'href="/games/{game_id}/hands/1/adjust"' in game.text  # by the last hand
    assert "adjusted \u221230" in text(game) and "Note: renege by Ben" in text(game)
    assert "renege by Ben" in text(client.get(f"/games/{game_id}/history"))
    again = client.get(f"/games/{game_id}/hands/1/adjust").text
    assert 'value="30"' in again and 'value="-30"' in again
    client.post(
        f"/games/{game_id}/hands/1/adjust",
        data={"version": ver(app, game_id), "adjust_0": "0", "adjust_1": "0", "note": ""},
    )
    hand = load(app, game_id).game.hands[0]
    assert hand.adjust is None and hand.note == ""


@pytest.mark.parametrize(
    "data,field,message",
    [
        ({"adjust_0": "1001"}, "adjust_0", "must be a whole number from -1000 to 1000"),
        ({"adjust_1": "-1001"}, "adjust_1", "must be a whole number from -1000 to 1000"),
        ({"adjust_0": "ten"}, "adjust_0", "enter a whole number"),
        ({"note": "x" * 201}, "note", "At most 200 characters"),
        ({"version": ""}, None, "reload the page"),
    ],
)
def test_bad_adjustments_are_refused_naming_the_field(client, app, data, field, message):
    game_id = played_game(client)
    sent = {"version": "2", "adjust_0": "30", "adjust_1": "-30", "note": "renege", **data}
    r = client.post(f"/games/{game_id}/hands/1/adjust", data=sent)
    assert r.status_code == 400 and message in r.text
    if field:
        assert f'id="{field}-error"' in r.text
    assert load(app, game_id).game.hands[0].adjust is None


def test_an_adjustment_without_a_note_is_kept_as_an_import_keeps_it(client, app):
    """The game file allows `adjust` without `note` (old files carry it): so does the form,
    and the game exported and imported again is the same game."""
    game_id = played_game(client)
    r = client.post(
        f"/games/{game_id}/hands/1/adjust",
        data={"version": "2", "adjust_0": "30", "adjust_1": "-30", "note": "  "},
    )
    assert r.status_code == 302
    hand = load(app, game_id).game.hands[0]
    assert (hand.adjust, hand.note) == ((30, -30), "")
    exported = client.get(f"/games/{game_id}/export.json").get_json()
    assert exported["hands"][0]["adjust"] == [30, -30] and "note" not in exported["hands"][0]
    again = client.post(
        "/games/import",
        data={"game_file": (io.BytesIO(json.dumps(exported).encode()), "game.json"), "again": "y"},
    )
    assert again.status_code == 302
    copy_id = again.headers["Location"].rsplit("/", 1)[-1]
    assert client.get(f"/games/{copy_id}/export.json").get_json() == exported


def test_only_a_played_hand_can_be_adjusted_and_a_stale_form_is_refused(client, app):
    game_id = played_game(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(2, [3, 3, 3, 4]))
    assert client.get(f"/games/{game_id}/hands/2/adjust").status_code == 404
    assert "Adjust the score" not in client.get(f"/games/{game_id}/hands/2").text
    r = client.post(
        f"/games/{game_id}/hands/1/adjust",
        data={"version": "1", "adjust_0": "30", "adjust_1": "-30", "note": "renege"},
    )
    assert "changed on another phone" in text(client.get(r.headers["Location"]))
    assert load(app, game_id).game.hands[0].adjust is None


def test_the_adjustment_limits_are_the_cores_alone(client, monkeypatch):
    """The 1000 points and 200 characters are written once, in core/checks.py: the page
    says the core's numbers and the core alone refuses (no check of the form's own)."""
    import scorepad.web.manage as manage
    from scorepad.core import checks

    game_id = played_game(client)
    page = client.get(f"/games/{game_id}/hands/1/adjust").text
    assert f"at most {checks.MAX_ADJUST} either way" in page
    assert f'maxlength="{checks.MAX_NOTE}"' in page
    monkeypatch.setattr(manage, "MAX_ADJUST", 777)  # what the view passes is what it says
    assert "at most 777 either way" in client.get(f"/games/{game_id}/hands/1/adjust").text
    monkeypatch.setattr(checks, "MAX_ADJUST", 20)  # the core's limit is the one applied
    sent = {"version": "2", "adjust_0": "30", "adjust_1": "0", "note": ""}
    r = client.post(f"/games/{game_id}/hands/1/adjust", data=sent)
    assert r.status_code == 400 and "from -20 to 20, not 30" in text(r)
    templates = (ROOT / "templates").rglob("*.html")
    assert not [t.name for t in templates if re.search(r"\b1000\b", t.read_text())]


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
