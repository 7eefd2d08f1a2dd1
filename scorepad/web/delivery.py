"""Getting pages to a phone on a weak signal: gzip, ETags, content-hashed static files.

* Text responses are gzipped when the phone accepts it.
* HTML gets a weak ETag from its content (with the per-request CSRF signature
  taken out, so an unchanged page keeps its tag) and `no-cache`: a reload of
  an unchanged page answers 304 with no body.
* Static files are linked as `/static/app.css?v=<hash>`; a request with the
  current hash is cached for a year as immutable.
"""

from __future__ import annotations

import gzip
import hashlib
from pathlib import Path

from flask import Flask, current_app, g, request, session, url_for
from werkzeug.wrappers import Response as BaseResponse

COMPRESSIBLE = ("text/", "application/json", "application/javascript", "image/svg+xml",
                "application/manifest+json")
MIN_SIZE = 256
YEAR = 365 * 24 * 3600


def static_hash(filename: str) -> str:
    """A short hash of a static file's bytes, computed once per file."""
    cache: dict[str, str] = current_app.extensions.setdefault("scorepad.static", {})
    if filename not in cache:
        path = Path(current_app.static_folder or "") / filename
        cache[filename] = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    return cache[filename]


def static_url(filename: str) -> str:
    """The URL of a static file, carrying its content hash."""
    return url_for("static", filename=filename, v=static_hash(filename))


def _cache_static(response: BaseResponse) -> None:
    filename = (request.view_args or {}).get("filename", "")
    wanted = request.args.get("v")
    try:
        current = static_hash(filename)
    except OSError:
        return
    if wanted and wanted == current and response.status_code in (200, 304):
        response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"


def _tag_html(response: BaseResponse) -> BaseResponse:
    body = response.get_data()
    token = g.get("csrf_token")
    basis = body.replace(token.encode(), b"") if isinstance(token, str) else body
    digest = hashlib.sha256(basis)
    digest.update(str(session.get("csrf_token", "")).encode())
    response.set_etag(digest.hexdigest()[:32], weak=True)
    response.headers["Cache-Control"] = "no-cache, private"
    return response.make_conditional(request)


def _compress(response: BaseResponse) -> None:
    response.vary.add("Accept-Encoding")
    if response.direct_passthrough:
        response.direct_passthrough = False  # a static file: read it to compress it
    body = response.get_data()
    if len(body) < MIN_SIZE:
        return
    response.set_data(gzip.compress(body, compresslevel=6, mtime=0))
    response.headers["Content-Encoding"] = "gzip"


def after_request(response: BaseResponse) -> BaseResponse:
    """ETags for HTML, long caching for hashed static files, gzip for text."""
    if request.endpoint == "static":
        _cache_static(response)
    if response.status_code != 200 or request.method not in ("GET", "HEAD", "POST"):
        return response
    if response.mimetype == "text/html" and request.method in ("GET", "HEAD"):
        response = _tag_html(response)
        if response.status_code != 200:
            return response
    if (response.mimetype or "").startswith(COMPRESSIBLE) \
            and "Content-Encoding" not in response.headers \
            and "gzip" in request.headers.get("Accept-Encoding", ""):
        _compress(response)
    return response


def init_app(app: Flask) -> None:
    """Register the hooks and the `static_url` template helper."""
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)  # a 304'd page keeps a valid token
    app.after_request(after_request)
    app.add_template_global(static_url)
    app.add_template_global(static_hash)
