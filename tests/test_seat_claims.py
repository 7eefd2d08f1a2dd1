"""A seat link belongs to the first browser that taps "I am Alice" on its page, never to one
that only opened it (issue 16, finding 1; issue 26: a messaging app's preview opens it), and
waiting seat bids survive any change that leaves them valid (issue 16, finding 9)."""

from __future__ import annotations

import re
import sqlite3

import pytest

from tests.helpers import (
    claim_seat,
    form_token,
    load,
    new_game_form,
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


def _claims(app) -> list:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return conn.execute("select token, claim from seat_links order by seat").fetchall()


def test_opening_a_seat_link_claims_nothing_a_tap_does(app, client):
    # Messaging apps open a link to preview it: the preview must not take the seat.
    game_id = start(client)
    tokens = seat_links(client, game_id)
    before = _claims(app)
    preview, alice = app.test_client(), app.test_client()
    for phone in (preview, alice):
        page = phone.get(f"/seat/{tokens[0]}")
        assert page.status_code == 200
        assert "I am Alice" in text(page) and 'name="bid"' not in page.get_data(as_text=True)
        assert phone.get(f"/seat/{tokens[0]}/status").status_code == 403
    assert _claims(app) == before
    assert "Taken by a phone." not in _scorer_page(client, game_id)
    assert claim_seat(alice, tokens[0]).status_code == 302
    assert 'name="bid"' in alice.get(f"/seat/{tokens[0]}").get_data(as_text=True)
    assert preview.get(f"/seat/{tokens[0]}").status_code == 403  # a tap, not the first look
    assert [claim is not None for _, claim in _claims(app)] == [True, False, False, False]


def test_a_bid_from_a_phone_that_did_not_tap_is_not_saved(app, client):
    game_id = start(client)
    tokens = seat_links(client, game_id)
    phone = app.test_client()
    sent = phone.post(f"/seat/{tokens[2]}", data={"number": "1", "bid": "3"})
    assert sent.status_code == 403 and "I am Cara" in text(sent)
    assert stored_bids(app, game_id) == [] and [c for _, c in _claims(app)] == [None] * 4


def test_a_tap_for_a_player_no_longer_at_the_seat_is_told_and_claims_nothing(app, client):
    game_id = start(client)
    tokens = seat_links(client, game_id)
    phone = app.test_client()
    assert "I am Ben" in text(phone.get(f"/seat/{tokens[1]}"))
    assert (
        client.post(
            f"/games/{game_id}/settings", data=settings_data(app, game_id, player_1="Bo")
        ).status_code
        == 302
    )
    answer = phone.post(f"/seat/{tokens[1]}/claim", data={"name": "Ben"}, follow_redirects=True)
    assert "This seat is Bo\u2019s now" in text(answer) or "This seat is Bo's now" in text(answer)
    assert "I am Bo" in text(answer)
    assert [c for _, c in _claims(app)] == [None] * 4


def test_claiming_a_seat_needs_the_pages_token(guarded_app, guarded):
    page = guarded.get("/games/new")
    made = guarded.post("/games/new", data={**new_game_form(), "csrf_token": form_token(page)})
    game_id = made.headers["Location"].rsplit("/", 1)[-1]
    page = guarded.get(f"/games/{game_id}")
    guarded.post(f"/games/{game_id}/seats", data={"seats": "on", "csrf_token": form_token(page)})
    body = guarded.get(f"/games/{game_id}").get_data(as_text=True)
    tokens = re.findall(r'href="http://localhost/seat/([\w-]+)"', body)
    phone = guarded_app.test_client()
    assert phone.post(f"/seat/{tokens[0]}/claim", data={"name": "Alice"}).status_code == 400
    page = phone.get(f"/seat/{tokens[0]}").get_data(as_text=True)
    sent = {"name": "Alice", "csrf_token": form_token(page)}
    assert phone.post(f"/seat/{tokens[0]}/claim", data=sent).status_code == 302
    assert 'name="bid"' in phone.get(f"/seat/{tokens[0]}").get_data(as_text=True)


def test_a_seat_link_belongs_to_the_first_browser_that_taps_its_name(app, client):
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
    held = stranger.get(f"/seat/{tokens[0]}")
    # its page says why and leads on to the live score; it offers no claim to tap
    assert "Follow the score" in text(held) and "I am Alice" not in text(held)
    assert f'href="/watch/{load(app, game_id).share_token}"' in held.text
    for answer in (claim_seat(stranger, tokens[0]), seat_bid(stranger, tokens[0], 13)):
        assert answer.status_code == 403 and "held by another phone" in text(answer)
        assert "Follow the score" in text(answer)
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
    assert "I am Ben" in text(new.get(f"/seat/{tokens[1]}"))  # free: the next tap holds it
    assert claim_seat(new, tokens[1]).status_code == 302
    assert old.get(f"/seat/{tokens[1]}").status_code == 403
    assert seat_bid(new, tokens[1], 5).status_code == 302
    assert "1 of 4 bids in" in text(new.get(f"/seat/{tokens[1]}/status"))


@pytest.mark.parametrize("seat", [4, 9, 999_999_999])
def test_handing_over_a_seat_the_game_has_not_is_a_404(client, seat):
    game_id = start(client)
    seat_links(client, game_id)
    assert client.post(f"/games/{game_id}/seats/{seat}/release").status_code == 404


def test_each_browser_holds_only_the_seats_it_claimed_first(app, client):
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
    for phone, token in zip(phones, tokens):
        assert claim_seat(phone, token).status_code == 302
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
    for phone, token in zip(phones, tokens):
        assert claim_seat(phone, token).status_code == 302
    assert seat_bid(phones[0], tokens[0], 4, number=2).status_code == 302
    version = re.search(r'name="version" value="(\d+)"', _scorer_page(client, game_id))
    client.post(f"/games/{game_id}/hands/1/delete", data={"number": "1", "version": "2"})
    assert version is not None
    for phone, token in zip(phones, tokens):
        words = text(phone.get(f"/seat/{token}"))
        assert "Alice: your bid no longer counts because a hand was undone" in words
        # one step back: hand 1's tricks, its bids kept; it is played again
        assert "Hand 1 is being played." in words
