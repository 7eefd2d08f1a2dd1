"""Housekeeping writes on a real SQLite file: each checks its version, refusals leave nothing."""

from __future__ import annotations

import json
import sqlite3

import pytest
from sqlite_utils.migrations import Migrations

from scorepad.core.errors import GameError
from scorepad.core.records import Table
from scorepad.core.rules import Rules
from scorepad.store import commands, migrations, storage
from scorepad.store.db import connect, migrate
from scorepad.store.outcomes import GameOver, RemovesHands, Stale
from tests.helpers import partnership, refused


def played(db, hands=(([4, 5, 3, "nil"], [5, 5, 3, 0]),)) -> str:
    game_id = commands.start(db, partnership(), Rules()).id
    for number, (bids, tricks) in enumerate(hands, 1):
        commands.record_bids(db, game_id, number, bids)
        commands.record_tricks(db, game_id, number, version(db, game_id, number), tricks)
    return game_id


def version(db, game_id, number=1) -> int:
    return storage.load_game(db, game_id).versions[number - 1]


def test_m008_adds_its_columns_to_a_database_made_before_it(tmp_path):
    path = str(tmp_path / "old.db")
    old = Migrations("scorepad")
    for fn in (
        migrations.m001_create_games,
        migrations.m002_add_revision,
        migrations.m003_add_share_token,
        migrations.m004_add_rematch_of,
        migrations.m005_tricks_by_side,
        migrations.m006_core_extras,
        migrations.m007_evening,
    ):
        old()(fn)
    database = connect(path)
    old.apply(database)
    database["games"].insert(
        {
            "id": "g",
            "created_at": "2026-01-01",
            "updated_at": "2026-01-01",
            "mode": "partnership",
            "players": json.dumps(list("ABCD")),
            "first_dealer": 0,
            "rules": "{}",
            "share_token": "t",
            "extra": json.dumps({"side_names": ["Sharks", None]}),
        }
    )
    database["hands"].insert(
        {
            "game_id": "g",
            "number": 1,
            "bids": "[3, 3, 3, 4]",
            "tricks": "[3, 3, 3, 4]",
            "version": 1,
            "extra": json.dumps({"dealer": 2, "adjust": [10, 0], "note": "renege"}),
        }
    )
    database.close()
    migrate(path)
    database = connect(path)
    assert {"next_dealer", "next_dealer_hand"} <= set(database["games"].columns_dict)
    assert "deleted_games" in database.table_names()
    # One storage for each fact: house's own columns for what the core keeps are gone.
    assert not {"side_names", "ended"} & set(database["games"].columns_dict)
    assert not {"dealer", "adjust", "note"} & set(database["hands"].columns_dict)
    stored = storage.load_game(database, "g")
    assert stored.game.next_dealer is None and stored.game.ended is False
    assert stored.game.table.side_names == ("Sharks", None)
    hand = stored.game.hands[0]
    assert (hand.dealer, hand.adjust, hand.note) == (2, (10, 0), "renege")
    assert stored.score().hands[0].sides[0].adjust == 10
    database.close()


def test_settings_rescore_and_check_the_revision(db):
    game_id = played(db)
    stored = storage.load_game(db, game_id)
    table = Table("partnership", ("Alice", "Bea", "Cara", "Dev"), 0, ("Sharks", None))
    commands.change_settings(db, game_id, stored.revision, table, Rules(nil_value=50))
    after = storage.load_game(db, game_id)
    assert after.game.table == table and after.game.rules.nil_value == 50
    assert [s.name for s in after.score().sides] == ["Sharks", "Bea & Dev"]
    assert [s.total for s in after.score().sides] == [71, 100]
    with refused(Stale, number=None, why="game"):
        commands.change_settings(db, game_id, stored.revision, partnership(), Rules())
    assert storage.load_game(db, game_id).revision == after.revision


def test_settings_a_hand_breaks_are_refused_with_the_hand(db):
    game_id = played(db)
    revision = storage.load_game(db, game_id).revision
    with pytest.raises(GameError) as err:
        commands.change_settings(db, game_id, revision, partnership(), Rules(nil=False))
    assert err.value.hand == 1 and "nil is off" in err.value.detail
    with pytest.raises(GameError, match="table itself"):
        commands.change_settings(db, game_id, revision, partnership(first_dealer=2), Rules())
    assert storage.load_game(db, game_id).revision == revision


