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
def test_what_if_is_a_tap_from_the_top_and_its_choices_are_tapped(page, own_server, width, height):
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


SIDES = ("Featherstonehaugh-Okonkwo Card Sharks XL", "The Quackenbush-Llewelyn Night Owls of 1")
TV = """() => {
  const size = (s) => parseFloat(getComputedStyle(document.querySelector(s)).fontSize);
  const shown = [...document.querySelectorAll('#board > *, #board .side-name')]
    .filter(e => e.checkVisibility());
  return {
    status: size('.status'), total: size('.total'), name: size('.side-name'),
    grey: getComputedStyle(document.querySelector('.status')).color
      !== getComputedStyle(document.body).color,
    bottom: Math.max(...shown.map(e => e.getBoundingClientRect().bottom)),
    right: Math.max(...shown.map(e => e.getBoundingClientRect().right)),
    cut: shown.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.className),
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
  };
}"""


@pytest.mark.parametrize("in_play", [True, False], ids=["hand-in-play", "game-over"])
@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1280, 720)])
def test_the_tv_view_fills_the_screen_in_big_type(browser, own_server, width, height, in_play):
    table = Table("partnership", PLAYERS, 0, SIDES)
    played = [Hand((4, 3, 3, 3), (5, 3, 4, 1))]  # Alice & Cara +72 a hand
    hands = [*played, Hand((4, 3, 3, NIL), None)] if in_play else played * 2
    rules = Rules(target=500 if in_play else 100)  # over at 144
    game_id = stored_game(own_server, table, rules, hands, "side")
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        tv = context.new_page()
        tv.goto(f"{own_server.url}/games/{game_id}")
        tv.goto(
            own_server.url
            + tv.locator("a", has_text="The live score for a TV").get_attribute("href")
        )
        status = tv.locator(".status")
        expect(status).to_contain_text("Hand 2 is being played" if in_play else "Game over")
        found = tv.evaluate(TV)
        assert found["scroll"] == [width, height], found  # one screen, nothing sideways
        assert found["cut"] == []  # both 40-letter names whole
        assert found["status"] >= 0.04 * height and not found["grey"], found
        assert found["total"] >= 0.15 * height and found["name"] >= 0.045 * height, found
        # filling it: across the screen, and down at least three quarters of it
        assert found["right"] >= 0.95 * width and found["bottom"] >= 0.75 * height, found
        if in_play:
            assert (
                float(
                    tv.locator(".in-play").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
                )
                >= 0.04 * height
            )
        shot(tv, f"tv-{'in-play' if in_play else 'over'}-{width}")
    finally:
        context.close()
