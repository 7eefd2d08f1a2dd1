"""The table never stops (issue 41, docs/offline.md): with the server really stopped, or
the network between a phone and it really cut (tests/browser/proxy.py), the saves of a
game's steps are kept on the phone, shown as waiting to send with what they held, and the
next steps entered at once; once the server answers again they arrive in order, once each,
and the notice goes with the first answer. Plain http on 127.0.0.1 at a phone's size; no
browser emulation of being offline."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.flows import (
    enter_bids,
    enter_tricks,
    start_game,
    start_three_player_cutthroat,
    totals,
)
from tests.browser.helpers import PHONE
from tests.browser.proxy import Proxy
from tests.event_helpers import night_started
from tests.live import Phone

NOTICE = "No connection: what you enter is kept on this phone and sent once the server answers."
BACK = 70_000  # retries wait 2, 4, 8 ... 60 s: the next one after the server is back
SOON = 15_000  # a retry 2 s after the last entry, then 4 s after that: both within it


def hands_saved(page: Page, game_url: str) -> list[dict]:
    """The hands the server has for this game, from its game file."""
    response = page.request.get(f"{game_url}/export.json")
    assert response.ok
    return response.json()["hands"]


def first_hand(page: Page, base: str) -> str:
    """A game whose first hand is played with the server up: this phone has seen both
    steps' forms. RULES.md's worked example: 71 / 150."""
    start_game(page, base, ["Ann", "Bob", "Cat", "Dan"])
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})  # Dan's own count, as a nil bidder, is 0 already
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
    assert totals(page) == ["71", "150"]
    return page.url


def waits(page: Page, button: str, entry: str) -> None:
    """Tap a save the server does not answer: it waits on the phone, said with what it held."""
    page.get_by_role("button", name=button).tap()
    item = page.locator(".outbox li").last
    expect(item).to_contain_text(re.compile(rf"^{re.escape(entry)} \(.*\): waiting to send\."))


# Three hands after RULES.md's first: each side's bids, then Ann & Cat's tricks.
HANDS = [
    ({"Ann": 3, "Bob": 2, "Cat": 3, "Dan": 2}, 7, [3, 2, 3, 2]),  # 61 / 42: 132 / 192
    ({"Ann": 4, "Bob": 3, "Cat": 2, "Dan": 3}, 6, [4, 3, 2, 3]),  # 60 / 61: 192 / 253
    ({"Ann": 2, "Bob": 4, "Cat": 2, "Dan": 4}, 5, [2, 4, 2, 4]),  # 41 / 80: 233 / 333
]


def hand_waiting(page: Page, number: int, bids: dict, ours: int) -> None:
    """A hand's bids, then Ann & Cat's tricks, entered while the server does not answer:
    each waits on the phone, and the next step is drawn at once."""
    enter_bids(page, bids, save=False)
    waits(page, "Save bids", f"Hand {number}: bids")
    expect(page.get_by_role("heading", name=f"Hand {number}: tricks")).to_be_visible()
    enter_tricks(page, {"Ann & Cat": ours}, save=False)
    waits(page, "Save tricks", f"Hand {number}: tricks")
    expect(page.get_by_role("heading", name=f"Hand {number + 1}: bids")).to_be_visible()
    # the server's status line spoke of hand `number`: not said while the phone is ahead
    expect(page.locator("main p.status:not(.clock)")).to_be_hidden()


def three_hands_waiting(page: Page) -> None:
    for number, (bids, ours, _) in enumerate(HANDS, 2):
        hand_waiting(page, number, bids, ours)


def test_three_hands_entered_while_the_server_is_down_arrive_in_order(page, own_server):
    game = first_hand(page, own_server.url)
    own_server.stop()
    three_hands_waiting(page)
    outbox = page.locator(".outbox li")
    expect(outbox).to_have_count(6)
    expect(outbox.first).to_have_text(
        re.compile(r"^Hand 2: bids \(.*Ann bid: 3.*Bob bid: 2.*\): waiting to send\.")
    )
    expect(page.locator(".offline-notice")).to_have_text(NOTICE)
    expect(page.locator(".offline-notice")).to_be_visible()
    assert totals(page) == ["71", "150"]  # nothing guessed: the server's until they are in

    own_server.start()
    # each entry made the phone ask again 2 s later: six entries did not push the next
    # try out to a minute, so a table that was just entering sees them go soon
    expect(page.locator(".outbox")).to_have_count(0, timeout=SOON)
    expect(page.get_by_role("heading", name="Hand 5: bids")).to_be_visible()
    expect(page.locator(".offline-notice")).to_be_hidden()
    assert totals(page) == ["233", "333"]
    saved = hands_saved(page, game)
    assert [h["bids"] for h in saved[1:]] == [bids for _, _, bids in HANDS]
    assert len(saved) == 4


def test_a_reload_while_saves_wait_keeps_them_and_sends_them_once_back(page, own_server):
    game = first_hand(page, own_server.url)
    own_server.stop()
    enter_bids(page, HANDS[0][0], save=False)
    waits(page, "Save bids", "Hand 2: bids")
    own_server.start()
    page.reload()  # the server is back before any retry: the page itself sends them
    expect(page.locator(".outbox")).to_have_count(0, timeout=BACK)
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
    assert [h["bids"] for h in hands_saved(page, game)][1] == [3, 2, 3, 2]


def notes(page: Page) -> dict[str, str]:
    """The tricks rows of the step drawn on the phone: each row's name and its note ("" for
    none)."""
    return dict(
        page.locator(".step.here .pick.tricks:not([hidden]) legend").evaluate_all(
            """legends => legends.map((l) => [l.querySelector(".who").textContent,
                (l.querySelector(".note") || { textContent: "" }).textContent])"""
        )
    )


def test_a_tricks_step_drawn_on_the_phone_names_the_bids_waiting_not_the_last_hand_s(
    page, own_server
):
    """QA (a phone at the table): with the server stopped, hand 2's tricks step drawn on the
    phone said each player's hand-1 bid ("Gus bid 6" when Gus had just bid 4, "bid 3" for a
    nil): a row says the bid just entered, waiting to send, or (a nil) no bid at all."""
    start_three_player_cutthroat(page, own_server.url, ["Eve", "Finn", "Gus"])
    enter_bids(page, {"Eve": 5, "Finn": 3, "Gus": 6})
    enter_tricks(page, {"Finn": 4, "Gus": 6})  # Eve's 7 follows
    own_server.stop()
    enter_bids(page, {"Eve": 4, "Finn": "nil", "Gus": 7}, save=False)
    waits(page, "Save bids", "Hand 2: bids")
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
    assert notes(page) == {"Gus": "bid 7", "Eve": "bid 4", "Finn": ""}


def test_a_nil_bidder_s_row_drawn_on_the_phone_says_the_nil_waiting(page, own_server):
    """Dan bid nil in hand 1 and blind nil in hand 2, entered with the server stopped: his
    own count's row on the drawn tricks step does not say "bid nil" (hand 1's)."""
    first_hand(page, own_server.url)
    own_server.stop()
    enter_bids(page, {"Ann": 3, "Bob": 5, "Cat": 3, "Dan": "blind nil"}, save=False)
    waits(page, "Save bids", "Hand 2: bids")
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
    assert notes(page)["Dan"] == ""


def test_a_nil_bidder_never_shown_a_row_of_his_own_makes_the_tricks_step_wait(page, own_server):
    """QA: hand 1 had no nil, so the tricks form this phone kept had no nil bidder's row;
    hand 2's bids, with Dan's nil, entered with the server stopped, drew a tricks step
    without Dan's own count, and the server took his nil as made, unseen. That step waits
    for the server (docs/offline.md), which then asks for Dan's count."""
    start_game(page, own_server.url, ["Ann", "Bob", "Cat", "Dan"])
    enter_bids(page, {"Ann": 3, "Bob": 3, "Cat": 3, "Dan": 3})
    enter_tricks(page, {"Ann & Cat": 7})
    own_server.stop()
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"}, save=False)
    waits(page, "Save bids", "Hand 2: bids")
    expect(page.locator(".step.here")).to_have_count(0)
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_have_count(0)
    own_server.start()
    expect(page.locator(".outbox")).to_have_count(0, timeout=SOON)
    expect(page.get_by_role("radiogroup", name="Dan tricks")).to_be_visible()


