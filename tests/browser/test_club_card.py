"""The night's results card on a phone (390x844): the results page shows the card and
its Share button; the share sheet gets the text and the PNG; the director's page offers
the same once the night is over."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.helpers import shot
from tests.browser.test_sharing_and_tv import SHARE_STUB
from tests.event_helpers import hands_at_each_table, night_started
from tests.live import Phone

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def _night_over(base: str) -> tuple[str, str]:
    """Four pairs, one round to 100, both tables played to the end (126 to -120)."""
    event_id, screen, tables = night_started(Phone(base), PAIRS, target=100, rounds=1)
    hands_at_each_table(base, tables, hands=2)
    return event_id, screen


def test_the_results_card_is_shown_and_shared_on_a_phone(page, live_server):
    event_id, screen = _night_over(live_server)
    page.add_init_script(SHARE_STUB)
    page.goto(f"{live_server}/events/screen/{screen}/results")
    card = page.get_by_role("img", name=re.compile("The results card"))
    expect(card).to_be_visible()
    page.wait_for_function("() => document.querySelector('.results-card img').complete")
    width, shown = card.evaluate("img => [img.naturalWidth, img.getBoundingClientRect().right]")
    assert width == 600 and shown <= 390  # the PNG loaded, scaled to the phone's width
    button = page.get_by_role("button", name="Share the results")
    expect(button).to_be_visible()
    shot(page, "club-results-card")
    button.tap()
    page.wait_for_function("() => window.shared.length === 1")
    shared = page.evaluate("window.shared[0]")
    assert shared["text"].startswith("Tuesday club 2026-12-01: 1. ")
    [(name, kind, size)] = shared["files"]
    assert (name, kind) == ("scorepad-tuesday-club-2026-12-01.png", "image/png")
    assert 500 < size < 20000

    page.goto(f"{live_server}/events/{event_id}")
    expect(page.get_by_role("heading", name="The night is over")).to_be_visible()
    expect(page.get_by_role("button", name="Share the results")).to_be_visible()
    shot(page, "club-director-over")
    download = page.get_by_role("link", name="The results card as an image")
    assert download.get_attribute("download") == "scorepad-tuesday-club-2026-12-01.png"
