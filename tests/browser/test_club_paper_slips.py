"""Tables without phones (issue 30, item 7) at 360x740: the director enters one table's
paper slip as its final totals and another table's hands one by one, then reads the
standings; each table is marked as entered by the director."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.helpers import PHONE, shot
from tests.event_helpers import night_started
from tests.live import Phone

SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Maximiliana Rodríguez-Villanueva", "Flo"), ("Gus", "Hal")]


def _fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def _hand(page: Page, bids: list[str], tricks: list[str]) -> None:
    table = page.locator("#table-2")
    table.locator("summary", has_text="Enter from the paper slip").tap()
    form = table.locator("form.slip-hand")
    for seat, (bid, took) in enumerate(zip(bids, tricks)):
        form.locator(f"select[name=bid_{seat}]").select_option(bid)
        form.locator(f"select[name=tricks_{seat}]").select_option(took)
    _fits(page)
    for head in form.locator("th").all():  # each head on one line: "Trick" above "s" was seen
        height, line = head.evaluate(
            "e => [e.getBoundingClientRect().height, parseFloat(getComputedStyle(e).lineHeight)]"
        )
        assert height < 1.6 * line, head.inner_text()
    form.get_by_role("button", name="Enter this hand").tap()
    expect(page.get_by_text("Table 2: the hand from the slip is entered.")).to_be_visible()


def test_the_director_enters_two_paper_slips_on_a_phone(browser, live_server):
    event_id, _, _ = night_started(Phone(live_server), PAIRS)
    context = browser.new_context(**SMALL)
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(f"{live_server}/events/{event_id}")
        one = page.locator("#table-1")
        one.locator("summary", has_text="Enter from the paper slip").tap()
        form = one.locator("form.slip-totals")
        for name, value in (("total_0", "130"), ("bags_0", "3"), ("total_1", "-40")):
            form.locator(f"input[name={name}]").fill(value)
        _fits(page)
        shot(page, "paper-slip-totals-360")
        form.get_by_role("button", name="Enter the final result").tap()
        expect(page.get_by_text("Table 1: the slip's result is entered.")).to_be_visible()
        slip = "entered by the director from the paper slip"
        expect(page.locator("#table-1")).to_contain_text(slip)
        _hand(page, ["3", "3", "3", "3"], ["5", "2", "4", "2"])
        expect(page.locator("#table-2")).to_contain_text("63 : \u221260")  # the true minus
        _hand(page, ["4", "2", "4", "2"], ["5", "2", "5", "1"])
        expect(page.locator("#table-2")).to_contain_text("Finished")
        expect(page.locator("#table-2")).to_contain_text(slip)
        standings = page.locator("table").filter(has_text="Diff").first
        expect(standings).to_contain_text("130")
        _fits(page)
        shot(page, "paper-slip-standings-360")
    finally:
        context.close()
