"""Each process-wide cache of scorepad measured with and without it, in one run.

A cache is switched off here, by the bench alone: the function that keeps (or the
method that reads the kept value) is swapped, in every scorepad module that holds it
and in the templates' globals, for the plain code it stands in for. Nothing in
scorepad/ knows of it. In process, one app plays whole hands (bids POST, game GET,
tricks POST, game GET) and shows pages through Flask's test client, CSRF on as a phone
has it, each cache switched off in turn, in alternating rounds. Through waitress, one
bench/server.py per variant (SCOREPAD_BENCH_WITHOUT names the cache it runs without),
measured in turns. Prints, per cache: a whole hand's server CPU with and without it,
its saving in %, and the page whose p50 it changes most.

    .venv/bin/python bench/caches.py [--hands 40] [--no-waitress] [--only NAME]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from flask import url_for  # noqa: E402
from flask.sessions import SecureCookieSessionInterface  # noqa: E402
from markupsafe import Markup  # noqa: E402


class Forgets(dict):
    """A cache that never finds what it was given (each look-up a miss)."""

    def __contains__(self, key: object) -> bool:
        return False

    def get(self, key: Any, default: Any = None) -> Any:
        return default


# Set by the in-process bench: their templates' globals are switched too.
APPS: list[Any] = []


def _template_globals(app: Any) -> list[Any]:
    """Every map a template reads its globals from: the environment's, each language's
    overlay's, and each template loaded so far (a template's globals are a dict of its
    own, made when it is loaded: web/catalogue.py)."""
    envs = [app.jinja_env, *getattr(app.jinja_env, "languages", {}).values()]
    found = [env.globals for env in envs]
    for env in envs:
        if env.cache is not None:
            found += [template.globals for template in env.cache.values()]
    return found


@contextmanager
def swapped(owner: Any, name: str, new: Any) -> Iterator[None]:
    """`owner.name` replaced by `new` wherever scorepad holds it (a module's name for it,
    an import of it by another module, a template global, a loaded template's), and put
    back after."""
    old = getattr(owner, name)
    places: list[tuple[Any, str]] = [(owner, name)]
    if not isinstance(owner, type):
        for module in [m for key, m in sys.modules.items() if key.startswith("scorepad")]:
            places += [(module, k) for k, v in vars(module).items() if v is old]
    globals_ = [(where, k) for app in APPS for where in _template_globals(app) for k in list(where)]
    globals_ = [(where, k) for where, k in globals_ if where[k] is old]
    for place, attr in places:
        setattr(place, attr, new)
    for where, key in globals_:
        where[key] = new
    try:
        yield
    finally:
        for place, attr in places:
            setattr(place, attr, old)
        for where, key in globals_:
            where[key] = old


def _switches() -> dict[str, Callable[[], list[tuple[Any, str, Any]]]]:
    """Each cache: the swaps that switch it off (imported late: the server imports this
    before the app)."""
    from scorepad.core import stakes
    from scorepad.serving import server as serving
    from scorepad.store import stats, storage
    from scorepad.web import (
        db,
        game_links,
        hand_forms,
        pagecache,
        pages,
        render,
        security,
        urls,
        widgets,
    )

    meta = hand_forms._Meta

    def csrf(self: Any, form: Any) -> Any:
        return super(meta, self).build_csrf(form)  # type: ignore[misc]

    def fields(macro: Any, form: Any, table: Any, hand: Any, *more: Any) -> Markup:
        return Markup(macro(form, table, hand, *more))

    def unpooled(self: Any, conn: Any) -> None:
        db._close(conn)

    plain = SecureCookieSessionInterface
    return {
        "hand_forms: CSRF signed when drawn (_DrawnToken)": lambda: [(meta, "build_csrf", csrf)],
        "hand_forms: form class per table shape": lambda: [
            (hand_forms, "_hand_form_class", hand_forms._hand_form_class.__wrapped__)
        ],
        "pagecache: kept game pages": lambda: [
            (pagecache, "game_page", lambda stored, draw: draw())
        ],
        "pagecache: signed CSRF token per phone": lambda: [
            (pagecache, "page_token", pagecache.generate_csrf)
        ],
        "widgets: kept form fields (kept_fields)": lambda: [(widgets, "kept_fields", fields)],
        "urls: remembered links (url_for)": lambda: [(urls, "url_for", url_for)],
        "game_links: links per game": lambda: [(game_links, "game_links", game_links._build)],
        "security: session cookie decoded once": lambda: [
            (security.SessionCookie, "open_session", plain.open_session)
        ],
        "security: serializer per key": lambda: [
            (security.SessionCookie, "get_signing_serializer", plain.get_signing_serializer)
        ],
        "render: rules list and line per rules": lambda: [
            (render, "_rules_list", render._rules_list.__wrapped__),
            (render, "_rules_line", render._rules_line.__wrapped__),
        ],
        "pages: QR codes (share_qr, share_svg)": lambda: [
            (pages, "share_qr", pages.share_qr.__wrapped__),
            (pages, "share_svg", pages.share_svg.__wrapped__),
        ],
        "core stakes: stakes per standing": lambda: [
            (stakes, "_stakes", stakes._stakes.__wrapped__)
        ],
        "storage: scored games (_recent)": lambda: [
            (storage, "_cached", lambda db, row: None),
            (storage, "remember", lambda db, stored: None),
        ],
        "store stats: each game's share per revision": lambda: [(stats, "_shares", Forgets())],
        "web/db: idle connections kept": lambda: [
            (db._Idle, "take", lambda self: None),
            (db._Idle, "give_back", unpooled),
        ],
        "serving: QuietChannel (waitress)": lambda: [
            (serving, "QuietChannel", serving.HTTPChannel)
        ],
        "serving: NewestWaiterFirst (waitress)": lambda: [
            (serving, "dispatcher", lambda threads: None)
        ],
        "serving: gc.freeze at start (waitress)": lambda: [(serving.gc, "freeze", lambda: None)],
    }


def names() -> list[str]:
    return list(_switches())


@contextmanager
def off(name: str) -> Iterator[None]:
    """The app without the cache called `name`, until the block ends."""
    with ExitStack() as stack:
        for owner, attr, new in _switches()[name]():
            stack.enter_context(swapped(owner, attr, new))
        yield


def main() -> int:
    from bench.caches_run import in_process, start_up, through_waitress

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40, help="whole hands (and pages) each")
    parser.add_argument("--no-waitress", action="store_true")
    parser.add_argument("--only", default="", help="only caches whose name holds this")
    args = parser.parse_args()
    chosen = [name for name in names() if args.only in name]
    if not args.only or "delivery" in args.only:
        start_up(7)
    in_process(chosen, args.hands)
    if not args.no_waitress:
        through_waitress(chosen, args.hands)
    return 0


if __name__ == "__main__":
    sys.exit(main())