def test_delete_removes_hands_and_game_and_remembers_only_a_hash(db):
    game_id = played(db)
    token = storage.load_game(db, game_id).share_token
    keep = played(db)
    commands.delete(db, game_id)
    assert storage.load_game(db, game_id) is None
    assert db["hands"].count_where("game_id = ?", [game_id]) == 0
    assert storage.was_deleted(db, game_id) and storage.was_deleted(db, token)
    assert not storage.was_deleted(db, keep) and not storage.was_deleted(db, "never")
    kept = [row["key"] for row in db["deleted_games"].rows]
    assert game_id not in kept and token not in kept
    assert len(storage.load_game(db, keep).game.hands) == 1
    with pytest.raises(LookupError):
        commands.delete(db, game_id)


def test_delete_is_one_transaction(db, monkeypatch):
    game_id = played(db)

    def no_deleting_games(action, table, *args):
        refused = action == sqlite3.SQLITE_DELETE and table == "games"
        return sqlite3.SQLITE_DENY if refused else sqlite3.SQLITE_OK

    db.conn.set_authorizer(no_deleting_games)  # the hands go first, then this fails
    with pytest.raises(sqlite3.DatabaseError):
        commands.delete(db, game_id)
    db.conn.set_authorizer(None)
    assert len(storage.load_game(db, game_id).game.hands) == 1


def test_end_game_refusals_and_the_flag(db):
    game_id = commands.start(db, partnership(), Rules()).id
    with pytest.raises(GameError, match="only after a played hand"):
        commands.end_now(db, game_id, 0)
    commands.record_bids(db, game_id, 1, [3, 3, 3, 4])
    revision = storage.load_game(db, game_id).revision
    with pytest.raises(GameError, match="hand 1 was bid but not played"):
        commands.end_now(db, game_id, revision)
    commands.record_tricks(db, game_id, 1, version(db, game_id), [3, 3, 3, 4])
    with refused(Stale, number=None, why="game"):
        commands.end_now(db, game_id, revision)
    commands.end_now(db, game_id, storage.load_game(db, game_id).revision)
    stored = storage.load_game(db, game_id)
    assert stored.game.ended and stored.score().reason == "ended"
    assert stored.score().winner == 1  # Ben & Dev 70, Alice & Cara 60
    with refused(GameOver):
        commands.record_bids(db, game_id, 2, [3, 3, 3, 4])
    with pytest.raises(GameError, match="already over"):
        commands.end_now(db, game_id, stored.revision)


def test_set_dealer_of_the_next_hand_and_of_a_played_one(db):
    game_id = played(db)
    commands.set_dealer(db, game_id, 2, 0, 3)
    stored = storage.load_game(db, game_id)
    assert stored.game.next_dealer == 3 and stored.score().next_hand.dealer == 3
    with pytest.raises(GameError) as err:
        commands.set_dealer(db, game_id, 2, 0, 4)
    assert err.value.field == "dealer"
    with refused(Stale, number=2, why="gone"):
        commands.set_dealer(db, game_id, 2, 5, 1)
    commands.record_bids(db, game_id, 2, [3, 3, 3, 4])
    stored = storage.load_game(db, game_id)
    assert stored.game.hands[1].dealer == 3 and stored.game.next_dealer is None
    # The deal passes on from the changed dealer (RULES.md): hand 3 is Alice's.
    assert stored.score().hands[1].dealer == 3
    old = version(db, game_id)
    commands.set_dealer(db, game_id, 1, old, 1)
    assert storage.load_game(db, game_id).game.hands[0].dealer == 1
    with refused(Stale, number=1, why="changed"):
        commands.set_dealer(db, game_id, 1, old, 2)  # that version is gone
    with refused(Stale, number=5, why="bid"):  # version 0: only the next hand is unbid
        commands.set_dealer(db, game_id, 5, 0, 2)


def test_a_changed_dealer_passes_the_deal_on(db):
    game_id = played(db)
    commands.set_dealer(db, game_id, 1, version(db, game_id), 2)
    score = storage.load_game(db, game_id).score()
    assert score.hands[0].dealer == 2 and score.next_dealer == 3 and score.next_hand.leader == 0


