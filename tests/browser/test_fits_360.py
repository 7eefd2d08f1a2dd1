"""At 360x740, the cases a QA pass found scrolling: four cutthroat players with long
names, the seat links card, a refusal of tricks with nothing chosen, and an undo at the
bottom edge whose question must come into view."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorepad.core.records import NIL, Hand, Table
from scorepad.core.rules import Rules
from tests.browser.flows import (
    cramped_targets,
    enter_bids,
    enter_tricks,
    overflowing,
    press,
    tap_and_load,
)
from tests.browser.helpers import (
    ARTIFACTS,
    close_game,
    first_screen,
    shot,
    stored_game,
    within_first_screen,
)

LONG = ("Annabelle", "Bartholomew", "Catherine", "Dominique")
FIRST = Hand((3, NIL, 4, 3), (4, 1, 4, 4))  # hand 1 of these games: seat 2 bids nil, takes 1


def _small(page) -> None:
    page.set_viewport_size({"width": 360, "height": 740})


def _long_names_game(page, server, hands: list[Hand], width: int = 360, height: int = 740) -> None:
    """Four cutthroat players with long names, to 150 (bags of 5), these hands played:
    its page, at this size."""
    table = Table("cutthroat", LONG)
    game_id = stored_game(server, table, Rules(target=150, bag_limit=5), hands, "seat")
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{server.url}/games/{game_id}")


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


@pytest.mark.parametrize(("width", "height"), [(390, 844), (360, 740)])
def test_four_cutthroat_players_with_long_names_fit(page, own_server, width, height):
    _long_names_game(page, own_server, [FIRST], width, height)
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
    shot(page, f"fit-cutthroat-4-bids-{width}")
    fits(page, "Save bids")
    # each name whole on one line: no word broken inside the score boxes
    names = page.locator(".scoreboard .side-name")
    for name in names.all():  # one line, not cut short
        assert name.evaluate("e => e.scrollWidth <= e.clientWidth"), name.inner_text()
        assert name.evaluate("e => e.getClientRects().length === 1 && e.offsetHeight < 26")
    enter_bids(page, dict(zip(LONG, (3, 4, 3, 3), strict=True)))
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
    page.wait_for_function("() => !document.body.classList.contains('settling')")
    shot(page, f"fit-cutthroat-4-tricks-{width}")
    fits(page, "Save tricks")
    assert cramped_targets(page) == []
    assert overflowing(page) == []
    enter_tricks(page, dict(zip(LONG[1:], (4, 3, 3), strict=True)))
    enter_bids(page, dict(zip(LONG, (3, 3, 3, 4), strict=True)))
    enter_tricks(page, dict(zip(LONG[1:], (3, 3, 4), strict=True)))
    expect(page.get_by_role("heading", name="Hand 4: bids")).to_be_visible()
    shot(page, f"fit-cutthroat-4-hand4-{width}")
    fits(page, "Save bids")


def test_the_scorers_page_with_seat_links_on_keeps_save_bids_on_the_first_screen(page, own_server):
    game_id = close_game(own_server)
    _small(page)
    page.goto(f"{own_server.url}/games/{game_id}")
    page.locator("summary", has_text="Let each player bid from their own phone").tap()
    press(page, "Give each seat its own link")
    expect(page.get_by_role("heading", name="Bids from the players' phones")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "fit-seat-links-on-360")
    first_screen(page, "Save bids")
    assert cramped_targets(page) == []
    # once every phone has bid, the bids come up in the step's place, on the first screen
    links = page.locator("a.seat-link").evaluate_all("links => links.map(a => a.href)")
    seat = page.context.new_page()
    for name, link in zip(("Alice", "Ben", "Cara", "Dev"), links, strict=True):
        seat.goto(link)
        press(seat, f"I am {name}")
        group = seat.get_by_role("radiogroup", name=f"{name} bid", exact=True)
        group.get_by_role("radio", name="3", exact=True).check()
        tap_and_load(seat, seat.get_by_role("button", name="Save my bid"))
    everyone = page.locator(".seat-bids .all-in")
    expect(everyone).to_contain_text("All 4 bids are in for hand 3", timeout=8000)
    expect(page.get_by_role("heading", name="Hand 3: bids")).to_be_hidden()
    shot(page, "fit-seat-links-all-in-360")
    within_first_screen(page, everyone)
    within_first_screen(page, page.get_by_role("link", name="Enter the tricks of hand 3"))


@pytest.mark.parametrize(
    ("mode", "players"),
    [
        ("cutthroat", ("Ann", "Bo", "Cat")),
        ("cutthroat", ("Ann", "Bo", "Cat", "Di")),
        ("partnership", ("Ann", "Bo", "Cat", "Di")),
    ],
)
def test_saving_tricks_with_nothing_chosen_keeps_save_on_the_first_screen(
    page, own_server, mode, players
):
    table = Table(mode, players)
    bids = (4, 5, 4, 4) if len(players) == 4 else (6, 5, 6)
    played = Hand(bids, (4, 5, 3, 1) if len(players) == 4 else (6, 5, 6))
    game_id = stored_game(own_server, table, Rules(), [played, Hand(bids, None)], "seat")
    _small(page)
    page.goto(f"{own_server.url}/games/{game_id}")
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
    page.wait_for_function("() => !document.body.classList.contains('settling')")
    press(page, "Save tricks")
    alert = page.locator("form.hand-form [role=alert]")
    expect(alert).to_have_count(1)
    for name in players:  # the summary names every field left out
        expect(alert).to_contain_text(name)
    expect(page.locator(".pick.invalid")).to_have_count(len(players))
    shot(page, f"fit-tricks-refused-{mode}-{len(players)}-360")
    fits(page, "Save tricks")
    within_first_screen(page, alert)


def test_undo_at_the_bottom_edge_brings_its_question_into_view(page, own_server):
    game_id = close_game(own_server)
    _small(page)
    page.goto(f"{own_server.url}/games/{game_id}")
    undo = page.get_by_role("button", name="Undo hand 2", exact=True)
    # its foot at the screen's foot
    undo.evaluate("e => { e.scrollIntoView({ block: 'end' }); window.scrollBy(0, 2); }")
    within_first_screen(page, undo)
    undo.tap()
    yes = page.get_by_role("button", name="Yes, undo hand 2")
    expect(yes).to_be_visible()
    page.wait_for_timeout(300)  # any scroll has ended
    page.screenshot(path=str(ARTIFACTS / "fit-undo-asks-in-view-360.png"))  # the screen only
    within_first_screen(page, yes)
    within_first_screen(page, undo)  # what was tapped stays in view too


def test_a_long_name_stays_whole_beside_a_three_digit_minus(page, own_server):
    _long_names_game(page, own_server, [FIRST, Hand((3, 5, 3, 2), (5, 1, 4, 3))])
    expect(page.locator(".scoreboard .s1 .total")).to_have_text("\u2212149")
    for name in page.locator(".scoreboard .side-name").all():
        assert name.evaluate("e => e.scrollWidth <= e.clientWidth"), name.inner_text()
    shot(page, "fit-cutthroat-4-minus-149-360")
    fits(page, "Save bids")


# bids and tricks of hands 2 on, in seat order: a set, a nil made, bags, a blind-free game
LATER = [
    ((3, 4, 3, 3), (4, 3, 3, 3)),
    ((2, 3, NIL, 4), (3, 4, 0, 6)),
    ((4, 3, 3, 3), (4, 3, 3, 3)),
    ((3, 3, 4, 3), (3, 3, 4, 3)),
    ((4, 3, 3, 3), (4, 3, 3, 3)),
    ((3, 3, 4, 3), (3, 3, 4, 3)),
]


@pytest.mark.parametrize(("width", "height"), [(390, 844), (360, 740)])
def test_a_whole_four_player_cutthroat_game_never_scrolls(page, own_server, width, height):
    _long_names_game(page, own_server, [FIRST], width, height)
    for number, (bids, tricks) in enumerate(LATER, start=2):
        if page.get_by_role("heading", name=re.compile("^Game over")).count():
            break
        expect(page.get_by_role("heading", name=f"Hand {number}: bids")).to_be_visible()
        fits(page, "Save bids")
        words = [str(b) if b != NIL else "nil" for b in bids]
        enter_bids(page, dict(zip(LONG, words, strict=True)), save=False)
        fits(page, "Save bids")
        press(page, "Save bids")
        page.wait_for_function("() => !document.body.classList.contains('settling')")
        fits(page, "Save tricks")
        enter_tricks(page, dict(zip(LONG, tricks, strict=True)), save=False)
        shot(page, f"fit-whole-game-{width}-hand-{number}-tricks")
        fits(page, "Save tricks")
        assert cramped_targets(page) == []
        press(page, "Save tricks")
    expect(page.get_by_role("heading", name=re.compile("^Game over"))).to_be_visible()


@pytest.mark.parametrize("names", [("Ann", "Bo", "Cat", "Di"), LONG])
def test_saving_bids_with_nothing_chosen_keeps_save_on_the_first_screen(page, own_server, names):
    table = Table("cutthroat", names)
    game_id = stored_game(own_server, table, Rules(), [FIRST], "seat")
    _small(page)
    page.goto(f"{own_server.url}/games/{game_id}")
    press(page, "Save bids")
    alert = page.locator("form.hand-form [role=alert]")
    expect(alert).to_have_text(  # one line naming them all
        f"Not saved: no bid yet from {', '.join(names[:3])} and {names[3]}."
    )
    for name in names:  # each row says it too, to a screen reader, and is marked
        expect(page.locator(f"[aria-label='{name} bid'].invalid")).to_have_accessible_description(
            f"{name}'s bid is missing"
        )
    shot(page, f"fit-bids-refused-{len(names[0])}-360")
    fits(page, "Save bids")
    within_first_screen(page, alert)
