"""Storage on a real SQLite file: hands in, scores derived, refusals leave nothing.

Storage keeps what a hand and a game may also carry, ends games, and fixes with removal."""

from __future__ import annotations

import pytest

from scorepad.core.errors import GameError
from scorepad.core.rules import Rules, validate_rules
from scorepad.files import game as gamefile
from scorepad.store import commands, storage
from scorepad.store.db import connect, migrate
from scorepad.store.outcomes import AlreadySaved, GameOver, Missing, RemovesHands, Stale
from tests.data import FULL
from tests.helpers import hand, imported, partnership, refused


def test_game_ids_are_long_random_and_url_safe(db):
    ids = {commands.start(db, partnership(), Rules()).id for _ in range(20)}
    assert len(ids) == 20
    assert all(len(i) >= 22 and i.replace("-", "").replace("_", "").isalnum() for i in ids)


def test_bids_then_tricks_then_score(db):
    game_id = commands.start(db, partnership(), Rules()).id
    commands.record_bids(db, game_id, 1, [4, 5, 3, "nil"])
    stored = storage.load_game(db, game_id)
    assert stored.score().pending is not None and stored.versions == (1,)
    commands.record_tricks(db, game_id, 1, 1, [5, 5, 3, 0])
    score = storage.load_game(db, game_id).score()
    assert [s.total for s in score.sides] == [71, 150]


def test_second_save_of_the_same_hand_is_a_conflict(db):
    game_id = commands.start(db, partnership(), Rules()).id
    commands.record_bids(db, game_id, 1, [4, 5, 3, 1])
    with refused(Stale, number=1, why="entered"):  # other bids saved on another phone
        commands.record_bids(db, game_id, 1, [3, 3, 3, 3])
    commands.record_tricks(db, game_id, 1, 1, [4, 5, 3, 1])
    with refused(Stale, number=1, why="played"):  # no hand is waiting for its tricks
        commands.record_tricks(db, game_id, 1, 1, [5, 4, 3, 1])
    assert storage.load_game(db, game_id).game.hands == (hand([4, 5, 3, 1], [4, 5, 3, 1]),)


def test_the_same_save_sent_twice_is_saved_once_without_error(db):
    game_id = commands.start(db, partnership(), Rules()).id
    commands.record_bids(db, game_id, 1, [4, 5, 3, 1])
    with refused(AlreadySaved, number=1):  # the phone is shown the game: nothing to say
        commands.record_bids(db, game_id, 1, [4, 5, 3, 1])
    commands.record_tricks(db, game_id, 1, 1, [4, 5, 3, 1])
    with refused(AlreadySaved, number=1):
        commands.record_tricks(db, game_id, 1, 1, [4, 5, 3, 1])
    stored = storage.load_game(db, game_id)
    assert stored.game.hands == (hand([4, 5, 3, 1], [4, 5, 3, 1]),) and stored.revision == 2
    with refused(Stale, number=1, why="entered"):
        commands.record_bids(db, game_id, 1, [4, 5, 3, 2])


def test_a_hand_undone_and_bid_again_never_takes_back_an_old_version(db):
    game_id = commands.start(db, partnership(), Rules()).id
    commands.record_bids(db, game_id, 1, [4, 5, 3, 1])
    old = storage.load_game(db, game_id).versions[0]
    commands.undo(db, game_id, 1, old)
    commands.record_bids(db, game_id, 1, [3, 3, 3, 3])
    assert storage.load_game(db, game_id).versions[0] != old
    with refused(Stale, number=1, why="changed"):
        commands.record_tricks(db, game_id, 1, old, [4, 5, 3, 1])
    with refused(Stale, number=1, why="changed"):
        commands.fix_hand(db, game_id, 1, old, [4, 5, 3, 1], None)
    with refused(Stale, number=1, why="changed"):
        commands.undo(db, game_id, 1, old)
    assert storage.load_game(db, game_id).game.hands == (hand([3, 3, 3, 3]),)


def test_an_imported_hand_undone_and_bid_again_gets_a_new_version(db):
    game_id = imported(db, partnership(), Rules(), [hand([3, 3, 3, 4])])
    old = storage.load_game(db, game_id).versions[0]
    commands.undo(db, game_id, 1, old)
    commands.record_bids(db, game_id, 1, [3, 3, 3, 3])
    with refused(Stale, number=1, why="changed"):
        commands.record_tricks(db, game_id, 1, old, [4, 3, 3, 3])


