"""Response headers that keep a game's pages to themselves, and the browser's game list."""

from __future__ import annotations

import time
from typing import Any

from flask import Flask, Response, session
from flask.sessions import SecureCookieSessionInterface, SessionMixin
from itsdangerous import URLSafeTimedSerializer
from werkzeug.wrappers import Response as BaseResponse

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    # A game's address is its key: never hand it to another site.
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
REMEMBERED_GAMES = 100  # about 2.5 KB of the 4 KB a cookie may hold


def set_headers(response: BaseResponse) -> BaseResponse:
    """Add the security headers to every response."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def remember_game(game_id: str) -> None:
    """Keep a game on this browser's list (newest first) in the signed session cookie."""
    known = remembered_games()
    if known[:1] == [game_id]:
        return  # already first: leave the cookie as it is
    known = [g for g in known if g != game_id]
    session["games"] = [game_id, *known][:REMEMBERED_GAMES]
    session.permanent = True


def remembered_games() -> list[str]:
    """The ids of the games this browser started, opened or imported."""
    games = session.get("games", [])
    return [g for g in games if isinstance(g, str)] if isinstance(games, list) else []


def forget_game(game_id: str) -> None:
    """Take a game off this browser's list (it was deleted)."""
    known = remembered_games()
    if game_id in known:
        session["games"] = [g for g in known if g != game_id]


DAY_SECONDS = 24 * 3600


class SessionCookie(SecureCookieSessionInterface):
    """The signed session cookie, sent again only when the session changed, or once a
    day to push a remembered list's 180 days forward: Flask's default signs and sends
    it on every request of a permanent session."""

    def __init__(self) -> None:
        self._signers: dict[tuple[Any, ...], URLSafeTimedSerializer | None] = {}

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """Flask's serializer, made once per key rather than on every request."""
        keys = (app.secret_key, *(app.config["SECRET_KEY_FALLBACKS"] or ()))
        if keys not in self._signers:
            self._signers[keys] = super().get_signing_serializer(app)
        return self._signers[keys]

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        """Note the day on a permanent session that has not been sent today, then save."""
        today = int(time.time() // DAY_SECONDS)
        if session.permanent and session.get("cookie_day") != today:
            session["cookie_day"] = today
        super().save_session(app, session, response)

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        """Only a changed session is signed and sent."""
        return session.modified
