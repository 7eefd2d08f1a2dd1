"""Layout at phone widths: tables that reflow, a short new-game page, the live view; and
the score sheet printed clean."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.flows import (
    choose,
    enter_bids,
    enter_tricks,
    follow,
    sideways,
    start_game,
    start_three_player_cutthroat,
)
from tests.browser.helpers import ARTIFACTS, shot


def test_three_player_history_and_stats_fit_at_360(page, live_server):
    page.set_viewport_size({"width": 360, "height": 740})
    start_three_player_cutthroat(page, live_server, ["Anastasia", "Bartholomew", "Cyrille"])
    enter_bids(page, {"Anastasia": 5, "Bartholomew": "nil", "Cyrille": 10})
    enter_tricks(page, {"Anastasia": 3, "Bartholomew": 2})
    enter_bids(page, {"Anastasia": 6, "Bartholomew": 4, "Cyrille": 6})
    enter_tricks(page, {"Anastasia": 7, "Bartholomew": 4})
    follow(page, "Hand by hand")
    assert sideways(page) <= 0
    for locator in (
        page.locator("table.history caption"),
        page.get_by_role("link", name="Fix hand 2"),
        page.locator("table.history th").last,
    ):
        box = locator.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, locator
    expect(page.locator("table.history")).to_contain_text("set by 2")
    shot(page, "history-cutthroat-360")
    page.goto(f"{live_server}/stats")
    assert sideways(page) <= 0
    last = page.locator(".stat-cards dd").last.bounding_box()
    assert last["x"] + last["width"] <= 360
    shot(page, "stats-360")


def test_new_game_page_is_short_with_house_rules_open(page, live_server):
    page.goto(f"{live_server}/games/new")
    closed = page.evaluate("document.documentElement.scrollHeight")
    page.locator("summary", has_text="House rules").first.tap()
    opened = page.evaluate("document.documentElement.scrollHeight")
    shot(page, "new-game-rules-open")
    print(f"\nnew game page: {closed} px, {opened} px with house rules open")
    assert opened < 4000
    expect(page.get_by_text("More house rules")).to_be_visible()
    expect(page.get_by_label("Suicide")).to_be_hidden()  # folded away until asked for


def test_live_view_before_the_first_hand(browser, page, live_server):
    start_game(page, live_server, ["Ann", "Bob", "Cat", "Dan"])
    page.goto(page.locator("a.share-link").get_attribute("href"))
    expect(page.get_by_text("No hand has been played yet")).to_be_visible()
    assert page.locator("section.card").count() == 0
    assert page.locator("main a, header a").count() == 0  # nothing that leads nowhere
    shot(page, "watch-empty")


def test_fixing_a_side_counted_hand_shows_own_tricks_only_for_nil_bidders(page, live_server):
    start_game(page, live_server, ["Ann", "Bob", "Cat", "Dan"])
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})
    follow(page, "Fix hand 1")
    expect(page.get_by_role("radiogroup", name="Dan tricks")).to_be_visible()
    expect(page.get_by_role("radiogroup", name="Ann tricks")).to_be_hidden()
    expect(page.get_by_text("Bob & Dan took 5")).to_be_visible()
    choose(page, "Ann bid", "Nil")  # the Fix page opens folded: the row first (issue 28)
    expect(page.get_by_role("radiogroup", name="Ann tricks")).to_be_visible()
    shot(page, "edit-side-hand")


def test_score_sheet_prints_clean(page, live_server):
    start_game(page, live_server, ["Ann", "Bob", "Cat", "Dan"], target="100")
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})
    follow(page, "Score sheet")
    page.emulate_media(media="print")
    expect(page.locator("header.bar")).to_be_hidden()
    expect(page.locator("svg.chart")).to_be_visible()
    expect(page.locator("table.history")).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = page.pdf(path=str(ARTIFACTS / "score-sheet.pdf"))
    assert pdf[:4] == b"%PDF"
