"""Command-line commands: `flask --app scorepad score|init-db|serve`."""

from __future__ import annotations

import os
from typing import IO

import click
from flask import Flask, current_app
from flask.cli import with_appcontext

from . import gamefile
from .core.errors import GameError


@click.command("score")
@click.argument("file", type=click.File("rb"))
def score_command(file: IO[bytes]) -> None:
    """Score a game file (or - for standard input) and print the export document."""
    try:
        game = gamefile.loads(file.read())
    except GameError as err:
        raise click.ClickException(str(err)) from None
    click.echo(gamefile.dumps(gamefile.export(game)), nl=False)


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
    from .store.db import migrate

    migrate(current_app.config["DATABASE"])
    click.echo(f"Database ready: {current_app.config['DATABASE']}")


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


MAX_HEADER_BYTES = 32 * 1024  # a full session cookie is about 3 KB


def waitress_options(app: Flask) -> dict[str, int]:
    """Limits for waitress, in one place for `serve`, the browser tests and the bench.

    Flask refuses a body over MAX_CONTENT_LENGTH only after waitress has read it all:
    waitress refuses anything larger than that (with room for a form's own fields, so
    a file just too large still gets scorepad's page) before reading it."""
    return {
        "max_request_body_size": app.config["MAX_CONTENT_LENGTH"] + 64 * 1024,
        "max_request_header_size": MAX_HEADER_BYTES,
    }


def qr_text(url: str) -> str:
    """A QR code for `url` drawn with Unicode half blocks for a terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


@click.command("serve")
@click.option("--host", default="0.0.0.0", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--threads", default=8, show_default=True, type=int)
@with_appcontext
def serve_command(host: str, port: int, threads: int) -> None:
    """Serve scorepad with waitress so phones on the same network can open it."""
    import waitress

    from .store.db import migrate

    migrate(current_app.config["DATABASE"])
    addresses = lan_addresses() if host in ("0.0.0.0", "") else [host]
    urls = [f"http://{address}:{port}/" for address in addresses or ["127.0.0.1"]]
    click.echo("scorepad is ready. Open it on a phone on the same network:")
    for url in urls:
        click.echo(f"  {url}")
    click.echo(f"Or point the phone's camera at this code for {urls[0]}")
    click.echo(qr_text(urls[0]), nl=False)
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    waitress.serve(
        app, host=host, port=port, threads=threads, ident="scorepad", **waitress_options(app)
    )


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
