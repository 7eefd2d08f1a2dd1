"""Behind a proxy: X-Forwarded-* from trusted proxies only, Secure cookies under https,
links and QR codes from the configured public address and never from a client's Host."""

from __future__ import annotations

import re
import threading

import pytest

from scorepad import create_app
from scorepad.web.pages import share_svg
from scorepad.web.seats import seat_qr
from tests.helpers import new_game_form
from tests.live import Phone

EVIL = "evil.example"
NO_CSRF = {"WTF_CSRF_ENABLED": False}


def make(tmp_path, **config):
    base = {"DATABASE": str(tmp_path / "scorepad.db"), "SECRET_KEY": "hosting-tests"}
    return create_app({**base, "TESTING": True, **config})


def start_game(client, **headers) -> str:
    response = client.post("/games/new", data=new_game_form(), headers=headers)
    assert response.status_code == 302, response.get_data(as_text=True)[:300]
    return response.headers["Location"].rstrip("/").rsplit("/", 1)[-1]


def session_cookie(response) -> str:
    return next(c for c in response.headers.getlist("Set-Cookie") if c.startswith("session="))


def links(body: str) -> list[str]:
    return re.findall(r'class="(?:share|seat)-link">([^<]+)<', body)


@pytest.mark.parametrize(
    ("proxies", "headers", "secure"),
    [
        (0, {}, False),
        # Without a trusted proxy, anyone could send these: they are ignored.
        (0, {"X-Forwarded-Proto": "https"}, False),
        (1, {"X-Forwarded-Proto": "https"}, True),
        (1, {"X-Forwarded-Proto": "http"}, False),
        # The client wrote "https" and the one trusted proxy appended what it saw.
        (1, {"X-Forwarded-Proto": "https, http"}, False),
        (2, {"X-Forwarded-Proto": "https, http"}, True),
    ],
)
def test_the_scheme_comes_from_trusted_proxies_only(tmp_path, proxies, headers, secure):
    client = make(tmp_path, TRUSTED_PROXIES=proxies).test_client()
    cookie = session_cookie(client.get("/games/new", headers=headers))
    assert ("; Secure" in cookie) is secure


def test_a_request_over_https_gets_a_secure_cookie(tmp_path):
    app = make(tmp_path)
    over_https = app.test_client().get("/games/new", base_url="https://localhost")
    assert "; Secure" in session_cookie(over_https)
    assert "; Secure" not in session_cookie(app.test_client().get("/games/new"))


def test_the_host_comes_from_trusted_proxies_only(tmp_path):
    app = make(tmp_path, TRUSTED_PROXIES=1)
    seen = []
    app.before_request(lambda: seen.append(__import__("flask").request.host) and None)
    client = app.test_client()
    client.get("/healthz", headers={"X-Forwarded-Host": "scores.example"})
    client.get("/healthz", headers={"X-Forwarded-Host": f"{EVIL}, scores.example"})
    assert seen == ["scores.example", "scores.example"]
    untrusting = make(tmp_path / "b", TRUSTED_PROXIES=0)
    untrusting.before_request(lambda: seen.append(__import__("flask").request.host) and None)
    untrusting.test_client().get("/healthz", headers={"X-Forwarded-Host": EVIL})
    assert seen[-1] == "localhost"


@pytest.mark.parametrize("proxies", [0, 1])
def test_links_and_codes_use_the_public_address_not_a_forged_host(tmp_path, proxies):
    app = make(tmp_path, PUBLIC_URL="https://scores.example/", TRUSTED_PROXIES=proxies, **NO_CSRF)
    client = app.test_client()
    forged = {"Host": EVIL, "X-Forwarded-Host": EVIL, "X-Forwarded-Proto": "http"}
    game_id = start_game(client, **forged)
    client.post(f"/games/{game_id}/seats", data={"seats": "on"}, headers=forged)
    body = client.get(f"/games/{game_id}", headers=forged).get_data(as_text=True)
    found = links(body)
    assert len(found) == 5  # the live score and four seats
    assert all(link.startswith("https://scores.example/") for link in found), found
    assert EVIL not in body
    token = found[0].rsplit("/", 1)[-1]
    qr = client.get(f"/watch/{token}/qr.svg", headers=forged).get_data()
    assert qr == share_svg(found[0], "QR code of the live scoreboard link")  # the same address
    assert str(seat_qr(found[1], "Alice")) in body