def test_a_step_drawn_after_a_first_hand_that_bid_itself_does_not_say_it_bids_itself(
    page, own_server
):
    """QA: under first_hand = bids_itself the tricks form kept was hand 1's, with its line
    "The first hand bids itself in this game: nobody bids..."; hand 2's tricks step drawn
    on the phone said it too."""
    page.goto(f"{own_server.url}/games/new?preset=league-300")
    for seat, name in enumerate(["Ann", "Bob", "Cat", "Dan"]):
        page.get_by_label(f"Player {seat + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start game").tap()
    expect(page.locator(".bids-itself")).to_be_visible()
    enter_tricks(page, {"Ann & Cat": 7})
    own_server.stop()
    enter_bids(page, {"Ann": 3, "Bob": 3, "Cat": 3, "Dan": 3}, save=False)
    waits(page, "Save bids", "Hand 2: bids")
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
    expect(page.locator(".step.here .bids-itself")).to_have_count(0)


@pytest.fixture
def network(own_server):
    """The one phone's network to the server: a proxy the test can cut."""
    proxy = Proxy(("127.0.0.1", own_server.port))
    yield proxy
    proxy.close()


def test_a_save_whose_answer_was_lost_after_the_write_is_applied_once(page, own_server, network):
    game = first_hand(page, network.url)
    enter_bids(page, HANDS[0][0], save=False)
    network.mode = "lose"  # the server writes the bids; the phone never hears
    waits(page, "Save bids", "Hand 2: bids")
    assert network.lost == 1
    expect(page.locator(".outbox")).to_have_count(0, timeout=BACK)
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
    expect(page.locator(".offline-notice")).to_be_hidden()
    assert [h["bids"] for h in hands_saved(page, game)] == [[4, 5, 3, "nil"], [3, 2, 3, 2]]
    expect(page.locator(".flash-error")).to_have_count(0)


