"""`flask backup` cut short (a full disk, a file size limit, the process killed) leaves
the file at its path as it was, an older backup there still whole, and nothing else:
the copy is put in place only once it is whole."""

from __future__ import annotations

import os
import resource
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import play, start

ROOT = Path(__file__).resolve().parents[1]


def _backup(database: Path, target: Path, most_bytes: int | None = None):
    """`flask --app scorepad backup TARGET` in a process of its own, whose files may not
    grow past `most_bytes` (RLIMIT_FSIZE, as a full disk or a quota stops a write)."""

    def limited() -> None:
        if most_bytes is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (most_bytes, most_bytes))

    env = {**os.environ, "SCOREPAD_DATABASE": str(database), "SCOREPAD_SECRET_KEY": "k"}
    return subprocess.run(
        [sys.executable, "-m", "flask", "--app", "scorepad", "backup", str(target)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        preexec_fn=limited,
        timeout=60,
    )


@pytest.mark.parametrize("older", [True, False], ids=["over an older backup", "a new file"])
def test_a_backup_cut_short_leaves_the_path_as_it_was_and_nothing_else(
    app, client, tmp_path, older
):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    database = Path(app.config["DATABASE"])
    folder = tmp_path / "backups"
    folder.mkdir()
    target = folder / "scorepad.db"
    if older:
        assert _backup(database, target).returncode == 0  # last night's backup
    before = target.read_bytes() if older else None
    play(client, game_id, 2, [3, 3, 3, 4], [3, 3, 3, 4])

    cut = _backup(database, target, most_bytes=database.stat().st_size // 3)

    assert cut.returncode != 0 and "the backup to" in cut.stderr and "failed" in cut.stderr
    assert "Traceback" not in cut.stderr
    assert os.listdir(folder) == (["scorepad.db"] if older else [])
    if before is None:
        return
    assert target.read_bytes() == before
    conn = sqlite3.connect(target)
    try:
        assert conn.execute("pragma integrity_check").fetchone()[0] == "ok"
        assert conn.execute("select count(*) from hands").fetchone()[0] == 1
    finally:
        conn.close()


def test_a_whole_backup_takes_the_older_one_s_place(app, client, tmp_path):
    game_id = start(client)
    target = tmp_path / "scorepad-backup.db"
    shutil.copyfile(app.config["DATABASE"], target)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    done = _backup(Path(app.config["DATABASE"]), target)
    assert done.returncode == 0 and "Backed up" in done.stdout
    assert not [name for name in os.listdir(tmp_path) if name.startswith(".scorepad-backup-")]
    conn = sqlite3.connect(target)
    try:
        assert conn.execute("select count(*) from hands").fetchone()[0] == 1
    finally:
        conn.close()


def test_a_backup_onto_the_database_itself_is_refused(app, client, runner):
    start(client)
    before = Path(app.config["DATABASE"]).read_bytes()
    result = runner.invoke(args=["backup", app.config["DATABASE"]])
    assert result.exit_code != 0 and "is the database itself" in result.output
    assert Path(app.config["DATABASE"]).read_bytes() == before


def _refuse_new_files(folder: Path, refuse: bool) -> bool:
    """Make `folder` take no new file (as a read-only folder does), even for root: its
    immutable attribute where the file system has one, else its mode."""
    if os.geteuid() != 0:
        folder.chmod(0o555 if refuse else 0o755)
        return True
    done = subprocess.run(["chattr", "+i" if refuse else "-i", str(folder)], capture_output=True)
    return done.returncode == 0


def test_a_backup_whose_folder_takes_no_new_file_says_so(app, client, runner, tmp_path):
    start(client)
    folder = tmp_path / "read-only"
    folder.mkdir()
    if shutil.which("chattr") is None or not _refuse_new_files(folder, True):
        pytest.skip("no way here to make a folder refuse new files")
    try:
        result = runner.invoke(args=["backup", str(folder / "copy.db")])
    finally:
        _refuse_new_files(folder, False)
    assert result.exit_code != 0 and "the backup to" in result.output
    assert "Traceback" not in result.output and os.listdir(folder) == []
