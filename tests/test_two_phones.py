"""Two phones on one game: a stale form never overwrites newer data, a repeat is success."""

from __future__ import annotations

import pytest

from scorepad.store import commands, storage
from scorepad.web.db import get_db
from tests.helpers import bid_form, play, start, text, tricks_form, version_on_page


@pytest.fixture
def phones(app):
    return app.test_client(), app.test_client()


def hands(app, game_id):
    with app.app_context():
        return storage.load_game(get_db(), game_id).game.hands


def undo_and_bid_again(phone, game_id, number, bids):
    """The other phone undoes hand `number` and bids it again with other bids."""
    version = version_on_page(phone, game_id)
    assert (
        phone.post(
            f"/games/{game_id}/hands/{number}/delete",
            data={"number": str(number), "version": str(version)},
        ).status_code
        == 302
    )
    assert phone.post(f"/games/{game_id}/bids", data=bid_form(number, bids)).status_code == 302


def _bid_then_undone_on_the_other_phone(a, b) -> tuple[str, int]:
    """Phone A starts a game and bids hand 1 (4 5 3 1); phone B undoes it and bids 3 3 3 3.
    The game's id, and the version phone A's forms still carry."""
    game_id = start(a)
    a.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, 1]))
    old = version_on_page(a, game_id)
    undo_and_bid_again(b, game_id, 1, [3, 3, 3, 3])
    return game_id, old


def test_stale_tricks_after_undo_and_bid_again_are_refused(app, phones):
    a, b = phones
    game_id, old = _bid_then_undone_on_the_other_phone(a, b)
    response = a.post(
        f"/games/{game_id}/tricks", data=tricks_form(1, old, [4, 5, 3, 1]), follow_redirects=True
    )
    words = text(response)
    assert "changed on another phone" in words
    assert "Alice & Cara bid 6" in words  # what is stored now, not phone A's bids
    assert hands(app, game_id)[0].bids == (3, 3, 3, 3) and hands(app, game_id)[0].tricks is None


def test_stale_fix_does_not_overwrite_new_bids(app, phones):
    a, b = phones
    game_id, old = _bid_then_undone_on_the_other_phone(a, b)
    data = {**bid_form(1, [2, 5, 3, 1]), "version": str(old)}
    response = a.post(f"/games/{game_id}/hands/1", data=data, follow_redirects=True)
    assert "changed on another phone" in text(response)
    assert hands(app, game_id)[0].bids == (3, 3, 3, 3)


def test_stale_undo_does_not_delete_the_new_hand(app, phones):
    a, b = phones
    game_id, old = _bid_then_undone_on_the_other_phone(a, b)
    response = a.post(
        f"/games/{game_id}/hands/1/delete",
        data={"number": "1", "version": str(old)},
        follow_redirects=True,
    )
    assert "changed on another phone" in text(response)
    assert hands(app, game_id)[0].bids == (3, 3, 3, 3)


def test_stale_change_of_bids_after_tricks_saved_elsewhere_is_a_conflict(app, phones):
    a, b = phones
    game_id = start(a)
    a.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, 1]))
    page = a.get(f"/games/{game_id}/hands/1")  # the hand in play: bids only
    assert 'name="tricks_0"' not in page.get_data(as_text=True)
    old = version_on_page(a, game_id)
    b.post(f"/games/{game_id}/tricks", data=tricks_form(1, old, [4, 5, 3, 1]))
    data = {**bid_form(1, [3, 5, 3, 1]), "version": str(old)}
    response = a.post(f"/games/{game_id}/hands/1", data=data, follow_redirects=True)
    words = text(response)
    assert "changed on another phone" in words and "see the marked fields" not in words
    assert hands(app, game_id)[0].bids == (4, 5, 3, 1)


