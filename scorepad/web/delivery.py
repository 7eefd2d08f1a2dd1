"""Getting pages to a phone on a weak signal: compression, ETags, content-hashed static files.

* Responses are compressed by Flask-Compress when the phone accepts it.
* HTML gets a weak ETag from its content (with the per-request CSRF signature
  taken out, so an unchanged page keeps its tag) and `no-cache`: a reload of
  an unchanged page answers 304 with no body.
* Static files are served by WhiteNoise from a copy made at start (scripts and
  stylesheets minified, gzip by Zopfli, Brotli by WhiteNoise): each file
  under its own name (cached briefly) and under a content-hashed name such as
  `/static/app.<hash>.css` (cached for a year as immutable), each precompressed.
  WhiteNoise answers only from the list of files found at start, so no request
  ever opens a path of its choosing. Only its public settings are used; its
  tags (one per file, from the copy's time and size) are replaced by each file's
  content hash, and a compressed body's tag by its own (see `_etag_per_coding`).

Cache: `_builds`, the lean static copy made at start, keyed by (static folder, hash of
every file's name and content): a changed file is another key, so another copy.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import re
import shutil
import stat
import tempfile
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from wsgiref.headers import Headers

import rcssmin
import rjsmin
import zopfli.gzip
from flask import Flask, abort, current_app, g, request, session
from flask_compress import Compress
from jinja2.ext import Extension
from werkzeug.http import parse_accept_header
from werkzeug.wrappers import Response as BaseResponse
from whitenoise import WhiteNoise
from whitenoise.compress import Compressor

from .catalogue import locale_code
from .security import HEADERS
from .urls import url_for as remembered_url_for

YEAR = 365 * 24 * 3600
SHORT = 3600  # an unhashed static file (the manifest's icons) may change with a release
COMPRESS_CONFIG = {
    "COMPRESS_ALGORITHM": ["br", "gzip"],
    "COMPRESS_MIN_SIZE": 256,
    # Gzip at 9: a phone on plain http (no Brotli there) gets the first load in fewer
    # bytes, a 40-hand history 340 fewer than at 5, for some 0.03-0.15 ms more a page
    # (bench/README.md).
    "COMPRESS_LEVEL": 9,
    "COMPRESS_MIMETYPES": [
        "text/html",
        "text/css",
        "text/plain",
        "text/csv",
        "application/json",
        "application/javascript",
        "image/svg+xml",
        "application/manifest+json",
    ],
}

_builds: dict[tuple[str, str], tuple[str, dict[str, str]]] = {}
_builds_lock = threading.Lock()


def _hashed_name(name: str, digest: str) -> str:
    stem, dot, ext = name.rpartition(".")
    return f"{stem}.{digest}.{ext}" if dot and stem and "/" not in ext else f"{name}.{digest}"


def _scan(folder: Path) -> dict[str, bytes]:
    """Every regular file under `folder` (links and special files are left out)."""
    found: dict[str, bytes] = {}
    for root, _, names in os.walk(folder):
        for name in names:
            path = Path(root) / name
            if stat.S_ISREG(path.lstat().st_mode):
                found[path.relative_to(folder).as_posix()] = path.read_bytes()
    return found


def lean(name: str, data: bytes) -> bytes:
    """A script or stylesheet as served: minified by rjsmin and rcssmin (comments, and
    spaces no parser needs, left out: a page's first load is held to 13.5 KB; the sources
    keep their comments and layout); any other file as it is."""
    if name.endswith(".css"):
        return rcssmin.cssmin(data)
    if name.endswith(".js"):
        return rjsmin.jsmin(data)
    return data


def _gzip(path: Path) -> None:
    """`path.gz` beside the file, by Zopfli: a gzip stream any phone reads, a few per cent
    smaller than zlib's best, made once at start (WhiteNoise makes the Brotli copy)."""
    data = path.read_bytes()
    packed = zopfli.gzip.compress(data)
    if len(packed) < len(data) * 0.95:  # as WhiteNoise judges a copy worth serving
        path.with_name(path.name + ".gz").write_bytes(packed)


