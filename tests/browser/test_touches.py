"""The touch budget: whole games entered by tapping only, counted, and checked against the core.

A partnership hand counted by side is 7 touches (4 bids, Save bids, 1 side count, Save
tricks), 8 with a broken nil; a 3-player cutthroat hand is 7 (3 bids, Save, 2 tricks, Save),
6 when one player bid nil (that player's 0 is chosen already).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Page, expect

from scorepad.core.records import BLIND_NIL, NIL, Hand, Table
from scorepad.core.rules import Rules
from scorepad.core.scoring import score_game
from tests.browser.flows import (
    enter_bids,
    enter_tricks,
    in_page_order,
    sideways,
    small_targets,
    start_game,
    start_three_player_cutthroat,
    totals,
    touches,
)
from tests.browser.helpers import shot

PLAYERS = ["Alice", "Ben", "Cara", "Dev"]
WORDS = {"nil": NIL, "blind nil": BLIND_NIL}
# (bids, Alice & Cara's count, nil bidders' own tricks when not 0)
PARTNERSHIP_HANDS = [
    ({"Alice": 4, "Ben": 5, "Cara": 3, "Dev": "nil"}, 8, {}),
    ({"Alice": 3, "Ben": 3, "Cara": 3, "Dev": 3}, 7, {}),
    ({"Alice": "nil", "Ben": 4, "Cara": 4, "Dev": 4}, 6, {"Alice": 1}),
    ({"Alice": 5, "Ben": 3, "Cara": 4, "Dev": 2}, 9, {}),
    ({"Alice": 4, "Ben": 4, "Cara": 4, "Dev": 1}, 8, {}),
    ({"Alice": 4, "Ben": 4, "Cara": 4, "Dev": 1}, 8, {}),
]


def in_view(page, locator) -> bool:
    box = locator.bounding_box()
    return (
        box is not None
        and box["y"] >= 0
        and box["y"] + box["height"] <= page.viewport_size["height"]
    )


def per_seat(bids, side_count, own) -> tuple[int, ...]:
    """A split per seat that scores as the side counts do (nil bidders their own)."""
    tricks = [own.get(name, 0) if bids[name] in WORDS else None for name in PLAYERS]
    for seats, count in (((0, 2), side_count), ((1, 3), 13 - side_count)):
        left = count - sum(tricks[s] or 0 for s in seats)
        for s in seats:
            if tricks[s] is None:
                tricks[s], left = left, 0
    return tuple(tricks)


def bid_left(unbid: int) -> str:
    """The live sum's last words: tricks nobody bid (never "4 unbid": four players?)."""
    many = abs(unbid) != 1
    if unbid >= 0:
        return f"{unbid} tricks nobody bid" if many else "1 trick nobody bid"
    return f"{-unbid} tricks bid over the hand" if many else "1 trick bid over the hand"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_partnership_hands_in_seven_touches(page, live_server, scheme):
    page.emulate_media(color_scheme=scheme)
    start_game(page, live_server, PLAYERS, target="250")
    table = Table("partnership", tuple(PLAYERS))
    rules = Rules(target=250)
    hands: list[Hand] = []
    counts = []
    for number, (bids, side_count, own) in enumerate(PARTNERSHIP_HANDS, 1):
        before = touches(page)
        shot(page, f"touch-{scheme}-{number}-bids")
        enter_bids(page, bids, save=False)
        contract = [
            sum(b for n, b in bids.items() if isinstance(b, int) and n in pair)
            for pair in (("Alice", "Cara"), ("Ben", "Dev"))
        ]
        unbid = 13 - sum(contract)
        expect(page.locator(".bid-summary")).to_have_text(
            f"Alice & Cara {contract[0]} · Ben & Dev {contract[1]} · " + bid_left(unbid)
        )
        assert small_targets(page) == []
        shot(page, f"touch-{scheme}-{number}-bids-chosen")
        enter_bids(page, {}, save=True)
        heading = page.get_by_role("heading", name=f"Hand {number}: tricks")
        assert in_view(page, heading) and in_view(page, page.locator(".scoreboard"))
        enter_tricks(page, {"Alice & Cara": side_count, **own}, save=False)
        expect(page.locator(".side-took")).to_have_text(f"Ben & Dev took {13 - side_count}")
        shot(page, f"touch-{scheme}-{number}-tricks")
        enter_tricks(page, {}, save=True)
        counts.append(touches(page) - before)
        assert counts[-1] == (8 if own else 7), counts
        bid_values = tuple(WORDS.get(str(bids[n]), bids[n]) for n in PLAYERS)
        hands.append(Hand(bid_values, per_seat(bids, side_count, own)))
        score = score_game(table, rules, hands)
        assert totals(page) == [str(s.total) for s in score.sides]
        assert sideways(page) <= 0
        if score.status == "finished":
            expect(page.get_by_role("heading", name="Game over")).to_be_visible()
            assert in_view(page, page.get_by_role("heading", name="Game over"))
            break
        assert in_view(page, page.get_by_role("heading", name=f"Hand {number + 1}: bids"))
    shot(page, f"touch-{scheme}-over")
    print(f"\npartnership ({scheme}): touches per hand {counts}, total {sum(counts)}")
    assert score.status == "finished"


