"""The WAL file stays between requests, and a database in a read-only folder still shows."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from scorepad.store.db import migrate
from tests.helpers import bid_form, start, tricks_form, version_on_page
from tests.live import ROOT, Phone, free_port, serve


def test_the_wal_file_is_kept_between_requests(app, client):
    wal = Path(app.config["DATABASE"] + "-wal")
    game_id = start(client)
    seen = [wal.exists()]
    for number in range(1, 4):
        client.post(f"/games/{game_id}/bids", data=bid_form(number, [3, 3, 3, 4]))
        seen.append(wal.exists())
        version = version_on_page(client, game_id)
        seen.append(wal.exists())
        client.post(f"/games/{game_id}/tricks", data=tricks_form(number, version, [3, 3, 3, 4]))
        seen.append(wal.exists())
        client.get("/games")
        seen.append(wal.exists())
    assert all(seen), seen


PROBE = """
import sys
from scorepad import create_app
app = create_app({"DATABASE": sys.argv[1], "SECRET_KEY": "k", "WTF_CSRF_ENABLED": False})
client = app.test_client()
page = client.get("/games/" + sys.argv[2])
assert page.status_code == 200 and b"Alice" in page.data, page.status_code
post = client.post("/games/" + sys.argv[2] + "/tricks", data={"number": "1", "version": "1",
    "tricks_0": "3", "tricks_1": "3", "tricks_2": "3", "tricks_3": "4"})
assert post.status_code == 503 and b"read-only" in post.data, post.status_code
print("ok")
"""


@pytest.fixture
def read_only_copy(app, client):
    """A copy of a database with one game, alone in a read-only folder (no -wal, -shm),
    as after the README's restore steps; yields its path and the game's id."""
    game_id = start(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [3, 3, 3, 4]))
    folder = Path(tempfile.mkdtemp())
    mounted = folder.parent / (folder.name + "-ro")
    try:
        database = folder / "scorepad.db"
        source = sqlite3.connect(app.config["DATABASE"])
        target = sqlite3.connect(database)
        source.backup(target)
        source.close()
        target.close()
        migrate(str(database))
        assert not Path(str(database) + "-wal").exists()
        if os.geteuid() == 0:
            # root writes through file modes: a read-only bind mount of the folder instead
            mounted.mkdir()
            if (
                subprocess.run(
                    ["mount", "--bind", "-o", "ro", str(folder), str(mounted)], capture_output=True
                ).returncode
                != 0
            ):
                pytest.skip("running as root without a way to make a read-only folder")
            database = mounted / "scorepad.db"
        else:
            folder.chmod(0o555)
        yield database, game_id
    finally:
        if mounted.exists():
            subprocess.run(["umount", str(mounted)], capture_output=True)
            mounted.rmdir()
        folder.chmod(0o755)
        shutil.rmtree(folder)


def test_reads_work_when_the_folder_is_read_only(read_only_copy):
    database, game_id = read_only_copy
    result = subprocess.run(
        [sys.executable, "-c", PROBE, str(database), game_id],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.stdout.strip() == "ok", result.stderr[-2000:]


def test_make_run_starts_and_shows_a_database_in_a_read_only_folder(read_only_copy):
    """`make run` is `flask init-db` then `flask serve`: both start, and a phone sees the game."""
    database, game_id = read_only_copy
    env = {**os.environ, "SCOREPAD_DATABASE": str(database), "SCOREPAD_SECRET_KEY": "k"}
    init = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "scorepad", "init-db"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert init.returncode == 0, init.stderr[-2000:]
    assert "read-only folder: games are shown, saves are refused" in init.stdout
    port = free_port()
    server = serve(database, port)
    try:
        status, _, page = Phone(f"http://127.0.0.1:{port}").request(f"/games/{game_id}")
        assert status == 200 and "Alice" in page and "Dev" in page
    finally:
        server.terminate()
        server.wait(timeout=10)
