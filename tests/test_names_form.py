"""The new-game form and the import share the core's name check; error pages show only
scorepad's own messages."""

from __future__ import annotations

import pytest

from tests.event_helpers import event_form
from tests.helpers import new_game_form, start, text


@pytest.mark.parametrize(
    "name,message",
    [
        ("Be\u0000n", "This name has a control character"),
        ("Be\u0007n", "This name has a control character"),
        ("\u202eneB", "This name has an invisible formatting character"),
        ("Be\u200bn", "This name has an invisible formatting character"),
        ("B" * 41, "This name is 41 characters long, the most is 40"),
        ("  ", "Enter a name"),
        (" alice ", "Another player has this name"),
    ],
)
def test_the_form_refuses_names_as_the_core_does(client, app, name, message):
    response = client.post("/games/new", data=new_game_form(players=("Alice", name, "Cara", "Dev")))
    assert response.status_code == 400
    assert message in text(response)
    # the settings page says the same, in the same words: one name check, one key
    from tests.helpers import played_game, settings_data

    game_id = played_game(client)
    settings = client.post(
        f"/games/{game_id}/settings", data=settings_data(app, game_id, player_1=name)
    )
    assert settings.status_code == 400 and message in text(settings)


@pytest.mark.parametrize(
    "other,same",
    [
        ("ALICE", True),
        (" alice ", True),
        ("\uff21lice", False),
        ("Ali ce", False),
        ("Alic\u00e9", True),  # accents aside, as a series matches names (issue 29)
    ],
)
def test_one_key_tells_names_apart_everywhere(client, other, same):
    """Two names are one player in the new-game form and in the stats alike: the core's
    name_key (case, accents, Unicode forms and runs of spaces ignored)."""
    from scorepad.core.records import make_table
    from scorepad.core.rules import Rules
    from scorepad.core.scoring import score_game
    from scorepad.core.stats import player_stats
    from tests.helpers import hand

    played = hand((3, 3, 3, 3), (4, 3, 3, 3))
    response = client.post("/games/new", data=new_game_form(players=("Alice", other, "Cy", "Di")))
    assert ("Another player has this name" in text(response)) == same
    assert (response.status_code == 400) == same
    games = [
        score_game(make_table("partnership", (name, "Ben", "Cara", "Dev")), Rules(), [played])
        for name in ("Alice", other.strip())
    ]
    assert len(player_stats(games)) == (4 if same else 5)


def test_the_form_stores_names_normalised(client, app):
    game_id = start(client, players=("  Alice ", "Ben \t Dev", "Cafe\u0301", "Dee"))
    page = text(client.get(f"/games/{game_id}"))
    assert "Ben Dev" in page and "Caf\u00e9" in page


def test_target_range_comes_from_the_rule(client):
    from scorepad.core.rules import SPECS

    low = SPECS["target"].low
    response = client.post(
        "/games/new", data=new_game_form(target="custom", custom_target=str(low - 1))
    )
    assert response.status_code == 400
    assert start(client, target="custom", custom_target=str(low))


def test_error_pages_show_only_scorepads_own_words(client):
    missing = text(client.get("/games/nope"))
    assert "There is no game at this address." in missing
    unknown = text(client.get("/no/such/page"))
    assert "There is nothing here." in unknown and "The requested URL" not in unknown


def test_abort_with_words_shows_them_and_a_librarys_words_stay_hidden(app):
    from flask import abort
    from werkzeug.exceptions import BadRequest

    @app.get("/ours")
    def ours():
        abort(409, description="Our own words.")

    @app.get("/plain")
    def plain():
        abort(404)

    @app.get("/theirs")
    def theirs():
        raise BadRequest("Failed to decode JSON object: Expecting value")

    client = app.test_client()
    own = client.get("/ours")
    assert own.status_code == 409 and "Our own words." in text(own)
    assert "There is nothing here." in text(client.get("/plain"))
    theirs_page = client.get("/theirs")
    assert theirs_page.status_code == 400 and "decode JSON" not in text(theirs_page)
    assert "Something in that request was not right." in text(theirs_page)


def test_new_rules_are_offered_and_kept_by_the_form(client):
    from tests.helpers import new_game_form as form

    page = client.get("/games/new").get_data(as_text=True)
    for key in ("zero_bid", "blind_bid", "boston", "boston_bonus", "set_out", "hand_limit"):
        assert f"rule_{key}" in page
    game_id = start(client, **{"rule_set_out": "3", "rule_boston": "win"})
    assert client.get(f"/games/{game_id}/export.json").get_json()["rules"]["set_out"] == 3
    # a partnership-only rule left set when cutthroat is chosen is dropped, not refused
    response = client.post(
        "/games/new", data=form(players=("A", "B", "C"), table="cutthroat-3", rule_set_out="3")
    )
    assert response.status_code == 302


@pytest.mark.parametrize(
    "blank",
    ["\u3164", "\u2800", "\u0301", "\u115f\u1160", "\uffa0", " \u3164 \u2800 ", "\u20dd\u0301"],
    ids=[
        "hangul filler",
        "braille blank",
        "combining mark",
        "choseong",
        "halfwidth",
        "mixed",
        "marks",
    ],
)
def test_a_name_that_looks_empty_is_refused(client, blank):
    data = new_game_form(("Alice", blank, "Cara", "Dev"))
    response = client.post("/games/new", data=data)
    assert response.status_code == 400
    assert "This name looks empty: it has no letter, digit or sign that shows" in text(response)


@pytest.mark.parametrize("blank", ["\u3164", "\u2800", "\u0301"])
def test_a_game_file_name_that_looks_empty_is_refused_naming_the_seat(blank):
    from scorepad.core.errors import GameError
    from scorepad.files import game as gamefile

    doc = {"format": "scorepad/1", "mode": "cutthroat", "players": ["Alice", blank]}
    with pytest.raises(GameError, match="the name of seat 1 looks empty"):
        gamefile.read(doc)


@pytest.mark.parametrize("name", ["e\u0301", "\u3164Jun", "\u2800x", "Zoë"])
def test_a_name_with_something_that_shows_is_kept(client, name):
    response = client.post("/games/new", data=new_game_form((name, "Ben", "Cara", "Dev")))
    assert response.status_code == 302


@pytest.mark.parametrize(
    ("path", "data", "said"),
    [
        ("/games/new", {"target": "custom", "custom_target": "x"}, "Other target: enter a whole"),
        ("/games/new", {"target": "custom", "custom_target": "9"}, "Other target must be from"),
        ("/games/new", {"table": "bridge"}, "Game: choose one of the choices shown"),
        ("/games/new", {"rule_bag_limit": ""}, "Enter a number"),
        ("/games/new", {"rule_nil_tricks": "x"}, "choose one of the choices shown"),
        ("/events/new", {"name": "x" * 81}, "At most 80 characters"),
        ("/events/new", {"rounds": "99"}, "Rounds must be from 1 to 30"),
    ],
)
def test_every_field_refuses_in_its_own_words(client, path, data, said):
    """The fields and validators carry scorepad's words (web/fields.py); the page shows
    them as they are, no library message rewritten (words.plain_error only capitalises)."""
    from scorepad.web.words import plain_error

    base = new_game_form() if path == "/games/new" else event_form()
    response = client.post(path, data={**base, **data})
    body = text(response)
    assert response.status_code == 400 and said in body, body[:2000]
    for library in ("Not a valid", "Number must be", "This field is required", "Field must be"):
        assert library not in body
    assert plain_error(None, "Not a valid choice.") == "Not a valid choice"  # not rewritten