def test_three_player_cutthroat_hands_in_seven_touches(page, live_server):
    page.set_viewport_size({"width": 360, "height": 740})
    start_three_player_cutthroat(page, live_server, ["Ana", "Bo", "Cy"])
    table, rules = Table("cutthroat", ("Ana", "Bo", "Cy")), Rules(target=200)
    plays = [  # bids, tricks (Bo's nil 0 is chosen already: one tap, the last follows)
        ({"Ana": 5, "Bo": "nil", "Cy": 10}, {"Ana": 6, "Bo": 0, "Cy": 11}),
        ({"Ana": 6, "Bo": 4, "Cy": 6}, {"Ana": 7, "Bo": 4, "Cy": 6}),
        ({"Ana": 8, "Bo": 5, "Cy": 4}, {"Ana": 8, "Bo": 5, "Cy": 4}),
    ]
    counts, hands = [], []
    for number, (bids, tricks) in enumerate(plays, 1):
        before = touches(page)
        enter_bids(page, bids)
        assert sideways(page) <= 0
        order = in_page_order(page, tricks, "tricks")
        last, took = order[-1]
        to_tap = {n: t for n, t in order[:-1] if bids[n] != "nil"}
        enter_tricks(page, to_tap, save=False)
        expect(page.locator(".remaining")).to_contain_text(f"{last} took {took}")
        shot(page, f"touch-cutthroat-{number}-tricks")
        enter_tricks(page, {}, save=True)
        counts.append(touches(page) - before)
        hands.append(
            Hand(tuple(WORDS.get(str(b), b) for b in bids.values()), tuple(tricks.values()))
        )
        score = score_game(table, rules, hands)
        assert totals(page) == [str(s.total) for s in score.sides]
    print(f"\ncutthroat: touches per hand {counts}, total {sum(counts)}")
    assert counts == [6, 7, 7] and score.status == "finished"
    sides = page.locator(".scoreboard .side")
    tops = {round(sides.nth(i).bounding_box()["y"]) for i in range(3)}
    assert len(tops) == 1  # the three players' scores on one row
    shot(page, "touch-cutthroat-over")


@contextmanager
def _landscape(browser, width: int, height: int) -> Iterator[Page]:
    """A phone turned on its side, `width` by `height`: a page of its own context."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    try:
        yield context.new_page()
    finally:
        context.close()


def test_landscape_puts_names_beside_their_first_choices(browser, live_server):
    with _landscape(browser, 844, 390) as page:
        start_game(page, live_server, PLAYERS)
        group = page.get_by_role("radiogroup", name="Ben bid")
        first = group.get_by_role("radio", name="1", exact=True)
        assert in_view(page, first)
        name, chip = group.locator("legend").bounding_box(), first.bounding_box()
        assert abs(name["y"] - chip["y"]) < 30 and chip["x"] - name["x"] < 200
        assert sideways(page) <= 0
        shot(page, "landscape-bids")


def test_landscape_keeps_a_ten_letter_name_whole_beside_its_chips(browser, live_server):
    with _landscape(browser, 740, 360) as page:
        start_game(page, live_server, ["Alexandra", "Maximilian", "Carolina", "Demetrio"])
        group = page.get_by_role("radiogroup", name="Maximilian bid")
        name = group.locator("legend")
        height = name.evaluate("e => e.getBoundingClientRect().height")
        line = name.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)")
        padding = name.evaluate("e => parseFloat(getComputedStyle(e).paddingTop)")
        assert height - padding < 1.5 * line, "the name broke over two lines"
        first = group.get_by_role("radio", name="1", exact=True).bounding_box()
        assert first["x"] > name.bounding_box()["x"] + name.bounding_box()["width"] - 1
        assert sideways(page) <= 0
        shot(page, "landscape-long-name")
