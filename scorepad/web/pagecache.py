"""The game page of an unchanged game, drawn once per revision and kept.

A table's phones ask for the game page far more often than the game changes (a second
phone, a reload, a page shown again after a save). The page is a function of the stored
game at one revision, the address it is served under, and a few things of the request:
the CSRF token (drawn as a placeholder, put in on each answer), the look the phone chose
(a cookie), the card it holds (the foot's "My card"), flashed messages, a query string,
an evening of rematches and seat links (which change without the game's revision: such
pages are drawn every time). Kept by each app, and keyed by the database file as the
scored-game cache is.

Cache: each app's `scorepad.pages` LRU of page text, keyed by (database file, game id,
revision, address, CSRF field name, look, plain-HTTP notice, the club's ratings version,
language, the card the phone holds: the foot's "My card"); a write to the game takes a
new revision, and a change to what its club's ratings read (a game over written, the
roster, a game filed) a new ratings version (store/clubs.py: the club's revision when
they last changed), so nothing is invalidated, an old page is never found. `_signed`:
each phone's signed CSRF token, keyed by (the CSRF signing key, field name, the phone's
session token); a new key or session token is a new key, and a time limit on tokens
turns it off.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from typing import Any

from cachetools import LRUCache
from flask import current_app, g, request, session
from flask_wtf.csrf import generate_csrf

from ..store import storage
from ..store.clubs import ratings_version
from ..store.db import file_of
from .catalogue import locale_code
from .db import get_db
from .evening import evening_ids
from .pagemodel import seat_state
from .remembered import cards_held, held_card
from .urls import address, plain_http_notice

# Drawn where the page's CSRF tokens go, then replaced by each phone's: random and never
# sent, so no player's name or other text a phone sends can be the mark.
CSRF_MARK = secrets.token_hex(16)
PAGES_KEPT = 128  # about 16 KB each
_lock = threading.Lock()
# Each phone's signed token, by the key that signed it and the phone's own token.
_signed: LRUCache[tuple[Any, ...], str] = LRUCache(maxsize=1024)


def _pages() -> LRUCache[tuple[Any, ...], str]:
    """This app's kept pages."""
    kept = current_app.extensions
    if "scorepad.pages" not in kept:
        with _lock:
            kept.setdefault("scorepad.pages", LRUCache(maxsize=PAGES_KEPT))
    return kept["scorepad.pages"]  # type: ignore[no-any-return]


def _look() -> tuple[str, ...]:
    """The look this phone chose (Large text, High contrast: base.html draws it)."""
    looks = request.cookies.getlist("look")  # no cookie: no KeyError raised, as get() does
    return tuple(sorted({"large", "contrast"} & set(looks[0].split(".") if looks else ())))


def _plain(stored: storage.StoredGame) -> bool:
    """Whether this request's page depends on nothing but the game and the host."""
    return not (
        request.args
        or session.get("_flashes")
        or seat_state(stored) is not None
        or (stored.game.clock is not None and not stored.score().over)  # its time moves
        or ((stored.rematch_of is not None or stored.rematched) and len(evening_ids(stored)) > 1)
    )


def game_page(stored: storage.StoredGame, draw: Callable[[], str]) -> str:
    """The page `draw` makes for this game, drawn once per revision where it can be."""
    if not _plain(stored):
        return draw()
    field = current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    key = (
        file_of(get_db()),
        stored.id,
        stored.revision,
        address(),
        field,
        _look(),
        plain_http_notice(),
        ratings_version(get_db(), stored.id) if stored.in_club else None,
        locale_code(),
        tuple(held_card() or ()),
        cards_held() > 1,
    )
    pages = _pages()
    with _lock:
        page = pages.get(key)
    if page is None:
        setattr(g, field, CSRF_MARK)  # every csrf_token() of the page draws the mark
        try:
            page = draw()
        finally:
            g.pop(field, None)
        with _lock:
            pages[key] = page
    return page.replace(CSRF_MARK, page_token())


def page_token() -> str:
    """This phone's CSRF token for a page's forms, as Flask-WTF's generate_csrf makes it,
    signed once per phone and kept (signing was much of a kept page's cost): its
    tokens never expire (WTF_CSRF_TIME_LIMIT None, as scorepad sets it), so one signed
    earlier checks as one signed now. With a time limit, each request signs its own."""
    config = current_app.config
    field = config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    own = session.get(field)
    if config.get("WTF_CSRF_TIME_LIMIT") is not None or not isinstance(own, str) or field in g:
        return generate_csrf()
    key = (config.get("WTF_CSRF_SECRET_KEY") or current_app.secret_key, field, own)
    with _lock:
        token = _signed.get(key)
    if token is None:
        token = generate_csrf()
        with _lock:
            _signed[key] = token
    setattr(g, field, token)  # as generate_csrf keeps it: the page's ETag leaves it out
    return token
