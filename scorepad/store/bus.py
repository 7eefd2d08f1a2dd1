"""The message bus: what one aggregate's command tells (core/happened.py) handed to the
handlers of the other aggregates, listed in one table (store/handlers.py).

A command that tells anything runs in a `unit` (one write transaction, as `db.writing`)
and tells what happened with `unit.tell`. Before the COMMIT the bus hands each value, in
the order told, to its in-write handlers (`handlers.IN_WRITE`): an invariant of another
aggregate (a table's game finishing ends its round) holds in the same transaction, and a
handler that refuses undoes the whole command. What a handler tells in turn is handed on
the same way, until nothing is left. Only once the COMMIT succeeded are the values handed
to the after-commit handlers (`handlers.AFTER_COMMIT`), which only refresh what is kept;
a rolled-back command reaches none of them. `unit.flush` hands what was told so far at
once, for a command that reads what its handlers wrote.

No commands package imports another: each imports the bus, and the table (store/
handlers.py) imports the handlers and hands itself to the bus (`wire`) as it loads; the
store package loads it first, so the bus imports none of them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlite_utils import Database

from ..core.happened import GameSaved, Happened
from .db import writing
from .storage import StoredGame

Handler = Callable[[Any, "Unit"], None]
Table = dict[type[Happened], tuple[Handler, ...]]


class Unit:
    """One write transaction: what its command told, and the games it wrote."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.games: dict[str, StoredGame] = {}  # the games as this write left them
        self.kept: set[str] = set()  # those GameSaved was told of
        self.told: list[Happened] = []  # everything handed on, in order
        # The games a club night's round being played holds, its clock having had its
        # word on them in this write (a game's own clock then has none).
        self.round_clocked: set[str] = set()
        self._queue: deque[Happened] = deque()

    def tell(self, *news: Happened) -> None:
        """What happened, to be handed to the other aggregates' handlers."""
        self._queue.extend(news)

    def wrote(self, stored: StoredGame, *, keep: bool = True) -> StoredGame:
        """A game as this write leaves it; `keep`: GameSaved is told (once a game), and the
        scored-game cache learns the game as the write last left it once committed."""
        self.games[stored.id] = stored
        if keep and stored.id not in self.kept:
            self.kept.add(stored.id)
            self.tell(GameSaved(stored.id))
        return stored

    def flush(self) -> None:
        """Hand everything told so far to its in-write handlers, and what they tell."""
        in_write, _ = _tables()
        while self._queue:
            news = self._queue.popleft()
            self.told.append(news)
            for handler in in_write.get(type(news), ()):
                handler(news, self)


@contextmanager
def unit(db: Database) -> Iterator[Unit]:
    """One write transaction whose news the bus hands on: in it before its COMMIT, and to
    the after-commit handlers after it."""
    done = Unit(db)
    with writing(db):
        yield done
        done.flush()
    _, after = _tables()
    for news in done.told:
        for handler in after.get(type(news), ()):
            handler(news, done)


_WIRED: list[tuple[Table, Table]] = []  # the one table, given by store/handlers.py


def wire(in_write: Table, after_commit: Table) -> None:
    """The handlers' table, handed over once by store/handlers.py as it loads (the store
    package loads it first: scorepad/store/__init__.py), so the bus imports no handler
    and no commands package."""
    _WIRED[:] = [(in_write, after_commit)]


def _tables() -> tuple[Table, Table]:
    if not _WIRED:  # pragma: no cover - the store package wires the bus as it loads
        raise RuntimeError("the message bus has no handlers: import scorepad.store")
    return _WIRED[0]
