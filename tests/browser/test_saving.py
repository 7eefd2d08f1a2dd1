"""Saves that leave no doubt: a failed save says so and keeps what was chosen, a slow one
says "Saving…" and sends once, and Back never shows a false "not saved"."""

from __future__ import annotations

import re

from playwright.sync_api import Page, Route, expect

from tests.browser.flows import (
    choice,
    choose_bid,
    enter_bids,
    enter_tricks,
    expect_bids_chosen,
    expect_no_bid_chosen,
    press,
    start_game,
    totals,
)
from tests.browser.helpers import shot

NO_CONNECTION = "No connection: not saved. What you entered is kept; try again."
SECOND_BIDS = {"Ann": "3", "Bob": "2", "Cat": "3", "Dan": "2"}
BOB_LEFT_OUT = {"Ann": "4", "Cat": "3", "Dan": "2"}  # a save the server refuses


def hands_saved(page: Page, game_url: str) -> list[dict]:
    """The hands the server has for this game, from its game file."""
    response = page.request.get(f"{game_url}/export.json")
    assert response.ok
    return response.json()["hands"]


def choose_bids(page: Page, bids: dict[str, str]) -> None:
    """Tap each player's bid, and save nothing yet."""
    enter_bids(page, bids, save=False)


def assert_bids_kept(page: Page, bids: dict[str, str]) -> None:
    """The bids chosen before a failed save are still the chosen ones."""
    expect_bids_chosen(page, bids)


def play_first_hand(page: Page, base: str) -> str:
    start_game(page, base, ["Ann", "Bob", "Cat", "Dan"])
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})  # Dan's own count, as a nil bidder, is 0 already
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
    return page.url


def expect_waiting(page: Page, entry: str) -> None:
    """A save not answered: kept on the phone as waiting to send, with what it held
    (issue 41: the table goes on; docs/offline.md)."""
    item = page.locator(".outbox li").last
    expect(item).to_contain_text(re.compile(rf"^{re.escape(entry)} \(.*\): waiting to send\."))
    expect(page.locator(".offline-notice")).to_be_visible()


def test_a_save_cut_off_is_kept_waiting_and_sent_once_the_network_is_back(page, live_server):
    game = play_first_hand(page, live_server)
    page.context.route(re.compile(r".*/bids$"), lambda route: route.abort("internetdisconnected"))
    choose_bids(page, SECOND_BIDS)
    page.get_by_role("button", name="Save bids").tap()
    expect_waiting(page, "Hand 2: bids")
    expect(page.locator(".not-saved")).to_have_count(0)
    shot(page, "save-cut-off")

    page.context.unroute(re.compile(r".*/bids$"))
    expect(page.locator(".outbox")).to_have_count(0, timeout=20_000)  # the next retry
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
    assert page.url == game  # the game's own address, no POST left in the address bar
    assert [h["bids"] for h in hands_saved(page, game)][1] == [3, 2, 3, 2]
    assert totals(page) == ["71", "150"]


def test_a_gateway_error_keeps_the_save_waiting(page, live_server):
    play_first_hand(page, live_server)
    page.context.route(
        re.compile(r".*/bids$"),
        lambda route: route.fulfill(
            status=502, content_type="text/html", body="<h1>Bad gateway</h1>"
        ),
    )
    choose_bids(page, SECOND_BIDS)
    page.get_by_role("button", name="Save bids").tap()
    expect_waiting(page, "Hand 2: bids")
    expect(page.locator(".outbox li").last).to_contain_text("Ann bid: 3")


def test_a_save_with_no_answer_waits_after_15_seconds(page, live_server):
    game = play_first_hand(page, live_server)
    page.clock.install()
    page.goto(game)  # the fake clock starts with the page
    held: list[Route] = []
    page.context.route(re.compile(r".*/bids$"), lambda route: held.append(route))
    choose_bids(page, SECOND_BIDS)
    page.get_by_role("button", name="Save bids").tap()
    expect(page.get_by_role("button", name="Saving…")).to_be_disabled()
    page.clock.run_for(14_000)
    expect(page.locator(".outbox")).to_have_count(0)
    page.clock.run_for(2_000)
    expect_waiting(page, "Hand 2: bids")


def test_a_slow_save_says_saving_and_a_double_tap_sends_once(page, live_server):
    game = play_first_hand(page, live_server)
    held: list[Route] = []
    page.context.route(re.compile(r".*/bids$"), lambda route: held.append(route))
    choose_bids(page, SECOND_BIDS)
    page.get_by_role("button", name="Save bids").tap()
    button = page.get_by_role("button", name="Saving…")
    expect(button).to_be_disabled()
    shot(page, "saving")
    button.tap(force=True)  # the second tap of a double tap
    choice(page, "Dan bid", "2").press("Enter")  # a submit from the keyboard
    # and one the browser cannot hold back for the disabled button: only app.js stops it
    page.locator("form.bids-form").evaluate("f => f.requestSubmit()")
    expect(page.get_by_role("button", name="Saving…")).to_be_disabled()
    held[0].continue_()
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
    # every tap and submit came before the first save was let through: any second save
    # would have been held by the time its answer is on the page
    assert len(held) == 1
    assert len(hands_saved(page, game)) == 2


