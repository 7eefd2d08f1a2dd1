"""`flask serve --https`: waitress on loopback, Caddy in front with its own CA; the two
start together and stop together (Ctrl-C, SIGTERM, or either one stopping)."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
from pathlib import Path
from types import FrameType

import click
from flask import Flask

from . import caddy
from .listening import qr_text, show_addresses, waitress_options
from .serving import create_server


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def _stop_with(process: subprocess.Popen[bytes], stopping: threading.Event) -> None:
    """If Caddy stops by itself, stop scorepad too: neither runs without the other."""
    process.wait()
    if not stopping.is_set():
        click.echo("caddy stopped: stopping scorepad", err=True)
        os.kill(os.getpid(), signal.SIGTERM)  # SIGINT may be ignored in the background


def trust_caddy(app: Flask) -> None:
    """Caddy is the one proxy in front: take the scheme and host it forwards."""
    if not app.config.get("TRUSTED_PROXIES"):
        from .web.hosting import init_app

        app.config["TRUSTED_PROXIES"] = 1
        init_app(app)


def configure(app: Flask, site: caddy.Site, folder: Path) -> None:
    """Links to the https address (unless PUBLIC_URL says otherwise); the CA offered."""
    app.config["PUBLIC_URL"] = app.config.get("PUBLIC_URL") or site.public_url
    app.config["CA_PLAIN_URL"] = site.plain_url
    app.config["CA_CERTIFICATE"] = str(caddy.root_certificate(folder / "data"))


def serve_https(
    app: Flask, host: str, names: list[str], http_port: int, https_port: int, threads: int
) -> None:
    """Serve until interrupted: Caddy on `https_port` (and `http_port` for the trust
    page), waitress on a free port of 127.0.0.1 that only this machine reaches."""
    everywhere = host in ("0.0.0.0", "")
    trust_caddy(app)
    server = create_server(
        app, host="127.0.0.1", port=0, threads=threads, ident="scorepad", **waitress_options(app)
    )
    site = caddy.Site(
        names=caddy.local_names(names) if everywhere else tuple(dict.fromkeys(names)),
        https_port=https_port,
        http_port=http_port,
        upstream=server.effective_port,
        listen="" if everywhere else host,
    )
    folder = Path(app.config.get("CADDY_FOLDER") or os.path.join(app.instance_path, "caddy"))
    for signum in (signal.SIGTERM, signal.SIGINT):  # SIGINT too, ignored or not
        signal.signal(signum, _interrupt)
    stopping = threading.Event()
    try:
        with caddy.running(site, folder) as process:
            configure(app, site, folder)
            threading.Thread(target=_stop_with, args=(process, stopping), daemon=True).start()
            _show(site)
            try:
                server.run()  # returns on Ctrl-C, SIGTERM, or Caddy stopping
            finally:
                stopping.set()
    except (RuntimeError, FileNotFoundError) as err:
        server.close()
        raise click.ClickException(str(err)) from None
    click.echo("scorepad stopped")


def _show(site: caddy.Site) -> None:
    click.echo("Once on each phone, trust this scorepad's certificate authority:")
    trust = site.plain_url + "ca"
    click.echo(f"  {trust}\n{qr_text(trust)}", nl=False)
    urls = [caddy.url("https", name, site.https_port) for name in site.names]
    show_addresses(urls, " (over HTTPS)")