def test_the_same_tricks_sent_twice_show_as_saved(app, client):
    game_id = start(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, 1]))
    form = tricks_form(1, version_on_page(client, game_id), [4, 5, 3, 1])
    assert client.post(f"/games/{game_id}/tricks", data=form).status_code == 302
    again = client.post(f"/games/{game_id}/tricks", data=form)
    assert again.status_code == 302 and again.headers["Location"].endswith(f"/games/{game_id}")
    words = text(client.get(f"/games/{game_id}"))
    assert "tricks are saved" in words and "not saved" not in words
    assert hands(app, game_id)[0].tricks == (4, 5, 3, 1)
    other = client.post(
        f"/games/{game_id}/tricks",
        data=tricks_form(1, form["version"], [5, 4, 3, 1]),
        follow_redirects=True,
    )
    assert "not saved" in text(other) and hands(app, game_id)[0].tricks == (4, 5, 3, 1)


def test_the_same_bids_sent_twice_show_as_saved(app, client):
    game_id = start(client)
    form = bid_form(1, [4, 5, 3, "nil"])
    assert client.post(f"/games/{game_id}/bids", data=form).status_code == 302
    again = client.post(f"/games/{game_id}/bids", data=form, follow_redirects=True)
    words = text(again)
    assert again.status_code == 200 and "bids are saved" in words
    assert "already entered" not in words and len(hands(app, game_id)) == 1
    client.post(
        f"/games/{game_id}/tricks",
        data=tricks_form(1, version_on_page(client, game_id), [4, 5, 4, 0]),
    )
    play(client, game_id, 2, [3, 3, 3, 4], [3, 3, 3, 4])
    late = client.post(f"/games/{game_id}/bids", data=form, follow_redirects=True)
    assert "bids are saved" in text(late) and len(hands(app, game_id)) == 2


def test_rematch_of_an_unfinished_game_is_refused(app, client):
    game_id = start(client)
    play(client, game_id, 1, [3, 3, 3, 4], [3, 3, 3, 4])
    response = client.post(f"/games/{game_id}/rematch", follow_redirects=True)
    assert "not finished" in text(response)
    with app.app_context():
        assert get_db().execute("select count(*) from games").fetchone()[0] == 1


def test_a_rematch_asked_twice_is_one_new_game(app, phones):
    a, b = phones
    game_id = start(a, target="250")
    for number in (1, 2, 3):
        play(a, game_id, number, [6, 6, 6, 1], [7, 1, 5, 0])
    first = a.post(f"/games/{game_id}/rematch")
    second = b.post(f"/games/{game_id}/rematch", follow_redirects=True)
    assert first.status_code == 302
    new_id = first.headers["Location"].rsplit("/", 1)[-1]
    assert second.request.path == f"/games/{new_id}"
    assert "already started" in text(second)
    with app.app_context():
        assert get_db().execute("select count(*) from games").fetchone()[0] == 2
        assert storage.load_game(get_db(), new_id).rematch_of == game_id


def test_a_game_gone_during_a_write_is_a_clear_404(app, client, monkeypatch):
    game_id = start(client)
    original = commands.record_bids

    def gone_meanwhile(db, *args, **kwargs):
        db.execute("delete from games where id = ?", [game_id])
        return original(db, *args, **kwargs)

    monkeypatch.setattr(commands, "record_bids", gone_meanwhile)
    response = client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, 1]))
    assert response.status_code == 404
    assert "no game at this address" in text(response) and "nothing was saved" in text(response)


# --- seat bids, fixes, adjustments and dealer changes from two phones ------------------


def _played_once(phone) -> str:
    game_id = start(phone)
    play(phone, game_id, 1, [3, 3, 3, 3], [4, 3, 3, 3])
    return game_id


def test_a_stale_adjustment_does_not_undo_a_fix(app, phones):
    a, b = phones
    game_id = _played_once(a)
    seen = str(hands_versions(app, game_id)[0])  # phone A opens the adjustment form
    fix = {**bid_form(1, [3, 3, 3, 3]), **tricks_form(1, seen, [5, 3, 2, 3])}
    assert b.post(f"/games/{game_id}/hands/1", data=fix).status_code == 302
    r = a.post(
        f"/games/{game_id}/hands/1/adjust",
        data={"version": seen, "adjust_0": "20", "adjust_1": "0", "note": "renege"},
    )
    assert r.status_code == 302 and "changed on another phone" in text(a.get(r.headers["Location"]))
    hand = hands(app, game_id)[0]
    assert hand.tricks == (5, 3, 2, 3) and hand.adjust is None