def _build(folder: str) -> tuple[str, dict[str, str]]:
    """A private copy of the static folder with hashed names and .gz/.br files, made
    once per process and content; returns its folder and each file's hash."""
    files = _scan(Path(folder))
    content = hashlib.sha256()
    for name in sorted(files):
        content.update(name.encode() + b"\0" + files[name])
    key = (folder, content.hexdigest())
    with _builds_lock:
        if key not in _builds:
            out = Path(tempfile.mkdtemp(prefix="scorepad-static-"))
            atexit.register(shutil.rmtree, out, True)
            compressor = Compressor(quiet=True, use_gzip=False)
            hashes = {}
            for name, source in files.items():
                data = lean(name, source)
                hashes[name] = hashlib.sha256(data).hexdigest()[:12]
                target = out / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
                if compressor.should_compress(name):
                    list(compressor.compress(str(target)))
                    _gzip(target)
                # the hashed name: the same bytes, so the same compressed copies (made once)
                hashed = _hashed_name(name, hashes[name])
                for suffix in ("", ".br", ".gz"):
                    made = target.with_name(target.name + suffix)
                    if made.exists():
                        shutil.copyfile(made, target.with_name(hashed.rpartition("/")[2] + suffix))
            _builds[key] = (str(out), hashes)
        return _builds[key]


def _accepted(header: str) -> str:
    """Accept-Encoding without the codings the phone refuses (`gzip;q=0`), which
    neither WhiteNoise nor Flask-Compress leaves out by itself."""
    return ", ".join(
        f"{value};q={quality:g}" for value, quality in parse_accept_header(header) if quality > 0
    )


def _honour_refusals(app: Callable) -> Callable:
    """WSGI middleware: Accept-Encoding as `_accepted` rewrites it, for all that follows."""

    def middleware(environ: dict, start_response: Callable) -> Iterable[bytes]:
        if "HTTP_ACCEPT_ENCODING" in environ:
            environ["HTTP_ACCEPT_ENCODING"] = _accepted(environ["HTTP_ACCEPT_ENCODING"])
        return app(environ, start_response)

    return middleware


def _etag_per_coding(app: Callable) -> Callable:
    """WSGI middleware over WhiteNoise: a compressed static body gets a tag of its own
    (`"<hash>-gzip"`, `"<hash>-br"`), as HTTP asks of different representations, and a
    request holding that tag (alone, in a list, or weak) is answered 304. WhiteNoise
    gives every coding of a file the file's one tag and answers 304 only to that exact
    header; werkzeug's public Response does the rest."""

    def middleware(environ: dict, start_response: Callable) -> Iterable[bytes]:
        if not environ.get("PATH_INFO", "").startswith("/static/"):
            return app(environ, start_response)
        response = BaseResponse.from_app(app, environ)
        coding = response.headers.get("Content-Encoding")
        tag, _ = response.get_etag()
        if response.status_code == 200 and tag:
            if coding:
                response.set_etag(f"{tag}-{coding}")
            response.make_conditional(environ)
        return response(environ, start_response)

    return middleware


def _static_headers(
    tags: dict[str, str], immutable: set[str]
) -> Callable[[Headers, str, str], None]:
    """WhiteNoise's add_headers_function: scorepad's security headers, a year's caching
    for a hashed name, and each file's tag from its content (so a restart, which copies
    the files anew, keeps every tag)."""

    def add_headers(headers: Headers, path: str, url: str) -> None:
        for name, value in HEADERS.items():
            headers[name] = value
        name = url.removeprefix("/static/")
        if name in immutable:
            headers["Cache-Control"] = f"max-age={YEAR}, public, immutable"
        headers["ETag"] = f'"{tags[name]}"'

    return add_headers


