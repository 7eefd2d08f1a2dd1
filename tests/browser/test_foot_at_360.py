"""The foot of every page at 360x740 once a phone said "This is me": "My card", "My club"
(and "My clubs") and the language each stay on one line, in English and in Spanish, and
the foot scrolls nothing sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorepad.files import game as gamefile
from scorepad.store import commands
from scorepad.store.db import connect, migrate
from tests.browser.flows import follow, press, sideways
from tests.browser.helpers import shot
from tests.browser.speech import say
from tests.ratings_club import game_file

# every text node of a foot link: one line box each (a word pushed onto a second line
# makes a second rect)
LINES = """as => as.map(a => {
  const range = document.createRange();
  range.selectNodeContents(a);
  return [a.innerText, range.getClientRects().length];
})"""


def _club_with_a_game(server, base: str, page, name: str) -> str:
    page.goto(f"{base}/clubs/new")
    page.locator("input[name=name]").fill(name)
    with page.expect_navigation():
        page.locator("main form button").first.tap()
    club_id = page.url.rsplit("/", 1)[-1]
    migrate(server.database)
    db = connect(server.database)
    try:
        game, score = gamefile.read_scored(game_file((("Ann", "Cy"), ("Bo", "Di")), 0))
        commands.import_game(db, game, score, club_id)
    finally:
        db.close()
    return club_id


def _claim(page, base: str, club_id: str, lang: str) -> None:
    page.goto(f"{base}/clubs/{club_id}")
    follow(page, "Ann")
    press(page, say(lang, "This is me"))
    expect(page.locator("footer.foot")).to_contain_text(say(lang, "My card"))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_foot_keeps_each_link_on_one_line_at_360(page, own_server, lang):
    page.set_viewport_size({"width": 360, "height": 740})
    base = own_server.url
    first = _club_with_a_game(own_server, base, page, "Friday Spades")
    _claim(page, base, first, lang)
    for held in (1, 2):
        if held == 2:  # a second card: "My clubs" joins the foot
            _claim(page, base, _club_with_a_game(own_server, base, page, "Tuesday"), lang)
        for path in ("/games/new", "/rules", f"/clubs/{first}"):
            page.goto(f"{base}{path}")
            foot = page.locator("footer.foot")
            lines = foot.locator("a").evaluate_all(LINES)
            assert len(lines) == 2 + held, lines
            assert all(count == 1 for _, count in lines), (path, lines)
            assert sideways(page) <= 0, path
    shot(page, f"foot-360-{lang}")


@pytest.mark.parametrize("lang", ["es"])
def test_the_language_link_at_the_foot_is_a_whole_tap_target(page, own_server):
    page.set_viewport_size({"width": 360, "height": 740})
    for path in ("/games/new", "/language"):
        page.goto(own_server.url + path)
        box = page.get_by_role("link", name="Idioma: Español").bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, (path, box)
        assert box["x"] >= 12, (path, box)  # off the edge, as the foot's buttons