def test_without_a_public_address_links_use_the_listening_address(tmp_path):
    client = make(tmp_path, **NO_CSRF).test_client()
    game_id = start_game(client, Host=EVIL)
    body = client.get(f"/games/{game_id}", headers={"Host": f"{EVIL}:8000"}).get_data(as_text=True)
    assert links(body) and all(link.startswith("http://localhost/") for link in links(body))
    assert EVIL not in body


def real_server(app):
    from scorepad.serving.listening import waitress_options
    from scorepad.serving.server import create_server

    server = create_server(app, host="127.0.0.1", port=0, threads=2, **waitress_options(app))
    threading.Thread(target=server.run, daemon=True).start()
    return server


@pytest.mark.parametrize("proxies", [0, 1])
def test_waitress_passes_proxy_headers_only_to_an_app_that_trusts_a_proxy(tmp_path, proxies):
    app = create_app(
        {"DATABASE": str(tmp_path / "s.db"), "SECRET_KEY": "k", "TRUSTED_PROXIES": proxies}
    )
    server = real_server(app)
    try:
        phone = Phone(f"http://127.0.0.1:{server.effective_port}")
        phone.opener.addheaders = [("X-Forwarded-Proto", "https")]
        _, headers, _ = phone.request("/games/new")
        assert ("Secure" in headers["Set-Cookie"]) is bool(proxies)
    finally:
        server.close()


def test_serve_links_to_the_address_it_prints(runner, app, monkeypatch):
    from scorepad.serving import server as serving

    monkeypatch.setattr(serving, "serve", lambda app, **kw: None)
    result = runner.invoke(args=["serve", "--host", "127.0.0.1", "--port", "9001"])
    assert result.exit_code == 0, result.output
    assert app.config["PUBLIC_URL"] == "http://127.0.0.1:9001/"


def test_a_configured_public_address_wins_over_the_printed_one(tmp_path, monkeypatch):
    from scorepad.serving import server as serving

    monkeypatch.setattr(serving, "serve", lambda app, **kw: None)
    app = make(tmp_path, PUBLIC_URL="https://scores.example/")
    result = app.test_cli_runner().invoke(args=["serve", "--host", "127.0.0.1"])
    assert result.exit_code == 0, result.output
    assert app.config["PUBLIC_URL"] == "https://scores.example/"


def test_the_public_address_comes_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREPAD_PUBLIC_URL", "https://club.example")
    monkeypatch.setenv("SCOREPAD_TRUSTED_PROXIES", "1")
    monkeypatch.setenv("SCOREPAD_DATABASE", str(tmp_path / "env.db"))
    monkeypatch.setenv("SCOREPAD_SECRET_KEY", "from-the-environment")
    app = create_app()
    assert app.config["PUBLIC_URL"] == "https://club.example"
    client = app.test_client()
    assert "; Secure" in session_cookie(
        client.get("/games/new", headers={"X-Forwarded-Proto": "https"})
    )


def test_healthz_is_cheap_and_plain(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_data(as_text=True) == "ok\n"
    assert response.headers["Cache-Control"] == "no-store"


def test_no_ca_page_without_a_local_ca(client):
    assert client.get("/ca").status_code == 404
    assert client.get("/ca.crt").status_code == 404


def test_the_hosting_help_is_the_readme_section(client):
    response = client.get("/help/hosting")
    assert response.status_code == 200
    assert response.mimetype == "text/html"  # a page of the site, its lines wrapped
    text = response.get_data(as_text=True)
    assert '<pre class="doc" lang="en">## Hosting\n' in text
    assert "make run HTTPS=1" in text
    assert text.count("\n## ") == 0  # one section, not the rest of the README
