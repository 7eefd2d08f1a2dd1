"""One write path: only the game commands and the repository write games and hands, one
transaction each, and the cache learns a game only once its COMMIT succeeded."""

from __future__ import annotations

import ast
import functools
import re
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

import scorepad.store.db
from scorepad.core.rules import Rules
from scorepad.store import commands, storage
from scorepad.web.db import get_db
from tests.helpers import (
    bid_form,
    claim_seat,
    disk_full,
    partnership,
    seat_bid,
    start,
    text,
    tricks_form,
)

ROOT = Path(__file__).resolve().parents[1]
REPOSITORY = ("scorepad/store/storage.py", "scorepad/store/commands/writers.py")
WRITERS = "scorepad/store/commands/writers.py"
COMMANDS = "scorepad/store/commands/"
# Make the tables (writes before any game), and fill a column added for the games kept.
MIGRATIONS = ("scorepad/store/migrations.py",)
GAME_TABLES = ("games", "hands")
# A club night's tables: written only by its commands (the import, another part's, for now)
EVENT_TABLES = ("events", "event_entrants", "event_rounds", "event_matches")
EVENT_COMMANDS = "scorepad/store/event_commands/"
WRITE_CALLS = {"insert", "insert_all", "update", "upsert", "upsert_all", "delete", "delete_where"}


def _write_sql(tables: tuple[str, ...]) -> re.Pattern[str]:
    names = "|".join(tables)
    return re.compile(
        rf"\b(insert\s+(or\s+\w+\s+)?into|update|delete\s+from)\s+({names})\b", re.IGNORECASE
    )


@functools.cache
def _places(path: Path) -> tuple[tuple[int, str, tuple[str, ...] | None], ...]:
    """A file's string constants (line, text, None) and its sqlite-utils write calls
    (line, method, the constant table names it is called on), in the order `ast.walk`
    meets them, parsed once a test process: every table's test reads every file."""
    found: list[tuple[int, str, tuple[str, ...] | None]] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.append((node.lineno, node.value, None))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in WRITE_CALLS
        ):
            target = node.func.value
            names = tuple(
                arg.value
                for arg in (
                    target.args
                    if isinstance(target, ast.Call)
                    else [target.slice]
                    if isinstance(target, ast.Subscript)
                    else []
                )
                if isinstance(arg, ast.Constant)
            )
            found.append((node.lineno, node.func.attr, names))
    return tuple(found)


def _writes(path: Path, tables: tuple[str, ...] = GAME_TABLES) -> list[str]:
    """Each place in a file that writes one of `tables` (the games and hands): SQL text,
    or a sqlite-utils write on `db.table("games")` / `db["hands"]`."""
    found, sql = [], _write_sql(tables)
    for line, said, names in _places(path):
        if names is None:
            if sql.search(said):
                found.append(f"line {line}: {said[:60]!r}")
        elif set(tables) & set(names):
            found.append(f"line {line}: .{said}() on {names[0]}")
    return found


def test_only_the_commands_and_the_repository_write_games_and_hands():
    outside = {
        str(path.relative_to(ROOT)): _writes(path)
        for path in sorted((ROOT / "scorepad").rglob("*.py"))
        if str(path.relative_to(ROOT)) not in (*REPOSITORY, *MIGRATIONS)
    }
    assert {file: where for file, where in outside.items() if where} == {}


def test_the_checker_finds_writes_where_they_are():
    assert len(_writes(ROOT / WRITERS)) >= 5  # the repository's writers
    found = [w for p in (ROOT / EVENT_COMMANDS).glob("*.py") for w in _writes(p, EVENT_TABLES)]
    assert len(found) >= 15  # the event commands' writes, each table of them
    for name in MIGRATIONS:  # the event's tables made, not rows written
        assert _writes(ROOT / name, EVENT_TABLES) == []
    assert _writes(ROOT / MIGRATIONS[0])  # the games kept given a column added (m029)