def test_another_phone_s_save_meanwhile_is_reported_not_overwritten(
    browser, page, own_server, network
):
    game = first_hand(page, network.url)
    network.mode = "down"
    enter_bids(page, HANDS[0][0], save=False)
    waits(page, "Save bids", "Hand 2: bids")

    other = browser.new_context(**PHONE).new_page()  # a second phone, on the server itself
    other.goto(game.replace(network.url, own_server.url))
    enter_bids(other, HANDS[1][0])
    expect(other.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()

    network.mode = "pass"
    refused = page.locator(".outbox li.flash-error")
    expect(refused).to_contain_text("Not applied: Hand 2: bids (", timeout=BACK)
    expect(refused).to_contain_text("Ann bid: 3")
    expect(refused).to_contain_text("already saved on another phone")
    # nothing else waits behind it: the card asks to discard it, not to "send the rest"
    expect(page.locator(".outbox")).to_contain_text("Refused. Discard it:")
    expect(page.locator(".outbox")).not_to_contain_text("send the rest")
    expect(page.locator(".offline-notice")).to_be_hidden()
    assert [h["bids"] for h in hands_saved(page, game)][1] == [4, 3, 2, 3]  # the other's

    refused.get_by_role("button", name="Discard this entry").tap()
    refused.get_by_role("button", name="Yes, discard it").tap()
    expect(page.locator(".outbox")).to_have_count(0)
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
    other.context.close()


def test_a_night_s_table_keeps_its_saves_while_the_server_is_down(page, own_server):
    """A club night's table link leads into its game: the same outbox, the round's table
    written with the hand as ever once the server is back."""
    _, _, tables = night_started(
        Phone(own_server.url), [("Ann", "Cat"), ("Bob", "Dan")], target=500
    )
    page.goto(own_server.url + tables[0])  # the table's link, then into its own game
    page.get_by_role("link", name="Score this table's game").click()
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))
    game = page.url
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})
    first = totals(page)
    own_server.stop()
    enter_bids(page, HANDS[0][0], save=False)
    waits(page, "Save bids", "Hand 2: bids")
    own_server.start()
    expect(page.locator(".outbox")).to_have_count(0, timeout=BACK)
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
    assert totals(page) == first
    assert [h["bids"] for h in hands_saved(page, game)][1] == [3, 2, 3, 2]


def test_the_notice_goes_by_itself_once_the_server_answers_again(page, own_server):
    """Issue 41: the notice stayed for a minute after the server was back. A page shown
    from the worker's copy asks the server again by itself, and the notice goes with
    the first answer."""
    first_hand(page, own_server.url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    own_server.stop()
    page.reload()  # the worker's copy: the notice shown
    expect(page.locator(".offline-notice")).to_be_visible()
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
    own_server.start()
    expect(page.locator(".offline-notice")).to_be_hidden(timeout=BACK)
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
