"""What a phone is told when its form lost a race to another phone: words that say what
happened there, never a save that did not happen."""

from __future__ import annotations

import re

from tests.helpers import bid_form, claim_seat, load, play, seat_bid, seat_links, start, text


def _two_hands_played(app):
    """Two phones on a game the first has played two hands of: the phones, the game's id
    and hand 2's version as the first phone last saw it."""
    phone, other = app.test_client(), app.test_client()
    game_id = start(phone)
    play(phone, game_id, 1, [3, 3, 3, 3], [4, 3, 3, 3])
    play(phone, game_id, 2, [3, 3, 3, 3], [4, 3, 3, 3])
    return phone, other, game_id, load(app, game_id).versions[1]


def test_bids_for_a_hand_after_one_undone_elsewhere_do_not_claim_they_were_saved(app):
    phone, other, game_id, version = _two_hands_played(app)
    undone = other.post(
        f"/games/{game_id}/hands/2/delete", data={"number": "2", "version": str(version)}
    )
    # one step back: hand 2's tricks; the bids stay, the hand waits for its tricks again
    assert undone.status_code == 302 and len(load(app, game_id).game.hands) == 2
    # the first phone still shows hand 3's bids step and saves them
    response = phone.post(f"/games/{game_id}/bids", data=bid_form(3, [2, 2, 2, 2]))
    told = text(phone.get(response.headers["Location"]))
    assert len(load(app, game_id).game.hands) == 2 and not load(app, game_id).game.hands[1].played
    assert "already saved" not in told
    assert "Hand 3's bids were not saved: an earlier hand was undone on another phone" in told
    again = load(app, game_id).versions[1]  # the second step: hand 2's bids
    other.post(f"/games/{game_id}/hands/2/delete", data={"number": "2", "version": str(again)})
    response = phone.post(f"/games/{game_id}/bids", data=bid_form(3, [2, 2, 2, 2]))
    told = text(phone.get(response.headers["Location"]))
    assert len(load(app, game_id).game.hands) == 1
    assert "Hand 3's bids were not saved: an earlier hand was undone on another phone" in told


def test_undo_of_a_hand_no_longer_last_says_another_phone_went_on(app):
    phone, other, game_id, version = _two_hands_played(app)
    # the other phone starts hand 3 while this one still offers "Undo hand 2"
    assert other.post(f"/games/{game_id}/bids", data=bid_form(3, [2, 2, 2, 2])).status_code == 302
    form = {"number": "2", "version": str(version)}
    response = phone.post(f"/games/{game_id}/hands/2/delete", data=form)
    told = text(phone.get(response.headers["Location"]))
    assert len(load(app, game_id).game.hands) == 3
    assert "Hand 2 was not deleted: a later hand was entered on another phone meanwhile" in told


def test_a_seat_bid_after_every_bid_came_in_says_another_phone_did_it(app):
    scorer, seat = app.test_client(), app.test_client()
    game_id = start(scorer)
    tokens = seat_links(scorer, game_id)
    claim_seat(seat, tokens[1])  # the seat phone holds its link and shows hand 1
    assert scorer.post(f"/games/{game_id}/bids", data=bid_form(1, [3, 3, 3, 3])).status_code == 302
    seat_bid(seat, tokens[1], 5)
    told = text(seat.get(f"/seat/{tokens[1]}"))
    assert "Hand 1 is no longer the hand being bid (it changed on another phone meanwhile)" in told


def test_a_delete_page_older_than_the_game_deletes_nothing_and_says_why(app):
    phone, other = app.test_client(), app.test_client()
    game_id = start(phone)
    page = phone.get(f"/games/{game_id}/delete").get_data(as_text=True)
    version = re.search(r'name="version" value="(\d+)"', page)
    assert version, "the delete page sends the game's revision it showed"
    play(other, game_id, 1, [3, 3, 3, 3], [4, 3, 3, 3])  # meanwhile, on another phone
    response = phone.post(f"/games/{game_id}/delete", data={"version": version[1]})
    assert response.headers["Location"].endswith(f"/games/{game_id}")
    assert len(load(app, game_id).game.hands) == 1
    assert "This game was changed on another phone meanwhile" in text(
        phone.get(f"/games/{game_id}")
    )
    again = phone.get(f"/games/{game_id}/delete").get_data(as_text=True)
    fresh = re.search(r'name="version" value="(\d+)"', again)[1]
    assert phone.post(f"/games/{game_id}/delete", data={"version": fresh}).status_code == 302
    assert phone.get(f"/games/{game_id}").status_code == 404