def test_only_the_event_commands_write_a_club_night_s_tables():
    outside = {
        name: _writes(path, EVENT_TABLES)
        for path in sorted((ROOT / "scorepad").rglob("*.py"))
        if not (name := str(path.relative_to(ROOT))).startswith(EVENT_COMMANDS)
        and name not in MIGRATIONS
    }
    assert {file: where for file, where in outside.items() if where} == {}


SEAT_TABLES = ("seat_links", "seat_bids")


def test_only_the_game_commands_write_the_seats_tables():
    """A seat's link and its waiting bid are part of the game: written by its commands
    (commands/seat_writes.py, commands/seat_links.py), read elsewhere."""
    outside = {
        name: _writes(path, SEAT_TABLES)
        for path in sorted((ROOT / "scorepad").rglob("*.py"))
        if not (name := str(path.relative_to(ROOT))).startswith(COMMANDS) and name not in MIGRATIONS
    }
    assert {file: where for file, where in outside.items() if where} == {}
    inside = [w for p in (ROOT / COMMANDS).glob("*.py") for w in _writes(p, SEAT_TABLES)]
    assert len(inside) >= 5  # the checker finds them where they are


def test_only_the_commands_call_the_repository_writers():
    for path in sorted((ROOT / "scorepad").rglob("*.py")):
        name = str(path.relative_to(ROOT))
        if name in REPOSITORY or name.startswith(COMMANDS):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                named = [node.module or "", *(alias.name for alias in node.names)]
                assert not any(n.split(".")[-1] == "writers" for n in named), name
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "storage"
            ):
                assert node.attr != "remember", f"{name}:{node.lineno} calls storage.remember"


def test_a_command_never_runs_inside_another_transaction(db):
    stored = commands.start(db, partnership(), Rules())
    db.conn.execute("BEGIN IMMEDIATE")
    with pytest.raises(RuntimeError, match="inside another"):
        commands.record_bids(db, stored.id, 1, [3, 3, 3, 3])
    db.conn.execute("ROLLBACK")
    assert storage.load_game(db, stored.id).game.hands == ()


def test_each_command_returns_the_game_as_stored(db):
    stored = commands.start(db, partnership(), Rules())
    bid = commands.record_bids(db, stored.id, 1, [3, 3, 3, 3])
    played = commands.record_tricks(db, stored.id, 1, bid.versions[0], [4, 3, 3, 3])
    dealt = commands.set_dealer(db, stored.id, 2, 0, 3)
    storage.forget_all()
    assert storage.load_game(db, stored.id) == dealt
    assert (bid.revision, played.revision, dealt.revision) == (1, 2, 3)
    assert played.score().totals == (61, 60) == dealt.score().totals


# --- a full disk at COMMIT (issue 16, finding 3) ---------------------------------------


class _Disk:
    """Makes the next COMMITs fail as a full disk does (SQLite keeps the transaction
    open after a failed COMMIT, as here)."""

    fail = 0


class _FullAtCommit(sqlite3.Connection):
    def execute(self, sql, *args):  # type: ignore[no-untyped-def, override]
        if sql.strip().upper() == "COMMIT" and _Disk.fail:
            _Disk.fail -= 1
            disk_full()  # a real SQLITE_FULL, as SQLite raises it
        return super().execute(sql, *args)


@pytest.fixture
def disk(monkeypatch):
    real = sqlite3.connect

    def connect(*args, **kwargs):
        return real(*args, **kwargs, factory=_FullAtCommit)

    monkeypatch.setattr(scorepad.store.db.sqlite3, "connect", connect)
    _Disk.fail = 0
    yield _Disk
    _Disk.fail = 0


def _restarted(app, game_id):
    """The game as a restarted server reads it: from the file, no memory of it."""
    storage.forget_all()
    with app.app_context():
        return storage.load_game(get_db(), game_id)


def _seat_links(client, game_id) -> list[str]:
    client.post(f"/games/{game_id}/seats", data={"seats": "on"})
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    return re.findall(r'class="seat-link">http://localhost/seat/([\w-]+)<', page)