def static_hash(filename: str) -> str:
    """A short hash of a static file's bytes."""
    return current_app.extensions["scorepad.static"][filename]


def static_url(filename: str) -> str:
    """The URL of a static file under its content-hashed name, cached for a year."""
    return remembered_url_for("static", filename=_hashed_name(filename, static_hash(filename)))


def _not_found(filename: str) -> BaseResponse:
    """Whatever WhiteNoise did not find is not a static file: no path is ever opened."""
    abort(404)


def _tag_html(response: BaseResponse) -> BaseResponse:
    """The page's tag leaves out the token signed for it (signed anew now and then) and
    holds the phone's own token (so a tag answers only the phone it was made for); the
    field's name is Flask-WTF's to decide (WTF_CSRF_FIELD_NAME, set by CSRFProtect)."""
    field = current_app.config["WTF_CSRF_FIELD_NAME"]
    body = response.get_data()
    token = g.get(field)
    basis = body.replace(token.encode(), b"") if isinstance(token, str) else body
    digest = hashlib.sha256(basis)
    digest.update(str(session.get(field, "")).encode())
    response.set_etag(digest.hexdigest()[:32], weak=True)
    response.headers["Cache-Control"] = "no-cache, private"
    return response.make_conditional(request)


def _say_language(response: BaseResponse) -> None:
    """A page says its language, and that it is drawn per cookie and Accept-Language:
    no cache (the browser's, the service worker's) may give it for another language."""
    response.headers["Content-Language"] = locale_code().replace("_", "-")
    vary = ", ".join(response.headers.getlist("Vary"))  # werkzeug's get() raises if none
    if not vary:  # as Flask-Compress adds to it: a string
        response.headers["Vary"] = "Cookie, Accept-Language"
    elif "accept-language" not in vary.lower():
        response.headers["Vary"] = f"{vary}, Cookie, Accept-Language"


def after_request(response: BaseResponse) -> BaseResponse:
    """A weak ETag and `no-cache` for HTML, so an unchanged page answers 304; every page
    its language (Content-Language, Vary). Not a redirect: its few words are werkzeug's,
    in English whatever the phone reads, and where it leads is the same in any language."""
    if response.mimetype != "text/html" or 300 <= response.status_code < 400:
        return response
    _say_language(response)
    if response.status_code == 200 and request.method in ("GET", "HEAD"):
        return _tag_html(response)
    return response


class Unindented(Extension):
    """An HTML template's lines as sent without the indentation they are written with
    (about 60 of the game page's 3,700 bytes gzip). Only the template's own text: what a
    variable draws (a <pre>'s words) is left whole; its lines stay where they were."""

    INDENT = re.compile(r"^[ \t]+", re.MULTILINE)

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return self.INDENT.sub("", source) if name and name.endswith(".html") else source


def init_app(app: Flask) -> None:
    """Static files through WhiteNoise, compression, HTML ETags, the template helpers,
    the templates unindented."""
    app.jinja_env.add_extension(Unindented)
    folder, hashes = _build(app.static_folder or "")
    app.extensions["scorepad.static"] = hashes
    immutable = {_hashed_name(name, digest): digest for name, digest in hashes.items()}
    app.wsgi_app = _honour_refusals(  # type: ignore[method-assign]
        _etag_per_coding(
            WhiteNoise(
                app.wsgi_app,
                root=folder,
                prefix="static/",
                max_age=SHORT,
                allow_all_origins=False,
                add_headers_function=_static_headers({**hashes, **immutable}, set(immutable)),
            )
        )
    )
    app.add_url_rule(
        "/static/<path:filename>", endpoint="static", view_func=_not_found, merge_slashes=False
    )
    for key, value in COMPRESS_CONFIG.items():
        app.config.setdefault(key, value)
    Compress(app)  # registered first, so it runs after the ETag below is taken
    app.after_request(after_request)
    app.add_template_global(static_url)
    app.add_template_global(static_hash)
