"""A seat link belongs to the first browser that opens it (issue 16, finding 1), and waiting
seat bids survive any change that leaves them valid (finding 9)."""

from __future__ import annotations

import re

import pytest

from tests.helpers import (
    play,
    seat_bid,
    seat_links,
    seat_phones,
    settings_data,
    start,
    stored_bids,
    text,
)


def _scorer_page(client, game_id) -> str:
    return client.get(f"/games/{game_id}").get_data(as_text=True)


def test_a_seat_link_belongs_to_the_first_browser_that_opens_it(app, client):
    game_id = start(client)
    tokens = seat_links(client, game_id)
    alice, stranger = app.test_client(), app.test_client()
    assert alice.get(f"/seat/{tokens[0]}").status_code == 200
    assert seat_bid(alice, tokens[0], "nil").status_code == 302
    # Another browser with the same link sees nothing of Alice's seat and changes nothing.
    for page in (f"/seat/{tokens[0]}", f"/seat/{tokens[0]}/status"):
        response = stranger.get(page)
        assert response.status_code == 403
        assert "held by another phone" in text(response) and "nil" not in text(response)
    assert seat_bid(stranger, tokens[0], 13).status_code == 403
    assert "Your bid: nil" in text(alice.get(f"/seat/{tokens[0]}"))
    # The scorer's page shows the seat as taken, with a way to hand it over.
    page = _scorer_page(client, game_id)
    assert page.count("Taken by a phone.") == 1
    assert re.search(r"Hand Alice\S{1,6}s seat to another phone", page)


def test_the_scorer_hands_a_seat_to_another_phone_on_purpose(app, client):
    game_id = start(client)
    tokens = seat_links(client, game_id)
    old, new = app.test_client(), app.test_client()
    assert seat_bid(old, tokens[1], 4).status_code == 302
    assert new.get(f"/seat/{tokens[1]}").status_code == 403
    assert client.post(f"/games/{game_id}/seats/1/release").status_code == 302
    assert "Taken by a phone." not in _scorer_page(client, game_id)
    assert new.get(f"/seat/{tokens[1]}").status_code == 200  # the next to open it holds it
    assert old.get(f"/seat/{tokens[1]}").status_code == 403
    assert seat_bid(new, tokens[1], 5).status_code == 302
    assert "1 of 4 bids in" in text(new.get(f"/seat/{tokens[1]}/status"))


def test_each_browser_holds_only_the_seats_it_opened_first(app, client):
    game_id, tokens, phones = seat_phones(app, client)
    for seat, phone in enumerate(phones):
        for other, token in enumerate(tokens):
            assert (phone.get(f"/seat/{token}").status_code == 200) == (seat == other)
    for phone, token, bid in zip(phones, tokens, (3, 4, 3, 3)):
        assert seat_bid(phone, token, bid).status_code == 302
    assert stored_bids(app, game_id) == [(1, "[3, 4, 3, 3]")]


# --- waiting bids and changes to the game (finding 9) --------------------------------------


def _three_in(app, client, **rules) -> tuple[str, list[str], list]:
    game_id = start(client, **rules)
    tokens = seat_links(client, game_id)
    phones = [app.test_client() for _ in tokens]
    for phone, token, bid in zip(phones[:3], tokens, ("nil", 4, 3)):
        assert seat_bid(phone, token, bid).status_code == 302
    return game_id, tokens, phones


def _settings(app, client, game_id, **changes) -> int:
    # The settings form as the page fills it, with `changes` (None: left out).
    return client.post(
        f"/games/{game_id}/settings", data=settings_data(app, game_id, **changes)
    ).status_code


@pytest.mark.parametrize(
    "change",
    [
        lambda app, client, game_id: _settings(app, client, game_id, side_name_0="North"),
        lambda app, client, game_id: _settings(app, client, game_id, player_1="Bo"),
        lambda app, client, game_id: (
            client.post(
                f"/games/{game_id}/hands/1/dealer", data={"version": "0", "dealer": "2"}
            ).status_code
        ),
    ],
    ids=["side name", "player name", "dealer"],
)
def test_waiting_bids_survive_a_change_that_leaves_them_valid(app, client, change):
    game_id, tokens, phones = _three_in(app, client)
    assert change(app, client, game_id) == 302
    assert "3 of 4 bids in for hand 1" in text(phones[3].get(f"/seat/{tokens[3]}/status"))
    assert "Your bid: nil" in text(phones[0].get(f"/seat/{tokens[0]}"))
    assert seat_bid(phones[3], tokens[3], 5).status_code == 302
    assert stored_bids(app, game_id) == [(1, '["nil", 4, 3, 5]')]


def test_a_change_that_voids_a_waiting_bid_is_told_on_every_seat_phone(app, client):
    game_id, tokens, phones = _three_in(app, client)
    assert _settings(app, client, game_id, rule_nil=None) == 302  # nil off: Alice's nil is void
    for phone, token in zip(phones, tokens):
        words = text(phone.get(f"/seat/{token}"))
        assert "Alice: your bid no longer counts because the game's rules were changed" in words
        assert "2 of 4 bids in for hand 1" in words
    assert seat_bid(phones[0], tokens[0], 2).status_code == 302
    assert "no longer counts" not in text(phones[0].get(f"/seat/{token}/status"))
    assert seat_bid(phones[3], tokens[3], 5).status_code == 302
    assert stored_bids(app, game_id) == [(1, "[2, 4, 3, 5]")]


def test_an_undo_voids_the_waiting_bids_and_says_why(app, client):
    game_id = start(client)
    play(client, game_id, 1, [3, 3, 3, 3], [4, 3, 3, 3])
    tokens = seat_links(client, game_id)
    phones = [app.test_client() for _ in tokens]
    assert seat_bid(phones[0], tokens[0], 4, number=2).status_code == 302
    version = re.search(r'name="version" value="(\d+)"', _scorer_page(client, game_id))
    client.post(f"/games/{game_id}/hands/1/delete", data={"number": "1", "version": "2"})
    assert version is not None
    for phone, token in zip(phones, tokens):
        words = text(phone.get(f"/seat/{token}"))
        assert "Alice: your bid no longer counts because a hand was undone" in words
        assert "0 of 4 bids in for hand 1" in words
