"""Pages beyond keeping score: the live scoreboard, rules, score sheet, stats, the app shell."""

from __future__ import annotations

import segno
from flask import Blueprint, Response, abort, render_template, url_for
from markupsafe import Markup

from . import display, security, storage
from .db import get_db
from .rules import RULE_SPECS
from .stats import player_stats

bp = Blueprint("pages", __name__)
POLL_SECONDS = 3


def share_qr(url: str) -> Markup:
    """A QR code of `url` as inline SVG, dark on light so any camera reads it."""
    code = segno.make(url, error="m")
    return Markup(code.svg_inline(scale=4, border=2, dark="#000", light="#fff",
                                  title="QR code of the live scoreboard link"))


def _watched(token: str) -> storage.StoredGame:
    stored = storage.load_game(get_db(), token, by="share_token")
    if stored is None:
        abort(404, description="There is no live scoreboard at this address.")
    return stored


def _game(game_id: str) -> storage.StoredGame:
    stored = storage.load_game(get_db(), game_id)
    if stored is None:
        abort(404, description="There is no game at this address.")
    return stored


@bp.get("/watch/<token>")
def watch(token: str) -> str:
    stored = _watched(token)
    return render_template("watch/show.html", stored=stored, score=stored.score(),
                           table=stored.game.table, display=display, poll=POLL_SECONDS)


@bp.get("/watch/<token>/board")
def watch_board(token: str) -> str:
    stored = _watched(token)
    return render_template("watch/_board.html", stored=stored, score=stored.score(),
                           table=stored.game.table, display=display)


@bp.get("/games/<game_id>/rules")
def rules(game_id: str) -> str:
    stored = _game(game_id)
    return render_template("games/rules.html", stored=stored, score=stored.score(),
                           rules=stored.game.rules, table=stored.game.table, specs=RULE_SPECS)


@bp.get("/games/<game_id>/sheet")
def sheet(game_id: str) -> str:
    stored = _game(game_id)
    return render_template("games/sheet.html", stored=stored, score=stored.score(),
                           table=stored.game.table, display=display, specs=RULE_SPECS)


@bp.get("/stats")
def stats() -> str:
    games = storage.list_games(get_db(), security.remembered_games())
    return render_template("stats.html", players=player_stats(g.score() for g in games),
                           games=len(games))


@bp.get("/offline")
def offline() -> str:
    return render_template("offline.html")


@bp.get("/sw.js")
def service_worker() -> Response:
    body = render_template("sw.js", offline=url_for("pages.offline"))
    return Response(body, mimetype="application/javascript",
                    headers={"Cache-Control": "no-cache"})
