"""The night's results card on a phone (390x844): the results page shows the card and
its Share button; the share sheet gets the text and the PNG; the director's page offers
the same once the night is over."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.helpers import shot
from tests.browser.test_sharing_and_tv import SHARE_STUB
from tests.event_helpers import event_form
from tests.helpers import bid_form, straight_version, tricks_form
from tests.live import Phone

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def _night_over(base: str) -> tuple[str, str]:
    """Four pairs, one round to 100, both tables played to the end (126 to -120)."""
    desk = Phone(base)
    desk.request("/events/new")
    status, headers, text = desk.request("/events/new", event_form(target=100, rounds=1))
    assert status == 302, text[:500]
    event_id = headers["Location"].rsplit("/", 1)[-1]
    for first, second in PAIRS:
        desk.request(f"/events/{event_id}")
        desk.request(f"/events/{event_id}/checkin", {"player_0": first, "player_1": second})
    for action in ("draw", "start"):
        _, _, page = desk.request(f"/events/{event_id}")
        revision = re.search(r'name="revision" type="hidden" value="(\d+)"', page).group(1)
        assert desk.request(f"/events/{event_id}/{action}", {"revision": revision})[0] == 302
    _, _, page = desk.request(f"/events/{event_id}")
    screen = re.search(r'/events/screen/([\w-]+)"', page).group(1)
    _, _, tents = desk.request(f"/events/{event_id}/rounds/1/tables")
    for game_id in dict.fromkeys(re.findall(r'href="/events/table/([\w-]+)"', tents)):
        table = Phone(base)
        table.request(f"/games/{game_id}")
        for number in (1, 2):
            bids = bid_form(number, [3, 3, 3, 3])
            assert table.request(f"/games/{game_id}/bids", bids)[0] == 302
            took = tricks_form(number, straight_version(number), [], sides=[9, 4])
            assert table.request(f"/games/{game_id}/tricks", took)[0] == 302
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
