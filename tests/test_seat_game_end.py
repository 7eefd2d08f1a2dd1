"""A seat phone at the game's end and into the rematch (issue 39): it sees the result
(the final score, who won) and the live score, never "this link no longer works"; when
the table starts the rematch, the phone that held a seat follows it to the same person's
seat there, with no new link handed out."""

from __future__ import annotations

import re

from tests.helpers import bid_form, claim_seat, load, seat_bid, seat_links, start, text, tricks_form


def _finished(app, client):
    """A game to 50 finished by its first hand, every seat bid from its own phone: the
    game's id, its seat links and the phones."""
    game_id = start(client, target="custom", custom_target="50")
    tokens = seat_links(client, game_id)
    phones = [app.test_client() for _ in tokens]
    for phone, token, bid in zip(phones, tokens, (4, 3, 4, 3)):
        assert seat_bid(phone, token, bid).status_code == 302
    client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 1, [5, 3, 4, 1]))
    assert load(app, game_id).score().over
    return game_id, tokens, phones


def _rematch(client, game_id) -> str:
    return client.post(f"/games/{game_id}/rematch").headers["Location"].rsplit("/", 1)[-1]


def _turn(response) -> str:
    return re.search(r'data-turn="([^"]*)"', response.get_data(as_text=True)).group(1)


def test_the_seat_phone_at_the_end_sees_the_result_and_the_live_score(app, client):
    game_id, tokens, phones = _finished(app, client)
    stored = load(app, game_id)
    page = phones[1].get(f"/seat/{tokens[1]}")
    said = text(page)
    assert page.status_code == 200
    assert "no longer works" not in said
    assert "Game over: Alice & Cara win" in said
    assert "Final score: Alice & Cara 81, Ben & Dev \u221260." in said  # 9 of 8; set by 2
    assert f'href="/watch/{stored.share_token}"' in page.get_data(as_text=True)
    assert "If the table plays a rematch, this page goes on to Ben's seat in it" in said
    # a bid sent to the finished game is refused, and says why
    late = phones[1].post(f"/seat/{tokens[1]}", data={"number": "2", "bid": "3"})
    assert late.status_code == 410 and "Game over" in text(late)


def test_the_seat_phone_follows_its_seat_into_the_rematch(app, client):
    game_id, tokens, phones = _finished(app, client)
    before = _turn(phones[2].get(f"/seat/{tokens[2]}/status"))
    new_id = _rematch(client, game_id)
    # the finished game's seat page polls its status: the rematch changes its turn
    assert _turn(phones[2].get(f"/seat/{tokens[2]}/status")) != before
    body = client.get(f"/games/{new_id}").get_data(as_text=True)
    fresh = re.findall(r'href="http://localhost/seat/([\w-]+)"', body)
    assert len(fresh) == 4
    for seat, (phone, token) in enumerate(zip(phones, tokens)):
        moved = phone.get(f"/seat/{token}")
        assert moved.status_code == 302 and moved.headers["Location"] == f"/seat/{fresh[seat]}"
        page = phone.get(moved.headers["Location"])
        assert 'name="bid"' in page.get_data(as_text=True), seat  # held: no "I am ..." tap
    # the phones bid the rematch's first hand from their seats, as before
    for phone, token, bid in zip(phones, fresh, (3, 3, 3, 3)):
        assert phone.post(f"/seat/{token}", data={"number": "1", "bid": str(bid)}).status_code
    assert load(app, new_id).game.hands[0].bids == (3, 3, 3, 3)


def test_another_phone_gets_a_button_to_the_seat_but_not_the_seat(app, client):
    game_id, tokens, phones = _finished(app, client)
    new_id = _rematch(client, game_id)
    stranger = app.test_client()
    page = stranger.get(f"/seat/{tokens[1]}")
    assert page.status_code == 200 and "Ben: bid in the rematch" in text(page)
    fresh = re.search(r'href="/seat/([\w-]+)"', page.get_data(as_text=True)).group(1)
    assert stranger.get(f"/seat/{fresh}").status_code == 403  # Ben's phone holds it
    # handed over by the scorer in the rematch: the old phone is not carried there again
    assert client.post(f"/games/{new_id}/seats/1/release").status_code == 302
    assert claim_seat(stranger, fresh).status_code == 302
    old = phones[1].get(f"/seat/{tokens[1]}")
    assert old.status_code == 200 and "Ben: bid in the rematch" in text(old)


def test_a_seat_no_phone_held_is_free_in_the_rematch(app, client):
    game_id = start(client, target="custom", custom_target="50")
    tokens = seat_links(client, game_id)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 3, 4, 3]))  # by the scorer
    client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 1, [5, 3, 4, 1]))
    new_id = _rematch(client, game_id)
    phone = app.test_client()
    page = phone.get(f"/seat/{tokens[0]}")
    fresh = re.search(r'href="/seat/([\w-]+)"', page.get_data(as_text=True)).group(1)
    assert "I am Alice" in text(phone.get(f"/seat/{fresh}"))
    assert load(app, new_id).rematch_of == game_id


def test_seat_links_given_after_the_end_say_what_their_phones_do_then(client):
    """A game over bids no more: its seat links, given then, show the result and follow
    the rematch, and the page says that, not that each player can now bid."""
    from tests.helpers import play

    game_id = start(client, target="custom", custom_target="100")
    play(client, game_id, 1, [7, 3, 6, 3], [7, 0, 6, 0])
    r = client.post(f"/games/{game_id}/seats", data={"seats": "on"}, follow_redirects=True)
    assert "follows the rematch" in text(r) and "can now bid" not in text(r)
    fresh = start(client)
    r = client.post(f"/games/{fresh}/seats", data={"seats": "on"}, follow_redirects=True)
    assert "Each player can now bid from their own phone" in text(r)
