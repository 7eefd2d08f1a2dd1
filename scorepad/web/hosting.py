"""Behind a proxy and on HTTPS: trusted proxy headers, Secure cookies, links from the
configured public address, the health check and the page that offers the local CA."""

from __future__ import annotations

import hashlib
import os
import ssl
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, Response, abort, current_app, render_template, request, url_for
from werkzeug.middleware.proxy_fix import ProxyFix

from .db import get_db
from .security import SessionCookie

bp = Blueprint("hosting", __name__)
# Inside an installed wheel, else at the checkout's top.
README = next(
    (p for p in (Path(__file__).resolve().parents[i] / "README.md" for i in (1, 2)) if p.is_file()),
    Path("README.md"),
)
HOSTING_HEADING = "## Hosting"


def init_app(app: Flask) -> None:
    """Trust `X-Forwarded-*` from exactly TRUSTED_PROXIES proxies (0: from nobody)."""
    proxies = int(app.config.get("TRUSTED_PROXIES") or 0)
    if proxies < 0:
        raise ValueError("TRUSTED_PROXIES must be 0 or more")
    if proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_port=proxies
        )
    app.session_interface = SessionCookie()  # Secure over https


def _listening_address() -> str:
    """The scheme, name and port the server listens on, from the WSGI server itself
    (before any proxy header is applied): never the Host header a client sent."""
    environ = request.environ.get("werkzeug.proxy_fix.orig", request.environ)
    scheme = request.scheme  # https only when the request came so, or a trusted proxy says so
    name = environ.get("SERVER_NAME", "localhost")
    port = str(environ.get("SERVER_PORT", ""))
    default = {"http": "80", "https": "443"}[scheme]
    return f"{scheme}://{name}" + (f":{port}" if port and port != default else "")


def public_url(endpoint: str, **values: Any) -> str:
    """An absolute link for other phones: PUBLIC_URL (config or SCOREPAD_PUBLIC_URL),
    else the address the server listens on."""
    base = current_app.config.get("PUBLIC_URL") or _listening_address()
    return str(base).rstrip("/") + url_for(endpoint, **values)


@bp.get("/healthz")
def healthz() -> Response:
    """Cheap liveness for a container or a proxy: the database answers one query."""
    get_db().execute("select 1").fetchone()
    return Response("ok\n", mimetype="text/plain", headers={"Cache-Control": "no-store"})


def fingerprint(certificate: Path) -> str:
    """A PEM certificate's SHA-256 fingerprint as phones show it (AB:12:...): on the CA
    page, and printed by `serve --https` to compare with it."""
    der = ssl.PEM_cert_to_DER_cert(certificate.read_text())
    return ":".join(f"{byte:02X}" for byte in hashlib.sha256(der).digest())


def _ca_certificate() -> Path:
    """The local CA's root certificate (public part only), or a 404 when there is none."""
    path = current_app.config.get("CA_CERTIFICATE")
    if not path or not os.path.isfile(path):
        abort(404)
    return Path(path)


@bp.get("/ca")
def ca_page() -> str:
    """How to trust this server's own certificate authority, once per phone."""
    # Over plain http when there is such an address: a phone cannot yet open https.
    plain = current_app.config.get("CA_PLAIN_URL")
    path = url_for("hosting.ca_certificate")
    return render_template(
        "hosting/ca.html",
        download=str(plain).rstrip("/") + path if plain else public_url("hosting.ca_certificate"),
        fingerprint=fingerprint(_ca_certificate()),
        https=current_app.config.get("PUBLIC_URL"),
    )


@bp.get("/ca.crt")
def ca_certificate() -> Response:
    """The root certificate, as phones expect to download one."""
    body = _ca_certificate().read_bytes()
    return Response(
        body,
        mimetype="application/x-x509-ca-cert",
        headers={"Content-Disposition": 'attachment; filename="scorepad-ca.crt"'},
    )


def _hosting_section(path: Path) -> str | None:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return None
    start = text.find(f"\n{HOSTING_HEADING}\n")
    if start < 0:
        return None
    end = text.find("\n## ", start + 1)
    return text[start + 1 : end if end > 0 else None].rstrip() + "\n"


@bp.get("/help/hosting")
def hosting_help() -> str:
    """The README's "Hosting" section, for the phone that is told what plain http lacks:
    a page of the site, its Markdown shown as written, wrapped to the phone's width."""
    section = _hosting_section(README)
    if section is None:
        abort(404)
    return render_template("hosting/help.html", section=section)
