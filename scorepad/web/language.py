"""The language each phone reads scorepad in: Flask-Babel's locale, chosen per request.

A phone's choice is a cookie (`lang`, a year long) set by the language page's POST form;
without one, the browser's Accept-Language picks the best of the languages shipped, else
English. Nothing about language is kept in a game: a live or seat link opened on another
phone speaks that phone's language. The catalogues are scorepad/translations/ (compiled
at install: `make translations`); `LANGUAGES` in the app config names the ones offered.

Kept (functools' LRU caches of pure look-ups, nothing to invalidate): each language's
Babel Locale by its code (`_locale`), and the locale an Accept-Language header and the
languages offered choose (`_best`, the 256 last headers): Flask-Babel parsed the code,
and werkzeug the header, on every request (bench/README.md, issue 40).
"""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import parse_qs, urlsplit

from babel import Locale
from flask import (
    Blueprint,
    Flask,
    current_app,
    has_request_context,
    redirect,
    render_template,
    request,
)
from flask.globals import request_ctx
from flask_babel import Babel
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header
from werkzeug.wrappers import Response

from scorepad.web.catalogue import locale_code

from . import catalogue

COOKIE = "lang"
COOKIE_DAYS = 365
# Each language shipped, by its code, named in its own words (the chooser shows these).
LANGUAGES = {"en": "English", "es": "Español"}

bp = Blueprint("language", __name__)


def offered(app: Flask | None = None) -> dict[str, str]:
    """The languages this app (else the current one) offers: its LANGUAGES config (tests
    add the pseudo-language)."""
    return (app or current_app).config.get("LANGUAGES", LANGUAGES)  # type: ignore[no-any-return]


def choose_locale() -> Locale:
    """This request's language: the phone's cookie, else its browser's best match, else en
    (English too for words drawn in an app context with no request: the command line)."""
    if not has_request_context():
        return _locale("en")
    ctx = request_ctx._get_current_object()  # type: ignore[attr-defined]  # found once
    languages = tuple(offered(ctx.app))
    cookies = ctx.request.cookies
    chosen = next(iter(cookies.getlist(COOKIE)), "")  # get() raises for a missing one
    if chosen in languages:
        return _locale(chosen)
    return _best(ctx.request.headers.get("Accept-Language", ""), languages)


@lru_cache(maxsize=64)
def _locale(code: str) -> Locale:
    """A language's Babel locale, made once (Flask-Babel parses a code on every request)."""
    return Locale.parse(code)


@lru_cache(maxsize=256)
def _best(header: str, languages: tuple[str, ...]) -> Locale:
    """The best of `languages` for a browser's Accept-Language, else English: a phone
    sends the same header request after request, worked out once (the 256 last kept)."""
    accepted = parse_accept_header(header, LanguageAccept)
    return _locale(accepted.best_match(languages) or "en")


def init_app(app: Flask) -> None:
    """Flask-Babel with scorepad's locale chooser, its catalogues in scorepad/translations."""
    app.config.setdefault("BABEL_DEFAULT_LOCALE", "en")
    Babel(app, locale_selector=choose_locale)
    catalogue.init_app(app)  # the templates' gettext reads the request's catalogue, kept
    app.add_template_global(offered, "languages")
    app.add_template_global(locale_code)
    app.register_blueprint(bp)


def _back(target: str) -> str:
    """Where the chooser returns to: a path of this site only, never another site (a
    browser reads a backslash as a slash: '/\\evil.example' is another site)."""
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return "/"
    if "\\" in target or any(ord(c) < 32 for c in target):
        return "/"
    if parts.path == "/language":  # the chooser's own page (its foot's link): where it came from
        return _back(parse_qs(parts.query).get("next", ["/"])[0])
    return target


@bp.get("/language")
def page() -> str:
    """The language chooser (a POST form: setting the cookie is a write)."""
    return render_template("language.html", back=_back(request.args.get("next", "/")))


@bp.post("/language")
def choose() -> Response:
    """Keep the chosen language on this phone, then go back to the page it came from."""
    response = redirect(_back(request.form.get("next", "/")), code=303)
    code = request.form.get("lang", "")
    if code in offered():
        response.set_cookie(
            COOKIE, code, max_age=COOKIE_DAYS * 86400, samesite="Lax", httponly=True
        )
    return response
