"""Command-line commands: `flask --app scorepad score|init-db|serve`."""

from __future__ import annotations

import socket
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
    from .store.db import backup

    pages = backup(current_app.config["DATABASE"], path)
    click.echo(f"Backed up {pages} pages to {path}")


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that other devices on the network may reach."""
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    try:
        import fcntl
        import struct

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            for _, name in socket.if_nameindex():
                request = struct.pack("256s", name.encode()[:15])
                try:
                    packed = fcntl.ioctl(sock.fileno(), 0x8915, request)  # SIOCGIFADDR
                except OSError:
                    continue
                found.append(socket.inet_ntoa(packed[20:24]))
    except (ImportError, OSError):
        pass
    return list(dict.fromkeys(a for a in found if not a.startswith("127.")))


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
    waitress.serve(current_app._get_current_object(), host=host, port=port,  # type: ignore[attr-defined]
                   threads=threads, ident="scorepad")


def init_app(app: Flask) -> None:
    """Register the commands with the app."""
    for command in (score_command, init_db_command, serve_command, backup_command):
        app.cli.add_command(command)


