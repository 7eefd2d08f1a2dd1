"""Who may do what to a game, worked out once a request for the browser asking.

A game of its own: its scorer does everything, as ever. A club night's table game:
- the director (the browser holding the event's director link: its id is in the
  session, see events.director.remembered) does everything, at any time;
- the table (whoever holds the table's link) plays and fixes hands while its round is
  played, or after it when the director reopened the table; everything else (settings,
  names and seats, deleting, ending, a rematch) is the director's;
- once the round is over (done, or a later round drawn) the game is closed to the table:
  it saves nothing there until the director reopens it.
The rules are the table below; views ask `require`, pages ask `powers(stored).may(...)`.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import g

from ..store.event_tables import TableOfGame, table_of_game
from ..store.storage import StoredGame
from .db import get_db
from .errors import refuse
from .events.director import remembered
from .words import powers as words

PLAY = frozenset({"bid", "tricks"})
FIX = frozenset({"fix", "undo", "put_back", "dealer", "adjust", "renege"})
RUN = frozenset({"settings", "delete", "end", "rematch"})
EVERYTHING = PLAY | FIX | RUN

# What each holder may do: a plain game's scorer, the night's director, a table whose
# round is played (or reopened), a table whose round is over.
MAY = {
    "scorer": EVERYTHING,
    "director": EVERYTHING,
    "table": PLAY | FIX,
    "closed": frozenset(),
}


@dataclass(frozen=True)
class Powers:
    """What the browser asking may do to one game, and the event table it is played for."""

    holder: str  # a key of MAY
    at: TableOfGame | None = None

    def may(self, action: str) -> bool:
        """Whether this holder may take `action` (a name in EVERYTHING)."""
        return action in MAY[self.holder]

    @property
    def by_table(self) -> bool:
        """The table's own powers (its link, or a seat's), which end with its round: its
        saves say so, and the write refuses them once the round is over."""
        return self.holder == "table"

    @property
    def closed(self) -> bool:
        """The game of a finished round, closed to this (table's) phone."""
        return self.holder == "closed"

    @property
    def in_event(self) -> bool:
        """The game is a club night's table's."""
        return self.at is not None

    @property
    def closed_words(self) -> str:
        """What the game page says of a closed table's game, where its forms were."""
        return words.closed_short(self.at.round) if self.closed and self.at else ""

    @property
    def rematch_words(self) -> str:
        """What a finished club night's game says of a rematch."""
        return words.rematch_outside() if self.in_event else ""


SCORER = Powers("scorer")


def _holder(at: TableOfGame) -> str:
    if at.event_id in remembered():
        return "director"
    return "closed" if at.closed else "table"


def powers(stored: StoredGame) -> Powers:
    """What this request's browser may do to the game (looked up once a request)."""
    if not stored.in_event:  # read with the game: most games are no club night's
        return SCORER
    known: dict[str, Powers] = g.setdefault("powers", {})
    if stored.id not in known:
        at = table_of_game(get_db(), stored.id)
        known[stored.id] = SCORER if at is None else Powers(_holder(at), at)
    return known[stored.id]


def require(stored: StoredGame, action: str) -> Powers:
    """The holder's powers, or a 403 page in scorepad's words when `action` is not one."""
    found = powers(stored)
    if found.may(action):
        return found
    at = found.at
    assert at is not None  # only an event's table is refused
    if found.closed:
        refuse(403, words.closed(at.round, at.table))
    refuse(403, words.directors_only(action, at.round, at.table))
