"""A hand's dealer: chosen on the bids step or fixed later, kept by later saves, held on the
seat phones."""

from __future__ import annotations

from tests.helpers import (
    HAND_1,
    HAND_2,
    bid_form,
    load,
    play,
    played_game,
    text,
    tricks_form,
    ver,
)


def test_change_the_dealer_on_the_bids_step(client, app):
    game_id = played_game(client)
    page = client.get(f"/games/{game_id}")
    assert "Ben deals. Cara bids first." in text(page)
    assert f'href="/games/{game_id}/hands/2/dealer"' in page.text
    form = client.get(f"/games/{game_id}/hands/2/dealer")
    assert form.status_code == 200 and 'checked id="dealer-1"' in form.text
    r = client.post(f"/games/{game_id}/hands/2/dealer", data={"version": "0", "dealer": "3"})
    assert r.status_code == 302 and r.headers["Location"] == f"/games/{game_id}"
    words = text(client.get(f"/games/{game_id}"))
    assert "Dev deals. Alice bids first." in words and "Hand 2: Dev deals." in words
    assert "Hand 2: Dev deals." in text(client.get(f"/watch/{load(app, game_id).share_token}"))
    play(client, game_id, 2, *HAND_2)
    stored = load(app, game_id)
    assert stored.game.hands[1].dealer == 3 and stored.game.next_dealer is None
    assert "Alice deals. Ben bids first." in text(client.get(f"/games/{game_id}"))  # passes on


def test_change_the_dealer_of_a_played_hand_from_its_fix_page(client, app):
    game_id = played_game(client, (HAND_1, HAND_2))
    fix = client.get(f"/games/{game_id}/hands/1").text
    assert f'href="/games/{game_id}/hands/1/dealer"' in fix
    old = load(app, game_id).versions[0]
    r = client.post(f"/games/{game_id}/hands/1/dealer", data={"version": str(old), "dealer": "2"})
    assert r.headers["Location"] == f"/games/{game_id}/hands/1"
    stored = load(app, game_id)
    assert stored.game.hands[0].dealer == 2 and stored.versions[0] > old
    assert stored.game.hands[0].tricks == tuple(HAND_1[1])  # nothing else changed
    history = text(client.get(f"/games/{game_id}/history"))
    assert "1 Cara dealt" in history and "2 Dev dealt" in history


def test_a_stale_or_bad_dealer_is_refused(client, app):
    game_id = played_game(client)
    r = client.post(f"/games/{game_id}/hands/1/dealer", data={"version": "1", "dealer": "2"})
    assert "changed on another phone" in text(client.get(r.headers["Location"]))
    r = client.post(f"/games/{game_id}/hands/1/dealer", data={"version": "2", "dealer": "9"})
    assert r.status_code == 400 and 'id="dealer-error"' in r.text
    assert "choose one of the choices shown" in r.text
    client.post(f"/games/{game_id}/bids", data=bid_form(2, [3, 3, 3, 4]))
    r = client.post(f"/games/{game_id}/hands/2/dealer", data={"version": "0", "dealer": "2"})
    assert "changed on another phone" in text(client.get(r.headers["Location"]))
    assert client.get(f"/games/{game_id}/hands/3/dealer").status_code == 404
    assert load(app, game_id).game.hands[0].dealer is None


def test_saving_tricks_and_fixing_a_hand_keep_its_dealer_and_adjustment(client, app):
    game_id = played_game(client)
    client.post(f"/games/{game_id}/hands/2/dealer", data={"version": "0", "dealer": "0"})
    client.post(f"/games/{game_id}/bids", data=bid_form(2, [3, 2, 3, 2]))
    client.post(f"/games/{game_id}/tricks", data=tricks_form(2, ver(app, game_id, 2), [5, 2, 4, 2]))
    assert load(app, game_id).game.hands[1].dealer == 0
    client.post(
        f"/games/{game_id}/hands/2/adjust",
        data={
            "version": ver(app, game_id, 2),
            "adjust_0": "20",
            "adjust_1": "0",
            "note": "misdeal",
        },
    )
    fix = {**bid_form(2, [3, 2, 3, 2]), **tricks_form(2, ver(app, game_id, 2), [4, 3, 4, 2])}
    assert client.post(f"/games/{game_id}/hands/2", data=fix).status_code == 302
    hand = load(app, game_id).game.hands[1]
    assert hand.tricks == (4, 3, 4, 2)
    assert (hand.dealer, hand.adjust, hand.note) == (0, (20, 0), "misdeal")


def test_a_dealer_chosen_before_the_bids_holds_on_the_seat_phones_too(client, app):
    from tests.helpers import claim_seat, seat_bid, seat_links

    game_id = played_game(client)
    tokens = seat_links(client, game_id)
    claim_seat(client, tokens[0])
    client.post(f"/games/{game_id}/hands/2/dealer", data={"version": "0", "dealer": "3"})
    assert "Dev deals. Alice bids first." in text(client.get(f"/seat/{tokens[0]}"))
    for token, bid in zip(tokens, [3, 3, 3, 4]):
        seat_bid(client, token, bid, number=2)
    stored = load(app, game_id)
    assert stored.game.hands[1].dealer == 3 and stored.score().hands[1].leader == 0
