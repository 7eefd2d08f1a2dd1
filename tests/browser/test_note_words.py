"""A folded row's note ("deals", "sent from their phone") beside a long name at 360 px: the
name gives way, never the note's own words ("deal" above "s" was seen in a QA pass)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorepad.core.records import Hand, Table
from scorepad.core.rules import Rules
from tests.browser.helpers import stored_game

LONG = ("Bartholomew-Alexander", "Wolfeschlegelsteinhausen", "Maximiliana-Fernanda", "Dev")

# Each word of a folded row's name (`.who`) or note (`.note`) split over two lines: a
# note's word never; a name's only when that one word is wider than the row.
SPLIT_WORDS = """(part) => [...document.querySelectorAll(`.pick-head ${part}`)]
  .filter(el => el.offsetParent !== null)
  .flatMap(el => {
    const text = el.firstChild, split = [];
    for (const m of text.textContent.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(text, m.index); range.setEnd(text, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (lines.size > 1) split.push(m[0]);
    }
    return split;
  })"""


def test_the_dealer_note_is_not_broken_beside_a_long_name(page, own_server):
    table = Table("partnership", LONG)  # seat 0 deals hand 1, seat 1 bids first (open)
    game_id = stored_game(own_server, table, Rules(target=300), [], "side")
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{own_server.url}/games/{game_id}")
    dealer = page.locator(".pick-head", has_text="Bartholomew-Alexander")
    assert dealer.locator(".note").inner_text().strip() == "deals"
    assert page.evaluate(SPLIT_WORDS, ".note") == []


NAMES = ("Maximiliano", "Bartholomew", "Guadalupe", "Fernando")


@pytest.mark.parametrize(("lang", "width"), [("en", 360), ("es", 360), ("es", 390)])
def test_a_side_s_name_in_a_folded_tricks_row_breaks_between_words(page, own_server, lang, width):
    """The tricks step's row of a side, folded once its count is tapped, beside its note
    (the side's bid): "Maximilia / no & / Guadalup / e" was seen in a QA pass."""
    table = Table("partnership", NAMES)
    hands = [Hand((4, 3, 3, 3))]  # hand 1 bid: its tricks to enter
    game_id = stored_game(own_server, table, Rules(target=250), hands, "side")
    page.set_viewport_size({"width": width, "height": 740})
    page.set_extra_http_headers({"Accept-Language": lang})
    page.goto(f"{own_server.url}/games/{game_id}")
    page.locator(".pick.tricks").first.get_by_role("radio", name="7", exact=True).tap()
    heads = page.locator(".pick.folded .pick-head .who")
    expect(heads.first).to_be_visible()
    assert page.evaluate(SPLIT_WORDS, ".who") == []
    assert page.evaluate(SPLIT_WORDS, ".note") == []
