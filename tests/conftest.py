"""Fixtures shared by the tests: an app on a temporary SQLite file, its client and CLI runner.
Helpers and shared data live in tests/helpers.py."""

from __future__ import annotations

import shutil
import sys
import threading
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from flask import Flask
from hypothesis import settings
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from werkzeug.routing import Rule

import scorepad.core.hand
from scorepad import create_app
from scorepad.store.db import connect, migrate
from tests.helpers import Scorings
from tests.strategies import FAST_EXAMPLES

# No deadline: a property test checks what its examples assert, not how fast a machine
# shared with the browser tests' workers runs one (a 200 ms pause failed a scoring test).
settings.register_profile("full", deadline=None)  # each test's own number of examples
settings.register_profile("fast", max_examples=FAST_EXAMPLES, deadline=None)
settings.load_profile("fast")  # `--hypothesis-profile=full` loads the full one after this


def _calls_the_core(module: types.ModuleType) -> bool:
    """Whether a test module calls the core itself: it imports a module of the core, or
    something a module of the core defines. A browser test does not, whatever it imports
    (a hand to store, a table): it drives pages, and the core is not covered by chance
    through a page (its server's threads traced, a browser test cost a third more)."""
    if module.__name__.startswith("tests.browser."):
        return False
    for value in vars(module).values():
        if isinstance(value, types.ModuleType):
            name = value.__name__
        else:
            name = getattr(value, "__module__", None)
        if isinstance(name, str) and name.startswith("scorepad.core"):
            return True
    return False


def _draws_examples(item: pytest.Item) -> bool:
    """Whether a test is a property test (Hypothesis draws its examples)."""
    return bool(getattr(getattr(item, "obj", None), "is_hypothesis_test", False))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Coverage (make test) is measured where the core is tested, in the test modules that
    call it: the core must be wholly covered by its own tests (CORE_FAIL_UNDER), not
    reached by chance through a page. Elsewhere it is paused (pytest-cov's no_cover),
    which halves those tests' time: its tracer is called on every line of every library."""
    covered: dict[str, bool] = {}
    for item in items:
        module = getattr(item, "module", None)
        if module is None:
            continue
        if module.__name__ not in covered:
            covered[module.__name__] = _calls_the_core(module)
        if not covered[module.__name__] or _draws_examples(item):
            item.add_marker(pytest.mark.no_cover)


@contextmanager
def _untraced(item: pytest.Item) -> Iterator[None]:
    """No tracer for a `no_cover` test, in its thread or in the threads it starts."""
    if item.get_closest_marker("no_cover") is None:
        yield
        return
    tracer, threads = sys.gettrace(), threading.gettrace()
    sys.settrace(None)
    threading.settrace(None)  # type: ignore[arg-type]
    try:
        yield
    finally:
        threading.settrace(threads)  # type: ignore[arg-type]
        sys.settrace(tracer)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item):  # type: ignore[no-untyped-def]
    """A `no_cover` test's fixtures are made untraced too: a server a fixture starts (a
    browser test's own, or a worker's shared one) runs in threads of its own, which keep
    the tracer they started with for as long as they serve."""
    with _untraced(item):
        yield


@pytest.hookimpl(hookwrapper=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function):  # type: ignore[no-untyped-def]
    """A `no_cover` test runs with no tracer, in its thread or in the threads it starts.
    pytest-cov pauses its coverage for it, but in an xdist worker (`make test`) pytest-cov
    7.1 has also started the main process's coverage, under the worker's: pausing the
    worker's resumed that one, so every test in a worker was traced all the same
    (`tests/test_properties.py` under `-n 1`: 61 s, against 22 s now)."""
    with _untraced(pyfuncitem):
        yield


class CompiledOnce(BytecodeCache):
    """The templates compiled once a test process, not once per app: each test makes an
    app of its own, and compiling the game page's templates in a language cost about
    90 ms of it. Kept by template, source, language and the app's catalogues (a language's
    words are compiled into its templates: web/catalogue.py)."""

    def __init__(self) -> None:
        self.kept: dict[str, tuple[str | None, object]] = {}

    def get_bucket(self, environment, name, filename, source) -> Bucket:  # type: ignore[no-untyped-def]
        base = getattr(environment, "linked_to", None) or environment
        languages = getattr(base, "languages", {})
        spoken = [code for code, env in languages.items() if env is environment]
        config = environment.app.config
        where = (spoken, config.get("BABEL_TRANSLATION_DIRECTORIES"), config.get("LANGUAGES"))
        return super().get_bucket(environment, f"{where!r}{name}", filename, source)

    def load_bytecode(self, bucket: Bucket) -> None:
        checksum, code = self.kept.get(bucket.key, (None, None))
        if checksum == bucket.checksum:
            bucket.code = code  # type: ignore[assignment]

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.kept[bucket.key] = (bucket.checksum, bucket.code)


Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": CompiledOnce()}


_compile_builder = Rule._compile_builder
_builders: dict[tuple, Callable] = {}


def _builder_once(rule: Rule, append_unknown: bool = True) -> Callable:
    """A URL rule's builder compiled once a test process, not once per app: werkzeug
    builds each of an app's 132 rules' two builders from an AST, about 70 ms of the 95
    an app costs, and each test makes an app of its own. The builder depends only on the
    rule's text and parts (it reads the rule's converters through the rule it is bound
    to, at each call); a rule with defaults folds them in, so it is compiled each time."""
    if rule.defaults:
        return _compile_builder(rule, append_unknown)
    key = (rule.rule, tuple(rule._trace), append_unknown)
    if key not in _builders:
        _builders[key] = _compile_builder(rule, append_unknown)
    return _builders[key]


Rule._compile_builder = _builder_once  # type: ignore[method-assign]


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
