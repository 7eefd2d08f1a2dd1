"""A seat phone's own bid at 360x740: the choices and "Save my bid" on the first screen,
for the seventeen bids of a three-player cutthroat too, each choice 44 px or more."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.flows import cramped_targets, overflowing, press, sideways
from tests.browser.helpers import shot, within_first_screen
from tests.live import Phone


def _seat_links(base: str, players: tuple[str, ...], table: str, bids: list, tricks: list):
    phone = Phone(base)
    game_id = phone.start_game(players, table=table)
    assert phone.play_hand(game_id, 1, bids, tricks)
    phone.request(f"/games/{game_id}")
    assert phone.request(f"/games/{game_id}/seats", {"seats": "on"})[0] == 302
    _, _, page = phone.request(f"/games/{game_id}")
    return list(dict.fromkeys(re.findall(r'href="(http[^"]+/seat/[\w-]+)"', page)))


@pytest.mark.parametrize(
    "players, table, bids, tricks",
    [
        (("Ann", "Bo", "Cat"), "cutthroat-3", [3, "nil", 3], [6, 0, 11]),
        (("Alice", "Ben", "Cara", "Dev"), "partnership", [3, "nil", 3, 4], [6, 0, 0, 7]),
    ],
)
def test_a_seat_phone_bids_on_one_screen(page, live_server, players, table, bids, tricks):
    page.set_viewport_size({"width": 360, "height": 740})
    links = _seat_links(live_server, players, table, bids, tricks)
    assert len(links) == len(players)
    page.goto(links[0])
    expect(page.get_by_role("radio")).to_have_count(0)  # opening the link claims nothing
    press(page, f"I am {players[0]}")
    shot(page, f"seat-phone-{table}")
    assert page.get_by_role("radio").count() == (17 if table == "cutthroat-3" else 13) + 2
    within_first_screen(page, page.get_by_role("button", name="Save my bid"))
    assert cramped_targets(page) == []
    assert sideways(page) <= 0, overflowing(page)
    tens = page.locator(".seat-bid label", has_text=re.compile(r"^\s*1[0-7]\s*$"))
    heights = tens.evaluate_all(
        "ls => ls.map(l => l.querySelector('span').getClientRects().length)"
    )
    assert heights and set(heights) == {1}, heights  # "10" on one line, never "1" over "0"
