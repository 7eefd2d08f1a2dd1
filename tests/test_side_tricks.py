"""Tricks counted by side: what the table entered is kept, and scores as per-seat tricks do."""

from __future__ import annotations

import pytest
from hypothesis import given, reject
from hypothesis import strategies as st

from scorepad.core.errors import GameError
from scorepad.core.game import Game
from scorepad.core.records import NIL, Hand, Table
from scorepad.core.rules import Rules
from scorepad.files import game as gamefile
from scorepad.store import commands, storage
from scorepad.store.db import connect, migrate

TABLE = Table("partnership", ("Alice", "Ben", "Cara", "Dev"))


def totals(*hands: Hand, rules: Rules | None = None) -> list[tuple[int, int]]:
    return [(s.total, s.bags) for s in Game(TABLE, rules or Rules(), hands).score().sides]


@pytest.mark.parametrize(
    ("bids", "seat_tricks", "tricks", "side_tricks"),
    [
        ((4, 5, 3, NIL), (5, 5, 3, 0), (None, None, None, 0), (8, 5)),
        ((NIL, 3, 7, 3), (1, 4, 5, 3), (1, None, None, None), (6, 7)),
        ((NIL, 5, NIL, 5), (0, 5, 3, 5), (0, None, 3, None), (3, 10)),
        ((3, 3, 3, 4), (4, 2, 4, 3), (None, None, None, None), (8, 5)),
    ],
)
def test_side_counts_score_as_the_same_tricks_per_seat(bids, seat_tricks, tricks, side_tricks):
    by_seat = Hand(bids, seat_tricks)
    by_side = Hand(bids, tricks, side_tricks)
    assert totals(by_side) == totals(by_seat)
    for rule in ({"nil_tricks": "partner"}, {"nil_tricks": "none"}):
        assert totals(by_side, rules=Rules(**rule)) == totals(by_seat, rules=Rules(**rule))


@pytest.mark.parametrize(
    ("tricks", "side_tricks", "message"),
    [
        ((None, None, None, 0), (8, 4), "side_tricks add up to 12, expected 13"),
        ((None, None, None, 0), (8,), "expected one count for each of the 2 sides"),
        ((None, None, None, None), (8, 5), "Dev bid nil, so Dev's own tricks must be"),
        ((None, None, 2, 0), (8, 5), "Cara's tricks are counted with the side"),
        ((None, None, None, 6), (8, 5), "the nil bidders of Ben & Dev took more tricks"),
        ((None, None, None, 0), (-1, 14), "Alice & Cara's tricks must be a whole number"),
        ((None, None, None, 0), (True, 12), "must be a whole number"),
    ],
)
def test_bad_side_counts_are_refused_naming_the_field(tricks, side_tricks, message):
    with pytest.raises(GameError, match=message):
        Game(TABLE, Rules(), (Hand((4, 5, 3, NIL), tricks, side_tricks),)).score()


def test_double_nil_side_count_must_be_the_nil_tricks():
    hand = Hand((NIL, 5, NIL, 5), (0, None, 1, None), (2, 11))
    with pytest.raises(GameError, match="both of Alice & Cara bid nil"):
        Game(TABLE, Rules(), (hand,)).score()


def test_side_counts_are_for_partnerships_only():
    cutthroat = Table("cutthroat", ("A", "B", "C", "D"))
    with pytest.raises(GameError, match="partnership games only"):
        Game(cutthroat, Rules(), (Hand((3, 3, 3, 4), (None,) * 4, (8, 5)),)).score()
    with pytest.raises(GameError, match="tricks_by"):
        Game(cutthroat, Rules(), (), "side")


def _deal(cuts: list[int]) -> list[int]:
    """Four trick counts adding up to 13, from three cut points."""
    a, b, c = sorted(cuts)
    return [a, b - a, c - b, 13 - c]


@given(
    st.lists(st.integers(0, 13), min_size=3, max_size=3).map(_deal),
    st.lists(st.sampled_from([NIL, 1, 2, 3, 4, 5]), min_size=4, max_size=4),
)
def test_any_split_of_a_side_scores_the_same(seat_tricks, bids):
    side_tricks = (seat_tricks[0] + seat_tricks[2], seat_tricks[1] + seat_tricks[3])
    recorded = tuple(t if b == NIL else None for b, t in zip(bids, seat_tricks))
    try:
        expected = totals(Hand(tuple(bids), tuple(seat_tricks)))
    except GameError:
        reject()
    assert totals(Hand(tuple(bids), recorded, side_tricks)) == expected


def test_the_game_file_keeps_side_counts_through_export_and_import():
    doc = {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": list(TABLE.players),
        "tricks_by": "side",
        "hands": [
            {"bids": [4, "nil", 3, 5], "tricks": [None, 1, None, None], "side_tricks": [7, 6]}
        ],
    }
    game = gamefile.read(doc)
    assert game.tricks_by == "side" and game.hands[0].side_tricks == (7, 6)
    exported = gamefile.export(game)
    assert exported["tricks_by"] == "side"
    assert exported["hands"][0]["tricks"] == [None, 1, None, None]
    assert exported["hands"][0]["side_tricks"] == [7, 6]
    assert gamefile.export(gamefile.read(exported)) == exported
    # a game counted per seat says nothing of it, as before
    del doc["tricks_by"], doc["hands"][0]["side_tricks"]
    doc["hands"][0]["tricks"] = [4, 1, 3, 5]
    assert "tricks_by" not in gamefile.export(gamefile.read(doc))


def test_storage_keeps_what_was_entered(tmp_path):
    path = str(tmp_path / "side.db")
    migrate(path)
    db = connect(path)
    game_id = commands.start(db, TABLE, Rules(), tricks_by="side").id
    commands.record_bids(db, game_id, 1, [4, NIL, 3, 5])
    stored = storage.load_game(db, game_id)
    commands.record_tricks(db, game_id, 1, stored.versions[0], [None, 1, None, None], [7, 6])
    storage.forget_all()  # read it back from the file, not from memory
    stored = storage.load_game(db, game_id)
    assert stored.game.tricks_by == "side"
    assert stored.game.hands[0] == Hand((4, NIL, 3, 5), (None, 1, None, None), (7, 6))
    assert [s.total for s in stored.score().sides] == [70, -100 + 1 + 50]
    db.close()
