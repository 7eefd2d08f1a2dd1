"""At 360x740, the cases a QA pass found scrolling: four cutthroat players with long
names, the seat links card, a refusal of tricks with nothing chosen, and an undo at the
bottom edge whose question must come into view."""

from __future__ import annotations

from playwright.sync_api import expect

from scorepad.core.rules import Rules
from scorepad.core.scoring import NIL, Hand, Table
from tests.browser.flows import cramped_targets, enter_bids, enter_tricks, overflowing
from tests.browser.helpers import first_screen, shot, stored_game, within_first_screen

LONG = ("Annabelle", "Bartholomew", "Catherine", "Dominique")


def _small(page) -> None:
    page.set_viewport_size({"width": 360, "height": 740})


def fits(page, save: str) -> None:
    """As `first_screen`, the stakes too when the step shows them (a cutthroat's tricks
    step does not)."""
    if page.locator(".stakes").count():
        first_screen(page, save)
        return
    assert page.evaluate("window.scrollY") == 0
    for locator in (
        page.locator(".scoreboard"),
        page.locator(".last-result").first,
        *page.locator("form.hand-form .pick:visible").all(),
        page.get_by_role("button", name=save, exact=True),
    ):
        within_first_screen(page, locator)


def test_four_cutthroat_players_with_long_names_fit(page, own_server):
    table = Table("cutthroat", LONG)
    rules = Rules(target=150, bag_limit=5)
    game_id = stored_game(own_server, table, rules, [Hand((3, NIL, 4, 3), (4, 1, 4, 4))], "seat")
    _small(page)
    page.goto(f"{own_server.url}/games/{game_id}")
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
    shot(page, "fit-cutthroat-4-bids-360")
    fits(page, "Save bids")
    # each name whole on one line: no word broken inside the score boxes
    names = page.locator(".scoreboard .side-name")
    for name in names.all():  # one line, not cut short
        assert name.evaluate("e => e.scrollWidth <= e.clientWidth"), name.inner_text()
        assert name.evaluate("e => e.getClientRects().length === 1 && e.offsetHeight < 26")
    enter_bids(page, dict(zip(LONG, (3, 4, 3, 3), strict=True)))
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
    page.wait_for_function("() => !document.body.classList.contains('settling')")
    shot(page, "fit-cutthroat-4-tricks-360")
    fits(page, "Save tricks")
    assert cramped_targets(page) == []
    assert overflowing(page) == []
    enter_tricks(page, dict(zip(LONG[1:], (4, 3, 3), strict=True)))
    enter_bids(page, dict(zip(LONG, (3, 3, 3, 4), strict=True)))
    enter_tricks(page, dict(zip(LONG[1:], (3, 3, 4), strict=True)))
    expect(page.get_by_role("heading", name="Hand 4: bids")).to_be_visible()
    shot(page, "fit-cutthroat-4-hand4-360")
    fits(page, "Save bids")
