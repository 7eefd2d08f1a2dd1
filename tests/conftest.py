"""Fixtures shared by the tests: an app on a temporary SQLite file, its client and CLI runner.
Helpers and shared data live in tests/helpers.py."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import settings

import scorepad.core.hand
from scorepad import create_app
from scorepad.store.db import connect, migrate
from tests.helpers import Scorings
from tests.strategies import FAST_EXAMPLES

settings.register_profile("full")  # each test's own number (tests/strategies.py: examples)
settings.register_profile("fast", max_examples=FAST_EXAMPLES)
settings.load_profile("fast")  # `--hypothesis-profile=full` loads the full one after this


@pytest.fixture(scope="session")
def migrated(tmp_path_factory) -> Path:
    """A database file migrated once a run: each test's own file starts as a copy of it
    (migrating a new file costs about thirty copies)."""
    path = tmp_path_factory.mktemp("migrated") / "scorepad.db"
    migrate(str(path))
    return path


def _database(tmp_path: Path, migrated: Path) -> str:
    """The test's own database file, a copy of the migrated one (unless made already)."""
    path = tmp_path / "scorepad.db"
    if not path.exists():
        shutil.copyfile(migrated, path)
    return str(path)


@pytest.fixture
def app(tmp_path: Path, migrated: Path):
    return create_app(
        {
            "TESTING": True,
            "DATABASE": _database(tmp_path, migrated),
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
        }
    )


@pytest.fixture
def guarded_app(tmp_path: Path, migrated: Path):
    """An app with CSRF protection on, as in production: every form needs its token."""
    return create_app(
        {"TESTING": True, "DATABASE": _database(tmp_path, migrated), "SECRET_KEY": "test"}
    )


@pytest.fixture
def guarded(guarded_app):
    """A client of the CSRF-protected app."""
    return guarded_app.test_client()


@pytest.fixture
def db(tmp_path: Path, migrated: Path):
    """A migrated SQLite file of its own, opened as storage opens it (no Flask)."""
    path = _database(tmp_path, migrated)
    migrate(path)
    database = connect(path)
    yield database
    database.close()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def sides_scored(monkeypatch) -> Scorings:
    """Counts every side the core scores, whichever module calls `score_side`."""
    counter = Scorings()
    original = scorepad.core.hand.score_side

    def counted(*args, **kwargs):
        counter.count += 1
        return original(*args, **kwargs)

    for name, module in list(sys.modules.items()):
        if name.startswith("scorepad.") and getattr(module, "score_side", None) is original:
            monkeypatch.setattr(module, "score_side", counted)
    return counter


@pytest.fixture
def games_scored(monkeypatch) -> list[bool]:
    """Every scoring of a whole game by the core (`score_game`), each entry saying whether
    a request's write transaction was open then."""
    import flask

    import scorepad.core.game

    seen: list[bool] = []
    real = scorepad.core.game.score_game

    def counted(*args, **kwargs):
        db = flask.g.get("db") if flask.has_app_context() else None
        seen.append(bool(db is not None and db.conn.in_transaction))
        return real(*args, **kwargs)

    monkeypatch.setattr(scorepad.core.game, "score_game", counted)
    return seen
