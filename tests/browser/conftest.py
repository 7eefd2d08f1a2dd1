"""Fixtures: a real scorepad on waitress over loopback, and Debian's Chromium at a phone's
size (its settings and the shared checks live in tests/browser/helpers.py)."""

from __future__ import annotations

import os
import threading

import pytest

from tests.browser.helpers import CHROMIUM, CHROMIUM_ARGS, MAP_NAME, NAME, PHONE
from tests.browser.server import QUICK
from tests.live import serve_https, stop_https


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """scorepad served by waitress on 127.0.0.1, on a file database of its own."""
    from scorepad import create_app
    from scorepad.serving.listening import waitress_options
    from scorepad.serving.server import create_server

    folder = tmp_path_factory.mktemp("live")
    app = create_app(
        {"DATABASE": str(folder / "scorepad.db"), "SECRET_KEY": "browser-tests", **QUICK}
    )
    server = create_server(app, host="127.0.0.1", port=0, threads=4, **waitress_options(app))
    url = f"http://127.0.0.1:{server.effective_port}"
    app.config["PUBLIC_URL"] = url  # as `serve` does: links and QR codes to where it listens
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield url
    server.close()


@pytest.fixture
def https_server(tmp_path):
    """`flask serve --https` as `make run HTTPS=1` starts it, for table.test on loopback."""
    server = serve_https(tmp_path, NAME)
    yield server
    stop_https(server)


@pytest.fixture
def lang():
    """The language a test reads scorepad in: English, unless it parametrizes `lang`
    (tests/browser/speech.py: its server offers that language and its phone asks for it)."""
    return "en"


@pytest.fixture
def own_config():
    """More settings for a test's own server (a test module may say others)."""
    return {}


@pytest.fixture
def own_server(tmp_path, lang, own_config):
    """A server of this test's own, on a database of its own, that it may stop and restart."""
    from tests.browser.server import Restartable
    from tests.browser.speech import config

    server = Restartable(str(tmp_path / "scorepad.db"), {**config(lang), **own_config}).start()
    yield server
    if server.server is not None:
        server.stop()


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(
            f"the browser tests need Debian's Chromium at {CHROMIUM}: apt-get install -y chromium"
        )
    from playwright.sync_api import expect, sync_playwright

    # what a test waits for on screen may take longer than 5 s on a busy machine: as long
    # as any other wait of a page (set_default_timeout below); a real failure still fails
    expect.set_options(timeout=10_000)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Whether the test failed (its setup or its call, an expected failure too), for
    `page` to read as its phone is given back."""
    report = (yield).get_result()
    if report.when in ("setup", "call"):
        failed = report.failed or hasattr(report, "wasxfail")
        item.failed = getattr(item, "failed", False) or failed


@pytest.fixture(scope="session")
def kept_phone(browser):
    """The worker's phone handed from one test to the next (tests/browser/phones.py)."""
    kept = []
    yield kept
    for phone in kept:
        phone.context.close()


@pytest.fixture
def page(browser, lang, request, kept_phone):
    """A phone of its own for the test: the last test's, cleaned, when it could leave
    nothing behind (tests/browser/phones.py), else a new one."""
    from tests.browser.phones import Kept
    from tests.browser.speech import speak

    phone = kept_phone.pop() if kept_phone else Kept(browser.new_context(**PHONE))
    speak(phone.context, lang, "127.0.0.1")
    phone.page.set_default_timeout(10_000)
    yield phone.page
    if phone.may_keep(request.node):
        try:
            phone.clean()
        except Exception:
            phone.context.close()
            return
        kept_phone.append(phone)
    else:
        phone.context.close()


@pytest.fixture(scope="session")
def named_browser(browser):
    """Chromium that finds table.test at 127.0.0.1 (helpers.NAME), trusting only the
    system's CAs: plain http there is not secure, as on another phone. Launched once a
    worker, at its first test that needs it (each test opens a context of its own)."""
    chromium = browser.browser_type.launch(
        executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, MAP_NAME]
    )
    yield chromium
    chromium.close()
