"""How scorepad listens and says where: waitress's limits for the app (`serve`, `serve
--https`, the browser tests and the bench), and the addresses phones may open, printed
with a QR code. The command line and the HTTPS server both read it."""

from __future__ import annotations

import ipaddress
import warnings
from urllib.parse import urlsplit

import click
from flask import Flask

from ..core import limits

MAX_HEADER_BYTES = 32 * 1024  # a full session cookie is about 3 KB
# A table is 2 to 8 phones with up to 6 connections each (about 50); waitress reads
# requests in one loop and gives a worker thread only a request read whole, so a
# slow or stuck client costs one socket, not a thread. Room for 500 sockets keeps
# phones answered beside hundreds of such clients (waitress's 100 did not).
CONNECTION_LIMIT = 500
IDLE_SECONDS = 30  # a phone's idle keep-alive connection: closed, the phone reopens it
# An answer goes out in one send once the app has written it, head and body together:
# waitress 3 sends the head and then the body, each at once, which cost much of the
# server's CPU per hand in bench/pages.py (bench/README.md). 64 KB holds any page with its head even
# uncompressed (a game page is some 18 KB: at waitress 1.x's 18000 the worker sent it
# itself while the main loop, finding the answer over the mark, polled to send it too).
# Deprecated, still honoured by the pinned waitress; one without it refuses to start
# (tests/test_cli.py).
SEND_BYTES = 64 * 1024
warnings.filterwarnings("ignore", "send_bytes will be removed", DeprecationWarning)


def max_body(app: Flask) -> int:
    """The largest body any page of the app takes: the largest file with its form."""
    files = (limits.GAME_FILE_BYTES, limits.EVENT_FILE_BYTES, limits.CLUB_FILE_BYTES)
    return max(app.config["MAX_CONTENT_LENGTH"], *files) + limits.FORM_BYTES


def waitress_options(app: Flask) -> dict[str, int | bool]:
    """Limits for waitress, in one place for `serve`, the browser tests and the bench.

    Flask refuses a body over MAX_CONTENT_LENGTH (an import page: over its own file's
    limit, web/uploads.py) as it reads it: waitress refuses anything larger than the
    largest of them (with room for a form's own fields, so a file just too large still
    gets scorepad's page) before reading it. poll(), not
    select(), watches the sockets: select() cannot see a socket numbered over 1023.
    X-Forwarded-* reach the app only behind trusted proxies (TRUSTED_PROXIES), where
    ProxyFix takes exactly that many values; with none, waitress drops them."""
    return {
        "max_request_body_size": max_body(app),
        "max_request_header_size": MAX_HEADER_BYTES,
        "connection_limit": CONNECTION_LIMIT,
        "channel_timeout": IDLE_SECONDS,
        "cleanup_interval": 5,
        "asyncore_use_poll": True,
        "send_bytes": SEND_BYTES,
        "clear_untrusted_proxy_headers": not app.config.get("TRUSTED_PROXIES"),
    }


def qr_text(url: str) -> str:
    """A QR code for `url` drawn with Unicode half blocks for a terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def is_ip(address: str) -> bool:
    """Whether `address` is an IP address (not a name)."""
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return False
    return True


def show_addresses(urls: list[str], how: str = "") -> None:
    """Print the addresses phones may open, and a QR code of the first; on a loopback
    address (127.0.0.1 is each phone's own), say that no phone can open it instead."""
    host = urlsplit(urls[0]).hostname or ""
    if host == "localhost" or (is_ip(host) and ipaddress.ip_address(host).is_loopback):
        click.echo(f"scorepad is ready on this machine only: {urls[0]}")
        click.echo(
            f"Phones cannot open {host}: it is only this machine. To play from phones, "
            "run it on the network (make run, or --host 0.0.0.0)."
        )
        return
    click.echo(f"scorepad is ready. Open it on a phone on the same network{how}:")
    for url in urls:
        click.echo(f"  {url}")
    click.echo(f"Or point the phone's camera at this code for {urls[0]}")
    click.echo(qr_text(urls[0]), nl=False)
