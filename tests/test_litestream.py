"""The restore drill of deploy/litestream.yml: Litestream copies the database to a folder
while tables save hands through the real server; the copy restores, passes SQLite's
integrity check and holds every acknowledged hand."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.live import (
    ROOT,
    Phone,
    acknowledged,
    exported_hands,
    free_port,
    keep_table,
    serve,
    tables_writing,
)

LITESTREAM = Path(sys.executable).with_name("litestream")
CONFIG = ROOT / "deploy" / "litestream.yml"
TABLES = 3

pytestmark = [
    pytest.mark.litestream,
    pytest.mark.skipif(
        not LITESTREAM.exists(), reason="litestream comes with the hosting extra: make test"
    ),
]


def litestream(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(LITESTREAM), *args], env=env, capture_output=True, text=True, timeout=60
    )


def restore(env: dict[str, str], target: Path, wait: float = 0) -> None:
    """Restore the newest copy to `target`, waiting up to `wait` s for a first one."""
    deadline = time.monotonic() + wait
    while True:
        done = litestream(
            env, "restore", "-config", str(CONFIG), "-o", str(target), env["SCOREPAD_DATABASE"]
        )
        if done.returncode == 0 or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert done.returncode == 0, done.stdout + done.stderr


def integrity(path: Path) -> str:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("pragma integrity_check").fetchone()[0]
    finally:
        conn.close()


def hands_in(path: Path) -> dict[str, list]:
    """Each game's played hands, as the server exports them from `path`."""
    port = free_port()
    server = serve(path, port)
    try:
        phone = Phone(f"http://127.0.0.1:{port}")
        conn = sqlite3.connect(path)
        games = [row[0] for row in conn.execute("select id from games")]
        conn.close()
        return {
            game_id: [
                (h["bids"], h["tricks"]) for h in exported_hands(phone, game_id) if h["tricks"]
            ]
            for game_id in games
        }
    finally:
        server.kill()
        server.wait(10)


def test_a_folder_replica_restores_every_acknowledged_hand(tmp_path):
    database, port = tmp_path / "scorepad.db", free_port()
    env = {
        **os.environ,
        "SCOREPAD_DATABASE": str(database),
        "LITESTREAM_REPLICA_URL": (tmp_path / "replica").as_uri(),
    }
    server = serve(database, port)
    replicating = subprocess.Popen(
        [str(LITESTREAM), "replicate", "-config", str(CONFIG)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    acked: dict[str, list] = {}
    try:
        with tables_writing(f"http://127.0.0.1:{port}", keep_table, TABLES, acked, 30, 30):
            # A restore in the middle of the writes is whole and sound, if a little behind.
            restore(env, tmp_path / "midway.db", wait=15)
            assert integrity(tmp_path / "midway.db") == "ok"
            more = acknowledged(acked) + 2 * TABLES  # more hands saved after that copy
            deadline = time.monotonic() + 15
            while acknowledged(acked) < more and time.monotonic() < deadline:
                time.sleep(0.1)
        # Litestream copies within a second of each commit; stopping it copies the rest.
        replicating.send_signal(signal.SIGTERM)
        replicating.wait(30)
    finally:
        if replicating.poll() is None:
            replicating.kill()
        server.kill()
        server.wait(10)
    assert acknowledged(acked) >= 10, "too few hands were saved to test"

    restored = tmp_path / "restored.db"
    restore(env, restored)
    assert integrity(restored) == "ok"
    found = hands_in(restored)
    for game_id, hands in acked.items():
        assert found[game_id][: len(hands)] == hands, f"game {game_id} lost a hand"
