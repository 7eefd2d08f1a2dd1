"""What one phone may bring in by file in an hour (docs/hosting.md, "Imports"): at most
IMPORTS_PER_HOUR files (a game file, an event file, a club file, one brought into a
club) and at most IMPORTED_GAMES_PER_HOUR games in them (a club file's games and its
nights' tables, an event file's tables), counted by the phone's session and by its
address (after any trusted proxy): a phone over either count gets a 429 page saying
when to try again; a file of more games than an hour's is refused as such (the host
may raise the count). An import refused for its file costs nothing; 0 for a count: no
limit of that kind.

Kept in memory, one process's and one app's (`app.extensions["scorepad.imports"]`): what
each session and address brought in over the last hour, by ("session", id) or
("address", ip); entries older than an hour are let go of when the key is next read, and
past CLIENTS_KEPT keys the least recently used go."""

from __future__ import annotations

import math
import secrets
import threading
import time
from collections import deque

from cachetools import LRUCache
from flask import current_app, request, session
from werkzeug.exceptions import TooManyRequests

from .words import imports as say

HOUR = 3600.0
CLIENTS_KEPT = 20_000
SESSION_KEY = "importer"  # the phone's own random id, kept in its session cookie

_lock = threading.Lock()
Spent = LRUCache[tuple[str, str], deque[tuple[float, int]]]


def _spent() -> Spent:
    """This app's counts (the lock held)."""
    found: Spent = current_app.extensions.setdefault("scorepad.imports", LRUCache(CLIENTS_KEPT))
    return found


class TooManyImports(TooManyRequests):
    """Over the hour's budget: `wait` seconds until this import would fit (None: never,
    a file of more games than an hour's, `games` of at most `most`)."""

    def __init__(self, wait: float | None, games: int = 0, most: int = 0) -> None:
        self.wait = None if wait is None else max(60, math.ceil(wait))
        words = say.too_big(games, most) if self.wait is None else say.try_again(self.wait)
        super().__init__(description=words, retry_after=self.wait)


def _clients() -> list[tuple[str, str]]:
    """The keys an import counts under: this phone's session and its address."""
    if not isinstance(session.get(SESSION_KEY), str):
        session[SESSION_KEY] = secrets.token_urlsafe(12)
    return [("session", session[SESSION_KEY]), ("address", request.remote_addr or "")]


def _recent(key: tuple[str, str], now: float) -> deque[tuple[float, int]]:
    """What `key` brought in over the last hour, oldest first (the lock held)."""
    spent = _spent()
    found = spent.get(key)
    if found is None:
        found = spent[key] = deque()
    while found and found[0][0] <= now - HOUR:
        found.popleft()
    return found


def _wait(spent: deque[tuple[float, int]], games: int, now: float) -> float:
    """Seconds until one more import of `games` games fits (0: it fits now)."""
    files, most_games = _limits()
    over_files = len(spent) + 1 - files if files else 0
    over_games = sum(g for _, g in spent) + games - most_games if most_games else 0
    if over_files <= 0 and over_games <= 0:
        return 0.0
    freed_files = freed_games = 0
    for at, counted in spent:  # the oldest leave the hour first
        freed_files, freed_games = freed_files + 1, freed_games + counted
        if freed_files >= over_files and freed_games >= over_games:
            return at + HOUR - now
    return HOUR


def _limits() -> tuple[int, int]:
    config = current_app.config
    return int(config["IMPORTS_PER_HOUR"]), int(config["IMPORTED_GAMES_PER_HOUR"])


def check(games: int) -> None:
    """Refuse (TooManyImports) an import of `games` games that this phone's session or
    address has no budget left for in the last hour."""
    most = _limits()[1]
    if most and games > most:
        raise TooManyImports(None, games, most)
    now = time.monotonic()
    with _lock:
        wait = max(_wait(_recent(key, now), games, now) for key in _clients())
    if wait > 0:
        raise TooManyImports(wait)


def spend(games: int) -> None:
    """Count an import of `games` games, done, against this phone's session and address."""
    now = time.monotonic()
    with _lock:
        for key in _clients():
            _recent(key, now).append((now, games))
