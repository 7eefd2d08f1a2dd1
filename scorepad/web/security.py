"""Response headers that keep a game's pages to themselves, and the signed session cookie
(what it remembers: `remembered`).

Caches (in `SessionCookie`): `_signers`, Flask's serializer keyed by the signing keys
(the secret key and its fallbacks; other keys are another entry); `_opened`, what a
cookie holds (as bytes, unpickled afresh for each request) keyed by (signing keys, the
cookie's exact text), still checked for expiry on each use; emptied past OPENED_KEPT."""

from __future__ import annotations

import pickle
import time
from typing import Any

from flask import Flask, Request, Response, request
from flask.json import dumps
from flask.json.tag import TaggedJSONSerializer
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from itsdangerous import BadSignature, URLSafeTimedSerializer
from werkzeug.wrappers import Response as BaseResponse

from . import remembered
from .remembered import forget_game as forget_game
from .remembered import remember_game as remember_game
from .remembered import remembered_games as remembered_games

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
# What a link shows is its holder's alone: a page, a file or a picture may be kept by the
# phone (and asked again), never by a cache between it and the server (a proxy), to hand
# another phone. An answer that says otherwise says so itself; static files are WhiteNoise's.
PRIVATE = ("Cache-Control", "no-cache, private")


def set_headers(response: BaseResponse) -> BaseResponse:
    """Add the security headers to every response (those it does not set itself), in
    one look through its headers rather than one a header."""
    present = {key.lower() for key in response.headers.keys()}
    response.headers.extend(
        [
            (name, value)
            for name, value in (*HEADERS.items(), PRIVATE)
            if name.lower() not in present
        ]
    )
    return response


DAY_SECONDS = 24 * 3600


OPENED_KEPT = 1024  # cookies read, kept as what they hold; past this, all forgotten


def _keys(app: Flask) -> tuple[Any, ...]:
    """The keys a cookie is signed and checked with: the secret key, then its fallbacks."""
    return (app.secret_key, *(app.config["SECRET_KEY_FALLBACKS"] or ()))


class Utf8JSON(TaggedJSONSerializer):
    """Flask's session JSON, its text written as UTF-8: a letter outside Latin script is
    two or three bytes, where JSON's \\uXXXX escape is six (the cookie has 4 KB)."""

    def dumps(self, value: Any) -> str:
        """Tag the value and dump it to compact JSON, its letters as they are."""
        return dumps(self.tag(value), separators=(",", ":"), ensure_ascii=False)


def _vary_on_cookie(response: Response) -> None:
    """`Vary: Cookie` on the response, unless its Vary header names the cookie already."""
    said = ",".join(response.headers.getlist("Vary")).lower()  # get() raises if none
    if "cookie" not in {name.strip() for name in said.split(",")}:
        response.vary.add("Cookie")


class SessionCookie(SecureCookieSessionInterface):
    """The signed session cookie, sent again only when the session changed, or once a
    day to push a remembered list's 180 days forward: Flask's default signs and sends
    it on every request of a permanent session.

    A cookie is checked and decoded once: a phone sends the same one request after
    request, and checking its signature and decoding its list of games each time is
    work done again for the same text. What it held is kept by the cookie's exact text (and the
    keys that checked it) with the time it was signed, so it still expires on time;
    each request gets its own copy to change. It is `Secure` whenever the request came
    over https (or SESSION_COOKIE_SECURE says so)."""

    serializer = Utf8JSON()

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure

    def __init__(self) -> None:
        self._signers: dict[tuple[Any, ...], URLSafeTimedSerializer | None] = {}
        self._opened: dict[tuple[tuple[Any, ...], str], tuple[bytes, int]] = {}

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """The session the request's cookie holds (an empty one if it holds none, is
        forged or has expired)."""
        signer = self.get_signing_serializer(app)
        cookie = request.cookies.get(self.get_cookie_name(app))
        if signer is None or not cookie:
            return super().open_session(app, request)
        max_age = int(app.permanent_session_lifetime.total_seconds())
        key = (_keys(app), cookie)
        opened = self._opened.get(key)
        if opened is None:
            try:
                data, signed = signer.loads(cookie, max_age=max_age, return_timestamp=True)
            except BadSignature:
                return self.session_class()
            opened = (pickle.dumps(data), int(signed.timestamp()))
            if len(self._opened) >= OPENED_KEPT:
                self._opened.clear()
            self._opened[key] = opened
        held, signed_at = opened
        if not 0 <= time.time() - signed_at <= max_age:
            return self.session_class()
        return self.session_class(pickle.loads(held))  # our own bytes, never the phone's

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """Flask's serializer, made once per key rather than on every request."""
        keys = _keys(app)
        if keys not in self._signers:
            self._signers[keys] = super().get_signing_serializer(app)
        return self._signers[keys]

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        """Note the day on a permanent session that has not been sent today, keep the
        cookie within its budget (`remembered.fit`), then save."""
        today = int(time.time() // DAY_SECONDS)
        if session.permanent and session.get("cookie_day") != today:
            session["cookie_day"] = today
        if not session.modified:  # no cookie to send (should_set_cookie): Flask would only
            if session.accessed:  # say the answer varies with the cookie, as a page does
                _vary_on_cookie(response)  # already, and parse the Vary header to say it
            return
        signer = self.get_signing_serializer(app)
        # The signed cookie is at most 4/3 of its JSON and a few dozen bytes of stamp and
        # signature: only a session that could pass the budget is signed to be measured.
        if (
            signer is not None
            and session.modified
            and len(self.serializer.dumps(dict(session)).encode()) * 4 // 3 + 64 > remembered.BUDGET
        ):
            remembered.fit(session, lambda: len(signer.dumps(dict(session))))
        super().save_session(app, session, response)

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        """Only a changed session is signed and sent."""
        return session.modified
