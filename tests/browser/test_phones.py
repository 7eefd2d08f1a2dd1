"""The phone handed from one browser test to the next (tests/browser/phones.py) keeps
nothing of the test before: what a new phone would not have is cleared or the phone is
not handed on."""

from __future__ import annotations

from types import SimpleNamespace

from tests.browser.flows import tap, touches
from tests.browser.helpers import PHONE
from tests.browser.phones import Kept


def _a_test():
    """A test function, as `may_keep` reads its source."""


PASSED = SimpleNamespace(failed=False, function=_a_test)
FAILED = SimpleNamespace(failed=True, function=_a_test)


def test_a_cleaned_phone_keeps_nothing_of_the_last_test(browser, live_server):
    phone = Kept(browser.new_context(**PHONE))
    try:
        page = phone.page
        # whether a worker took the page over as it loaded: a new phone's first page never
        # (app.js registers the worker again on it, which may take it over after)
        page.add_init_script("window.heldAtStart = !!navigator.serviceWorker.controller")
        page.goto(f"{live_server}/games/new")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        page.reload()
        assert page.evaluate("window.heldAtStart") is True  # the check can see a worker
        page.evaluate("localStorage.setItem('outbox:/games/x', '[1]')")
        phone.context.add_cookies([{"name": "look", "value": "large", "url": live_server}])
        page.set_viewport_size({"width": 360, "height": 740})
        page.emulate_media(color_scheme="dark")
        tap(page, page.get_by_role("button", name="Start game"))
        assert touches(page) == 1

        phone.clean()
        assert touches(page) == 0 and phone.context.cookies() == []
        page.goto(f"{live_server}/games/new")
        assert page.evaluate("window.heldAtStart") is False
        assert page.evaluate("localStorage.length") == 0
        assert page.viewport_size == PHONE["viewport"]
        assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") is False
    finally:
        phone.context.close()


def test_a_phone_given_what_cannot_be_cleared_is_not_handed_on(browser, live_server):
    phone = Kept(browser.new_context(**PHONE))
    try:
        assert phone.may_keep(PASSED)
        assert not phone.may_keep(FAILED)
        phone.page.add_init_script("window.stub = 1")
        assert not phone.may_keep(PASSED)
    finally:
        phone.context.close()
    for change in (
        lambda p: p.route("**/*.png", lambda route: route.abort()),
        lambda p: p.on("console", lambda message: None),
        lambda p: p.context.grant_permissions(["clipboard-read"]),
        lambda p: p.context.new_page(),
    ):
        phone = Kept(browser.new_context(**PHONE))
        try:
            change(phone.page)
            assert not phone.may_keep(PASSED)
        finally:
            phone.context.close()
