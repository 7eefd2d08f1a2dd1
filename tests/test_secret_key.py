"""The secret key file: written whole or not at all, never left empty, kept private."""

from __future__ import annotations

import logging
import os
import stat

import pytest

import scorepad
from scorepad import _secret_key, create_app

KEPT = "3f9c0a7d51e24b8e96c1d0f7a2b45e68c9d3a1f0e7b62c48d5a9e0f1b3c7d2a4"


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (bytes(64), "is too easy to guess"),
        (b"k" * 64, "is too easy to guess"),
        (b"ab" * 40, "is too easy to guess"),
        (b"\xff\xfe" + bytes(range(128, 190)), "is not text"),
        ("é".encode("latin-1") * 64, "is not text"),
        (KEPT[:40].encode() + b"\x07" * 24, "is too easy to guess"),
    ],
    ids=["64 NUL bytes", "one letter", "two letters", "binary", "latin-1", "control chars"],
)
def test_a_key_file_of_bytes_unfit_to_sign_with_is_replaced_and_logged(
    tmp_path, caplog, content, problem
):
    (tmp_path / "secret_key").write_bytes(content)
    with caplog.at_level(logging.WARNING):
        key = _secret_key(str(tmp_path))
    assert len(key) >= 64 and (tmp_path / "secret_key").read_text() == key
    assert f"secret_key {problem}: writing a new secret key" in caplog.text
    assert _secret_key(str(tmp_path)) == key  # the new key is kept from then on


def test_a_key_file_that_is_a_folder_logs_and_starts_with_a_key_for_this_run(tmp_path, caplog):
    (tmp_path / "secret_key").mkdir()
    with caplog.at_level(logging.WARNING):
        key = _secret_key(str(tmp_path))
    assert len(key) >= 64 and key != _secret_key(str(tmp_path))
    assert "cannot be read" in caplog.text and "a key for this run only" in caplog.text
    assert (tmp_path / "secret_key").is_dir()  # nothing of the operator's removed
    assert [p.name for p in tmp_path.iterdir()] == ["secret_key"]  # no temporary left


def test_a_key_file_with_a_key_of_strong_text_is_kept(tmp_path):
    (tmp_path / "secret_key").write_text(KEPT + "\n")
    (tmp_path / "secret_key").chmod(0o600)
    assert _secret_key(str(tmp_path)) == KEPT


def test_a_new_key_is_long_and_private(tmp_path):
    key = _secret_key(str(tmp_path))
    path = tmp_path / "secret_key"
    assert len(key) >= 64 and path.read_text() == key
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert _secret_key(str(tmp_path)) == key
    assert [p.name for p in tmp_path.iterdir()] == ["secret_key"]  # no temporary left


@pytest.mark.parametrize("content", ["", "\n", "abc123"])
def test_an_empty_or_short_key_file_is_replaced_and_logged(tmp_path, caplog, content):
    (tmp_path / "secret_key").write_text(content)
    with caplog.at_level(logging.WARNING):
        key = _secret_key(str(tmp_path))
    assert len(key) >= 64 and (tmp_path / "secret_key").read_text() == key
    assert "empty or too short" in caplog.text


def test_a_crash_while_writing_leaves_no_empty_key(tmp_path, monkeypatch):
    def crash(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(OSError):
        _secret_key(str(tmp_path))
    assert list(tmp_path.iterdir()) == []  # no key file at all, so the next start makes one
    monkeypatch.undo()
    assert len(_secret_key(str(tmp_path))) >= 64


def test_a_key_readable_by_others_is_warned_about(tmp_path, caplog):
    path = tmp_path / "secret_key"
    path.write_text(KEPT)
    path.chmod(0o644)
    with caplog.at_level(logging.WARNING):
        assert _secret_key(str(tmp_path)) == KEPT
    assert "can be read by other users" in caplog.text


def test_starts_with_the_key_in_the_environment_where_instance_cannot_be_made(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("SCOREPAD_SECRET_KEY", "from-the-environment")
    monkeypatch.setenv("SCOREPAD_DATABASE", str(tmp_path / "db" / "scorepad.db"))
    real = os.makedirs

    def refuse(path, *args, **kwargs):
        if str(path).startswith(os.path.dirname(scorepad.__file__).rsplit("/", 1)[0]):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "makedirs", refuse)
    app = create_app()
    assert app.config["SECRET_KEY"] == "from-the-environment"
    assert app.test_client().get("/games/new").status_code == 200
