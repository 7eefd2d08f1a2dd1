"""A club night to its end in the real browser, every step a button the director presses
(issue 39, finding 5): "Start the playoff" built the next round's address and answered
"the playoff has not started", while the tests posted to /playoff directly. Here the
night is made, checked in, drawn, played from paper slips, and its playoff started,
drawn on and played to its winner, all from the director's page at a phone's size."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.flows import press
from tests.browser.helpers import PHONE

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def _said(page: Page, words: str) -> None:
    expect(page.locator(".flash").filter(has_text=words).first).to_be_visible()


def _slip(page: Page, table: int, totals: tuple[str, str]) -> None:
    """The table's paper slip entered from the director's page: its two final totals."""
    here = page.locator(f"#table-{table}")
    here.locator("summary", has_text="Enter from the paper slip").tap()
    form = here.locator("form.slip-totals")
    form.locator("input[name=total_0]").fill(totals[0])
    form.locator("input[name=total_1]").fill(totals[1])
    press(page, "Enter the final result")
    _said(page, f"Table {table}: the slip's result is entered.")


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
            _said(page, f"{first} & {second} in.")
        press(page, "Draw round 1")
        press(page, "Start round 1")
        _slip(page, 1, ("250", "40"))
        _slip(page, 2, ("180", "120"))
        press(page, "Start the playoff (top 4)")
        _said(page, "Playoff drawn: start it when the tables are ready.")
        press(page, "Start round 2")
        _slip(page, 1, ("300", "100"))
        _slip(page, 2, ("90", "210"))
        press(page, "Draw the next playoff round")
        _said(page, "Next playoff round drawn: start it when the tables are ready.")
        press(page, "Start round 3")
        _slip(page, 1, ("320", "150"))
        expect(page.get_by_role("heading", name="The night is over")).to_be_visible()
        expect(page.locator(".champion")).to_contain_text("Playoff winner:")
    finally:
        context.close()
