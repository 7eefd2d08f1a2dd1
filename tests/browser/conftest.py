"""A real scorepad on waitress over loopback, and Debian's Chromium at a phone's size."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """scorepad served by waitress on 127.0.0.1, on a file database of its own."""
    import waitress

    from scorepad import create_app
    from scorepad.cli import waitress_options

    folder = tmp_path_factory.mktemp("live")
    app = create_app({"DATABASE": str(folder / "scorepad.db"), "SECRET_KEY": "browser-tests"})
    server = waitress.create_server(
        app, host="127.0.0.1", port=0, threads=4, **waitress_options(app)
    )
    url = f"http://127.0.0.1:{server.effective_port}"
    app.config["PUBLIC_URL"] = url  # as `serve` does: links and QR codes to where it listens
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield url
    server.close()


@pytest.fixture
def own_server(tmp_path):
    """A server of this test's own, on a database of its own, that it may stop and restart."""
    from tests.browser.server import Restartable

    server = Restartable(str(tmp_path / "scorepad.db")).start()
    yield server
    if server.server is not None:
        server.stop()


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(
            f"the browser tests need Debian's Chromium at {CHROMIUM}: apt-get install -y chromium"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def shot(page, name: str) -> None:
    """A full-page screenshot at phone size under tests/artifacts/."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
