"""A club night to its end in the real browser, every step a button the director presses
(issue 39, finding 5): "Start the playoff" built the next round's address and answered
"the playoff has not started", while the tests posted to /playoff directly. Here the
night is made, checked in, drawn, played from paper slips, and its playoff started,
drawn on and played to its winner, all from the director's page at a phone's size."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.flows import enter_slip_totals, press, said
from tests.browser.helpers import PHONE

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def test_the_director_runs_a_night_and_its_playoff_by_pressing_buttons(browser, live_server):
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(f"{live_server}/events/new")
        page.locator("#name").fill("Playoff night")
        page.get_by_label("Rounds", exact=True).fill("1")
        page.get_by_label("Playoff: how many go through").fill("4")
        press(page, "Create the event")
        for first, second in PAIRS:
            page.get_by_label("Name", exact=True).fill(first)
            page.get_by_label("Partner").fill(second)
            press(page, "Check in")
            said(page, f"{first} & {second} in.")
        press(page, "Draw round 1")
        press(page, "Start round 1")
        enter_slip_totals(page, 1, ("250", "40"))
        enter_slip_totals(page, 2, ("180", "120"))
        press(page, "Start the playoff (top 4)")
        said(page, "Playoff drawn: start it when the tables are ready.")
        press(page, "Start round 2")
        enter_slip_totals(page, 1, ("300", "100"))
        enter_slip_totals(page, 2, ("90", "210"))
        press(page, "Draw the next playoff round")
        said(page, "Next playoff round drawn: start it when the tables are ready.")
        press(page, "Start round 3")
        enter_slip_totals(page, 1, ("320", "150"))
        expect(page.get_by_role("heading", name="The night is over")).to_be_visible()
        expect(page.locator(".champion")).to_contain_text("Playoff winner:")
    finally:
        context.close()
