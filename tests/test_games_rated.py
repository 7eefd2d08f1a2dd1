"""Each game's row keeps what the ratings read of it (`rated`: store/rows.py), written by
every write of the game: after each command the row says what scoring the game from its
hands says now; a database from before the column gets it for every game it keeps; and
a club read cold rates its games from their rows, scoring none (issue 29: the full
re-rating of 20,000 games, bench/club_scale.py)."""

from __future__ import annotations

import json
from dataclasses import replace

from scorepad.core.game import Game
from scorepad.core.ratings import finished
from scorepad.core.records import Table
from scorepad.core.rules import Rules
from scorepad.store import club_view, commands, storage
from scorepad.store.club_commands.clubs import create_club
from scorepad.store.db import connect
from scorepad.store.migrations import migrations
from scorepad.store.rows import rated_text, read_game, read_rated
from tests.helpers import hand as made_hand

TABLE = Table("partnership", ("Ann", "Bo", "Cy", "Di"), 0)
WIN = ((4, 3, 4, 3), (5, 3, 5, 0))  # side 0 makes 8 and sets side 1: 80 to -60
LOSE = ((3, 4, 3, 4), (0, 5, 3, 5))  # the other way round


def truth(db) -> dict[str, str]:
    """Each game's `rated` as its rows say it should be now: its hands scored afresh."""
    hands: dict[str, list[dict]] = {}
    for row in db.query("select * from hands order by game_id, number"):
        hands.setdefault(row["game_id"], []).append(row)
    games = db.query("select * from games")
    return {g["id"]: rated_text(read_game(g, hands.get(g["id"], [])).score()) for g in games}


def kept(db) -> dict[str, str]:
    return {row["id"]: row["rated"] for row in db.query("select id, rated from games")}


def hand(db, game_id: str, bids, tricks) -> None:
    stored = storage.load_game(db, game_id)
    number = len(stored.game.hands) + 1
    version = commands.record_bids(db, game_id, number, bids).versions[-1]
    commands.record_tricks(db, game_id, number, version, tricks)


def test_every_write_of_a_game_keeps_its_rated_true(db):
    game_id = commands.start(db, TABLE, Rules(target=150)).id
    seen = [kept(db)[game_id]]
    hand(db, game_id, *WIN)
    seen.append(kept(db)[game_id])
    assert kept(db) == truth(db)
    hand(db, game_id, *WIN)  # 160: over, side 0 first
    assert kept(db) == truth(db)
    over = read_rated(kept(db)[game_id])
    assert over is not None and over.winner == 0 and over.places == (1, 2)
    stored = storage.load_game(db, game_id)
    commands.fix_hand(db, game_id, 2, stored.versions[1], *LOSE)  # not over any more
    assert kept(db) == truth(db) and read_rated(kept(db)[game_id]) is None
    stored = storage.load_game(db, game_id)
    commands.undo(db, game_id, 2, stored.versions[1])
    assert kept(db) == truth(db)
    stored = storage.load_game(db, game_id)
    commands.put_back(db, game_id, 2, stored.revision)
    assert kept(db) == truth(db)
    stored = storage.load_game(db, game_id)
    renamed = replace(TABLE, players=("Ann", "Bo", "Cy", "Eve"))
    confirm = (stored.revision, (2,))  # over after hand 1 now: hand 2 goes
    commands.change_settings(
        db, game_id, stored.revision, renamed, Rules(target=50), confirm=confirm
    )
    assert kept(db) == truth(db)
    assert "Eve" in kept(db)[game_id] and "Di" not in kept(db)[game_id]
    assert seen == ["null", "null"]


def test_a_game_ended_early_an_import_and_a_delete_keep_it_true(db):
    game_id = commands.start(db, TABLE, Rules()).id
    hand(db, game_id, *LOSE)
    commands.end_now(db, game_id, storage.load_game(db, game_id).revision)
    assert read_rated(kept(db)[game_id]).winner == 1
    game = Game(TABLE, Rules(target=50), (made_hand(*WIN),))
    imported = commands.import_game(db, game, game.score()).id
    assert kept(db) == truth(db) and read_rated(kept(db)[imported]).winner == 0
    commands.delete(db, game_id)
    assert set(kept(db)) == {imported}


def test_the_row_says_what_the_core_says(db):
    game_id = commands.start(db, TABLE, Rules(target=150)).id
    for _ in range(2):
        hand(db, game_id, *WIN)
    storage.forget_all()
    stored = storage.load_game(db, game_id)
    assert "_score" not in stored.__dict__  # read from the row, not scored
    assert stored.rated() == finished(stored.game.score())


def test_a_database_from_before_the_column_gets_it_for_each_game(tmp_path, db):
    old = connect(str(tmp_path / "old.db"))
    migrations.apply(old, stop_before="m029_games_rated")
    game_id = commands.start(db, TABLE, Rules(target=150)).id
    for _ in range(2):
        hand(db, game_id, *WIN)
    commands.start(db, TABLE, Rules())  # not over
    columns = old["games"].columns_dict  # the games as kept before: no `rated`
    for name in ("games", "hands"):
        for row in db.query(f"select * from {name}"):
            old[name].insert({k: v for k, v in row.items() if name == "hands" or k in columns})
    migrations.apply(old)
    assert kept(old) == truth(old) == kept(db)
    assert sorted(json.loads(t) is None for t in kept(old).values()) == [False, True]
    old.close()


def test_a_club_read_cold_scores_none_of_its_games(db):
    club_id = create_club(db, "Fridays")
    for outcome in (WIN, LOSE, WIN):
        game_id = commands.start(db, TABLE, Rules(target=50), club=club_id).id
        hand(db, game_id, *outcome)
    commands.start(db, TABLE, Rules(), club=club_id)  # under way: not rated
    storage.forget_all()
    club_view.forget_all()
    view = club_view.club_view(db, club_id)
    assert len(view.ratings.games) == 3 and len(view.games) == 4
    assert not any("_score" in stored.__dict__ for stored in view.games)
    assert [g.game.winner for g in view.ratings.games] == [0, 1, 0]
