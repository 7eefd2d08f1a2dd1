"""Starting a game: the new-game page, its rules, its refusals and what it offers, through
Flask's test client."""

from __future__ import annotations

import html
import re

import pytest

from scorepad.store import storage
from scorepad.web.db import get_db
from tests.helpers import new_game_form, start, text


def test_home_redirects_to_games(client):
    assert client.get("/").headers["Location"].endswith("/games")


def test_new_game_page_shows_every_rule_with_its_default(client):
    page = client.get("/games/new")
    body = page.get_data(as_text=True)
    assert page.status_code == 200
    for label in (
        "Player 1",
        "Player 2",
        "Player 3",
        "Player 4",
        "First dealer",
        "Start game",
        "Blind nil bids",
        "Bags before a penalty",
        "Ten for two hundred",
        "Suicide",
    ):
        assert label in body
    assert 'name="rule_bag_limit" required type="number" value="10"' in body.replace(
        'inputmode="numeric" ', ""
    ).replace('max="100" min="0" ', "")
    assert 'id="rule_nil" name="rule_nil" type="checkbox" value="y"' in body  # default on
    assert 'checked id="target-2" name="target" type="radio" value="500"' in body


def test_start_partnership_game(client):
    game_id = start(client)
    page = client.get(f"/games/{game_id}")
    words = text(page)
    assert "Alice & Cara" in words and "Ben & Dev" in words
    assert "Hand 1: bids" in words and "Alice deals. Ben bids first." in words
    assert 'aria-label="Alice bid"' in page.get_data(as_text=True) and "Save bids" in words
    assert "500 to go" in words


@pytest.mark.parametrize(
    "changes,field,message",
    [
        ({"player_0": ""}, "player_0", "Enter a name"),
        ({"player_2": "   "}, "player_2", "Enter a name"),
        ({"player_1": "x" * 41}, "player_1", "This name is 41 characters long, the most is 40"),
        ({"player_3": "alice"}, "player_3", "Another player has this name"),
        ({"table": "cutthroat-3"}, "player_3", "A 3-player game has no seat 4"),
        ({"table": "bridge"}, "table", "Game: choose one of the choices shown"),
        ({"first_dealer": "7"}, "first_dealer", "First dealer: choose one of the choices shown"),
        ({"target": "custom"}, "custom_target", "Enter a target from 50 to 2000"),
        (
            {"target": "custom", "custom_target": "20"},
            "custom_target",
            "Other target must be from 50 to 2000",
        ),
        (
            {"target": "custom", "custom_target": "abc"},
            "custom_target",
            "Other target: enter a whole number",
        ),
        ({"rule_bag_limit": "-3"}, "rule_bag_limit", "Bags before a penalty must be from 0 to 100"),
        ({"rule_bag_limit": ""}, "rule_bag_limit", "Enter a number"),
        (
            {"rule_nil_tricks": "some"},
            "rule_nil_tricks",
            "Tricks taken by a nil bidder: choose one of the choices shown",
        ),
        ({"rule_loss_threshold": "50"}, "rule_loss_threshold", "Lose at must be from -2000 to -1"),
    ],
)
def test_new_game_refusals_keep_values_and_name_the_field(client, app, changes, field, message):
    response = client.post("/games/new", data=new_game_form(**changes))
    body = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "Not a valid" not in body and "Number must be" not in body
    # the message sits in the named field's error slot, not only somewhere on the page
    error = re.search(rf'id="{field}-error"[^>]*>(.*?)</', body, flags=re.S)
    assert error is not None and message in html.unescape(error.group(1)), body
    sent = new_game_form(**changes)
    for seat in range(4):  # nothing typed is lost
        if f"player_{seat}" not in changes:
            assert f'value="{sent[f"player_{seat}"]}"' in body
    with app.app_context():
        assert get_db()["games"].count == 0


@pytest.mark.parametrize(
    "changes, field, said, not_said",
    [
        ({"clock": "abc"}, "clock", "Play to the clock (minutes): enter a whole number", "from 1"),
        ({"clock": "1.5"}, "clock", "Play to the clock (minutes): enter a whole number", "from 1"),
        (
            {"target": "custom", "custom_target": "abc"},
            "custom_target",
            "Other target: enter a whole number",
            "from 50",
        ),
        (
            {"rule_min_table_bid": "x"},
            "rule_min_table_bid",
            "Smallest table bid: enter a whole number",
            "from 0",
        ),
    ],
)
def test_a_number_mistyped_gets_one_message_not_two(client, changes, field, said, not_said):
    """Not a number: 'enter a whole number', and no range of numbers besides, since
    nothing was read to be out of it."""
    body = client.post("/games/new", data=new_game_form(**changes)).get_data(as_text=True)
    error = re.search(rf'id="{field}-error"[^>]*>(.*?)</', body, flags=re.S)
    assert error is not None, body
    message = html.unescape(error.group(1))
    assert said in message and not_said not in message, message


def test_custom_target_and_cutthroat(client, app):
    game_id = start(
        client,
        players=("Ana", "Bo", "Cy"),
        table="cutthroat-3",
        target="custom",
        custom_target="150",
        first_dealer="2",
    )
    with app.app_context():
        stored = storage.load_game(get_db(), game_id)
    assert stored.game.table.players == ("Ana", "Bo", "Cy")
    assert stored.game.table.first_dealer == 2 and stored.game.rules.target == 150
    assert "Cy deals. Ana bids first." in text(client.get(f"/games/{game_id}"))


def test_suicide_ticked_for_cutthroat_is_dropped_and_the_game_starts(client, app):
    response = client.post(
        "/games/new",
        data=new_game_form(players=("Ana", "Bo"), table="cutthroat-2", rule_suicide="y"),
    )
    assert response.status_code == 302
    game_id = response.headers["Location"].rsplit("/", 1)[-1]
    with app.app_context():
        stored = storage.load_game(get_db(), game_id)
    assert stored.game.table.mode == "cutthroat" and stored.game.rules.suicide is False


def test_rules_refused_by_the_core_are_shown_and_store_nothing(client, app, monkeypatch):
    # The form drops suicide for cutthroat; were it to forget, the core's refusal must
    # reach the page (with the names kept) rather than a 500.
    from scorepad.web.forms import NewGameForm

    chosen = NewGameForm.chosen_rules
    monkeypatch.setattr(NewGameForm, "chosen_rules", lambda self: {**chosen(self), "suicide": True})
    response = client.post(
        "/games/new",
        data=new_game_form(players=("Ana", "Bo"), table="cutthroat-2", rule_suicide="y"),
    )
    body = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "rules.suicide: is played in partnership games only" in body
    assert 'value="Ana"' in body and 'value="Bo"' in body
    with app.app_context():
        assert get_db()["games"].count == 0