def test_an_undo_drops_a_chosen_next_dealer(db):
    game_id = played(db, (([4, 5, 3, "nil"], [5, 5, 3, 0]), ([3, 2, 3, 2], [5, 2, 4, 2])))
    commands.set_dealer(db, game_id, 3, 0, 1)
    assert storage.load_game(db, game_id).score().next_hand.dealer == 1
    commands.undo(db, game_id, 2, version(db, game_id, 2))
    stored = storage.load_game(db, game_id)
    assert stored.game.next_dealer is None and stored.score().next_hand.number == 2
    # Hand 2 again: hand 3 is next once more, and the dealer chosen for it stays gone.
    commands.record_bids(db, game_id, 2, [3, 3, 3, 4])
    assert storage.load_game(db, game_id).game.hands[1].dealer is None
    commands.record_tricks(db, game_id, 2, version(db, game_id, 2), [5, 2, 4, 2])
    score = storage.load_game(db, game_id).score()
    assert score.next_hand.number == 3 and score.next_hand.dealer == (score.hands[1].dealer + 1) % 4


@pytest.mark.parametrize(
    "points,note,field,seat,message",
    [
        ([1001, 0], "x", "adjust", 0, "from -1000 to 1000"),
        ([0, -1001], "x", "adjust", 1, "from -1000 to 1000"),
        ([True, 0], "x", "adjust", 0, "whole number"),
        ([10], "x", "adjust", None, "each of the 2 sides"),
        ([10, 0], "x" * 201, "note", None, "at most 200"),
        ([10, 0], 5, "note", None, "must be text"),
    ],
)
def test_bad_adjustments_name_the_field(db, points, note, field, seat, message):
    game_id = played(db)
    with pytest.raises(GameError) as err:
        commands.adjust(db, game_id, 1, version(db, game_id), tuple(points), note)
    assert err.value.field == field and err.value.seat == seat and message in err.value.detail
    assert storage.load_game(db, game_id).game.hands[0].adjust is None


def test_set_adjustment_keeps_the_hand_and_checks_its_version(db):
    game_id = played(db)
    before = storage.load_game(db, game_id).score().totals
    old = version(db, game_id)
    commands.adjust(db, game_id, 1, old, (30, -30), "renege")
    stored = storage.load_game(db, game_id)
    hand = stored.game.hands[0]
    assert (hand.adjust, hand.note, hand.tricks) == ((30, -30), "renege", (5, 5, 3, 0))
    # The adjustment really changes the score: added after everything else.
    assert stored.score().totals == (before[0] + 30, before[1] - 30)
    with refused(Stale, number=1, why="changed"):
        commands.adjust(db, game_id, 1, old, None, "")
    commands.record_bids(db, game_id, 2, [3, 3, 3, 4])
    with pytest.raises(GameError, match="only a played hand can be adjusted"):
        commands.adjust(db, game_id, 2, version(db, game_id, 2), (10, 0), "x")


def test_an_adjustment_that_ends_the_game_earlier_asks_first(db):
    game_id = played(db, (([4, 5, 3, "nil"], [5, 5, 3, 0]), ([3, 2, 3, 2], [5, 2, 4, 2])))
    with pytest.raises(RemovesHands) as err:
        commands.adjust(db, game_id, 1, version(db, game_id), (0, 400), "ruling")
    assert err.value.numbers == (2,)
    assert len(storage.load_game(db, game_id).game.hands) == 2
    shown = (err.value.revision, err.value.numbers)
    commands.adjust(db, game_id, 1, version(db, game_id), (0, 400), "ruling", confirm=shown)
    stored = storage.load_game(db, game_id)
    assert len(stored.game.hands) == 1 and stored.score().status == "finished"


def test_m008_adds_only_what_an_earlier_m006_of_its_own_left_out(tmp_path):
    path = str(tmp_path / "house.db")
    old = Migrations("scorepad")
    for fn in (
        migrations.m001_create_games,
        migrations.m002_add_revision,
        migrations.m003_add_share_token,
        migrations.m005_tricks_by_side,
    ):
        old()(fn)

    @old()
    def m006_game_settings(db):  # an m006 that added the dealer column and deleted games
        db.table("games").add_column("next_dealer", int)
        db.table("deleted_games").create({"key": str, "deleted_at": str}, pk="key")

    database = connect(path)
    old.apply(database)
    database.close()
    migrate(path)
    database = connect(path)
    assert {"extra", "next_dealer", "next_dealer_hand"} <= set(database["games"].columns_dict)
    database.close()
