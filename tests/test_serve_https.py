"""`flask serve --https`: Caddy with its own CA in front of waitress. Saves work through it
with Secure cookies; the CA key is private; the two start and stop together."""

from __future__ import annotations

import http.cookiejar
import os
import signal
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from scorepad.serving import caddy
from tests.live import Phone, _NoRedirect, answers, serve_https, stop_https

pytestmark = [
    pytest.mark.caddy,
    pytest.mark.skipif(
        not Path(sys.executable).with_name("caddy").exists(),
        reason="caddy comes with the hosting extra: make test",
    ),
]


@pytest.fixture
def server(tmp_path):
    running = serve_https(tmp_path, "127.0.0.1")
    yield running
    stop_https(running)


def https_phone(server) -> Phone:
    """A phone that trusts the server's CA (and nothing else it was not told to)."""
    phone = Phone(server.url)
    context = ssl.create_default_context(cafile=str(server.root))
    phone.opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()),
        _NoRedirect(),
        urllib.request.HTTPSHandler(context=context),
    )
    return phone


def test_a_hand_is_saved_over_https_with_a_secure_cookie(server):
    phone = https_phone(server)
    game_id = phone.start_game()
    assert phone.play_hand(game_id, 1, [3, 3, 3, 4], [3, 3, 3, 4])
    _, _, body = phone.request(f"/games/{game_id}")
    assert f"{server.url}/watch/" in body  # links to the https address
    fresh = https_phone(server)
    _, headers, _ = fresh.request("/games/new")
    assert "Secure" in headers["Set-Cookie"]


def test_a_client_that_does_not_trust_the_ca_is_refused(server):
    with pytest.raises(urllib.error.URLError, match="CERTIFICATE_VERIFY_FAILED"):
        urllib.request.urlopen(f"{server.url}/healthz", timeout=5)


def test_the_ca_key_is_readable_by_its_owner_only(server):
    assert server.root.is_file()
    assert os.stat(server.folder).st_mode & 0o077 == 0
    for key in server.root.parent.glob("*.key"):
        assert key.stat().st_mode & 0o077 == 0, key
    config = (server.folder / "Caddyfile").read_text()
    assert "admin off" in config and "skip_install_trust" in config


def test_sigterm_stops_caddy_and_scorepad(server):
    assert all(answers(port) for port in server.ports)
    server.process.send_signal(signal.SIGTERM)
    assert server.process.wait(20) == 0
    assert "scorepad stopped" in server.log.read_text()
    assert not any(answers(port) for port in server.ports)


def caddy_of(server) -> int:
    found = subprocess.run(
        ["pgrep", "-f", f"caddy run --config {server.folder / 'Caddyfile'}"],
        capture_output=True,
        text=True,
    ).stdout.split()
    assert len(found) == 1, found
    return int(found[0])


def test_when_caddy_stops_scorepad_stops_too(server):
    os.kill(caddy_of(server), signal.SIGKILL)
    server.process.wait(20)
    assert "caddy stopped: stopping scorepad" in server.log.read_text()
    deadline = time.monotonic() + 5
    while any(answers(port) for port in server.ports) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(answers(port) for port in server.ports)


def test_caddy_missing_is_said_plainly(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "executable", str(tmp_path / "python"))
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(FileNotFoundError, match="make run HTTPS=1"):
        caddy.caddy_binary()


@pytest.mark.parametrize(
    ("addresses", "host", "expected"),
    [
        (["192.168.1.20"], "table", ("192.168.1.20", "table", "table.local")),
        (["10.0.0.5", "192.168.1.20"], "pi.lan", ("10.0.0.5", "192.168.1.20", "pi.lan")),
        ([], "localhost", ()),
    ],
)
def test_local_names_put_lan_addresses_first(monkeypatch, addresses, host, expected):
    monkeypatch.setattr(caddy.socket, "gethostname", lambda: host)
    names = caddy.local_names(addresses)
    assert names == (*expected, "127.0.0.1", "localhost")


def test_the_site_prints_default_ports_plainly():
    site = caddy.Site(("scores.lan",), 443, 80, 40000)
    assert site.public_url == "https://scores.lan/"
    assert site.plain_url == "http://scores.lan/"
    assert caddy.Site(("::1",), 8443, 8000, 1).public_url == "https://[::1]:8443/"


def test_caddy_is_ready_only_once_it_hands_out_certificates(tmp_path):
    """An open port is not enough: until Caddy has issued the site's certificates, a
    phone's handshake ends in a TLS alert. Readiness waits for a real handshake."""
    import socket

    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    storage = tmp_path / "data"
    root = caddy.root_certificate(storage)
    root.parent.mkdir(parents=True)
    root.write_text("")
    site = caddy.Site(names=("127.0.0.1",), https_port=port, http_port=1, upstream=1)
    assert not caddy._hands_out_certificates(site, storage)  # a root half written
    root.write_text(A_ROOT)  # a CA that signed nothing this port could show
    try:
        assert not caddy._hands_out_certificates(site, storage)
    finally:
        listener.close()


# A self-signed CA certificate (openssl req -x509, P-256), for the readiness check above.
A_ROOT = """\
-----BEGIN CERTIFICATE-----
MIIBkTCCATegAwIBAgIURtuII6l5xTwvGOD6Tr18LXN9Z8cwCgYIKoZIzj0EAwIw
HTEbMBkGA1UEAwwSc2NvcmVwYWQgdGVzdCByb290MCAXDTI2MTIwNjA2NTkxNFoY
DzIxMjYxMTEyMDY1OTE0WjAdMRswGQYDVQQDDBJzY29yZXBhZCB0ZXN0IHJvb3Qw
WTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAR87uLnvLPnR29QH/4NEK2X83GFOMjN
JL5FRGh0frBLzzAXa/rs6D8Mg8Lz+uEFu0mmp4l+d5g2Ldkjh/Qmk/qDo1MwUTAd
BgNVHQ4EFgQUAvwBfqT7vrIjtWGGed72DGM9lucwHwYDVR0jBBgwFoAUAvwBfqT7
vrIjtWGGed72DGM9lucwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNIADBF
AiAPQiMtjzTaXen2NaQqRgRnJD7xjJFPZQMYJb3k+4i3ewIhAOA+jHikx/FXzAN7
UGmUGRHPLpLyo3rUCP3IR92PMLnl
-----END CERTIFICATE-----
"""
