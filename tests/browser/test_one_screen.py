"""A hand on one screen: at 390x844 and 360x740, with four players and the stakes showing,
each step shows the scoreboard, the last hand's result, the choices and Save without a
scroll; a second tap 150 ms after Save changes nothing; choices survive a reload."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorepad.core.records import NIL, Hand, Table
from scorepad.core.rules import Rules
from tests.browser.flows import cramped_targets, enter_bids, enter_tricks, press
from tests.browser.helpers import close_game, first_screen, shot, stored_game, within_first_screen

SIZES = [(390, 844), (360, 740)]


def chosen(page) -> list[str]:
    """What the hand form on the page holds, by field name."""
    return sorted(
        page.locator("form.hand-form input:checked").evaluate_all(
            "inputs => inputs.map(i => i.name + '=' + i.value)"
        )
    )


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_each_step_fits_the_first_screen_and_a_second_tap_changes_nothing(
    page, own_server, width, height
):
    page.set_viewport_size({"width": width, "height": height})
    game_id = close_game(own_server)
    page.goto(f"{own_server.url}/games/{game_id}")
    expect(page.get_by_role("heading", name="Hand 3: bids")).to_be_visible()
    expect(page.locator(".stakes")).to_contain_text("1 more bag costs Alice & Cara 100")
    expect(page.locator(".last-result").first).to_contain_text("made 9 of 7 (2 bags)")
    first_screen(page, "Save bids")
    shot(page, f"one-screen-bids-{width}")
    enter_bids(page, {"Alice": 4, "Ben": 3, "Cara": 3, "Dev": "nil"}, save=False)
    first_screen(page, "Save bids")
    assert cramped_targets(page) == []

    save = page.get_by_role("button", name="Save bids", exact=True).bounding_box()
    x, y = save["x"] + save["width"] / 2, save["y"] + save["height"] / 2
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(150)
    page.touchscreen.tap(x, y)  # the second tap of a double tap
    expect(page.get_by_role("heading", name="Hand 3: tricks")).to_be_visible()
    expect(page.locator("[role=alert]")).to_have_count(0)
    # both taps came before the answer was shown: a second save would have been sent by now
    assert posts == [f"{own_server.url}/games/{game_id}/bids"]  # one save, nothing more
    # the new step takes taps once it has settled (app.js holds them back a moment)
    page.wait_for_function("() => !document.body.classList.contains('settling')")
    # nothing chosen on the new step but the nil bidder's own 0
    assert chosen(page) == ["tricks_3=0"]
    expect(page.locator(".lead-line")).to_contain_text("Ben & Dev bid 3 (Ben 3, Dev nil)")
    expect(page.locator(".stakes")).to_contain_text("1 more bag costs Alice & Cara 100")
    first_screen(page, "Save tricks")
    shot(page, f"one-screen-tricks-{width}")
    assert cramped_targets(page) == []

    enter_tricks(page, {"Alice & Cara": 8}, save=False)
    first_screen(page, "Save tricks")  # the nil bidder's count, opened in turn, fits too
    press(page, "Save tricks")
    expect(page.locator("#announce")).to_have_text(
        "Hand 3: Alice & Cara made 8 of 7 (1 bag), bag penalty \u2212100; "
        "Ben & Dev made 5 of 3 (2 bags), Dev's nil made. 115 to 12."
    )
    first_screen(page, "Save bids")


def test_a_reload_after_a_failed_save_keeps_the_choices(page, own_server):
    page.goto(f"{own_server.url}/games/{close_game(own_server)}")
    enter_bids(page, {"Alice": 4, "Ben": 5, "Cara": 3, "Dev": "nil"}, save=False)
    page.context.route(re.compile(r".*/bids$"), lambda route: route.abort("internetdisconnected"))
    page.get_by_role("button", name="Save bids").tap()
    expect(page.locator(".not-saved")).to_be_visible()
    page.context.unroute(re.compile(r".*/bids$"))
    page.reload()
    expect(page.get_by_role("button", name="Alice bid: 4")).to_be_visible()  # folded rows
    assert chosen(page) == ["bid_0=4", "bid_1=5", "bid_2=3", "bid_3=nil"]
    press(page, "Save bids")
    expect(page.get_by_role("heading", name="Hand 3: tricks")).to_be_visible()
    page.reload()  # saved: the phone's copy is gone with it
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('form:'))") == []


def test_counting_by_player_a_nil_is_at_0_and_the_last_count_follows(page, own_server):
    table = Table("partnership", ("Alice", "Ben", "Cara", "Dev"))
    game_id = stored_game(own_server, table, Rules(), [Hand((4, 5, 3, NIL), None)], "seat")
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{own_server.url}/games/{game_id}")
    expect(page.get_by_role("button", name="Dev tricks: 0")).to_be_visible()
    enter_tricks(page, {"Ben": 5, "Cara": 3}, save=False)  # Alice is the last: she follows
    assert chosen(page) == ["tricks_0=5", "tricks_1=5", "tricks_2=3", "tricks_3=0"]
    expect(page.locator(".remaining")).to_contain_text("Alice took 5: all 13 tricks assigned")
    first_screen_no_stakes = page.get_by_role("button", name="Save tricks")
    within_first_screen(page, first_screen_no_stakes)
    press(page, "Save tricks")
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
