"""scorepad: a Spades scorekeeper for the kitchen table."""

from __future__ import annotations

import logging
import math
import os
import secrets
import tempfile
from collections import Counter
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask
from werkzeug.routing import IntegerConverter

PACKAGE = Path(__file__).resolve().parent


def _asset_folder(name: str) -> str:
    """`templates/` or `static/`: inside an installed wheel, else at the checkout's top."""
    inside = PACKAGE / name
    return str(inside if inside.is_dir() else PACKAGE.parent / name)


ROUTE_INT_MAX = 999_999_999  # nine digits, as the forms' whole numbers: far past any hand,
# seat, round or table, and within what SQLite binds (a 20-digit number overflowed it)


class BoundedInt(IntegerConverter):
    """Werkzeug's `<int:...>` with a ceiling: a number past it matches no route (404),
    never reaches a view or the database."""

    def __init__(self, map: Any, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", ROUTE_INT_MAX)
        super().__init__(map, *args, **kwargs)


KEY_BYTES = 32
KEY_BITS = 128  # the least a key file's characters must carry, counted by their frequencies
_log = logging.getLogger(__name__)


def _key_problem(raw: bytes) -> str:
    """What makes a key file's bytes unfit to sign sessions with, or '' when they will do."""
    try:
        key = raw.decode("utf-8").strip()
    except UnicodeDecodeError:
        return "is not text"
    if len(key) < KEY_BYTES:
        return "is empty or too short"
    counts = Counter(key)
    bits = -sum(n * math.log2(n / len(key)) for n in counts.values())
    if not key.isprintable() or bits < KEY_BITS:
        return "is too easy to guess"
    return ""


def _write_key(path: Path) -> str:
    """A new key written whole or not at all: a temporary file (mode 600), then a rename."""
    key = secrets.token_hex(KEY_BYTES)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=".secret_key-")
    try:
        with os.fdopen(fd, "w") as out:
            out.write(key)
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(temp, path)  # never over a key another process has just written
        except FileExistsError:
            found = path.read_bytes()
            if not _key_problem(found):
                return found.decode().strip()
            os.replace(temp, path)
        except OSError:  # a file system without hard links
            os.replace(temp, path)
    finally:
        if os.path.exists(temp):
            os.unlink(temp)
    return key


