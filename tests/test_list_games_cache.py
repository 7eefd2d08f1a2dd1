"""Listing games follows the scored-game cache's one rule, as loading a game does: what
is read inside a write transaction is not kept (that write may still roll back)."""

from __future__ import annotations

import pytest

from scorepad.core.game import Game
from scorepad.core.rules import Rules
from scorepad.store import commands, storage
from scorepad.store.db import writing
from tests.helpers import hand, partnership


def _hands_read(db, game_id) -> list[str]:
    read: list[str] = []
    db.conn.set_trace_callback(read.append)
    try:
        storage.load_game(db, game_id)
    finally:
        db.conn.set_trace_callback(None)
    return [sql for sql in read if "from hands" in sql]


def _game(db) -> str:
    game = Game(partnership(), Rules(), (hand([3, 3, 3, 4], [3, 3, 3, 4]),))
    game_id = commands.import_game(db, game, game.score()).id
    storage.forget_all()
    return game_id


@pytest.mark.parametrize("read", ["load_game", "list_games"])
def test_a_game_read_inside_a_write_is_not_kept(db, read):
    game_id = _game(db)
    with writing(db):
        if read == "load_game":
            storage.load_game(db, game_id)
        else:
            storage.list_games(db, [game_id])
    assert _hands_read(db, game_id)  # not in memory: its hands are read again


def test_a_game_listed_outside_a_write_is_kept(db):
    game_id = _game(db)
    storage.list_games(db, [game_id])
    assert not _hands_read(db, game_id)
