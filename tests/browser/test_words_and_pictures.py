"""The history's chart and what-if, and the big screen: a bag penalty drawn in the
legend's grey, What-if a tap from the top with its choices tapped, and the TV view
filling a 1920x1080 or 1280x720 screen in big type, long names and all."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorepad.core.records import NIL, Hand, Table
from scorepad.core.rules import Rules
from tests.browser.flows import follow
from tests.browser.helpers import shot, stored_game, within_first_screen

PLAYERS = ("Alice", "Ben", "Cara", "Dev")
# fifteen hands, Alice & Cara passing their bags limit now and then: penalties to draw
LONG = [Hand((4, 3, 3, 3), (5, 3, 4, 1)), Hand((4, 3, 3, NIL), (6, 4, 3, 0))] * 7 + [
    Hand((4, 3, 3, 3), (5, 3, 4, 1))
]


def _long_game(server) -> str:
    table = Table("partnership", PLAYERS)
    return stored_game(server, table, Rules(target=1000, bag_limit=5), LONG, "side")


PENALTY_AND_LEGEND = """() => [
  getComputedStyle(document.querySelector('.chart circle.penalty')).fill,
  getComputedStyle(document.querySelector('.legend .swatch.dot')).backgroundColor]"""


@pytest.mark.parametrize("look", ["", "contrast"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_bag_penalty_is_drawn_as_its_legend_says(page, own_server, scheme, look):
    page.emulate_media(color_scheme=scheme)
    page.context.add_cookies([{"name": "look", "value": look, "url": own_server.url}])
    page.goto(f"{own_server.url}/games/{_long_game(own_server)}/history")
    assert page.locator(".chart circle.penalty").count() > 1
    dot, legend = page.evaluate(PENALTY_AND_LEGEND)
    assert dot == legend, (dot, legend)
    labels = page.locator(".chart text").evaluate_all("ts => ts.map(t => t.textContent)")
    assert labels[-5:] == ["hand", "1", "5", "10", "15"]


@pytest.mark.parametrize(("width", "height"), [(390, 844), (360, 740)])
def test_what_if_is_a_tap_from_the_top_and_its_choices_are_tapped(
    page, own_server, width, height
):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{own_server.url}/games/{_long_game(own_server)}/history")
    heading = page.get_by_role("heading", name="What if")
    assert heading.bounding_box()["y"] > 2 * height  # far down, under fifteen hands
    link = page.get_by_role("link", name="What if", exact=True)
    within_first_screen(page, link)
    link.tap()
    page.wait_for_function("() => window.scrollY > 0")
    within_first_screen(page, heading)
    follow(page, "Points per bag")
    choices = page.locator("p.what-if-choices")
    expect(choices).to_contain_text("Points per bag (now 1):")
    within_first_screen(page, choices.get_by_role("link", name="0", exact=True))
    follow(page, "0")
    result = page.get_by_role("status")
    expect(result).to_contain_text("With points per bag set to 0:")
    within_first_screen(page, result)
    expect(choices.get_by_role("link", name="0", exact=True)).to_have_attribute(
        "aria-current", "true"
    )
    # a number's values too: the target's presets, then a switch's other side
    follow(page, "Target score")
    follow(page, "250")
    expect(result).to_contain_text("With target score set to 250:")
    follow(page, "Nil bids")
    follow(page, "off")
    expect(result).to_contain_text("nil bids off")
    shot(page, f"what-if-tapped-{width}")
