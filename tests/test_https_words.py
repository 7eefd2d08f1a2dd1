"""`make run HTTPS=1` says what a phone's owner needs and refuses what would fail: the
names its certificates cover and how to add one, waitress's port (chosen, printed,
settable), the CA's fingerprint as the trust page shows it, and HSTS on the https
address only (through the real Caddy)."""

from __future__ import annotations

import hashlib
import http.client
import os
import re
import socket
import ssl
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from scorepad.serving import caddy
from scorepad.serving import https as serve_https
from tests.live import ROOT, stop_https
from tests.live import serve_https as start_https

NAME = "table.test"
FINGERPRINT = re.compile(r"\b[0-9A-F]{2}(?::[0-9A-F]{2}){31}\b")
HAS_CADDY = Path(sys.executable).with_name("caddy").exists()


def needs_caddy(test):
    """A test that runs the locked Caddy: marked `caddy` (make test-fast leaves it out)."""
    skip = pytest.mark.skipif(not HAS_CADDY, reason="caddy comes with the hosting extra")
    return pytest.mark.caddy(skip(test))


@pytest.mark.parametrize(
    ("name", "suggested"),
    [
        ("https://scorepad.lan", "scorepad.lan"),
        ("scorepad.lan:8443", "scorepad.lan"),
        ("https://scorepad.lan:8443/games", "scorepad.lan"),
        ("two words", "scorepad.lan"),
        ("-table.lan", "scorepad.lan"),
    ],
)
def test_a_name_that_is_not_a_host_name_is_refused_naming_the_option(runner, name, suggested):
    result = runner.invoke(args=["serve", "--https", "--name", name])
    assert result.exit_code == 2, result.output
    assert "Invalid value for '--name'" in result.output
    assert f"give the name alone, as {suggested}" in result.output


@pytest.mark.parametrize(
    ("name", "ok"),
    [
        ("scorepad.lan", True),
        ("Table.Local.", True),
        ("192.168.1.20", True),
        ("::1", True),
        ("table_1.lan", False),
        ("a" * 64 + ".lan", False),
        ("", False),
    ],
)
def test_host_names_are_names_or_addresses_alone(name, ok):
    assert caddy.is_host_name(name) is ok