def test_a_refused_save_shows_why_and_back_shows_no_false_not_saved(page, live_server):
    page.goto(f"{live_server}/games")
    start_game(page, live_server, ["Ann", "Bob", "Cat", "Dan"])
    game = page.url
    page.goto(f"{live_server}/games")
    page.goto(game)
    choose_bids(page, BOB_LEFT_OUT)
    page.get_by_role("button", name="Save bids").tap()
    expect(page.get_by_role("alert").first).to_contain_text("Not saved")
    expect(page.get_by_role("alert").first).to_contain_text("Bob's bid is missing")
    assert_bids_kept(page, BOB_LEFT_OUT)
    expect_no_bid_chosen(page, "Bob")
    assert page.url == game
    choose_bid(page, "Bob", 5)
    press(page, "Save bids")
    expect(page.get_by_role("heading", name="Hand 1: tricks")).to_be_visible()
    page.go_back()
    expect(page).to_have_url(f"{live_server}/games")
    expect(page.get_by_text("not saved")).to_have_count(0)
    page.go_forward()
    expect(page.get_by_role("heading", name="Hand 1: tricks")).to_be_visible()
    expect(page.locator(".offline-notice")).to_be_hidden()


def native_submit(page: Page, button: str) -> None:
    """Send a form as a page load, as a tap does before app.js has run."""
    with page.expect_navigation():
        page.get_by_role("button", name=button).evaluate("b => b.form.submit()")


def test_back_to_a_posted_page_through_the_service_worker_is_no_false_alarm(page, live_server):
    start_game(page, live_server, ["Ann", "Bob", "Cat", "Dan"])
    game = page.url
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    choose_bids(page, BOB_LEFT_OUT)
    native_submit(page, "Save bids")
    assert page.url == f"{game}/bids"  # the refused POST's answer, now in history
    expect(page.get_by_role("alert").first).to_contain_text("Bob's bid is missing")
    assert_bids_kept(page, BOB_LEFT_OUT)
    choose_bid(page, "Bob", 5)
    native_submit(page, "Save bids")
    expect(page.get_by_role("heading", name="Hand 1: tricks")).to_be_visible()
    page.go_back()
    # The answer to a POST is not kept: Back shows the game as it is now, online.
    expect(page.get_by_role("heading", name="Hand 1: tricks")).to_be_visible()
    assert page.url == game
    expect(page.get_by_text("not saved")).to_have_count(0)
    expect(page.locator(".offline-notice")).to_be_hidden()  # fresh from the server, online
    shot(page, "back-after-post")


def test_a_server_that_stops_mid_game(page, own_server):
    game = play_first_hand(page, own_server.url)
    own_server.stop()
    choose_bids(page, SECOND_BIDS)
    page.get_by_role("button", name="Save bids").tap()
    expect_waiting(page, "Hand 2: bids")
    assert totals(page) == ["71", "150"]
    shot(page, "server-stopped")

    own_server.start()  # the same port and database
    expect(page.locator(".outbox")).to_have_count(0, timeout=20_000)  # the next retry
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
    hands = hands_saved(page, game)
    assert [h["bids"] for h in hands] == [[4, 5, 3, "nil"], [3, 2, 3, 2]]
    assert hands[1]["tricks"] is None


def test_import_sends_the_file(page, live_server, tmp_path):
    game = play_first_hand(page, live_server)
    exported = page.request.get(f"{game}/export.json").body()
    path = tmp_path / "game.json"
    path.write_bytes(exported)
    page.goto(f"{live_server}/games/import")
    page.get_by_label(re.compile("file", re.I)).set_input_files(str(path))
    press(page, "Import")
    # the phone has this game already: it is said, with the way to it, and nothing imported
    expect(page.get_by_role("alert")).to_contain_text("This game is already on this phone")
    expect(page.get_by_role("link", name="Open the game already here")).to_be_visible()
    # the page kept the file: ticking the box and tapping Import is enough
    expect(page.get_by_text("The file chosen is kept")).to_be_visible()
    page.get_by_label(re.compile("Import it again all the same")).check()
    press(page, "Import")
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
    assert page.url != game and "/games/" in page.url
    assert totals(page) == ["71", "150"]


def test_a_refusal_without_the_form_keeps_the_form_and_says_why(page, live_server):
    play_first_hand(page, live_server)
    page.locator("form.hand-form input[name=csrf_token]").evaluate("i => { i.value = 'old'; }")
    choose_bids(page, SECOND_BIDS)
    page.get_by_role("button", name="Save bids").tap()
    expect(page.locator(".not-saved")).to_have_text(
        re.compile(r"^Not saved: This form had expired or came from elsewhere\.")
    )
    assert_bids_kept(page, SECOND_BIDS)
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()


def test_offline_shows_the_score_of_the_last_save_not_of_the_last_page_load(page, own_server):
    start_game(page, own_server.url, ["Ann", "Bob", "Cat", "Dan"])
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})  # no page load since
    own_server.stop()
    page.reload()
    expect(page.locator(".offline-notice")).to_be_visible()
    assert totals(page) == ["71", "150"]
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()


def test_an_undo_with_the_server_down_is_not_kept_and_says_not_saved(page, own_server):
    """Only a game's steps wait in the outbox (docs/offline.md): an Undo needs the server's
    answer, so with the server stopped it says it was not saved, as before."""
    play_first_hand(page, own_server.url)
    own_server.stop()
    page.get_by_role("button", name="Undo the tricks of hand 1", exact=True).tap()
    page.get_by_role("button", name="Yes, undo the tricks of hand 1").tap()
    expect(page.locator(".not-saved")).to_have_text(NO_CONNECTION)
    expect(page.locator(".outbox")).to_have_count(0)
    expect(page.locator(".offline-notice")).to_be_visible()
