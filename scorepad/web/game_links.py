"""The game page's links that depend only on the game and the address it is served
under: built once per game and address, and kept (a dozen `url_for` calls from the
template on every drawing of the page before).

Cache: each app's `scorepad.game_links` LRU, keyed by (game id, share token, the
request's address, PUBLIC_URL), holding frozen `GameLinks`; nothing in a game's links
changes while those stay the same, so nothing invalidates it (a new token is a new key)."""

from __future__ import annotations

import threading
from dataclasses import dataclass

from cachetools import LRUCache
from flask import current_app, url_for

from ..store.storage import StoredGame
from .hosting import public_url
from .urls import address

KEPT = 512  # games; about 1.5 KB each
_lock = threading.Lock()


@dataclass(frozen=True)
class GameLinks:
    """Where the game page's forms go and what its links open."""

    save_bids: str
    save_tricks: str
    history: str
    rules: str
    sheet: str
    export: str
    settings: str
    rematch: str
    result_image: str
    end: str
    seats: str  # seat links on or off
    share: str  # the live scoreboard, as other phones open it (the public address)
    share_qr: str
    share_tv: str


def _build(stored: StoredGame) -> GameLinks:
    def game(endpoint: str) -> str:
        return url_for(endpoint, game_id=stored.id)

    token = stored.share_token
    return GameLinks(
        save_bids=game("games.save_bids"),
        save_tricks=game("games.save_tricks"),
        history=game("games.history"),
        rules=game("pages.rules"),
        sheet=game("pages.sheet"),
        export=game("games.export"),
        settings=game("manage.settings"),
        rematch=game("games.rematch"),
        result_image=game("sharing.result_image"),
        end=game("manage.end"),
        seats=game("seats.toggle"),
        share=public_url("pages.watch", token=token),
        share_qr=url_for("pages.watch_qr", token=token),
        share_tv=url_for("pages.watch", token=token, tv=1),
    )


def game_links(stored: StoredGame) -> GameLinks:
    """The links of this game's page, as this request's address makes them."""
    key = (stored.id, stored.share_token, address(), current_app.config.get("PUBLIC_URL"))
    kept: LRUCache[tuple[object, ...], GameLinks] = current_app.extensions.setdefault(
        "scorepad.game_links", LRUCache(maxsize=KEPT)
    )
    with _lock:
        links = kept.get(key)
    if links is None:
        links = _build(stored)
        with _lock:
            kept[key] = links
    return links
