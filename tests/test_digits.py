"""Digits that are not ASCII ("²", "①", "¹³": `isdigit` takes them, `int` does not) in a
numeric field: a 400 with the usual message beside the field, never a 500."""

from __future__ import annotations

import pytest

from scorepad.core.checks import typed_count
from tests.helpers import (
    bid_form,
    play,
    seat_bid,
    seat_links,
    start,
    text,
    tricks_form,
    version_on_page,
)

ODD_DIGITS = ["²", "①", "¹³", "٣", "1_0", "³\u0663"]


@pytest.mark.parametrize(
    ("typed", "count"),
    [("0", 0), ("13", 13), (" 7 ", 7), ("", None), ("-1", None), ("+3", None), ("3.0", None)]
    + [(odd, None) for odd in ODD_DIGITS],
)
def test_a_typed_count_is_ascii_digits_only(typed, count):
    assert typed_count(typed) == count


@pytest.mark.parametrize("odd", ODD_DIGITS)
def test_tricks_in_odd_digits_are_refused_beside_the_field(client, odd):
    game_id = start(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, "nil"]))
    version = version_on_page(client, game_id)
    response = client.post(f"/games/{game_id}/tricks", data=tricks_form(1, version, [odd, 5, 3, 0]))
    assert response.status_code == 400
    assert "Alice's tricks must be a number from 0 to 13" in text(response)


@pytest.mark.parametrize("odd", ODD_DIGITS)
def test_side_tricks_in_odd_digits_are_refused_beside_the_field(client, odd):
    game_id = start(client, tricks_by="side")
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, 4]))
    version = version_on_page(client, game_id)
    data = tricks_form(1, version, [None] * 4, sides=[odd, "6"])
    response = client.post(f"/games/{game_id}/tricks", data=data)
    assert response.status_code == 400
    assert "Alice & Cara's tricks must be a number from 0 to 13" in text(response)


@pytest.mark.parametrize("odd", ODD_DIGITS)
def test_fixing_a_hand_with_odd_digits_is_refused(client, odd):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    data = {**bid_form(1, [4, 5, 3, "nil"]), **tricks_form(1, 2, [odd, 5, 3, 0])}
    response = client.post(f"/games/{game_id}/hands/1", data=data)
    assert response.status_code == 400
    assert "Alice's tricks must be a number from 0 to 13" in text(response)


@pytest.mark.parametrize("odd", ODD_DIGITS)
def test_a_seat_bid_in_odd_digits_is_refused_beside_the_field(client, odd):
    game_id = start(client)
    tokens = seat_links(client, game_id)
    response = seat_bid(client, tokens[0], odd)
    assert response.status_code == 400
    assert "Alice's bid must be nil, blind_nil or 1 to 13" in text(response)


@pytest.mark.parametrize("odd", ["٥٠٠", "5_00", "²⁰⁰", "500.0", "5e2"])
def test_a_typed_target_in_other_digits_is_refused(client, odd):
    from tests.helpers import new_game_form

    data = new_game_form(target="custom", custom_target=odd)
    response = client.post("/games/new", data=data)
    assert response.status_code == 400
    assert "Other target: enter a whole number" in text(response)


@pytest.mark.parametrize("odd", ["٣٠", "3_0", "³⁰", "+٣"])
def test_adjusted_points_in_other_digits_are_refused(client, odd):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    data = {"version": "2", "adjust_0": odd, "adjust_1": "0", "note": "renege"}
    response = client.post(f"/games/{game_id}/hands/1/adjust", data=data)
    assert response.status_code == 400
    assert "enter a whole number" in text(response)


def test_adjusted_points_with_a_sign_are_kept(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    data = {"version": "2", "adjust_0": " -30 ", "adjust_1": "+30", "note": "renege"}
    assert client.post(f"/games/{game_id}/hands/1/adjust", data=data).status_code == 302
