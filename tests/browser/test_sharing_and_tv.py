"""Share result through the phone's share sheet (or copied), and the live view on a TV."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.flows import enter_bids, enter_tricks, start_game
from tests.browser.helpers import shot

SHARE_STUB = """
window.shared = [];
navigator.canShare = () => true;
navigator.share = async (data) => {
  const files = (data.files || []).map(f => [f.name, f.type, f.size]);
  window.shared.push({ text: data.text, files });
};
"""
CLIPBOARD_STUB = """
window.copied = [];
Object.defineProperty(navigator, 'share', { value: undefined });
Object.defineProperty(navigator, 'clipboard', {
  value: { writeText: async (t) => { window.copied.push(t); } } });
"""


def finished_game(page, base: str) -> None:
    start_game(page, base, ["Ann", "Bob", "Cat", "Dan"], target="100")
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})
    expect(page.get_by_role("heading", name="Game over: Bob & Dan win")).to_be_visible()


def test_share_result_opens_the_share_sheet_with_text_and_image(page, live_server):
    page.add_init_script(SHARE_STUB)
    finished_game(page, live_server)
    page.get_by_role("button", name="Share result").tap()
    page.wait_for_function("() => window.shared.length === 1")
    shared = page.evaluate("window.shared[0]")
    assert shared["text"] == "Bob & Dan win 150 to 71 after 1 hand."
    [(name, kind, size)] = shared["files"]
    assert name.startswith("scorepad-ann-bob-cat-dan-") and name.endswith(".png")
    assert kind == "image/png" and 500 < size < 8000
    shot(page, "share-result")


def test_without_a_share_sheet_the_text_is_copied(page, live_server):
    page.add_init_script(CLIPBOARD_STUB)
    finished_game(page, live_server)
    page.get_by_role("button", name="Share result").tap()
    expect(page.locator(".share-note")).to_have_text("Copied: paste it into a message.")
    assert page.evaluate("window.copied") == ["Bob & Dan win 150 to 71 after 1 hand."]


def test_the_live_view_on_a_tv(browser, page, live_server):
    finished_game(page, live_server)
    tv_link = page.locator("a", has_text="The live score for a TV").get_attribute("href")
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        tv = context.new_page()
        tv.goto(live_server + tv_link if tv_link.startswith("/") else tv_link)
        expect(tv.locator(".bar")).to_be_hidden()  # no controls
        assert tv.locator("main a, main button").count() == 0
        total = tv.locator(".scoreboard .total").first.bounding_box()
        assert total["height"] > 60  # big type, read across a room
        assert tv.evaluate("document.documentElement.scrollHeight") <= 720  # one screen
        shot(tv, "watch-tv")
    finally:
        context.close()
