"""`flask serve --https`: waitress on a port of loopback it prints, Caddy in front with its
own CA; the two start together and stop together (Ctrl-C, SIGTERM, or either one
stopping). It prints what a phone's owner needs: the trust page and the CA's fingerprint
to check it by, the names the certificates cover and how to add one, the https address.
An address to link to that the certificates do not cover is refused before anything
starts."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
from pathlib import Path
from types import FrameType
from typing import Any
from urllib.parse import urlsplit

import click
from flask import Flask

from ..web.hosting import fingerprint
from . import caddy
from .listening import qr_text, show_addresses, waitress_options
from .server import create_server

# Several names: HTTPS_NAMES="a.lan b.lan", or --name again for each.
HOW_TO_ADD = (
    "make run HTTPS=1 HTTPS_NAMES={0}\n  (or: flask --app scorepad serve --https --name {0})"
)


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
        from ..web.hosting import init_app

        app.config["TRUSTED_PROXIES"] = 1
        init_app(app)


def configure(app: Flask, site: caddy.Site, folder: Path) -> None:
    """Links to the https address (unless PUBLIC_URL says otherwise); the CA offered."""
    app.config["PUBLIC_URL"] = app.config.get("PUBLIC_URL") or site.public_url
    app.config["CA_PLAIN_URL"] = site.plain_url
    app.config["CA_CERTIFICATE"] = str(caddy.root_certificate(folder / "data"))


def serve_https(
    app: Flask,
    host: str,
    names: list[str],
    http_port: int,
    https_port: int,
    threads: int,
    waitress_port: int | None = None,
) -> None:
    """Serve until interrupted: Caddy on `https_port` (`http_port`: the trust page),
    waitress on `waitress_port` of 127.0.0.1, only this machine's (None: see _waitress)."""
    everywhere = host in ("0.0.0.0", "")
    covered = caddy.local_names(names) if everywhere else tuple(dict.fromkeys(names))
    check(app, covered, (http_port, https_port), waitress_port)
    trust_caddy(app)
    server = _waitress(app, (http_port, https_port), waitress_port, threads)
    site = caddy.Site(
        names=covered,
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
            _show(site, Path(app.config["CA_CERTIFICATE"]))
            try:
                server.run()  # returns on Ctrl-C, SIGTERM, or Caddy stopping
            finally:
                stopping.set()
    except (RuntimeError, FileNotFoundError) as err:
        server.close()
        raise click.ClickException(str(err)) from None
    click.echo("scorepad stopped")


def check(
    app: Flask, covered: tuple[str, ...], caddys: tuple[int, int], waitress_port: int | None
) -> None:
    """Refuse a waitress port that Caddy takes, and an https address to link to
    (PUBLIC_URL) whose name the certificates would not cover."""
    if waitress_port and waitress_port in caddys:
        raise click.ClickException(
            f"--waitress-port {waitress_port} is also Caddy's (--port {caddys[0]}, "
            f"--https-port {caddys[1]}): give waitress a port of its own, or leave "
            "WAITRESS_PORT unset"
        )
    public = urlsplit(str(app.config.get("PUBLIC_URL") or ""))
    if public.scheme == "https" and public.hostname and not caddy.covers(covered, public.hostname):
        raise click.ClickException(
            f"PUBLIC_URL {app.config['PUBLIC_URL']} names {public.hostname}, which the "
            f"certificates would not cover ({', '.join(covered)}): phones would get a "
            f"certificate error. Add the name: {HOW_TO_ADD.format(public.hostname)}"
        )


def _waitress(app: Flask, caddys: tuple[int, int], chosen: int | None, threads: int) -> Any:
    """waitress on the `chosen` port of 127.0.0.1, else on caddy.WAITRESS_PORT when that
    is free (a free port if not, said so); a chosen port in use is refused."""
    usual = caddy.WAITRESS_PORT if caddy.WAITRESS_PORT not in caddys else 0
    port = usual if chosen is None else chosen
    options = {"host": "127.0.0.1", "threads": threads, "ident": "scorepad"}
    try:
        return create_server(app, port=port, **options, **waitress_options(app))
    except OSError as err:
        if chosen is not None or not port:
            raise click.ClickException(
                f"waitress cannot listen on 127.0.0.1:{port} ({err.strerror or err}): choose "
                "another port for it (make run HTTPS=1 WAITRESS_PORT=8002, or --waitress-port)"
            ) from None
        click.echo(f"127.0.0.1:{port} is in use: waitress takes a free port instead")
        return create_server(app, port=0, **options, **waitress_options(app))


def _show(site: caddy.Site, root: Path) -> None:
    click.echo("Once on each phone, trust this scorepad's certificate authority:")
    trust = site.plain_url + "ca"
    click.echo(f"  {trust}\n{qr_text(trust)}", nl=False)
    click.echo(
        "That page comes over plain http, which anyone on the Wi-Fi could swap. Before\n"
        "trusting, check that it and the certificate's details on the phone show this\n"
        f"SHA-256 fingerprint:\n  {fingerprint(root)}"
    )
    click.echo(f"The certificates cover: {', '.join(site.names)}")
    click.echo("Opened by any other name, a phone gets a certificate error. To add a name:")
    click.echo(f"  {HOW_TO_ADD.format('scorepad.lan')}")
    click.echo(
        f"waitress serves scorepad to Caddy alone, on http://127.0.0.1:{site.upstream}/\n"
        "  (another port: make run HTTPS=1 WAITRESS_PORT=8002, or --waitress-port 8002)"
    )
    urls = [caddy.url("https", name, site.https_port) for name in site.names]
    show_addresses(urls, " (over HTTPS)")
