"""The secret key file: written whole or not at all, never left empty, kept private."""

from __future__ import annotations

import logging
import os
import stat

import pytest

import scorepad
from scorepad import _secret_key, create_app


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
    path.write_text("k" * 64)
    path.chmod(0o644)
    with caplog.at_level(logging.WARNING):
        assert _secret_key(str(tmp_path)) == "k" * 64
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
