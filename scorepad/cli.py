"""Command-line commands: `flask --app scorepad score|event|ratings|init-db|serve|backup`."""

from __future__ import annotations

import os
from typing import IO

import click
from flask import Flask, current_app
from flask.cli import with_appcontext

from .core.errors import GameError
from .files import game as gamefile
from .serving.caddy import WAITRESS_PORT, is_host_name
from .serving.listening import show_addresses, waitress_options


@click.command("score")
@click.argument("file", type=click.File("rb"))
def score_command(file: IO[bytes]) -> None:
    """Score a game file (or - for standard input) and print the export document."""
    try:
        game, score, undone = gamefile.loads_full(file.read())
    except GameError as err:
        raise click.ClickException(str(err)) from None
    click.echo(gamefile.dumps(gamefile.export(game, score, undone)), nl=False)


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
    from .files import event as eventfile

    try:
        parsed = eventfile.loads(file.read())
    except GameError as err:
        raise click.ClickException(str(err)) from None
    click.echo(eventfile.standings_text(parsed), nl=False)


@click.command("ratings")
@click.argument("files", nargs=-1, required=True, type=click.File("rb"))
def ratings_command(files: tuple[IO[bytes], ...]) -> None:
    """Rate the finished games of game files and event files (- reads standard input),
    in the order given, and print the ratings as JSON (docs/ratings.md)."""
    import json

    from .core.ratings import rate
    from .files.ratings import document, rated_games, scores_in

    games = []
    for file in files:
        try:
            games += rated_games(scores_in(file.read()))
        except GameError as err:
            raise click.ClickException(f"{file.name}: {err}") from None
    click.echo(json.dumps(document(rate(games)), ensure_ascii=False))


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
    if os.path.exists(path) and os.path.samefile(path, source):
        raise click.ClickException(f"{path} is the database itself: back it up to another file")
    try:
        pages = backup(source, path)
    except (sqlite3.Error, OSError) as err:  # OSError: the copy's own file, its rename
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


def host_names(
    ctx: click.Context, param: click.Parameter, names: tuple[str, ...]
) -> tuple[str, ...]:
    """The --name values, each a host name or an address alone, as a certificate has it."""
    from urllib.parse import urlsplit

    for name in names:
        if not is_host_name(name):
            alone = urlsplit(name if "//" in name else f"//{name}").hostname or ""
            raise click.BadParameter(
                f"{name!r} is not a host name: give the name alone, as "
                f"{alone if is_host_name(alone) else 'scorepad.lan'} (no https://, port or path)",
                ctx,
                param,
            )
    return names


@click.command("serve")
@click.option("--host", default="0.0.0.0", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--threads", default=8, show_default=True, type=int)
@click.option("--https", "use_https", is_flag=True, help="Put Caddy with its own CA in front.")
@click.option("--https-port", default=8443, show_default=True, type=int)
@click.option(
    "--waitress-port",
    type=int,
    help=f"With --https: waitress's port on 127.0.0.1, behind Caddy (0: any free one)."
    f"  [default: {WAITRESS_PORT}, or a free one if it is taken]",
)
@click.option(
    "--name",
    "names",
    multiple=True,
    callback=host_names,
    help="With --https: one more host name phones use, for the certificate (repeatable).",
)
@with_appcontext
def serve_command(
    host: str,
    port: int,
    threads: int,
    use_https: bool,
    https_port: int,
    waitress_port: int | None,
    names: tuple[str, ...],
) -> None:
    """Serve scorepad with waitress so phones on the same network can open it."""
    from .serving.server import UntestedWaitress, check_waitress

    try:
        check_waitress()
    except UntestedWaitress as err:
        raise click.ClickException(str(err)) from None
    note = _prepare()
    if note:
        click.echo(f"{current_app.config['DATABASE']}{note}")
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    everywhere = host in ("0.0.0.0", "")
    addresses = (lan_addresses() if everywhere else [host]) or ["127.0.0.1"]
    if use_https:
        from .serving.https import serve_https

        everyone = [*names, *addresses]
        serve_https(app, host, everyone, port, https_port, threads, waitress_port=waitress_port)
        return
    from .serving.server import serve

    urls = [f"http://{address}:{port}/" for address in addresses]
    # Links and QR codes for other phones: the configured address, else the one printed.
    app.config["PUBLIC_URL"] = app.config.get("PUBLIC_URL") or urls[0]
    show_addresses(urls)
    serve(app, host=host, port=port, threads=threads, ident="scorepad", **waitress_options(app))


def init_app(app: Flask) -> None:
    """Register the commands with the app."""
    for command in (
        score_command,
        event_command,
        ratings_command,
        init_db_command,
        serve_command,
        backup_command,
    ):
        app.cli.add_command(command)
