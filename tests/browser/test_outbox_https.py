"""The outbox over HTTPS through Caddy (issue 41, docs/offline.md): with `flask serve
--https` really stopped, two steps entered wait on the phone; a reload shows the game
from the service worker with them still waiting and the next step to enter; started
again on the same ports, they arrive in order."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.flows import enter_bids, enter_tricks, start_game, totals
from tests.browser.helpers import NAME
from tests.browser.test_https import trusting_phone
from tests.browser.test_outbox import HANDS, hand_waiting
from tests.live import answers, serve_https


def test_saves_wait_through_a_reload_over_https_and_arrive_once_back(
    browser, https_server, tmp_path
):
    with trusting_phone(browser, tmp_path, https_server) as page:
        start_game(page, https_server.url, ["Ann", "Bob", "Cat", "Dan"])
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
        enter_tricks(page, {"Ann & Cat": 8})
        assert page.evaluate("window.isSecureContext") is True

        https_server.process.terminate()  # scorepad and Caddy stop together
        https_server.process.wait(20)
        assert not any(answers(port) for port in https_server.ports)
        hand_waiting(page, 2, *HANDS[0][:2])
        expect(page.locator(".outbox li")).to_have_count(2)

        page.reload()  # the worker's copy of the game, the entries kept on the phone
        expect(page.locator(".outbox li")).to_have_count(2)
        expect(page.locator(".outbox li").first).to_contain_text("Hand 2: bids (")
        expect(page.get_by_role("heading", name="Hand 3: bids")).to_be_visible()
        expect(page.locator(".offline-notice")).to_be_visible()
        assert totals(page) == ["71", "150"]

        again = serve_https(tmp_path, NAME, ports=https_server.ports)
        https_server.process = again.process  # stopped by the fixture
        expect(page.locator(".outbox")).to_have_count(0, timeout=70_000)
        expect(page.get_by_role("heading", name="Hand 3: bids")).to_be_visible()
        assert totals(page) == ["132", "192"]
        expect(page.locator(".offline-notice")).to_be_hidden()
