"""Issue 26, what to build 2: the source-parsing write-path test reaches every
table of the database. Each table a migrated file holds has one package that writes
it (a game's tables the game commands, a club night's the event commands); no other
module of scorepad writes it, and the checker finds the owner's own writes."""

from __future__ import annotations

import sqlite3

import pytest

from scorepad.store.db import migrate
from tests.test_write_path import MIGRATIONS, ROOT, _writes

GAME_COMMANDS = "scorepad/store/commands/"
EVENT_COMMANDS = "scorepad/store/event_commands/"
CLUB_COMMANDS = "scorepad/store/club_commands/"
SEASON_COMMANDS = "scorepad/store/season_commands/"
OWNER = {
    "games": GAME_COMMANDS,
    "hands": GAME_COMMANDS,
    "deleted_games": GAME_COMMANDS,
    "undone_hands": GAME_COMMANDS,
    "seat_links": GAME_COMMANDS,
    "seat_bids": GAME_COMMANDS,
    "saves_sent": GAME_COMMANDS,  # the keys of the saves a phone's outbox sent (issue 41)
    "events": EVENT_COMMANDS,
    "event_entrants": EVENT_COMMANDS,
    "event_rounds": EVENT_COMMANDS,
    "event_matches": EVENT_COMMANDS,
    "clubs": CLUB_COMMANDS,  # its version moved by the club's handlers of games' news too
    "club_log": CLUB_COMMANDS,
    "club_games": CLUB_COMMANDS,
    "club_events": CLUB_COMMANDS,
    "club_presets": CLUB_COMMANDS,
    "club_card_turns": CLUB_COMMANDS,  # how often each card link was replaced
    "seasons": SEASON_COMMANDS,
    "season_nights": SEASON_COMMANDS,
    "season_entrants": SEASON_COMMANDS,
}
SQLITE_UTILS = "_sqlite_migrations"  # the migrations' own record, kept by sqlite-utils


def _tables(tmp_path) -> set[str]:
    path = tmp_path / "scorepad.db"
    migrate(str(path))
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute("select name from sqlite_master where type = 'table'").fetchall()
    finally:
        conn.close()
    return {name for (name,) in rows} - {SQLITE_UTILS}


def test_every_table_of_the_database_has_its_one_writer(tmp_path):
    assert _tables(tmp_path) == set(OWNER)


@pytest.mark.parametrize("table", sorted(OWNER))
def test_only_its_owner_writes_each_table(table):
    owner, outside, inside = OWNER[table], {}, []
    for path in sorted((ROOT / "scorepad").rglob("*.py")):
        name = str(path.relative_to(ROOT))
        found = _writes(path, (table,))
        if name.startswith(owner):
            inside += found
        elif name not in MIGRATIONS and found:
            outside[name] = found
    assert outside == {}
    assert inside  # the checker sees the owner's writes of it