def _secret_key(instance_path: str) -> str:
    """The key signing sessions and CSRF tokens: made once, kept in instance/ (mode 600)."""
    path = Path(instance_path) / "secret_key"
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return _write_key(path)
    except OSError as err:  # a folder in its place, no permission to read it
        problem = f"cannot be read ({err.strerror})"
    else:
        problem = _key_problem(raw)
    if problem:
        # A bad key file would stop scorepad at start or let anyone forge a session.
        _log.warning(
            "%s %s: writing a new secret key (forms open on phones must be reloaded)",
            path,
            problem,
        )
        try:
            return _write_key(path)
        except OSError as err:
            _log.error(
                "%s cannot be replaced (%s): using a key for this run only "
                "(forms open on phones must be reloaded after each restart)",
                path,
                err.strerror,
            )
            return secrets.token_hex(KEY_BYTES)
    if path.stat().st_mode & 0o077:
        _log.warning("%s can be read by other users: chmod 600 it", path)
    return raw.decode().strip()


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the scorepad app; `test_config` overrides the instance config."""
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=_asset_folder("templates"),
        static_folder=None,
    )
    # Set after construction so Flask adds no route of its own: WhiteNoise serves it.
    app.static_folder = _asset_folder("static")
    # templates compiled once a language, their plain words said then (web/catalogue.py)
    from .web.catalogue import SpokenEnvironment

    app.jinja_environment = SpokenEnvironment  # type: ignore[assignment]  # Flask's, subclassed
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "scorepad.db"),
        MAX_CONTENT_LENGTH=1024 * 1024,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        PERMANENT_SESSION_LIFETIME=timedelta(days=180),
        # Pages send no Referer (Referrer-Policy: no-referrer), so Flask-WTF's https-only
        # Referer check would refuse every form; the CSRF token and SameSite do that job.
        WTF_CSRF_SSL_STRICT=False,
        PUBLIC_URL=None,  # where other phones reach scorepad: links and QR codes use it
        TRUSTED_PROXIES=0,  # how many proxies in front may set X-Forwarded-*
        CA_CERTIFICATE=None,  # the local CA's root certificate, offered at /ca
        CADDY_FOLDER=None,  # serve --https: Caddy's config and CA (default instance/caddy)
        CLUBS_KEPT=16,  # clubs kept read in memory at most (docs/hosting.md)
        CLUB_GAMES_KEPT=30_000,  # games over the clubs kept at most
        IMPORTS_PER_HOUR=60,  # files one phone may bring in an hour (0: no limit)
        IMPORTED_GAMES_PER_HOUR=20_000,  # games in them (0: no limit)
        # How long a page shown after a save ignores taps, against a double tap's second
        # half (None: app.js's own 450 ms). The browser tests set 0 but where they test it.
        SETTLE_MS=None,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("SCOREPAD")
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        # Only a key kept on disk needs instance/: with SCOREPAD_SECRET_KEY set,
        # scorepad starts where instance/ cannot be made.
        os.makedirs(app.instance_path, exist_ok=True)
        app.config["SECRET_KEY"] = _secret_key(app.instance_path)

    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

    from .store.club_view import keep_at_most

    keep_at_most(int(app.config["CLUBS_KEPT"]), int(app.config["CLUB_GAMES_KEPT"]))
    _wire(app)
    return app


def _wire(app: Flask) -> None:
    """Every extension, hook, blueprint, template helper and error page, in one place."""
    from flask_wtf.csrf import CSRFProtect

    from . import cli
    from .web import db, delivery, hosting, language, security, uploads

    # A form's token lasts as long as its session, not an hour: a page left open over
    # a break (or kept by a 304) still saves. Set before CSRFProtect sets its hour.
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)
    uploads.init_app(app)  # the requests know their page's body limit (CSRFProtect reads it)
    CSRFProtect(app)
    language.init_app(app)
    app.teardown_appcontext(db.close_db)
    app.after_request(security.set_headers)
    delivery.init_app(app)
    hosting.init_app(app)
    cli.init_app(app)
    _blueprints(app)
    _template_helpers(app)
    _error_pages(app)


def _blueprints(app: Flask) -> None:
    """The pages, by concern; every `<int:...>` of theirs bounded (set before any rule)."""
    from .web import (
        clubs,
        evening,
        events,
        games,
        hosting,
        manage,
        pages,
        presets,
        seasons,
        seats,
        sharing,
    )

    app.url_map.converters["int"] = BoundedInt

    for blueprint in (
        games,
        pages,
        manage,
        evening,
        seats,
        sharing,
        hosting,
        events,
        clubs,
        presets,
        seasons,
    ):
        app.register_blueprint(blueprint.bp)


def _template_helpers(app: Flask) -> None:
    """What every template may call: none of them reads the database."""
    from .web import (
        chart,
        hosting,
        numbers,
        pages,
        remembered,
        render,
        seats,
        sharing,
        urls,
        widgets,
        words,
    )
    from .web.words.presets import preset_name

    for helper in (*seats.HELPERS, *sharing.HELPERS):
        app.add_template_global(helper)
    app.add_template_global(chart.score_chart)
    app.add_template_global(pages.share_qr)
    app.add_template_global(hosting.public_url)
    app.add_template_global(words.plain_error)
    # a number a page shows as it is: `{{ x|number }}`, `{{ x|signed }}` (the true minus)
    app.add_template_filter(words.number, "number")
    app.add_template_filter(words.signed, "signed")
    app.add_template_global(preset_name)
    app.add_template_global(render.rules_list)
    app.add_template_global(render.rules_line)
    app.add_template_global(remembered.held_card)  # the foot's "My card", from the cookie
    app.add_template_global(remembered.cards_held)
    app.add_template_global(widgets.chips)
    app.add_template_global(widgets.kept_fields)
    app.add_template_global(widgets.chosen_label)
    app.jinja_env.globals["words"] = words  # the words pages show, on every page
    app.jinja_env.globals["numbers"] = numbers  # a percent or a decimal in the locale's way
    app.jinja_env.globals["url_for"] = urls.url_for  # links built once, then remembered
    # `|tojson` writes compact JSON (the outbox's and the script's phrases on every page)
    app.jinja_env.policies["json.dumps_kwargs"] = {"sort_keys": True, "separators": (",", ":")}


def _error_pages(app: Flask) -> None:
    """Every error becomes a page in scorepad's words, never a traceback."""
    from sqlite3 import OperationalError

    from flask_wtf.csrf import CSRFError
    from werkzeug.exceptions import BadHost, HTTPException

    from .store.outcomes import Missing
    from .web import errors
    from .web.import_budget import TooManyImports

    app.aborter = errors.OwnWords()  # abort(code, description=...) shows its words
    app.register_error_handler(CSRFError, errors.csrf_error)
    app.register_error_handler(TooManyImports, errors.too_many_imports)
    app.register_error_handler(BadHost, errors.bad_host)
    app.register_error_handler(HTTPException, errors.error_page)
    app.add_template_global(errors.way_back)  # an error page's link back to its club, season...
    app.register_error_handler(Missing, errors.missing_game)
    app.register_error_handler(OperationalError, errors.database_error)
    app.register_error_handler(Exception, errors.server_error)