def test_make_passes_the_waitress_port_and_the_names_when_set(runner, monkeypatch):
    calls = []
    monkeypatch.setattr(serve_https, "serve_https", lambda *a, **kw: calls.append(kw))
    result = runner.invoke(args=["serve", "--https", "--host", "127.0.0.1"])
    assert result.exit_code == 0, result.output
    runner.invoke(args=["serve", "--https", "--waitress-port", "9001"])
    assert calls == [{"waitress_port": None}, {"waitress_port": 9001}]
    made = subprocess.run(
        ["make", "-n", "run", "HTTPS=1", "WAITRESS_PORT=9002", "HTTPS_NAMES=a.lan b.lan"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.replace("\\\n", " ")
    assert "--waitress-port 9002 --name a.lan --name b.lan" in " ".join(made.split())
    unset = subprocess.run(["make", "-n", "run", "HTTPS=1"], cwd=ROOT, capture_output=True)
    assert b"--https " in unset.stdout and b"--waitress-port" not in unset.stdout
    plain = subprocess.run(["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True)
    assert "--https" not in plain.stdout


class Listening:
    """What the fake waitress hands back: the port it listens on."""

    def __init__(self, port: int) -> None:
        self.effective_port = port or 45678

    def close(self) -> None:
        pass


@pytest.mark.parametrize(
    ("args", "busy", "tried", "said"),
    [
        ([], set(), [8001], ""),
        ([], {8001}, [8001, 0], "127.0.0.1:8001 is in use: waitress takes a free port instead"),
        (["--port", "8001"], set(), [0], ""),  # Caddy's port: never waitress's
        (["--waitress-port", "0"], set(), [0], ""),
        (["--waitress-port", "8123"], set(), [8123], ""),
    ],
)
def test_waitress_listens_on_8001_unless_told_or_taken(
    runner, monkeypatch, args, busy, tried, said
):
    ports: list[int] = []

    def create_server(app, port, **options):
        ports.append(port)
        if port in busy:
            raise OSError(98, "Address already in use")
        return Listening(port)

    def running(site, folder):
        raise RuntimeError(f"stopped before Caddy, waitress on {site.upstream}")

    monkeypatch.setattr(serve_https, "create_server", create_server)
    monkeypatch.setattr(serve_https.caddy, "running", running)
    monkeypatch.setattr(serve_https.signal, "signal", lambda *a: None)
    result = runner.invoke(args=["serve", "--https", "--host", "127.0.0.1", *args])
    assert ports == tried
    assert f"stopped before Caddy, waitress on {tried[-1] or 45678}" in result.output
    assert said in result.output and caddy.WAITRESS_PORT == 8001


@pytest.mark.parametrize("taken", ["--port", "--https-port"])
def test_waitress_may_not_take_a_port_of_caddys(runner, taken):
    result = runner.invoke(args=["serve", "--https", taken, "9005", "--waitress-port", "9005"])
    assert result.exit_code == 1
    assert "--waitress-port 9005 is also Caddy's" in result.output
    assert "leave WAITRESS_PORT unset" in result.output


def test_a_busy_waitress_port_is_said_plainly(runner):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        args = ["serve", "--https", "--host", "127.0.0.1", "--waitress-port", str(port)]
        result = runner.invoke(args=args)
    assert result.exit_code == 1, result.output
    assert f"waitress cannot listen on 127.0.0.1:{port}" in result.output
    assert "WAITRESS_PORT=8002" in result.output
    assert "Traceback" not in result.output


def test_links_to_a_name_the_certificates_do_not_cover_are_refused(app):
    app.config["PUBLIC_URL"] = "https://scores.lan:8443/"
    result = app.test_cli_runner().invoke(args=["serve", "--https", "--host", "127.0.0.1"])
    assert result.exit_code == 1, result.output
    assert "names scores.lan, which the certificates would not cover (127.0.0.1)" in result.output
    assert "make run HTTPS=1 HTTPS_NAMES=scores.lan" in result.output
    assert "--name scores.lan" in result.output
    serve_https.check(app, ("192.168.1.20", "Scores.LAN"), (8000, 8443), None)  # covered
    app.config["PUBLIC_URL"] = "http://scores.lan:8000/"  # not https: no certificate
    serve_https.check(app, ("192.168.1.20",), (8000, 8443), None)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """`serve --https` for table.test and localhost on 127.0.0.1."""
    running = start_https(tmp_path_factory.mktemp("https-words"), NAME, "--name", "localhost")
    yield running
    stop_https(running)


def printed(server) -> str:
    return server.log.read_text(errors="replace")


def https_status(server, host: str, path: str = "/healthz") -> tuple[int, str | None]:
    """GET `path` over https from 127.0.0.1, as `host` (its server name and Host header)."""
    context = ssl.create_default_context(cafile=str(server.root))
    with socket.create_connection(("127.0.0.1", server.ports[1]), timeout=10) as raw:
        wrapped = context.wrap_socket(raw, server_hostname=host)
        connection = http.client.HTTPConnection(host, server.ports[1], timeout=10)
        connection.sock = wrapped
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        connection.close()
        return response.status, response.getheader("Strict-Transport-Security")


@needs_caddy
def test_it_prints_the_names_covered_and_how_to_add_one(server):
    text = printed(server)
    assert f"The certificates cover: {NAME}, localhost, 127.0.0.1\n" in text
    assert "Opened by any other name, a phone gets a certificate error" in text
    assert "make run HTTPS=1 HTTPS_NAMES=scorepad.lan" in text
    assert "--https --name scorepad.lan" in text
    assert text.index("The certificates cover") < text.index("scorepad is ready")


@needs_caddy
def test_waitress_listens_on_the_port_it_was_given_and_prints_it(server):
    waitress = server.ports[2]
    text = printed(server)
    assert f"waitress serves scorepad to Caddy alone, on http://127.0.0.1:{waitress}/\n" in text
    with urllib.request.urlopen(f"http://127.0.0.1:{waitress}/healthz", timeout=10) as direct:
        assert direct.read() == b"ok\n"
    assert f"reverse_proxy 127.0.0.1:{waitress}\n" in (server.folder / "Caddyfile").read_text()


@needs_caddy
def test_the_fingerprint_printed_is_the_one_the_trust_page_shows(server):
    with urllib.request.urlopen(f"http://127.0.0.1:{server.ports[0]}/ca", timeout=10) as page:
        shown = FINGERPRINT.findall(page.read().decode())
    der = ssl.PEM_cert_to_DER_cert(server.root.read_text())
    actual = ":".join(f"{b:02X}" for b in hashlib.sha256(der).digest())
    text = printed(server)
    assert FINGERPRINT.findall(text) == [actual]
    assert shown == [actual]
    assert "anyone on the Wi-Fi could swap" in text
    assert text.index(actual) < text.index("scorepad is ready")


@needs_caddy
@pytest.mark.parametrize(
    ("host", "hsts"),
    [(NAME, True), ("127.0.0.1", True), ("localhost", False)],  # localhost: every project's
)
def test_hsts_on_the_https_address(server, host, hsts):
    status, header = https_status(server, host)
    assert status == 200
    assert header == (f"max-age={caddy.HSTS_SECONDS}" if hsts else None)


@needs_caddy
def test_no_hsts_over_plain_http(server):
    for path in ("/ca", "/ca.crt", "/games"):  # the trust page, its certificate, a redirect
        plain = http.client.HTTPConnection("127.0.0.1", server.ports[0], timeout=10)
        plain.request("GET", path, headers={"Host": NAME})
        response = plain.getresponse()
        response.read()
        plain.close()
        assert response.status in (200, 302), (path, response.status)
        assert response.getheader("Strict-Transport-Security") is None, path


@needs_caddy
def test_the_domain_caddyfile_sends_hsts(tmp_path):
    env = {**os.environ, "SCOREPAD_DOMAIN": "scores.example.org", "XDG_DATA_HOME": str(tmp_path)}
    env["XDG_CONFIG_HOME"] = str(tmp_path)
    command = [str(Path(sys.executable).with_name("caddy")), "adapt", "--adapter", "caddyfile"]
    command += ["--config", str(ROOT / "deploy" / "Caddyfile")]
    adapted = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert '"Strict-Transport-Security":["max-age=31536000"]' in adapted.stdout


def test_the_hosting_help_says_the_ports_names_and_hsts_the_code_has(client):
    text = client.get("/help/hosting").get_data(as_text=True)
    assert f"`WAITRESS_PORT`, {caddy.WAITRESS_PORT} by default" in text
    assert "make run HTTPS=1 HTTPS_NAMES=scorepad.lan" in text
    assert f"Strict-Transport-Security: max-age={caddy.HSTS_SECONDS}" in text
    assert "SHA-256 fingerprint" in text and "anyone on the\n   Wi-Fi could swap" in text
    deploy = (ROOT / "deploy" / "Caddyfile").read_text()
    assert 'Strict-Transport-Security "max-age=31536000"' in deploy
    assert "`max-age=31536000`, a year" in (ROOT / "README.md").read_text()
