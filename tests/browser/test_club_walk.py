"""A club evening on a phone (390x844), as a new user walks it: a club made from the Games
page, three games filed into it at their start, a misspelt player merged on the manager's
page, her card opened from the ratings list and kept off the public lists from it, the
members' link on another phone without her, and the merge undone from a button that
names it, her own choice kept."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.flows import (
    enter_bids,
    enter_tricks,
    follow,
    overflowing,
    press,
    sideways,
    start_game,
    tap_and_load,
)
from tests.browser.helpers import PHONE, shot

CLUB = "Walk Spades"
# Seats 1 & 3 against 2 & 4; the first side takes 9 of 6 (63) or 4 of 6 (-60), to 50.
GAMES = [
    (["Ann", "Ben", "Cara", "Dev"], 9),
    (["Annie", "Ed", "Cara", "Flo"], 4),  # Ann's name misspelt: she loses this one
    (["Ben", "Gus", "Dev", "Hal Brown"], 9),
]


def _club_game(page, base: str, names: list[str], took: int) -> None:
    """A partnership game to 50 filed into the club at its start, played to its end."""
    start_game(page, base, names, target="50", club=CLUB)
    expect(page.get_by_text("Chances to win, from the club's ratings")).to_be_visible()
    enter_bids(page, {name: 3 for name in names})
    enter_tricks(page, {f"{names[0]} & {names[2]}": took})
    expect(page.get_by_role("heading", name=re.compile("^Game over"))).to_be_visible()


def _row(page, name: str):
    return page.locator("table.standings").first.locator("tbody tr", has_text=name)


def _fits(page, name: str) -> None:
    shot(page, name)
    assert sideways(page) <= 0, (name, overflowing(page))


def test_a_club_evening_on_a_phone(page, browser, live_server):
    page.goto(f"{live_server}/games")
    follow(page, "Clubs and ratings")
    page.get_by_label("Club name").fill(CLUB)
    press(page, "Make the club")
    expect(page.get_by_role("heading", name=CLUB)).to_be_visible()
    manager = page.url
    for names, took in GAMES:
        _club_game(page, live_server, names, took)

    page.goto(manager)
    expect(page.get_by_text("3 games, 3 finished and rated")).to_be_visible()
    expect(_row(page, "Annie")).to_have_count(1)
    _fits(page, "club-walk-manager")  # "Hal Brown" wraps in its row

    page.get_by_label("Keep", exact=True).fill("Ann")
    page.get_by_label("is the same person as").fill("Annie")
    press(page, "Merge into one person")
    expect(page.locator(".flash").first).to_contain_text("Merged")
    expect(page.locator(".roster > li").first).to_contain_text("Ann (plays as Ann, Annie)")
    expect(page.locator("table.standings").first.get_by_text("Annie")).to_have_count(0)
    ann = _row(page, "Ann")
    expect(ann.locator("td").last).to_have_text("2")  # her game as Annie counts for her
    listed = ann.locator("td").nth(1).inner_text()
    assert re.fullmatch(r"\d+ provisional", listed), listed

    tap_and_load(page, ann.get_by_role("link", name="Ann", exact=True))
    expect(page.get_by_role("heading", name="Ann", exact=True)).to_be_visible()
    expect(page.get_by_text("plays as Ann, Annie")).to_be_visible()
    expect(page.locator(".rating-now strong")).to_have_text(listed.split()[0])  # the list's
    expect(page.locator(".rating-now .provisional")).to_have_text("provisional")
    expect(page.locator(".rating-now")).to_contain_text("2 games rated")
    games = page.locator(".card-games li")
    expect(games).to_have_count(2)
    expect(games.first).to_contain_text(re.compile(r"expected \d+% to win, lost: −\d+"))
    expect(games.last).to_contain_text(re.compile(r"expected \d+% to win, won: \+\d+"))
    _fits(page, "club-walk-card")
    card = page.url

    press(page, "This is me")
    expect(page.get_by_text("This phone keeps this card as yours.")).to_be_visible()
    press(page, "Keep me off the public lists")
    expect(page.locator(".flash").first).to_contain_text("Off the public lists")
    expect(page.get_by_role("button", name="Show me on the public lists")).to_be_visible()

    page.goto(manager)
    expect(_row(page, "Ann")).to_contain_text("(off public lists)")
    _fits(page, "club-walk-manager-hidden")

    other = browser.new_context(**PHONE)
    try:
        member = other.new_page()
        member.goto(card.split("/card/")[0])
        expect(member.get_by_role("heading", name=CLUB)).to_be_visible()
        rows = member.locator("table.standings").first.locator("tbody th")
        expect(rows).to_have_count(7)  # nine names met: Annie merged into Ann, Ann kept off
        expect(rows.filter(has_text=re.compile(r"^Ann"))).to_have_count(0)
        expect(rows.filter(has_text="Hal Brown")).to_have_count(1)
        assert "Your card" not in member.locator("main").inner_text()
        _fits(member, "club-walk-members")
    finally:
        other.close()

    page.goto(manager)
    undo = page.locator("details.undo")
    expect(undo.locator("summary")).to_have_text("Undo: merge of Annie into Ann")
    undo.locator("summary").tap()
    expect(undo).to_contain_text("Undo: merge of Annie into Ann. The roster goes back")
    _fits(page, "club-walk-undo-asked")
    press(page, "Yes, undo it")
    expect(page.locator(".flash").first).to_contain_text("Merge undone")
    for name in ("Ann", "Annie"):  # her own choice stands, for each of her names
        row = page.get_by_role("row", name=re.compile(rf"^\d+ {name} \(off public lists\)"))
        expect(row).to_have_count(1)
    _fits(page, "club-walk-undone")
