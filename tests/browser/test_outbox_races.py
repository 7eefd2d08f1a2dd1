"""Phones racing while one of them cannot reach the server (docs/offline.md): a save kept
on a phone goes once its network is back, and whatever another phone did meanwhile, the
phone that waited is told on its own page what became of it. Real sockets (the network
of one phone cut by tests/browser/proxy.py), at 360x740, by tapping."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.flows import choose, enter_bids, enter_tricks, press, start_game
from tests.browser.helpers import PHONE, shot
from tests.browser.proxy import Proxy
from tests.event_helpers import director_act, hands_at_each_table, night_started
from tests.live import Phone

SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
SOON = 20_000  # the seat page's poll (2 s) sends what waits as soon as it is answered


@pytest.fixture
def network(own_server):
    """The waiting phone's network to the server: a proxy the test can cut."""
    proxy = Proxy(("127.0.0.1", own_server.port))
    yield proxy
    proxy.close()


def seat_links_on(page: Page) -> list[str]:
    """The scorer gives each seat its own link; the links, in seat order."""
    page.locator("summary", has_text="Let each player bid from their own phone").tap()
    press(page, "Give each seat its own link")
    return page.locator("a.seat-link").evaluate_all("links => links.map(a => a.href)")


def test_a_seat_s_waiting_bid_after_the_scorer_entered_the_hand_is_told_on_its_page(
    browser, page, own_server, network
):
    """The seat phone's answer comes back to a seat page with no bid to make (the hand is
    in play): its waiting bid is still sent as the phone's own (the form's token kept),
    and the phone stays on its seat page, told, never on a "form expired" page."""
    page.set_viewport_size(SMALL["viewport"])
    start_game(page, own_server.url, ["Ann", "Bob", "Cat", "Dan"])
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})
    ann = seat_links_on(page)[0].replace(own_server.url, network.url)

    seat = browser.new_context(**SMALL).new_page()
    try:
        seat.goto(ann)
        press(seat, "I am Ann")
        seat.wait_for_function("() => window.outbox")  # the page whole, its outbox loaded
        network.mode = "down"
        choose(seat, "Ann bid", "5")
        seat.get_by_role("button", name="Save my bid").tap()
        expect(seat.locator(".outbox li")).to_contain_text(
            re.compile(r"^Hand 2: your bid \(Ann bid: 5\): waiting to send\.")
        )

        # meanwhile the scorer enters every bid of hand 2, Ann's 3 among them
        page.reload()
        enter_bids(page, {"Ann": 3, "Bob": 2, "Cat": 3, "Dan": 2})
        expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()

        network.mode = "pass"
        refused = seat.locator(".outbox li.flash-error")
        expect(refused).to_contain_text("Not applied: Hand 2: your bid (Ann bid: 5).", timeout=SOON)
        expect(refused).to_contain_text("no longer the hand being bid")
        expect(seat.get_by_role("heading", name="Ann's bid")).to_be_visible()
        expect(seat.get_by_text("This form had expired")).to_have_count(0)
        expect(seat.locator(".offline-notice")).to_be_hidden()
        shot(seat, "race-seat-bid-after-the-scorer")
    finally:
        seat.context.close()


