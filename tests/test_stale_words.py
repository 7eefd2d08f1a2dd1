"""What a phone is told when its form lost a race to another phone: words that say what
happened there, never a save that did not happen."""

from __future__ import annotations

from tests.helpers import bid_form, load, play, start, text


def test_bids_for_a_hand_after_one_undone_elsewhere_do_not_claim_they_were_saved(app):
    phone, other = app.test_client(), app.test_client()
    game_id = start(phone)
    play(phone, game_id, 1, [3, 3, 3, 3], [4, 3, 3, 3])
    play(phone, game_id, 2, [3, 3, 3, 3], [4, 3, 3, 3])
    version = load(app, game_id).versions[1]
    undone = other.post(
        f"/games/{game_id}/hands/2/delete", data={"number": "2", "version": str(version)}
    )
    assert undone.status_code == 302 and len(load(app, game_id).game.hands) == 1
    # the first phone still shows hand 3's bids step and saves them
    response = phone.post(f"/games/{game_id}/bids", data=bid_form(3, [2, 2, 2, 2]))
    told = text(phone.get(response.headers["Location"]))
    assert len(load(app, game_id).game.hands) == 1
    assert "already saved" not in told
    assert "Hand 3's bids were not saved: an earlier hand was undone on another phone" in told
