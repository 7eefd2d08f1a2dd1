"""Command-line commands: `flask --app scorepad score|init-db|serve`."""

from __future__ import annotations

import ipaddress
import os
import warnings
from typing import IO
from urllib.parse import urlsplit

import click
from flask import Flask, current_app
from flask.cli import with_appcontext

from . import gamefile
from .core.errors import GameError
from .eventfile import UPLOAD_BYTES as EVENT_UPLOAD


@click.command("score")
@click.argument("file", type=click.File("rb"))
def score_command(file: IO[bytes]) -> None:
    """Score a game file (or - for standard input) and print the export document."""
    try:
        game, score = gamefile.loads_scored(file.read())
    except GameError as err:
        raise click.ClickException(str(err)) from None
    click.echo(gamefile.dumps(gamefile.export(game, score)), nl=False)


READ_ONLY_NOTE = " (in a read-only folder: games are shown, saves are refused)"


def _prepare() -> str:
    """Migrate the database; a note when it can only be read, a clear refusal when unusable."""
    import sqlite3

    from .store.db import NotMigrated, Unusable, prepare

    path = current_app.config["DATABASE"]
    try:
        return READ_ONLY_NOTE if prepare(path) else ""
    except Unusable as err:
        raise click.ClickException(unusable_words(*err.args)) from None
    except sqlite3.Error as err:
        raise click.ClickException(f"cannot open the database {path}: {err}") from None
    except NotMigrated as err:
        raise click.ClickException(
            f"{err.args[0]} is in a read-only folder and needs migrations "
            f"({', '.join(err.args[1])}): make its folder writable once"
        ) from None


def unusable_words(path: str, why: str, detail: str) -> str:
    """Why scorepad does not start on this database file, and what to do."""
    if why == "empty":
        return (
            f"the database {path} is empty (0 bytes): it holds no games, so scorepad does "
            "not start on it. If it should hold your games, restore it from a backup "
            "(flask --app scorepad backup makes one); if it is new, delete it and "
            "scorepad starts a fresh database."
        )
    return (
        f"the database {path} is damaged (SQLite's quick check: {detail}), so scorepad "
        "does not start on it and wrote nothing to it. Restore it from a backup, or "
        "try the sqlite3 command's .recover on a copy."
    )


@click.command("event")
@click.argument("file", type=click.File("rb"))
def event_command(file: IO[bytes]) -> None:
    """Print the standings of an event file (- reads standard input)."""
    from . import eventfile

    try:
        parsed = eventfile.loads(file.read())
    except GameError as err:
        raise click.ClickException(str(err)) from None
    click.echo(eventfile.standings_text(parsed), nl=False)


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create the database file if needed and apply pending migrations."""
    click.echo(f"Database ready: {current_app.config['DATABASE']}{_prepare()}")


@click.command("backup")
@click.argument("path", type=click.Path(dir_okay=False, writable=True))
@with_appcontext
def backup_command(path: str) -> None:
    """Write a consistent copy of the database to PATH, even while scorepad runs."""
    import sqlite3

    from .store.db import backup

    source = current_app.config["DATABASE"]
    if not os.path.isfile(source):
        raise click.ClickException(
            f"there is no database at {source}: nothing to back up (is SCOREPAD_DATABASE right?)"
        )
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise click.ClickException(f"there is no folder {folder} for the backup: create it first")
    try:
        pages = backup(source, path)
    except sqlite3.Error as err:
        raise click.ClickException(f"the backup to {path} failed: {err}") from None
    click.echo(f"Backed up {pages} pages to {path}")


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that other devices on the network may reach."""
    import ifaddr

    found = [
        str(ip.ip)
        for adapter in ifaddr.get_adapters()
        for ip in adapter.ips
        if ip.is_IPv4 and not str(ip.ip).startswith(("127.", "169.254."))
    ]
    return list(dict.fromkeys(found))