def test_a_write_to_a_missing_game_says_so(db):
    with pytest.raises(Missing):
        commands.record_bids(db, "no-such-game", 1, [3, 3, 3, 4])


def test_refused_hand_stores_nothing(db):
    game_id = commands.start(db, partnership(), Rules()).id
    with pytest.raises(GameError, match="hand 1: bids: Dev's bid"):
        commands.record_bids(db, game_id, 1, [4, 5, 3, 14])
    commands.record_bids(db, game_id, 1, [4, 5, 3, 1])
    with pytest.raises(GameError, match="tricks add up to 12"):
        commands.record_tricks(db, game_id, 1, 1, [4, 5, 3, 0])
    stored = storage.load_game(db, game_id)
    assert stored.game.hands == (hand([4, 5, 3, 1]),) and stored.versions == (1,)


def test_edit_rescores_later_hands_and_checks_version(db):
    game_id = commands.start(db, partnership(), Rules(target=250)).id
    for number in (1, 2):
        commands.record_bids(db, game_id, number, [6, 6, 6, 1])
        commands.record_tricks(db, game_id, number, 2 * number - 1, [7, 1, 5, 0])
    commands.fix_hand(db, game_id, 1, 2, [6, 6, 6, 1], [7, 1, 4, 1])
    stored = storage.load_game(db, game_id)
    assert [s.total for s in stored.score().sides] == [-120 + 120, -70 - 70]
    assert stored.versions == (5, 4)
    with refused(Stale, number=1, why="changed"):
        commands.fix_hand(db, game_id, 1, 2, [6, 6, 6, 1], [7, 1, 5, 0])


def test_edit_can_finish_and_reopen_a_game(db):
    game_id = commands.start(db, partnership(), Rules(target=250)).id
    for number in (1, 2, 3):
        commands.record_bids(db, game_id, number, [6, 6, 6, 1])
        commands.record_tricks(db, game_id, number, 2 * number - 1, [7, 1, 5, 0])
    assert storage.load_game(db, game_id).score().status == "finished"
    commands.fix_hand(db, game_id, 3, 6, [6, 6, 6, 1], [4, 1, 5, 3])
    assert storage.load_game(db, game_id).score().status == "playing"
    commands.fix_hand(db, game_id, 3, 7, [6, 6, 6, 1], [7, 1, 5, 0])
    assert storage.load_game(db, game_id).score().status == "finished"


def test_edit_that_would_end_the_game_before_later_hands_is_refused(db):
    game_id = commands.start(db, partnership(), Rules(target=100)).id
    commands.record_bids(db, game_id, 1, [3, 3, 3, 3])
    commands.record_tricks(db, game_id, 1, 1, [3, 4, 3, 3])
    commands.record_bids(db, game_id, 2, [3, 3, 3, 3])
    commands.record_tricks(db, game_id, 2, 3, [4, 3, 3, 3])
    with pytest.raises(RemovesHands) as caught:
        commands.fix_hand(db, game_id, 1, 2, [5, 3, 5, 3], [5, 3, 5, 0])
    assert caught.value.numbers == (2,)
    assert storage.load_game(db, game_id).versions == (2, 4)
    shown = (caught.value.revision, caught.value.numbers)
    commands.fix_hand(db, game_id, 1, 2, [5, 3, 5, 3], [5, 3, 5, 0], confirm=shown)
    stored = storage.load_game(db, game_id)
    assert len(stored.game.hands) == 1 and stored.score().status == "finished"


def test_delete_only_the_last_hand(db):
    game_id = commands.start(db, partnership(), Rules()).id
    commands.record_bids(db, game_id, 1, [3, 3, 3, 4])
    commands.record_tricks(db, game_id, 1, 1, [3, 3, 3, 4])
    commands.record_bids(db, game_id, 2, [3, 3, 3, 4])
    with refused(Stale, number=1, why="not_last"):  # only the last hand can be deleted
        commands.undo(db, game_id, 1, 2)
    commands.undo(db, game_id, 2, 3)
    assert len(storage.load_game(db, game_id).game.hands) == 1


def test_list_games_newest_first(db):
    first = commands.start(db, partnership(), Rules()).id
    second = commands.start(db, partnership(), Rules()).id
    commands.record_bids(db, first, 1, [3, 3, 3, 4])
    listed = [g.id for g in storage.list_games(db, [second, first, "unknown"])]
    assert listed == [first, second]  # newest change first
    assert [g.id for g in storage.list_games(db, [second])] == [second]
    assert storage.list_games(db, []) == []