def test_a_last_seat_bid_on_a_full_disk_is_lost_whole_and_nothing_after_it_is(app, disk):
    client = app.test_client()
    game_id = start(client)
    tokens = _seat_links(client, game_id)
    for seat in (0, 1, 2):
        assert seat_bid(client, tokens[seat], 3).status_code == 302
    assert claim_seat(client, tokens[3]).status_code == 302  # Dev's phone takes its seat
    disk.fail = 1
    last = client.post(f"/seat/{tokens[3]}", data={"number": "1", "bid": "4"})
    assert last.status_code == 507 and "disk is full" in text(last)
    # Space is back: the scorer changes the dealer, then tries the tricks of hand 1.
    assert client.post(f"/games/{game_id}/hands/1/dealer", data={"version": "0", "dealer": "2"})
    page = text(client.get(f"/games/{game_id}"))
    assert "Hand 1: tricks" not in page and "3 of 4 bids in for hand 1" in page
    saved = client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 1, [4, 3, 3, 3]))
    assert saved.status_code == 302
    assert "no hand is waiting for its tricks" in text(client.get(saved.headers["Location"]))
    stored = _restarted(app, game_id)
    assert stored.game.hands == () and stored.game.next_dealer == 2
    # The seat bids again: the hand is made once, and survives a restart.
    assert client.post(f"/seat/{tokens[3]}", data={"number": "1", "bid": "4"}).status_code == 302
    assert _restarted(app, game_id).game.hands[0].bids == (3, 3, 3, 4)


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("hands/1", {**bid_form(1, [3, 3, 3, 3]), **tricks_form(1, 2, [5, 3, 2, 3])}),
        ("hands/1/adjust", {"version": "2", "adjust_0": "30", "adjust_1": "0", "note": "renege"}),
        ("hands/1/dealer", {"version": "2", "dealer": "3"}),
        ("hands/2/dealer", {"version": "0", "dealer": "3"}),
    ],
)
def test_fixes_adjustments_and_dealers_on_a_full_disk_leave_the_game_as_it_was(
    app, disk, path, data
):
    client = app.test_client()
    game_id = start(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [3, 3, 3, 3]))
    client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 1, [4, 3, 3, 3]))
    before = _restarted(app, game_id)
    disk.fail = 1
    response = client.post(f"/games/{game_id}/{path}", data=data)
    assert response.status_code == 507 and "the server's disk is full" in text(response)
    shown = client.get(f"/games/{game_id}")
    assert "Hand 2: bids" in text(shown) and "61" in text(shown)
    # Space is back: another phone's change takes the next revision; what this server
    # shows from memory is what the file holds (read before any restart).
    other = client.post(f"/games/{game_id}/hands/2/dealer", data={"version": "0", "dealer": "1"})
    assert other.status_code == 302
    with app.app_context():
        in_memory = storage.load_game(get_db(), game_id)
    assert in_memory.game == replace(before.game, next_dealer=1)
    assert in_memory == _restarted(app, game_id)


# --- an import (issue 16, finding 5) ------------------------------------------------------


def _file(hands: int) -> bytes:
    import json

    # Two hands that keep the totals near 0: the game never ends.
    pair = [
        {"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4]},
        {"bids": [4, 4, 3, 4], "tricks": [3, 3, 3, 4]},
    ]
    return json.dumps(
        separators=(",", ":"),
        obj={
            "format": "scorepad/1",
            "mode": "partnership",
            "players": ["A", "B", "C", "D"],
            "rules": {"target": 1000},
            "hands": (pair * hands)[:hands],
        },
    ).encode()


def _import(client, body: bytes):
    import io

    return client.post(
        "/games/import",
        data={"game_file": (io.BytesIO(body), "game.json")},
        content_type="multipart/form-data",
    )


def test_an_import_of_too_many_hands_is_refused_before_any_is_scored(client, games_scored):
    response = _import(client, _file(25_000))
    assert response.status_code == 400 and "a game holds at most 500 hands" in text(response)
    assert games_scored == []


def test_an_import_is_scored_once_and_outside_the_write(app, client, games_scored):
    response = _import(client, _file(40))
    assert response.status_code == 302, text(response)
    assert games_scored == [False]
    game_id = response.headers["Location"].rsplit("/", 1)[-1]
    assert len(_restarted(app, game_id).game.hands) == 40
