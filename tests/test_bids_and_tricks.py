"""A hand's bids and tricks on the game page: the forms, their order, their refusals, a second
phone and a stale form."""

from __future__ import annotations

import re

import pytest

from scorepad.store import storage
from scorepad.web.db import get_db
from tests.helpers import (
    bid_form,
    checked,
    play,
    start,
    text,
    tricks_form,
)


def test_full_hand_and_summary(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    words = text(client.get(f"/games/{game_id}"))
    assert "Alice & Cara +71 : made 8 of 7 (1 bag)" in words
    assert "Ben & Dev +150 : made 5 of 5, Dev's nil made" in words
    assert "Hand 2: bids" in words and "Ben deals" in words


def test_pending_hand_shows_contracts_and_leader(client):
    game_id = start(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, "blind_nil"]))
    words = text(client.get(f"/games/{game_id}"))
    assert "Hand 1: tricks" in words and "Ben leads" in words
    assert "Alice & Cara bid 7 (Alice 4, Cara 3)" in words
    assert "Ben & Dev bid 5 (Ben 5, Dev blind nil)" in words
    assert "Alice bid 4" in words and "Dev bid blind nil" in words
    assert "Save tricks" in words


def test_bids_are_radio_groups_in_bidding_order_with_the_dealer_marked(client):
    game_id = start(client, first_dealer="2")
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    groups = re.findall(r'role="radiogroup" id="(bid_\d)"\s+aria-label="([^"]+)"', body)
    assert groups == [
        ("bid_3", "Dev bid"),
        ("bid_0", "Alice bid"),
        ("bid_1", "Ben bid"),
        ("bid_2", "Cara bid"),
    ]
    cara = body[body.index('aria-label="Cara bid"') :]
    assert cara.index("deals") < cara.index("</legend>")
    for value in [*map(str, range(1, 14)), "nil", "blind_nil"]:
        assert f'name="bid_0" type="radio" value="{value}"' in body
    assert 'type="number"' not in body.split("<form")[1]  # no keyboard for a hand


@pytest.mark.parametrize(
    "bids,errors",
    [
        (
            {"bid_0": "4", "bid_2": "3"},
            {"bid_1": "Ben's bid is missing", "bid_3": "Dev's bid is missing"},
        ),
        (
            {"bid_0": "4", "bid_1": "5", "bid_2": "3", "bid_3": "14"},
            {"bid_3": "Dev's bid must be one of the choices shown"},
        ),
        (
            {"bid_0": "4", "bid_1": "5", "bid_2": "3", "bid_3": "-1"},
            {"bid_3": "Dev's bid must be one of the choices shown"},
        ),
        (
            {"bid_0": "two", "bid_1": "5", "bid_2": "3", "bid_3": "0"},
            {
                "bid_0": "Alice's bid must be one of the choices shown",
                "bid_3": "Dev's bid must be one of the choices shown",
            },
        ),
    ],
)
def test_bid_refusals_show_all_at_once_beside_their_seats(client, app, bids, errors):
    game_id = start(client)
    response = client.post(f"/games/{game_id}/bids", data={"number": "1", "version": "0", **bids})
    body = response.get_data(as_text=True).replace("&#39;", "'")
    assert response.status_code == 400
    for field, message in errors.items():
        error = body[body.index(f'id="{field}-error"') :]
        assert error[error.index(">") + 1 :].startswith(message)
    assert body.count('class="error"') == len(errors)
    assert checked(body, "bid_2") == "3"  # what was chosen stays chosen
    with app.app_context():
        assert get_db()["hands"].count == 0


def test_bid_refused_by_house_rules_is_shown_beside_the_seat(client, app):
    game_id = start(client, rule_double_nil=None)
    response = client.post(f"/games/{game_id}/bids", data=bid_form(1, ["nil", 5, "nil", 3]))
    body = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "Alice &amp; Cara may not both bid nil in this game" in body
    assert 'id="bid_2-error"' in body


def test_nil_off_hides_nil_and_blind_nil_trailing_hides_blind(client):
    game_id = start(client, rule_nil=None)
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'value="nil"' not in body and 'value="blind_nil"' not in body
    game_id = start(client, rule_blind_nil_trailing_by="100")
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'name="bid_0" type="radio" value="nil"' in body and 'value="blind_nil"' not in body
    response = client.post(f"/games/{game_id}/bids", data=bid_form(1, ["blind_nil", 5, 3, 1]))
    assert response.status_code == 400  # a forged blind nil is refused beside the seat
    assert "Alice&#39;s bid must be one of the choices shown" in response.get_data(as_text=True)


@pytest.mark.parametrize(
    "tricks,field,message",
    [
        ([5, 5, 3, 1], None, "The tricks add up to 14; a hand has 13"),
        ([5, 5, 3, 14], "tricks_3", "Dev's tricks must be a number from 0 to 13"),
        ([5, 5, 3, -1], "tricks_3", "Dev's tricks must be a number from 0 to 13"),
        ([5, 5, 3, None], "tricks_3", "Dev's tricks are missing"),
        ([5, 5, 3, "x"], "tricks_3", "Dev's tricks must be a number from 0 to 13"),
    ],
)
def test_trick_refusals_keep_values(client, app, tricks, field, message):
    game_id = start(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, "nil"]))
    response = client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 1, tricks))
    body = response.get_data(as_text=True).replace("&#39;", "'")
    assert response.status_code == 400 and message in body
    if field:
        assert f'id="{field}-error">{message}' in body
    assert checked(body, "tricks_1") == "5"
    with app.app_context():
        assert storage.load_game(get_db(), game_id).game.hands[0].tricks is None


def test_second_phone_saving_the_same_bids_sees_a_message(client, app):
    game_id = start(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, 1]))
    response = client.post(
        f"/games/{game_id}/bids", data=bid_form(1, [2, 2, 2, 2]), follow_redirects=True
    )
    words = text(response)
    assert (
        "Hand 1's bids were already saved on another phone, and they are not the ones "
        "you chose: yours were not saved. Here is the hand as it was saved." in words
    )
    assert "Alice & Cara bid 7" in words


def test_stale_tricks_form_is_refused(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    response = client.post(
        f"/games/{game_id}/tricks", data=tricks_form(1, 1, [4, 5, 4, 0]), follow_redirects=True
    )
    assert "These tricks were not saved: no hand is waiting for its tricks" in text(response)
    assert client.get(f"/games/{game_id}/export.json").get_json()["hands"][0]["tricks"] == [
        5,
        5,
        3,
        0,
    ]
