"""A phone's outbox sends each save with a key of its own (docs/offline.md): a save sent
again after its answer was lost is known by its key and not applied twice, even when the
hand changed meanwhile; a key that is no key is ignored; only the latest keys are kept."""

from __future__ import annotations

import sqlite3

import pytest

from scorepad.store.commands import sent
from tests.helpers import (
    HAND_1,
    bid_form,
    claim_seat,
    load,
    seat_links,
    start,
    text,
    tricks_form,
    ver,
)


def undo_last_step(client, game_id, number, version):
    """The table's Undo on another phone: the last step of hand `number` taken back."""
    r = client.post(
        f"/games/{game_id}/hands/{number}/delete", data={"number": str(number), "version": version}
    )
    assert r.status_code == 302, r.get_data(as_text=True)


@pytest.mark.parametrize("key", ["3f2a9c1e-7b4d-4e0a-9c55-0d1e2f3a4b5c", "a1b2c3d4e5f60718"])
def test_bids_sent_again_with_their_key_are_not_saved_again_after_an_undo(client, app, key):
    game_id = start(client)
    data = {**bid_form(1, HAND_1[0]), "key": key}
    assert client.post(f"/games/{game_id}/bids", data=data).status_code == 302
    undo_last_step(client, game_id, 1, ver(app, game_id))  # the bids taken back meanwhile
    again = client.post(f"/games/{game_id}/bids", data=data, follow_redirects=True)
    assert again.status_code == 200
    assert "Hand 1: the bids are saved." in text(again)  # as a double tap is told
    assert load(app, game_id).game.hands == ()  # not applied a second time


def test_tricks_sent_again_with_their_key_are_not_saved_again(client, app):
    game_id = start(client)
    assert client.post(f"/games/{game_id}/bids", data=bid_form(1, HAND_1[0])).status_code == 302
    data = {**tricks_form(1, ver(app, game_id), HAND_1[1]), "key": "k-0123456789"}
    assert client.post(f"/games/{game_id}/tricks", data=data).status_code == 302
    undo_last_step(client, game_id, 1, ver(app, game_id))  # the tricks taken back
    assert client.post(f"/games/{game_id}/tricks", data=data).status_code == 302
    assert load(app, game_id).game.hands[0].tricks is None


@pytest.mark.parametrize("key", ["", "short", "x" * 65, "no spaces allowed", "é" * 10, "a;b" * 4])
def test_a_key_that_is_no_key_is_ignored_and_the_save_checked_as_ever(client, app, key):
    game_id = start(client)
    data = {**bid_form(1, HAND_1[0]), "key": key}
    assert client.post(f"/games/{game_id}/bids", data=data).status_code == 302
    undo_last_step(client, game_id, 1, ver(app, game_id))
    assert client.post(f"/games/{game_id}/bids", data=data).status_code == 302
    assert len(load(app, game_id).game.hands) == 1  # no key kept: a new save, applied
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*) from saves_sent").fetchone()[0] == 0


def test_a_seat_phone_s_bid_sent_again_with_its_key_is_not_saved_again(client, app):
    game_id = start(client)
    tokens = seat_links(client, game_id)
    phone = app.test_client()
    assert claim_seat(phone, tokens[0]).status_code == 302
    data = {"number": "1", "bid": "4", "key": "seat-key-0001"}
    assert phone.post(f"/seat/{tokens[0]}", data=data).status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        rows = conn.execute("select key, number from saves_sent").fetchall()
    assert rows == [("seat-key-0001", 1)]
    again = phone.post(f"/seat/{tokens[0]}", data=data, follow_redirects=True)
    assert again.status_code == 200
    assert "Hand 1 is saved." in text(again)  # good news, as a retry is told
    assert "no game at this address" not in text(again)
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*) from saves_sent").fetchone()[0] == 1


def test_only_the_latest_keys_of_a_game_are_kept(client, app, monkeypatch):
    monkeypatch.setattr(sent, "KEPT", 3)
    monkeypatch.setattr(sent, "PRUNE_EVERY", 1)
    game_id = start(client)
    for number in range(1, 4):
        bids = {**bid_form(number, HAND_1[0]), "key": f"bids-key-{number:04}"}
        assert client.post(f"/games/{game_id}/bids", data=bids).status_code == 302
        tricks = {**tricks_form(number, ver(app, game_id, number), HAND_1[1])}
        tricks["key"] = f"tricks-key-{number:04}"
        assert client.post(f"/games/{game_id}/tricks", data=tricks).status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        keys = [k for (k,) in conn.execute("select key from saves_sent order by seq")]
    assert keys == ["tricks-key-0002", "bids-key-0003", "tricks-key-0003"]


def test_a_refused_save_keeps_no_key_so_it_can_be_sent_again_once_put_right(client, app):
    game_id = start(client)
    assert client.post(f"/games/{game_id}/bids", data=bid_form(1, HAND_1[0])).status_code == 302
    other = {**bid_form(1, [3, 3, 3, 3]), "key": "refused-key-01"}  # hand 1 bid meanwhile
    refused = client.post(f"/games/{game_id}/bids", data=other, follow_redirects=True)
    assert "already saved on another phone" in text(refused)
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*) from saves_sent").fetchone()[0] == 0
    undo_last_step(client, game_id, 1, ver(app, game_id))
    assert client.post(f"/games/{game_id}/bids", data=other).status_code == 302
    assert load(app, game_id).game.hands[0].bids == (3, 3, 3, 3)
