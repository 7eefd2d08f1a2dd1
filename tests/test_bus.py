"""The message bus between aggregates (store/bus.py, store/handlers.py): no commands
package imports another; what a command tells is handed on in order, in its write or
after its COMMIT; a handler that refuses undoes the whole command."""

from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass

import pytest

from scorepad.core import happened
from scorepad.core.happened import Happened
from scorepad.core.records import make_table
from scorepad.core.rules import validate_rules
from scorepad.store import bus, commands, handlers, storage
from scorepad.store.club_commands import clubs as club_commands
from scorepad.store.club_commands.outcomes import NoClub
from tests.live import ROOT
from tests.test_code import _imports

PACKAGES = ("commands", "event_commands", "club_commands", "season_commands")
TABLE = make_table("partnership", ["Maya", "Tom", "Rosa", "Jun"])


@pytest.mark.parametrize("package", PACKAGES)
def test_no_commands_package_imports_another(package):
    files = sorted((ROOT / "scorepad" / "store" / package).rglob("*.py"))
    assert files
    others = [f"scorepad.store.{other}" for other in PACKAGES if other != package]
    for path in files:
        for module in _imports(path):
            assert not any(module == o or module.startswith(o + ".") for o in others), (
                path.name,
                module,
            )


def _news_types() -> set[type]:
    return {
        value
        for _, value in inspect.getmembers(happened, inspect.isclass)
        if issubclass(value, Happened) and value is not Happened
    }


def test_every_kind_of_news_has_a_handler_and_every_handler_is_for_news():
    told = _news_types()
    handled = set(handlers.IN_WRITE) | set(handlers.AFTER_COMMIT)
    assert handled == told


def test_what_happened_is_plain_frozen_values():
    for kind in _news_types():
        assert kind.__dataclass_params__.frozen, kind  # type: ignore[attr-defined]


# A bus of its own for the mechanics: news told only here, handlers that write a row.


@dataclass(frozen=True)
class Rang(Happened):
    name: str


@dataclass(frozen=True)
class Echoed(Happened):
    name: str


@pytest.fixture
def bell(db, monkeypatch):
    """A table of handlers for `Rang` and `Echoed`; what each saw, in order."""
    db.execute("create table bell (name text)")
    seen: list[tuple[str, str, bool]] = []

    def first(news: Rang, unit: bus.Unit) -> None:
        seen.append(("first", news.name, unit.db.conn.in_transaction))
        unit.db.execute("insert into bell (name) values (?)", [news.name])
        unit.tell(Echoed(news.name + "!"))

    def second(news: Rang, unit: bus.Unit) -> None:
        seen.append(("second", news.name, unit.db.conn.in_transaction))
        if news.name == "refuse":
            raise ValueError("refused")

    def echo(news: Echoed, unit: bus.Unit) -> None:
        seen.append(("echo", news.name, unit.db.conn.in_transaction))

    def after(news: Rang, unit: bus.Unit) -> None:
        rows = unit.db.execute("select name from bell").fetchall()
        seen.append(("after", news.name, unit.db.conn.in_transaction))
        seen.append(("rows", ",".join(r[0] for r in rows), False))

    monkeypatch.setitem(handlers.IN_WRITE, Rang, (first, second))
    monkeypatch.setitem(handlers.IN_WRITE, Echoed, (echo,))
    monkeypatch.setitem(handlers.AFTER_COMMIT, Rang, (after,))
    return seen


def test_news_goes_to_each_handler_in_order_and_what_they_tell_after_it(db, bell):
    with bus.unit(db) as unit:
        unit.tell(Rang("a"), Rang("b"))
        assert bell == []  # handed on when the command is done, not when told
    assert [(who, name) for who, name, _ in bell] == [
        ("first", "a"),
        ("second", "a"),
        ("first", "b"),
        ("second", "b"),
        ("echo", "a!"),
        ("echo", "b!"),
        ("after", "a"),
        ("rows", "a,b"),
        ("after", "b"),
        ("rows", "a,b"),
    ]
    assert unit.told == [Rang("a"), Rang("b"), Echoed("a!"), Echoed("b!")]


def test_in_write_handlers_run_inside_the_transaction_after_commit_ones_after_it(db, bell):
    with bus.unit(db) as unit:
        unit.tell(Rang("a"))
    inside = {who: flag for who, _, flag in bell}
    assert inside["first"] and inside["second"] and inside["echo"]
    assert inside["after"] is False  # the COMMIT was done before it ran


