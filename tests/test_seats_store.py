"""Seat bids in the store: four phones at once, one hand; the migration and its cascade."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from scorepad.core.rules import Rules
from scorepad.store import commands, seats, storage
from scorepad.store import db as store_db
from scorepad.store.migrations import migrations
from tests.helpers import partnership


def _game(path: Path) -> str:
    store_db.migrate(str(path))
    db = store_db.connect(str(path))
    try:
        game_id = commands.start(db, partnership(), Rules()).id
        commands.enable_seats(db, game_id)
        return game_id
    finally:
        db.close()


def test_four_seats_bidding_at_once_make_exactly_one_hand(tmp_path):
    path = tmp_path / "scorepad.db"
    game_id = _game(path)
    start, results, errors = threading.Barrier(4), [], []

    def phone(seat: int, bid: object) -> None:
        db = store_db.connect(str(path))
        try:
            start.wait()
            fresh = commands.seat_bid(db, game_id, 1, {seat: bid})
            results.append(len(fresh.game.hands) == 1)  # this bid made the hand
        except Exception as err:  # noqa: BLE001 - any failure fails the test below
            errors.append(err)
        finally:
            db.close()

    threads = [
        threading.Thread(target=phone, args=(seat, bid))
        for seat, bid in enumerate((4, "nil", 3, 5))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and sorted(results) == [False, False, False, True]
    db = store_db.connect(str(path))
    try:
        stored = storage.load_game(db, game_id)
        assert stored is not None and stored.game.hands[0].bids == (4, "nil", 3, 5)
        assert len(stored.game.hands) == 1
        assert list(db.query("select * from seat_bids")) == []
    finally:
        db.close()


def test_m007_leaves_the_rematch_of_column_of_m004_there(tmp_path):
    path = str(tmp_path / "scorepad.db")
    db = store_db.connect(path)
    try:
        migrations.apply(db, stop_before="m007_evening")
        assert "rematch_of" in db.table("games").columns_dict  # m004's
        migrations.apply(db)
        assert "rematch_of" in db.table("games").columns_dict
        assert {"seat_links", "seat_bids"} <= set(db.table_names())
    finally:
        db.close()


def test_a_deleted_game_takes_its_seat_links_and_bids_with_it(tmp_path):
    path = tmp_path / "scorepad.db"
    game_id = _game(path)
    db = store_db.connect(str(path))
    try:
        commands.seat_bid(db, game_id, 1, {0: 4})
        with store_db.writing(db):
            db.execute("delete from hands where game_id = ?", [game_id])
            db.execute("delete from games where id = ?", [game_id])
        assert seats.links(db, game_id) == []
        assert list(db.query("select * from seat_bids")) == []
    finally:
        db.close()


def test_writing_joins_a_transaction_already_begun(tmp_path):
    path = str(tmp_path / "scorepad.db")
    store_db.migrate(path)
    db = store_db.connect(path)
    try:
        try:
            with store_db.writing(db):
                db.execute(
                    "insert into games (id, created_at, updated_at, mode, players, "
                    "first_dealer, rules) values ('x', '', '', 'partnership', '[]', "
                    "0, '{}')"
                )
                with store_db.writing(db):  # joined: no commit of its own
                    db.execute("update games set mode = 'cutthroat' where id = 'x'")
                raise RuntimeError("the outer write fails")
        except RuntimeError:
            pass
        assert list(db.query("select * from games")) == []  # both rolled back
    finally:
        db.close()
    assert sqlite3.connect(path).execute("select count(*) from games").fetchone() == (0,)