def test_a_table_s_waiting_bids_after_the_director_closed_its_round_are_told_on_its_game(
    browser, own_server, network
):
    """A club night's table phone whose bids wait while the director ends every table
    (the round is then over, the game closed to the table): once its network is back the
    bids are refused in words beside the entry, on the table's game page as it is now."""
    desk = Phone(own_server.url)
    event_id, _, tables = night_started(
        desk, [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]
    )
    hands_at_each_table(own_server.url, tables, 1)  # a leader at each table
    table = browser.new_context(**SMALL).new_page()
    try:
        table.goto(network.url + tables[0])
        table.get_by_role("link", name="Score this table's game").click()
        table.wait_for_url(re.compile(r"/games/[\w-]+$"))
        expect(table.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
        table.wait_for_function("() => window.outbox")  # the page whole, its outbox loaded
        network.mode = "down"
        names = table.locator(".pick.bid .pick-head .who").all_inner_texts()
        enter_bids(table, {name.strip(): 3 for name in names}, save=False)
        table.get_by_role("button", name="Save bids").tap()
        expect(table.locator(".outbox li")).to_contain_text(
            re.compile(r"^Hand 2: bids \(.*\): waiting to send\.")
        )

        for number in (1, 2):  # the director ends both tables: round 1 is over
            director_act(desk, event_id, f"rounds/1/tables/{number}/end", confirm="yes")

        network.mode = "pass"
        refused = table.locator(".outbox li.flash-error")
        expect(refused).to_contain_text("Not applied: Hand 2: bids (", timeout=70_000)
        expect(refused).to_contain_text("Round 1 is over: the game of table 1 is closed")
        expect(table.locator(".scoreboard")).to_be_visible()  # the game, not an error page
        expect(table.get_by_role("link", name="Back to your games")).to_have_count(0)
        shot(table, "race-closed-table-bids")
    finally:
        table.context.close()


def bid_rows(page: Page) -> list[str]:
    """The drawn bids step's rows in the order the page asks for them, the dealer's note."""
    return page.locator(".step.here .pick.bid .pick-head").evaluate_all(
        "heads => heads.map(h => [...h.querySelectorAll('.who, .note')]"
        ".map(e => e.textContent.trim()).join(' '))"
    )


def test_the_next_hand_drawn_on_the_phone_while_saves_wait_is_dealt_by_its_own_dealer(
    page, own_server
):
    """The deal passes on a seat a hand: with hand 2 waiting on the phone, hand 3's bids
    drawn there are Cat's deal, Dan bidding first, not hand 2's dealer of the form kept."""
    page.set_viewport_size(SMALL["viewport"])
    start_game(page, own_server.url, ["Ann", "Bob", "Cat", "Dan"])
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})
    expect(page.locator("main p.lead-line")).to_have_text("Bob deals. Cat bids first.")
    own_server.stop()
    enter_bids(page, {"Ann": 3, "Bob": 2, "Cat": 3, "Dan": 2}, save=False)
    page.get_by_role("button", name="Save bids").tap()
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
    enter_tricks(page, {"Ann & Cat": 7}, save=False)
    page.get_by_role("button", name="Save tricks").tap()
    expect(page.get_by_role("heading", name="Hand 3: bids")).to_be_visible()
    shot(page, "race-drawn-hand-3")
    assert bid_rows(page) == ["Dan", "Ann", "Bob", "Cat deals"]
    open_row = page.locator(".step.here .pick.bid:not(.folded) .pick-head .who")
    expect(open_row).to_have_text("Dan")

    enter_bids(page, {"Ann": 2, "Bob": 4, "Cat": 2, "Dan": 4}, save=False)
    page.get_by_role("button", name="Save bids").tap()
    expect(page.locator(".outbox li")).to_have_count(3)
    own_server.start()
    expect(page.locator(".outbox")).to_have_count(0, timeout=70_000)
    expect(page.get_by_role("heading", name="Hand 3: tricks")).to_be_visible()
    expect(page.locator("main p.lead-line")).to_contain_text("Cat dealt.")


def test_a_table_s_waiting_bids_after_the_director_swapped_two_players_are_not_applied(
    browser, own_server, network
):
    """An individual night's table phone whose hand 1 bids wait while the director swaps
    two of its players (new partnerships: no hand bid yet): the bids were tapped by the
    names the phone showed, so once its network is back they are refused in words, and
    nothing is saved under the new seating."""
    desk = Phone(own_server.url)
    entries = [("Ann",), ("Bo",), ("Cy",), ("Di",)]
    event_id, _, tables = night_started(desk, entries, format="individual")
    table = browser.new_context(**SMALL).new_page()
    try:
        table.goto(network.url + tables[0])
        table.get_by_role("link", name="Score this table's game").click()
        table.wait_for_url(re.compile(r"/games/[\w-]+$"))
        game = table.url
        seated = table.locator("form.bids-form input[name=seated]").get_attribute("value")
        players = json.loads(seated or "[]")
        table.wait_for_function("() => window.outbox")  # the page whole, its outbox loaded
        network.mode = "down"
        enter_bids(
            table, {players[0]: "nil", players[1]: 4, players[2]: 5, players[3]: 3}, save=False
        )
        table.get_by_role("button", name="Save bids").tap()
        expect(table.locator(".outbox li")).to_contain_text(
            re.compile(r"^Hand 1: bids \(.*\): waiting to send\.")
        )

        director_act(desk, event_id, "rounds/1/reseat", seat="1-0", name=players[1])

        network.mode = "pass"
        refused = table.locator(".outbox li.flash-error")
        expect(refused).to_contain_text("Not applied: Hand 1: bids (", timeout=70_000)
        expect(refused).to_contain_text("the players at the table were changed")
        shot(table, "race-swapped-table-bids")
        hands = table.request.get(game.replace(network.url, own_server.url) + "/export.json")
        assert hands.json()["hands"] == []
    finally:
        table.context.close()
