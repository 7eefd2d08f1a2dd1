"""The rules leagues play at a phone-sized table: hand 1 that bids itself opens on its
tricks, and the bids step adds the table's bids up against the least they may come to."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.flows import (
    enter_bids,
    enter_tricks,
    follow,
    press,
    said,
    start_game,
    tap,
    tap_and_load,
    totals,
)

PLAYERS = ["Alice", "Ben", "Cara", "Dev"]


def start_league_game(page, base: str) -> None:
    page.goto(f"{base}/games/new")
    for seat, name in enumerate(PLAYERS):
        page.get_by_label(f"Player {seat + 1}", exact=True).fill(name)
    page.locator("summary", has_text="House rules").first.tap()
    page.locator("summary", has_text="More house rules").tap()
    page.get_by_label("Smallest table bid", exact=True).fill("11")
    group = page.get_by_role("radiogroup", name="The first hand")
    group.get_by_text("bids itself", exact=False).tap()
    press(page, "Start game")


def test_a_league_game_at_the_table(page, live_server):
    start_league_game(page, live_server)
    expect(page.get_by_role("heading", name="Hand 1: tricks")).to_be_visible()
    expect(page.locator(".bids-itself")).to_contain_text("The first hand bids itself")
    enter_tricks(page, {"Alice & Cara": 7})
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
    assert totals(page) == ["70", "60"]
    summary = page.locator(".bid-summary")
    expect(summary).to_contain_text("the table bids 0, at least 11 needed")
    enter_bids(page, {"Alice": 3, "Ben": 2, "Cara": 3, "Dev": "nil"}, save=False)
    expect(summary).to_have_text(
        "Alice & Cara 6 · Ben & Dev 2 · 5 tricks nobody bid · the table bids 8, at least 11 needed"
    )
    tap_and_load(page, page.get_by_role("button", name="Save bids", exact=True))
    refusal = re.compile("the table bid 8; this game needs at least 11", re.IGNORECASE)
    expect(page.locator("main")).to_contain_text(refusal)


def test_undoing_a_hand_that_bid_itself_opens_it_again_on_its_tricks(page, live_server):
    start_league_game(page, live_server)
    follow(page, "Change the dealer")
    page.get_by_label("Cara", exact=True).tap()
    press(page, "Save the dealer")
    enter_tricks(page, {"Alice & Cara": 9})
    assert totals(page) == ["90", "40"]
    tap(page, page.get_by_role("button", name="Undo the tricks of hand 1"))
    confirm = page.locator(".step")
    expect(confirm).not_to_contain_text("bids stay")
    press(page, "Yes, undo the tricks of hand 1")
    said(page, "Hand 1: its tricks are taken back. Enter the tricks again.")
    expect(page.locator(".flash").first).not_to_contain_text("bids stay")  # it had none
    step = page.locator(".step")
    expect(step.get_by_role("heading", name="Hand 1: tricks")).to_be_visible()
    expect(step.locator(".bids-itself")).to_contain_text("The first hand bids itself")
    expect(step).to_contain_text("Cara deals. Dev leads.")  # the dealer chosen stays
    expect(step.get_by_role("link", name="Change the bids")).to_have_count(0)
    expect(step.get_by_role("button", name="Undo the bids of hand 1")).to_have_count(0)
    assert totals(page) == ["0", "0"]
    press(page, "Put hand 1 back")  # as it was, until the next change
    assert totals(page) == ["90", "40"]
    tap(page, page.get_by_role("button", name="Undo the tricks of hand 1"))
    press(page, "Yes, undo the tricks of hand 1")
    enter_tricks(page, {"Alice & Cara": 6})
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
    assert totals(page) == ["60", "70"]
    expect(page.locator("p.status")).to_contain_text("Hand 2: Dev deals.")


def test_a_settings_change_an_earlier_hand_breaks_names_the_rule_beside_its_field(
    page, live_server
):
    start_game(page, live_server, PLAYERS, rules={"Smallest table bid": "11"})
    enter_bids(page, {"Alice": 3, "Ben": 3, "Cara": 3, "Dev": 2})
    enter_tricks(page, {"Alice & Cara": 6})
    follow(page, "Game settings")
    page.get_by_label("Smallest table bid", exact=True).fill("12")
    press(page, "Save settings")
    said_why = "hand 1: the table bid 11; this game needs at least 12"
    top = page.locator("main .flash-error").first
    expect(top).to_contain_text(f"Not saved: Smallest table bid: {said_why}")
    field = page.locator(".field.invalid", has=page.get_by_label("Smallest table bid", exact=True))
    expect(field).to_contain_text(re.compile(re.escape(said_why), re.IGNORECASE))
    expect(page.get_by_label("Smallest table bid", exact=True)).to_have_attribute(
        "aria-invalid", "true"
    )
    page.get_by_label("Smallest table bid", exact=True).fill("11")
    press(page, "Save settings")
    assert totals(page) == ["60", "52"]


def test_the_blind_contract_toggles_are_rows_to_tap_at_360(page, live_server):
    """Each side's "bid blind" box is a row of its own, 44 px tall, its words beside it
    and never run on into the next side's (at 360 px the second box sat at the end of the
    first one's line, its label broken over two)."""
    page.set_viewport_size({"width": 360, "height": 740})
    start_game(
        page,
        live_server,
        PLAYERS,
        rules={"Blind bids from": "6", "Blind bids only when behind by": "0"},
    )
    toggles = page.locator("fieldset.blind-bids label")
    expect(toggles).to_have_count(2)
    boxes = [toggle.bounding_box() for toggle in toggles.all()]
    for box, name in zip(boxes, ("Alice & Cara", "Ben & Dev"), strict=True):
        assert box is not None and box["height"] >= 44, (name, box)
    assert boxes[1]["y"] >= boxes[0]["y"] + boxes[0]["height"], boxes  # one under the other
    for label in toggles.all():  # the words on one line, beside their box
        assert label.locator("span").evaluate("s => s.getClientRects().length") == 1
    tap(page, page.get_by_label("Ben & Dev bid blind"))
    expect(page.get_by_label("Ben & Dev bid blind")).to_be_checked()