def test_import_stores_every_hand_or_none(db):
    hands = [hand([3, 3, 3, 4], [3, 3, 3, 4]), hand([3, 3, 3, 3], [3, 3, 3, 3])]
    with pytest.raises(GameError, match="hand 2: tricks add up to 12"):
        imported(db, partnership(), Rules(), hands)
    assert db["games"].count == 0 and db["hands"].count == 0


def test_reads_are_cached_by_revision_and_every_write_moves_it(db):
    game_id = commands.start(db, partnership(), Rules()).id
    first = storage.load_game(db, game_id)
    assert storage.load_game(db, game_id) is first and first.revision == 0
    commands.record_bids(db, game_id, 1, [4, 5, 3, "nil"])
    second = storage.load_game(db, game_id)
    assert second.revision == 1 and second.game.hands == (hand([4, 5, 3, "nil"]),)
    commands.record_tricks(db, game_id, 1, 1, [5, 5, 3, 0])
    commands.fix_hand(db, game_id, 1, 2, [4, 5, 3, "nil"], [4, 6, 3, 0])
    commands.undo(db, game_id, 1, 3)
    assert storage.load_game(db, game_id).revision == 4
    assert storage.load_game(db, game_id).game.hands == ()


def test_the_cache_of_scored_games_is_per_database_file(tmp_path):
    paths = [str(tmp_path / "a.db"), str(tmp_path / "b.db")]
    dbs = []
    for path in paths:
        migrate(path)
        dbs.append(connect(path))
    game_id = commands.start(dbs[0], partnership(), Rules()).id
    commands.record_bids(dbs[0], game_id, 1, [4, 5, 3, 1])
    assert storage.load_game(dbs[0], game_id).game.hands  # now cached at revision 1
    # The same game id and revision in another file (a restored backup, a second app)
    dbs[1].execute("attach database ? as other", [paths[0]])
    dbs[1].execute("insert into games select * from other.games")
    dbs[1].execute("detach database other")
    assert storage.load_game(dbs[1], game_id).game.hands == ()


def test_migrations_apply_once(tmp_path):
    path = str(tmp_path / "again.db")
    migrate(path)
    migrate(path)
    database = connect(path)
    names = [r["name"] for r in database.query("select name from _sqlite_migrations")]
    assert names[:3] == ["m001_create_games", "m002_add_revision", "m003_add_share_token"]
    assert "m005_tricks_by_side" in names and len(names) == len(set(names))
    database.close()


def test_share_token_is_its_own_secret(db):
    game_id = commands.start(db, partnership(), Rules()).id
    stored = storage.load_game(db, game_id)
    assert stored.share_token != game_id and len(stored.share_token) >= 22
    assert storage.load_game(db, stored.share_token, by="share_token").id == game_id
    assert storage.load_game(db, stored.share_token) is None
    assert storage.load_game(db, game_id, by="share_token") is None


def test_m003_gives_old_games_a_share_token(tmp_path):
    from scorepad.store.migrations import migrations

    path = str(tmp_path / "old.db")
    database = connect(path)
    migrations.apply(database, stop_before="m003_add_share_token")
    database["games"].insert(
        {
            "id": "old-game",
            "created_at": "x",
            "updated_at": "x",
            "mode": "partnership",
            "players": '["A","B","C","D"]',
            "first_dealer": 0,
            "rules": "{}",
        }
    )
    migrations.apply(database)
    token = database["games"].get("old-game")["share_token"]
    assert token and len(token) >= 22
    database.close()


def _fresh(db, game_id):
    storage.forget_all()  # read from the database, not the cache
    return storage.load_game(db, game_id)


def test_an_import_with_every_extra_is_stored_whole(db):
    game = gamefile.read(FULL)
    game_id = commands.import_game(db, game, game.score()).id
    stored = _fresh(db, game_id)
    assert stored.game == game
    assert gamefile.export(stored.game, stored.score()) == gamefile.export(game)


