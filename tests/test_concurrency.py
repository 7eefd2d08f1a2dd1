"""Two phones, one game: exactly one hand is stored, the other phone is told."""

from __future__ import annotations

import threading

from scorepad.store import storage
from scorepad.web.db import get_db
from tests.helpers import bid_form, play, start, text, tricks_form

PHONES = 8


def _race(app, path, forms):
    """POST each form from its own client at the same moment; the answers in order."""
    barrier = threading.Barrier(len(forms))
    answers = [None] * len(forms)

    def phone(i):
        client = app.test_client()
        barrier.wait()
        answers[i] = client.post(path, data=forms[i], follow_redirects=True)

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(len(forms))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def test_phones_saving_the_same_bids_store_one_hand(app, client):
    game_id = start(client)
    forms = [bid_form(1, [i % 4 + 1, 3, 3, 3]) for i in range(PHONES)]
    answers = _race(app, f"/games/{game_id}/bids", forms)
    assert all(a.status_code == 200 for a in answers)
    told = [a for a in answers if "Hand 1's bids were already saved on another phone" in text(a)]
    with app.app_context():
        hands = storage.load_game(get_db(), game_id).game.hands
    assert len(hands) == 1 and hands[0].tricks is None
    # a phone that sent the very bids saved was saved; every other one is told
    saved = hands[0].bids[0]
    assert len(told) == sum(1 for i in range(PHONES) if i % 4 + 1 != saved)
    # the phones that were told see the saved bids, not their own
    assert all(f"Alice & Cara bid {saved + 3}" in text(a) for a in told)


def test_phones_saving_the_same_tricks_store_one_result(app, client):
    game_id = start(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [3, 3, 3, 3]))
    forms = [tricks_form(1, 1, [4 if s == i % 4 else 3 for s in range(4)]) for i in range(PHONES)]
    answers = _race(app, f"/games/{game_id}/tricks", forms)
    refused = [
        a
        for a in answers
        if "changed on another phone" in text(a)
        or "were already saved" in text(a)
        or "no hand is waiting" in text(a)
    ]
    with app.app_context():
        stored = storage.load_game(get_db(), game_id)
    assert stored.versions == (2,) and sum(stored.game.hands[0].tricks) == 13
    same = sum(
        1
        for form in forms
        if [int(form[f"tricks_{s}"]) for s in range(4)] == list(stored.game.hands[0].tricks)
    )
    assert len(refused) == PHONES - same


def test_editing_a_hand_changed_meanwhile_is_refused(app, client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    first = {**bid_form(1, [4, 5, 3, "nil"]), **tricks_form(1, 2, [4, 6, 3, 0])}
    second = {**bid_form(1, [4, 5, 3, "nil"]), **tricks_form(1, 2, [6, 4, 3, 0])}
    answers = _race(app, f"/games/{game_id}/hands/1", [first, second])
    assert sum("changed on another phone" in text(a) for a in answers) == 1
    assert sum("Hand 1 corrected" in text(a) for a in answers) == 1
    with app.app_context():
        assert storage.load_game(get_db(), game_id).versions == (3,)


def test_wal_mode_and_busy_timeout(app):
    with app.app_context():
        db = get_db()
        assert db.execute("pragma journal_mode").fetchone()[0] == "wal"
        assert db.execute("pragma busy_timeout").fetchone()[0] >= 1000
