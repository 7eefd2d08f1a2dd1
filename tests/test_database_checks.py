"""A database file scorepad must not start on (issue 26, item 8): a damaged last page
or a file of zero bytes is refused at start in words, and left as it was."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorepad.core.records import make_table
from scorepad.core.rules import Rules
from scorepad.serving import server as serving
from scorepad.store import commands
from scorepad.store.db import connect, migrate

PAGE = 4096


def _games(path: str, count: int = 40) -> None:
    """A real database of `count` games with a hand each, closed (the WAL folded in)."""
    migrate(path)
    db = connect(path)
    for _ in range(count):
        stored = commands.start(db, make_table("partnership", ["A", "B", "C", "D"]), Rules())
        commands.record_bids(db, stored.id, 1, [3, 3, 3, 3])
    db.close()
    assert not os.path.exists(f"{path}-wal") or os.path.getsize(f"{path}-wal") == 0


def _garbage_last_page(path: str) -> None:
    size = os.path.getsize(path)
    with open(path, "r+b") as file:
        file.seek(size - PAGE)
        file.write(bytes(range(256)) * (PAGE // 256))


def _cut_last_page(path: str) -> None:
    os.truncate(path, os.path.getsize(path) - PAGE)


def _cut_half_a_page(path: str) -> None:
    os.truncate(path, os.path.getsize(path) - PAGE // 2)


@pytest.fixture
def serve_calls(monkeypatch):
    calls: list[dict] = []
    monkeypatch.setattr(serving, "serve", lambda app, **kw: calls.append(kw))
    return calls


@pytest.mark.parametrize("damage", [_garbage_last_page, _cut_last_page, _cut_half_a_page])
@pytest.mark.parametrize("command", ["init-db", "serve"])
def test_a_damaged_last_page_is_refused_at_start(app, runner, serve_calls, damage, command):
    path = app.config["DATABASE"]
    _games(path)
    damage(path)
    before = Path(path).read_bytes()
    result = runner.invoke(args=[command, "--port", "8104"] if command == "serve" else [command])
    assert result.exit_code != 0
    assert f"the database {path} is damaged (SQLite's quick check: " in result.output
    assert "Restore it from a backup" in result.output and "Traceback" not in result.output
    assert serve_calls == []
    assert Path(path).read_bytes() == before  # nothing written to it


@pytest.mark.parametrize("command", ["init-db", "serve"])
def test_a_zero_length_database_is_said_not_started_empty(app, runner, serve_calls, command):
    path = Path(app.config["DATABASE"])
    path.write_bytes(b"")
    result = runner.invoke(args=[command, "--port", "8104"] if command == "serve" else [command])
    assert result.exit_code != 0
    assert f"the database {path} is empty (0 bytes)" in result.output
    assert "restore it from a backup" in result.output and serve_calls == []
    assert path.stat().st_size == 0


def test_a_sound_database_still_starts(app, runner, serve_calls):
    _games(app.config["DATABASE"], count=3)
    result = runner.invoke(args=["init-db"])
    assert result.exit_code == 0 and "Database ready" in result.output
    result = runner.invoke(args=["serve", "--host", "127.0.0.1", "--port", "8104"])
    assert result.exit_code == 0 and len(serve_calls) == 1