def test_extras_of_a_hand_survive_a_fix(db):
    rules = validate_rules({"blind_bid": 6, "blind_bid_trailing_by": 0})
    game_id = commands.start(db, partnership(), rules).id
    commands.record_bids(db, game_id, 1, [3, 3, 3, 3], blind=(1,))
    commands.record_tricks(db, game_id, 1, 1, [4, 3, 3, 3])
    # a real fix (a fix saved as it was writes nothing): Cara's trick was Alice's
    commands.fix_hand(db, game_id, 1, 2, [3, 3, 3, 3], [3, 3, 4, 3])
    commands.adjust(db, game_id, 1, 3, (30, -30), "renege")
    commands.set_dealer(db, game_id, 1, 4, 2)
    stored = _fresh(db, game_id)
    hand = stored.game.hands[0]
    assert (hand.adjust, hand.note, hand.dealer, hand.blind) == ((30, -30), "renege", 2, (1,))
    assert stored.score().totals == (91, 90)
    assert stored.score().next_dealer == 3
    commands.record_bids(db, game_id, 2, [3, 3, 3, 3])
    commands.record_tricks(db, game_id, 2, 6, [4, 3, 3, 3])
    commands.set_dealer(db, game_id, 2, 7, 0)
    assert [h.dealer for h in _fresh(db, game_id).score().hands] == [2, 0]


def test_end_game_then_no_more_hands_and_undo_reopens(db):
    game_id = commands.start(db, partnership(), Rules()).id
    commands.record_bids(db, game_id, 1, [3, 3, 3, 3])
    commands.record_tricks(db, game_id, 1, 1, [3, 4, 3, 3])
    commands.end_now(db, game_id, None)
    for stored in (storage.load_game(db, game_id), _fresh(db, game_id)):
        score = stored.score()
        assert (score.status, score.winner, score.ended) == ("finished", 1, True)
    with refused(GameOver):
        commands.record_bids(db, game_id, 2, [3, 3, 3, 3])
    with pytest.raises(GameError, match="already over"):
        commands.end_now(db, game_id, None)
    commands.undo(db, game_id, 1, 2)
    assert _fresh(db, game_id).score().status == "playing"


def test_a_game_with_a_pending_hand_cannot_be_ended(db):
    game_id = commands.start(db, partnership(), Rules()).id
    commands.record_bids(db, game_id, 1, [3, 3, 3, 3])
    with pytest.raises(GameError, match="hand 1 was bid but not played"):
        commands.end_now(db, game_id, None)


def test_the_cached_score_after_a_save_is_the_full_score(db):
    game_id = commands.start(db, partnership(), Rules(), start=((100, 2), (50, 0))).id
    for number in range(1, 6):
        commands.record_bids(db, game_id, number, [3, 3, 3, 4])
        commands.record_tricks(db, game_id, number, 2 * number - 1, [4, 3, 3, 3])
        cached = storage.load_game(db, game_id)
        assert cached.score() == cached.game.score()
        assert _fresh(db, game_id).score() == cached.score()


def test_bids_with_blind_and_dealer_then_tricks_with_an_adjustment(db):
    rules = validate_rules({"blind_bid": 6, "blind_bid_trailing_by": 0})
    game_id = commands.start(db, partnership(), rules).id
    commands.record_bids(db, game_id, 1, [3, 3, 3, 3], blind=(1,), dealer=3)
    assert storage.load_game(db, game_id).score().next_hand.leader == 0
    commands.record_tricks(db, game_id, 1, 1, [4, 3, 3, 3])
    commands.adjust(db, game_id, 1, 2, (-10, 10), "misdeal")
    score = _fresh(db, game_id).score()
    assert [s.points for s in score.hands[0].sides] == [51, 130]
    assert score.hands[0].note == "misdeal" and score.next_dealer == 0
    with pytest.raises(GameError, match="hand 2: dealer: must be a seat from 0 to 3, not 9"):
        commands.record_bids(db, game_id, 2, [3, 3, 3, 3], blind=(0,), dealer=9)


def test_a_game_stays_in_memory_while_others_take_many_revisions(db):
    """The scored games in memory are kept one a game, at its newest revision: busy
    games' older revisions do not push a long game out, whose next request would read
    and score every hand again."""
    rules = Rules(target=2000)
    played = [hand([3, 3, 3, 4], [3, 3, 3, 4])] * 20
    long = imported(db, partnership(), rules, played)
    storage.load_game(db, long)
    for _ in range(10):  # 10 games of 15 hands: 300 revisions
        busy = commands.start(db, partnership(), rules).id
        for number in range(1, 16):
            commands.record_bids(db, busy, number, [3, 3, 3, 4])
            commands.record_tricks(db, busy, number, 2 * number - 1, [3, 3, 3, 4])
    read: list[str] = []
    db.conn.set_trace_callback(read.append)
    try:
        stored = storage.load_game(db, long)
    finally:
        db.conn.set_trace_callback(None)
    assert len(stored.game.hands) == 20
    assert not [sql for sql in read if "from hands" in sql], read  # no hand read again
