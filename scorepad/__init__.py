"""scorepad: a Spades scorekeeper for the kitchen table."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask

PACKAGE = Path(__file__).resolve().parent


def _asset_folder(name: str) -> str:
    """`templates/` or `static/`: inside an installed wheel, else at the checkout's top."""
    inside = PACKAGE / name
    return str(inside if inside.is_dir() else PACKAGE.parent / name)


def _secret_key(instance_path: str) -> str:
    """The key signing sessions and CSRF tokens: made once, kept in instance/ (mode 600)."""
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_hex(32))
    return path.read_text().strip()


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the scorepad app; `test_config` overrides the instance config."""
    app = Flask(__name__, instance_relative_config=True,
                template_folder=_asset_folder("templates"),
                static_folder=_asset_folder("static"))
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "scorepad.db"),
        MAX_CONTENT_LENGTH=1024 * 1024,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        PERMANENT_SESSION_LIFETIME=timedelta(days=180),
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("SCOREPAD")
    else:
        app.config.from_mapping(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(app.instance_path)

    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

    _wire(app)
    return app


def _wire(app: Flask) -> None:
    """Every extension, hook, blueprint, template helper and error page, in one place."""
    from flask_wtf.csrf import CSRFError, CSRFProtect
    from werkzeug.exceptions import HTTPException

    from . import cli
    from .web import chart, db, delivery, display, errors, games, pages, security

    CSRFProtect(app)
    app.teardown_appcontext(db.close_db)
    app.after_request(security.set_headers)
    delivery.init_app(app)
    cli.init_app(app)
    app.register_blueprint(games.bp)
    app.register_blueprint(pages.bp)
    app.add_template_global(chart.score_chart)
    app.add_template_global(pages.share_qr)
    app.add_template_global(display.plain_error)
    app.register_error_handler(CSRFError, errors.csrf_error)
    app.register_error_handler(HTTPException, errors.error_page)
    app.register_error_handler(Exception, errors.server_error)
