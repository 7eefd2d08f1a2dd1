"""Issue 39 at the table, on a 360x740 phone, pressing what a person presses: Undo takes
back a played hand's tricks only (its bids kept), a second Undo its bids; a seat phone
sees the result at the game's end and follows its seat into the rematch; the director's
paper slip starts empty, says nil in words and takes a minus without a minus key."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.flows import enter_bids, enter_tricks, press, start_game, tap, totals
from tests.browser.helpers import PHONE, shot, within_first_screen
from tests.browser.test_outbox_races import seat_links_on
from tests.event_helpers import night_started
from tests.live import Phone

SMALL = {"width": 360, "height": 740}
PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def _two_hands(page: Page, base: str) -> None:
    page.set_viewport_size(SMALL)
    start_game(page, base, ["Alice", "Ben", "Cara", "Dev"])
    enter_bids(page, {"Alice": 4, "Ben": 5, "Cara": 3, "Dev": "nil"})
    enter_tricks(page, {"Alice & Cara": 8, "Dev": 0})  # 71 / 150
    enter_bids(page, {"Alice": 3, "Ben": 2, "Cara": 3, "Dev": 2})
    enter_tricks(page, {"Alice & Cara": 8})  # a trick mistyped: 8, not 7
    assert totals(page) == ["133", "191"]


def test_undo_takes_the_tricks_only_and_keeps_the_bids(page, live_server):
    _two_hands(page, live_server)
    undo = page.locator("summary", has_text="Undo the tricks of hand 2")
    within_first_screen(page, undo)  # on the first screen, by the next hand's bids
    shot(page, "table-undo-on-first-screen-360")
    tap(page, undo)
    yes = page.get_by_role("button", name="Yes, undo the tricks of hand 2")
    expect(yes).to_be_in_viewport(ratio=1)  # brought into view once opened (app.js)
    press(page, "Yes, undo the tricks of hand 2")
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
    expect(page.get_by_text("Hand 2: its tricks are taken back; its bids stay.")).to_be_visible()
    # the bids as they were: each side's contract over the tricks to choose
    expect(page.locator(".lead-line")).to_contain_text("Alice & Cara bid 6")
    expect(page.locator(".lead-line")).to_contain_text("Ben & Dev bid 4")
    assert totals(page) == ["71", "150"]
    shot(page, "table-undo-tricks-step-360")
    enter_tricks(page, {"Alice & Cara": 7})  # the right count: one Undo, one tap, Save
    expect(page.get_by_role("heading", name="Hand 3: bids")).to_be_visible()
    assert totals(page) == ["132", "192"]


def test_a_second_undo_takes_the_bids_and_put_back_returns_them(page, live_server):
    _two_hands(page, live_server)
    tap(page, page.locator("summary", has_text="Undo the tricks of hand 2"))
    press(page, "Yes, undo the tricks of hand 2")
    tap(page, page.locator("summary", has_text="Undo the bids of hand 2"))
    press(page, "Yes, undo the bids of hand 2")
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
    within_first_screen(page, page.get_by_role("button", name="Put hand 2's bids back"))
    press(page, "Put hand 2's bids back")  # the last undo was of its bids: they come back
    expect(page.get_by_text("Hand 2's bids are back, as they were saved.")).to_be_visible()
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
    expect(page.locator(".lead-line")).to_contain_text("Ben & Dev bid 4")


def test_a_seat_phone_sees_the_result_and_follows_its_seat_into_the_rematch(
    browser, page, live_server
):
    page.set_viewport_size(SMALL)
    start_game(page, live_server, ["Alice", "Ben", "Cara", "Dev"], target="50")
    link = seat_links_on(page)[1]  # Ben's
    context = browser.new_context(**{**PHONE, "viewport": SMALL})
    try:
        ben = context.new_page()
        ben.set_default_timeout(10_000)
        ben.goto(link)
        press(ben, "I am Ben")
        expect(ben.get_by_role("heading", name="Hand 1: your bid")).to_be_visible()
        enter_bids(page, {"Alice": 4, "Ben": 3, "Cara": 4, "Dev": 3})
        enter_tricks(page, {"Alice & Cara": 9})  # 81 to -60: the game is over at 50
        expect(page.get_by_role("heading", name="Game over: Alice & Cara win")).to_be_visible()
        # Ben's phone, untouched: the result, the live score, no dead link
        over = ben.get_by_role("heading", name="Game over: Alice & Cara win")
        expect(over).to_be_visible(timeout=12_000)
        expect(ben.get_by_text("Final score: Alice & Cara 81, Ben & Dev \u221260.")).to_be_visible()
        expect(ben.get_by_role("link", name="Follow the score")).to_be_visible()
        expect(ben.get_by_text("no longer works")).to_have_count(0)
        within_first_screen(ben, ben.get_by_text("Final score:"))
        shot(ben, "table-seat-game-over-360")
        press(page, "Rematch")
        # Ben's phone moves on by itself, to Ben's seat in the new game, still held
        mine = ben.get_by_role("heading", name="Hand 1: your bid")
        expect(mine).to_be_visible(timeout=12_000)
        assert ben.url != link
        group = ben.get_by_role("radiogroup", name="Ben bid", exact=True)
        group.get_by_role("radio", name="3", exact=True).check()
        press(ben, "Save my bid")
        expect(ben.get_by_text("Your bid: 3.")).to_be_visible()
        shot(ben, "table-seat-rematch-360")
        expect(page.locator(".seat-bids")).to_contain_text("1 of 4 bids in", timeout=8000)
        # the scorer: Ben's bid is in, chosen already; one way to bid, the chips
        page.reload()
        expect(page.get_by_role("button", name="Ben bid: 3")).to_be_visible()
        assert page.locator("main select").count() == 0
        shot(page, "table-scorer-seat-bid-in-360")
        enter_bids(page, {"Alice": 4, "Cara": 4, "Dev": 2})
        expect(page.get_by_role("heading", name="Hand 1: tricks")).to_be_visible()
        expect(page.locator(".lead-line")).to_contain_text("Ben & Dev bid 5")
    finally:
        context.close()


def test_the_paper_slip_starts_empty_says_nil_and_takes_a_minus(browser, live_server):
    event_id, _, _ = night_started(Phone(live_server), PAIRS)
    context = browser.new_context(**{**PHONE, "viewport": SMALL})
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(f"{live_server}/events/{event_id}")
        one = page.locator("#table-1")
        one.locator("summary", has_text="Enter from the paper slip").tap()
        totals_form = one.locator("form.slip-totals")
        totals_form.locator("input[name=total_0]").fill("130")
        totals_form.locator("input[name=bags_0]").fill("3")
        totals_form.locator("input[name=total_1]").fill("40")  # the keypad's digits only
        totals_form.get_by_label("Below zero (a minus total)").nth(1).tap()
        shot(page, "table-slip-totals-minus-360")
        totals_form.get_by_role("button", name="Enter the final result").tap()
        expect(page.get_by_text("Table 1: the slip's result is entered.")).to_be_visible()
        expect(page.locator("#table-1")).to_contain_text("130 : \u221240")

        two = page.locator("#table-2")
        two.locator("summary", has_text="Enter from the paper slip").tap()
        hand = two.locator("form.slip-hand")
        selects = hand.locator("select")
        assert selects.count() == 8
        for i in range(8):  # nothing chosen until tapped
            assert selects.nth(i).input_value() == ""
        names = hand.locator("select[name=bid_0] option").all_inner_texts()
        assert "Nil" in names and "Blind nil" in names and "blind 0" not in names
        for seat, (bid, took) in enumerate(zip(["Nil", "4", "5", "3"], ["0", "4", "6", "3"])):
            hand.locator(f"select[name=bid_{seat}]").select_option(label=bid)
            hand.locator(f"select[name=tricks_{seat}]").select_option(took)
        shot(page, "table-slip-hand-360")
        hand.get_by_role("button", name="Enter this hand").tap()
        expect(page.get_by_text("Table 2: the hand from the slip is entered.")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()


def test_team_names_on_the_new_game_page(page, live_server):
    page.set_viewport_size(SMALL)
    page.goto(f"{live_server}/games/new")
    page.get_by_label("Cutthroat, 3 players").tap()
    expect(page.get_by_label("Name of side 1")).to_be_hidden()  # partnerships only
    page.get_by_label("Partnership").tap()
    for seat, name in enumerate(["Alice", "Ben", "Cara", "Dev"]):
        page.get_by_label(f"Player {seat + 1}", exact=True).fill(name)
    page.get_by_label("Name of side 1").fill("Sharks")
    page.get_by_label("Name of side 2").fill("Jets")
    page.get_by_label("Name of side 2").scroll_into_view_if_needed()
    shot(page, "table-new-game-team-names-360")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    press(page, "Start game")
    expect(page.get_by_role("heading", name="Hand 1: bids")).to_be_visible()
    expect(page.locator(".scoreboard")).to_contain_text("Sharks")
    expect(page.locator(".scoreboard")).to_contain_text("Jets")
