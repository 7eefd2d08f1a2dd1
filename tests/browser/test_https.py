"""What a phone gets over plain http from another name, and over HTTPS through Caddy.

Chromium resolves `table.test` to 127.0.0.1 (--host-resolver-rules), so over http the page
is not a secure context, as on any phone but the host. Through `flask serve --https`,
the browser trusts Caddy's local CA the way a phone does once: in its certificate store
(an NSS database in its own HOME), not by ignoring certificate errors."""

from __future__ import annotations

import hashlib
import http.client
import os
import shutil
import ssl
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.flows import enter_bids, enter_tricks, start_game, tap, totals
from tests.browser.helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    MAP_NAME,
    NAME,
    PHONE,
    assert_accessible,
    shot,
)
from tests.live import answers

NAMES = ["Ann", "Bob", "Cat", "Dan"]
FETCH_TEXT = "href => fetch(href).then(r => r.text())"
CANNOT = (
    "cannot show the game again after a reload while the server is down, be installed on "
    "the home screen, keep the screen awake or share a link"
)


def play_one_hand(page, base: str) -> None:
    start_game(page, base, NAMES)
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})
    assert totals(page) == ["71", "150"]


def test_plain_http_by_name_says_once_what_it_cannot_do_and_saves(named_browser, live_server):
    base = f"http://{NAME}:{live_server.rsplit(':', 1)[1]}"
    context = named_browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        start_game(page, base, NAMES)
        assert page.evaluate("window.isSecureContext") is False
        assert page.evaluate("'serviceWorker' in navigator") is False
        notice = page.locator(".insecure-notice")
        expect(notice).to_be_visible()
        expect(notice).to_contain_text(CANNOT)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            assert_accessible(page, f"insecure-notice-{scheme}")
        tap(page, notice.locator("summary"))  # one line; the whole text a tap away
        href = notice.get_by_role("link").get_attribute("href")
        assert '<pre class="doc" lang="en">## Hosting' in page.evaluate(FETCH_TEXT, href)

        enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
        enter_tricks(page, {"Ann & Cat": 8})
        assert totals(page) == ["71", "150"]  # saving works as ever

        tap(page, notice.get_by_role("button", name="Got it"))
        expect(notice).to_be_hidden()
        page.reload()
        expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
        expect(page.locator(".insecure-notice")).to_be_hidden()  # said once

        # The host's own address is a secure context: nothing to say there.
        page.goto(page.url.replace(base, live_server))
        assert page.evaluate("window.isSecureContext") is True
        expect(page.locator(".insecure-notice")).to_be_hidden()
    finally:
        context.close()


def trusting(tmp_path: Path, root: Path) -> dict[str, str]:
    """An environment whose HOME has an NSS database that trusts `root` for websites."""
    certutil = shutil.which("certutil")
    if certutil is None:
        pytest.fail("trusting a CA in Chromium needs certutil: apt-get install -y libnss3-tools")
    nssdb = tmp_path / "home" / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    for args in (
        ["-N", "--empty-password"],
        ["-A", "-n", "scorepad local CA", "-t", "C,,", "-i", str(root)],
    ):
        subprocess.run([certutil, "-d", f"sql:{nssdb}", *args], check=True, capture_output=True)
    return {**os.environ, "HOME": str(tmp_path / "home")}


@contextmanager
def trusting_phone(browser, tmp_path: Path, server) -> Iterator[Page]:  # type: ignore[no-untyped-def]
    """A phone's page in a Chromium of its own that trusts `server`'s CA and finds
    table.test at 127.0.0.1; closed with the block."""
    chromium = browser.browser_type.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, MAP_NAME],
        env=trusting(tmp_path, server.root),
    )
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        yield page
    finally:
        context.close()
        chromium.close()


def test_through_caddy_the_whole_app_works_and_the_last_score_shows_offline(
    browser, https_server, tmp_path
):
    with trusting_phone(browser, tmp_path, https_server) as page:
        play_one_hand(page, https_server.url)
        assert page.url.startswith(f"{https_server.url}/games/")
        assert page.evaluate("window.isSecureContext") is True
        assert page.evaluate("'wakeLock' in navigator") is True
        expect(page.locator(".insecure-notice")).to_be_hidden()
        share = page.locator("a.share-link").get_attribute("href")
        assert share.startswith(f"{https_server.url}/watch/")
        session = next(c for c in page.context.cookies() if c["name"] == "session")
        assert session["secure"] is True

        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")

        https_server.process.terminate()  # scorepad and Caddy stop together
        https_server.process.wait(20)
        assert not any(answers(port) for port in https_server.ports)
        page.reload()
        assert totals(page) == ["71", "150"]
        expect(page.locator(".offline-notice")).to_be_visible()
        shot(page, "https-offline")


def test_the_trust_page_offers_the_ca_over_plain_http(named_browser, https_server):
    context = named_browser.new_context(**PHONE)
    page = context.new_page()
    try:
        page.goto(f"{https_server.plain}/ca")
        expect(page.get_by_role("heading", name="Android")).to_be_visible()
        expect(page.get_by_role("heading", name="What trusting it means")).to_be_visible()
        download = page.get_by_role("link", name="Download the certificate")
        assert download.get_attribute("href") == f"{https_server.plain}/ca.crt"
        body = page.evaluate(FETCH_TEXT, "/ca.crt")
        assert body == https_server.root.read_text()
        der = ssl.PEM_cert_to_DER_cert(body)
        fingerprint = ":".join(f"{b:02X}" for b in hashlib.sha256(der).digest())
        expect(page.locator("code").first).to_have_text(fingerprint)
        assert page.locator(".qr svg").count() == 2  # the certificate, then the https address
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
        assert_accessible(page, "trust-page")
        # Anything else over plain http goes to the https address, whatever Host says.
        plain = http.client.HTTPConnection("127.0.0.1", https_server.ports[0], timeout=5)
        plain.request("GET", "/games", headers={"Host": "evil.example"})
        response = plain.getresponse()
        assert response.status in (301, 302, 308)
        assert response.getheader("Location") == f"{https_server.url}/games"
        plain.close()
    finally:
        context.close()
    # The CA's key: readable by the server's user only.
    assert os.stat(https_server.folder).st_mode & 0o077 == 0
    key = https_server.root.with_name("root.key")
    assert key.exists() and key.stat().st_mode & 0o077 == 0
