"""Pages beyond keeping score: the live scoreboard, rules, score sheet, stats, the app shell.

Cache: `share_qr` and `share_svg`, lru_caches of a QR code's SVG keyed by the link it
encodes (and its title and scale); a code depends on nothing else: never invalidated."""

from __future__ import annotations

import io
from functools import lru_cache

import segno
from flask import Blueprint, Response, render_template, request, url_for
from markupsafe import Markup

from ..store.stats import player_stats_of
from . import pagemodel, security
from .db import get_db
from .events import following
from .hosting import public_url
from .render import render_stored, stored_or_404
from .words import game_done as said
from .words.clock import clock_sections
from .words.presets import preset_sections
from .words.rules import rules_sections

bp = Blueprint("pages", __name__)
# Any of the 8 masks gives a code every reader decodes; choosing the best of them, as
# segno does unless told one, scores all 8 in Python, several times the work, on the
# first showing of each game's page (its share link holds the game's own token).
# (600 links of the shapes scorepad shows, drawn with this mask, all read back by zxing-cpp.)
QR_MASK = 1


def _qr_svg(url: str, title: str, scale: int, *, standalone: bool) -> bytes:
    """A QR code of `url` as SVG, dark on light so any camera reads it: inline in a page
    (`standalone` False: no namespace, as segno's svg_inline draws it), or a file of its
    own (with the SVG namespace)."""
    out = io.BytesIO()
    segno.make(url, error="m", mask=QR_MASK).save(
        out,
        kind="svg",
        scale=scale,
        border=2,
        dark="#000",
        light="#fff",
        title=title,
        xmldecl=False,
        svgns=standalone,
        nl=False,
    )
    return out.getvalue()


@lru_cache(maxsize=512)
def share_qr(url: str, title: str, scale: int = 4) -> Markup:
    """A QR code of `url` as inline SVG."""
    return Markup(_qr_svg(url, title, scale, standalone=False).decode())


@lru_cache(maxsize=512)
def share_svg(url: str, title: str) -> bytes:
    """The live scoreboard link's QR code as an SVG file: the game page shows it as an
    image, fetched only when its "Show the live score" section is opened, so the page
    neither draws it on a game's first showing nor carries it (`title`: its words, in
    the phone's language)."""
    return _qr_svg(url, title, 4, standalone=True)


@bp.get("/watch/<token>/qr.svg")
def watch_qr(token: str) -> Response:
    stored = stored_or_404(token, by="share_token")
    svg = share_svg(public_url("pages.watch", token=stored.share_token), said.live_qr())
    headers = {"Cache-Control": "private, max-age=86400"}  # a token's link never changes
    return Response(svg, mimetype="image/svg+xml", headers=headers)


@bp.get("/watch/<token>")
def watch(token: str) -> str:
    tv = request.args.get("tv") == "1"  # landscape, big type, for a table that casts it
    stored = stored_or_404(token, by="share_token")
    page = pagemodel.board(stored)
    return render_stored("watch/show.html", stored, poll=pagemodel.POLL_WATCH, tv=tv, **page)


@bp.get("/watch/<token>/board")
def watch_board(token: str) -> str:
    stored = stored_or_404(token, by="share_token")
    return render_stored("watch/_board.html", stored, **pagemodel.board(stored))


@bp.get("/games/<game_id>/rules")
def rules(game_id: str) -> str:
    stored = stored_or_404(game_id)
    return render_stored(
        "games/rules.html",
        stored,
        sections=rules_sections(stored.score())
        + clock_sections(stored.game.clock)
        + preset_sections(stored.game),
    )


@bp.get("/games/<game_id>/sheet")
def sheet(game_id: str) -> str:
    return render_stored("games/sheet.html", stored_or_404(game_id))


@bp.get("/stats")
def stats() -> str:
    db = get_db()
    ids = security.remembered_games() + following.game_ids(db)  # club nights' games too
    players, games = player_stats_of(db, list(dict.fromkeys(ids)))
    return render_template("stats.html", players=players, games=games)


@bp.get("/offline")
def offline() -> str:
    return render_template("offline.html")


@bp.get("/sw.js")
def service_worker() -> Response:
    headers = {**security.HEADERS, "Content-Type": "text/html; charset=utf-8"}
    body = render_template(
        "sw.js",
        offline=url_for("pages.offline"),
        start=url_for("games.index"),
        offline_page=render_template("offline.html"),
        offline_headers=headers,
    )
    return Response(body, mimetype="application/javascript", headers={"Cache-Control": "no-cache"})
