"""`url_for` for templates, remembered: a game page builds some 27 links, the same
ones from request to request, and werkzeug builds each anew.

A link is kept by its endpoint and values, with the address the app answers under
(scheme, host and script root, as the request's WSGI environment gives them, after
any proxy middleware). Relative endpoints (".x"), anchors, schemes and methods, and
values that cannot be keys, are built each time, as is any link outside a request.

Cache: each app's `scorepad.links` dict of link text, keyed as above; links change only
with the app's routes, so nothing invalidates it; past LINKS_KEPT it is emptied."""

from __future__ import annotations

from typing import Any

from flask import Request, has_request_context
from flask import url_for as build
from flask.globals import request_ctx

LINKS_KEPT = 4096  # past this, forgotten all at once and built again


def url_for(endpoint: str, **values: Any) -> str:
    """Flask's `url_for`, built once per endpoint, values and address of the app."""
    if endpoint[0] == "." or not has_request_context():
        return build(endpoint, **values)
    for name in values:
        if name[0] == "_" and name != "_external":
            return build(endpoint, **values)
    ctx = request_ctx._get_current_object()  # type: ignore[attr-defined]  # one look-up
    env = ctx.request.environ
    key = (
        endpoint,
        env["wsgi.url_scheme"],
        env.get("HTTP_HOST"),
        env.get("SCRIPT_NAME", ""),
        *values.items(),
    )
    links: dict[tuple[Any, ...], str] = ctx.app.extensions.setdefault("scorepad.links", {})
    try:
        return links[key]
    except KeyError:
        pass
    except TypeError:  # a value that cannot be a key
        return build(endpoint, **values)
    link = build(endpoint, **values)
    if len(links) >= LINKS_KEPT:
        links.clear()
    links[key] = link
    return link


def _asked() -> Request:
    """The request itself, found once (each `request.x` finds it again through its proxy)."""
    return request_ctx._get_current_object().request  # type: ignore[attr-defined,no-any-return]


def address() -> tuple[str, ...]:
    """What the page's links are built from: the address asked for (relative links,
    after any trusted proxy, under the app's script root), and the one the server
    listens on (the share link)."""
    asked = _asked()
    listening = asked.environ.get("werkzeug.proxy_fix.orig", asked.environ)
    return (
        asked.host_url,
        asked.script_root,
        asked.scheme,
        str(listening.get("SERVER_NAME", "")),
        str(listening.get("SERVER_PORT", "")),
    )


# The cookie "Got it" sets under the plain-http notice (app.js), read before the page is drawn.
NOTICE_SEEN = "insecure-seen"
LOOPBACK = ("localhost", "127.0.0.1", "[::1]")


def plain_http_notice() -> bool:
    """Whether the page carries the plain-http notice, drawn by the server so that nothing
    moves after the first paint: asked over plain http (after any trusted proxy) by a name
    that is not this machine's own loopback (a browser counts loopback as secure), and not
    yet dismissed on this phone."""
    asked = _asked()
    if asked.scheme != "http" or NOTICE_SEEN in asked.cookies:
        return False
    host = asked.host
    host = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    return not (host in LOOPBACK or host.endswith(".localhost"))  # named loopback
