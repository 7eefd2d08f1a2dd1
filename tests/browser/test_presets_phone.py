"""Issue 30, item 3: a phone (360x740) starts a game from a shipped preset: its button on
the new-game page fills the rules in, the game keeps them and the preset's name."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.flows import overflowing, sideways
from tests.browser.helpers import shot


def test_a_game_starts_from_the_tournament_300_preset(page, live_server):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server}/games/new")
    page.get_by_role("link", name="Tournament 300").tap()
    expect(page.get_by_role("status")).to_contain_text("Tournament 300 are filled in")
    assert sideways(page) <= 0, overflowing(page)
    shot(page, "presets-new-game-360")
    expect(page.locator('input[name="target"][value="300"]')).to_be_checked()
    expect(page.locator("#rule_bag_limit")).to_have_value("7")
    for seat, name in enumerate(("Maya", "Tom", "Rosa", "Jun")):
        page.locator(f"#player_{seat}").fill(name)
    page.get_by_role("button", name="Start game").tap()
    page.wait_for_url(lambda url: "/games/new" not in url)
    page.goto(page.url.rstrip("/") + "/rules")
    expect(page.locator("main")).to_contain_text("started from the preset Tournament 300")
    expect(page.locator("main")).to_contain_text("in which anyone reaches 300")
    shot(page, "presets-rules-360")
    page.goto(page.url.rsplit("/", 1)[0] + "/settings")
    page.locator("#preset-name").fill("Our league")
    page.get_by_role("button", name="Save these rules as a preset").tap()
    expect(page.get_by_role("status").first).to_contain_text("Preset saved on this phone")
    expect(page.locator("main")).to_contain_text("Our league")
    assert sideways(page) <= 0, overflowing(page)
    page.goto(f"{live_server}/games/new")
    expect(page.get_by_role("link", name="Our league")).to_be_visible()


def test_the_presets_pages_fit_a_phone(page, live_server):
    page.set_viewport_size({"width": 360, "height": 740})
    for name, path in (("list", "/presets"), ("share", "/presets/share?preset=tournament-300")):
        page.goto(live_server + path)
        shot(page, f"presets-{name}-360")
        assert sideways(page) <= 0, (name, overflowing(page))
    expect(page.locator("svg")).to_be_visible()