def test_flush_hands_on_at_once_inside_the_write(db, bell):
    with bus.unit(db) as unit:
        unit.tell(Rang("a"))
        unit.flush()
        assert db.execute("select name from bell").fetchall() == [("a",)]
        assert not [who for who, _, _ in bell if who == "after"]  # not committed yet


def test_a_handler_that_refuses_undoes_the_whole_command_and_nothing_runs_after(db, bell):
    with pytest.raises(ValueError, match="refused"):
        with bus.unit(db) as unit:
            db.execute("insert into bell (name) values ('the command itself')")
            unit.tell(Rang("ok"), Rang("refuse"))
    assert db.execute("select count(*) from bell").fetchone() == (0,)
    assert not db.conn.in_transaction
    assert not [who for who, _, _ in bell if who in ("after", "echo")]


def test_a_command_that_fails_itself_hands_nothing_on(db, bell):
    with pytest.raises(RuntimeError):
        with bus.unit(db) as unit:
            unit.tell(Rang("a"))
            raise RuntimeError("the command failed")
    assert bell == []


# Through the real handlers: a game started for a club is filed by the club's handler.


def _club(db) -> str:
    return club_commands.create_club(db, "Thursday Spades")


def test_a_game_started_for_a_club_is_filed_by_the_clubs_handler_in_the_same_write(db):
    club_id = _club(db)
    fresh = commands.start(db, TABLE, validate_rules({}), club=club_id)
    filed = db.execute("select club_id from club_games where game_id = ?", [fresh.id]).fetchall()
    assert filed == [(club_id,)]
    storage.forget_all()
    assert storage.load_game(db, fresh.id) is not None


def test_a_game_started_for_a_club_gone_meanwhile_leaves_no_game(db):
    before = db.execute("select count(*) from games").fetchone()
    with pytest.raises(NoClub):
        commands.start(db, TABLE, validate_rules({}), club="a-club-gone-meanwhile")
    assert db.execute("select count(*) from games").fetchone() == before


def _version(db, club_id) -> tuple:
    """The club's version, and its revision when what its ratings read last changed."""
    query = "select revision, rated_revision from clubs where id = ?"
    return db.execute(query, [club_id]).fetchone()


def test_a_club_game_s_write_tells_the_club_whose_handler_moves_its_version_in_that_write(
    db, monkeypatch
):
    club_id = _club(db)
    filed = commands.start(db, TABLE, validate_rules({}), club=club_id)
    loose = commands.start(db, TABLE, validate_rules({}))
    heard: list[tuple[happened.GameWritten, bool]] = []
    real = handlers.club.game_written

    def game_written(news, unit):
        heard.append((news, unit.db.conn.in_transaction))
        real(news, unit)

    monkeypatch.setitem(handlers.IN_WRITE, happened.GameWritten, (game_written,))
    before = _version(db, club_id)
    commands.record_bids(db, loose.id, 1, [3, 3, 3, 3])
    assert heard == []  # a game of no club tells no club anything
    commands.record_bids(db, filed.id, 1, [3, 3, 3, 3])
    assert heard == [(happened.GameWritten(filed.id, False), True)]
    assert _version(db, club_id) == (before[0] + 1, before[1])  # not over: nothing rated
    commands.delete(db, filed.id)  # over or not, its club's version moves before it goes
    assert heard[-1] == (happened.GameWritten(filed.id, False), True)
    assert _version(db, club_id) == (before[0] + 2, before[1])


def test_the_cache_learns_a_game_only_after_its_commit(db, monkeypatch):
    kept: list[bool] = []
    real = storage.remember

    def remember(database, stored):
        kept.append(database.conn.in_transaction)
        real(database, stored)

    monkeypatch.setattr(storage, "remember", remember)
    commands.start(db, TABLE, validate_rules({}))
    assert kept == [False]


def test_the_bus_module_names_no_commands_package():
    tree = ast.parse((ROOT / "scorepad" / "store" / "bus.py").read_text())
    names = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not any(name and name.split(".")[0] in PACKAGES for name in names)


def test_the_architecture_page_lists_every_kind_of_news_and_its_handlers():
    page = (ROOT / "docs" / "architecture.md").read_text()
    rows = [line for line in page.splitlines() if line.startswith("| `")]
    for table in (handlers.IN_WRITE, handlers.AFTER_COMMIT):
        for kind, handled_by in table.items():
            row = next((r for r in rows if r.startswith(f"| `{kind.__name__}(")), None)
            assert row is not None, kind.__name__
            for handler in handled_by:
                assert f".{handler.__name__}`" in row, (kind.__name__, handler.__name__)