FORM_ROOM = 64 * 1024  # a form's own fields beside its file
MAX_HEADER_BYTES = 32 * 1024  # a full session cookie is about 3 KB
# A table is 2 to 8 phones with up to 6 connections each (about 50); waitress reads
# requests in one loop and gives a worker thread only a request read whole, so a
# slow or stuck client costs one socket, not a thread. Room for 500 sockets keeps
# phones answered beside hundreds of such clients (waitress's 100 did not).
CONNECTION_LIMIT = 500
IDLE_SECONDS = 30  # a phone's idle keep-alive connection: closed, the phone reopens it
# An answer goes out in one send once the app has written it, head and body together:
# waitress 3 sends the head and then the body, each at once, which cost about a fifth of
# the server's CPU per hand in bench/pages.py. 64 KB holds any page with its head even
# uncompressed (a game page is some 18 KB: at waitress 1.x's 18000 the worker sent it
# itself while the main loop, finding the answer over the mark, polled to send it too).
# Deprecated, still honoured by the pinned waitress; one without it refuses to start
# (tests/test_cli.py).
SEND_BYTES = 64 * 1024
warnings.filterwarnings("ignore", "send_bytes will be removed", DeprecationWarning)


def waitress_options(app: Flask) -> dict[str, int | bool]:
    """Limits for waitress, in one place for `serve`, the browser tests and the bench.

    Flask refuses a body over MAX_CONTENT_LENGTH (an event file's page: over the event
    file's own limit) only after waitress has read it all: waitress refuses anything
    larger than the larger of them (with room for a form's own fields, so a file just
    too large still gets scorepad's page) before reading it. poll(), not
    select(), watches the sockets: select() cannot see a socket numbered over 1023.
    X-Forwarded-* reach the app only behind trusted proxies (TRUSTED_PROXIES), where
    ProxyFix takes exactly that many values; with none, waitress drops them."""
    return {
        "max_request_body_size": max(app.config["MAX_CONTENT_LENGTH"] + FORM_ROOM, EVENT_UPLOAD),
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


def _is_ip(address: str) -> bool:
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return False
    return True


@click.command("serve")
@click.option("--host", default="0.0.0.0", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--threads", default=8, show_default=True, type=int)
@click.option("--https", "use_https", is_flag=True, help="Put Caddy with its own CA in front.")
@click.option("--https-port", default=8443, show_default=True, type=int)
@click.option("--name", "names", multiple=True, help="A host name phones use (with --https).")
@with_appcontext
def serve_command(
    host: str, port: int, threads: int, use_https: bool, https_port: int, names: tuple[str, ...]
) -> None:
    """Serve scorepad with waitress so phones on the same network can open it."""
    note = _prepare()
    if note:
        click.echo(f"{current_app.config['DATABASE']}{note}")
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    everywhere = host in ("0.0.0.0", "")
    addresses = (lan_addresses() if everywhere else [host]) or ["127.0.0.1"]
    if use_https:
        from .serve_https import serve_https

        serve_https(app, host, [*names, *addresses], port, https_port, threads)
        return
    from .serving import serve

    urls = [f"http://{address}:{port}/" for address in addresses]
    # Links and QR codes for other phones: the configured address, else the one printed.
    app.config["PUBLIC_URL"] = app.config.get("PUBLIC_URL") or urls[0]
    show_addresses(urls)
    serve(app, host=host, port=port, threads=threads, ident="scorepad", **waitress_options(app))


def show_addresses(urls: list[str], how: str = "") -> None:
    """Print the addresses phones may open, and a QR code of the first; on a loopback
    address (127.0.0.1 is each phone's own), say that no phone can open it instead."""
    host = urlsplit(urls[0]).hostname or ""
    if host == "localhost" or (_is_ip(host) and ipaddress.ip_address(host).is_loopback):
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


def init_app(app: Flask) -> None:
    """Register the commands with the app."""
    for command in (
        score_command,
        event_command,
        init_db_command,
        serve_command,
        backup_command,
    ):
        app.cli.add_command(command)