def test_a_stale_fix_does_not_undo_an_adjustment(app, phones):
    a, b = phones
    game_id = _played_once(a)
    seen = str(hands_versions(app, game_id)[0])  # phone A opens the fix form
    r = b.post(
        f"/games/{game_id}/hands/1/adjust",
        data={"version": seen, "adjust_0": "20", "adjust_1": "0", "note": "renege"},
    )
    assert r.status_code == 302
    fix = {**bid_form(1, [3, 3, 3, 3]), **tricks_form(1, seen, [5, 3, 2, 3])}
    r = a.post(f"/games/{game_id}/hands/1", data=fix)
    assert r.status_code == 302 and "changed on another phone" in text(a.get(r.headers["Location"]))
    hand = hands(app, game_id)[0]
    assert hand.tricks == (4, 3, 3, 3) and hand.adjust == (20, 0) and hand.note == "renege"


def test_a_stale_dealer_change_does_not_touch_a_hand_bid_meanwhile(app, phones):
    a, b = phones
    game_id = _played_once(a)
    # Phone A opens "who deals hand 2" (version 0: not bid yet); phone B bids hand 2.
    assert b.post(f"/games/{game_id}/bids", data=bid_form(2, [3, 3, 3, 3])).status_code == 302
    r = a.post(f"/games/{game_id}/hands/2/dealer", data={"version": "0", "dealer": "3"})
    assert r.status_code == 302 and "changed on another phone" in text(a.get(r.headers["Location"]))
    assert hands(app, game_id)[1].dealer is None


def test_a_stale_dealer_change_of_a_past_hand_does_not_undo_a_fix(app, phones):
    a, b = phones
    game_id = _played_once(a)
    seen = str(hands_versions(app, game_id)[0])
    fix = {**bid_form(1, [3, 3, 3, 3]), **tricks_form(1, seen, [5, 3, 2, 3])}
    assert b.post(f"/games/{game_id}/hands/1", data=fix).status_code == 302
    r = a.post(f"/games/{game_id}/hands/1/dealer", data={"version": seen, "dealer": "3"})
    assert r.status_code == 302
    hand = hands(app, game_id)[0]
    assert hand.tricks == (5, 3, 2, 3) and hand.dealer is None


def test_a_seat_phone_and_the_scorer_bidding_the_same_seat_keep_the_phone_s_bid(app, client):
    from tests.helpers import seat_bid, seat_links

    game_id = start(client)
    tokens = seat_links(client, game_id)
    ben = app.test_client()
    # The scorer's page offers Ben's bid (not in yet); Ben bids from his phone meanwhile.
    assert seat_bid(ben, tokens[1], 5).status_code == 302
    r = client.post(f"/games/{game_id}/seat-bids", data={"number": "1", "bid_1": "2"})
    assert "Ben's bid came in from Ben's phone meanwhile" in text(client.get(r.headers["Location"]))
    for seat, bid in ((0, 3), (2, 3), (3, 2)):
        assert seat_bid(app.test_client(), tokens[seat], bid).status_code == 302
    assert hands(app, game_id)[0].bids == (3, 5, 3, 2)


def test_four_seat_phones_bidding_at_once_make_one_hand(app, client):
    import threading

    from tests.helpers import seat_phones

    game_id, tokens, phones = seat_phones(app, client)
    barrier, answers = threading.Barrier(4), [0] * 4

    def bid(seat):
        barrier.wait()
        answers[seat] = (
            phones[seat]
            .post(f"/seat/{tokens[seat]}", data={"number": "1", "bid": str(seat + 2)})
            .status_code
        )

    threads = [threading.Thread(target=bid, args=(seat,)) for seat in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == [302] * 4
    assert [h.bids for h in hands(app, game_id)] == [(2, 3, 4, 5)]


def hands_versions(app, game_id):
    with app.app_context():
        return storage.load_game(get_db(), game_id).versions
