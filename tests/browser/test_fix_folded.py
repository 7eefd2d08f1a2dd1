"""The Fix page opens folded like the hand steps (issue 28, item 5): each player's bid
and the tricks a row showing what was saved, "Save hand N" on the first screen at
390x844 and 360x740; a row opens on a tap and the fix is saved."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorepad.core.records import Hand, Table
from scorepad.core.rules import Rules
from tests.browser.flows import choose, cramped_targets, press, sideways, totals
from tests.browser.helpers import close_game, shot, stored_game, within_first_screen

SIZES = [(390, 844), (360, 740)]


def _by_seat(server) -> str:
    table = Table("partnership", ("Alice", "Ben", "Cara", "Dev"))
    hands = [Hand((4, 3, 3, 3), (5, 3, 4, 1)), Hand((4, 3, 3, 3), (6, 2, 3, 2))] * 2
    return stored_game(server, table, Rules(), hands, "seat")


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("made", [close_game, _by_seat], ids=["by-side", "by-seat"])
def test_the_fix_page_opens_folded_with_save_on_the_first_screen(
    page, own_server, made, width, height
):
    page.set_viewport_size({"width": width, "height": height})
    game = f"{own_server.url}/games/{made(own_server)}"
    page.goto(game)
    number = page.locator(".fix-hands a").count()
    page.goto(f"{game}/hands/{number}")
    shot(page, f"fix-folded-{made.__name__}-{width}")
    expect(page.get_by_role("button", name="Alice bid: 4")).to_be_visible()  # a folded row
    expect(page.locator("form.hand-form .chips:visible")).to_have_count(0)
    within_first_screen(page, page.get_by_role("button", name=f"Save hand {number}"))
    assert page.evaluate("window.scrollY") == 0
    assert cramped_targets(page) == []
    assert sideways(page) <= 0

    before = totals(page)
    choose(page, "Alice bid", "5")  # opens the row, then the choice
    expect(page.get_by_role("button", name="Alice bid: 5")).to_be_visible()  # folded again
    within_first_screen(page, page.get_by_role("button", name=f"Save hand {number}"))
    press(page, f"Save hand {number}")
    expect(page.get_by_text(f"Hand {number} corrected.")).to_be_visible()
    assert totals(page) != before
