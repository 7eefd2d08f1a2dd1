"""A folded row's note ("deals", "sent from their phone") beside a long name at 360 px: the
name gives way, never the note's own words ("deal" above "s" was seen in a QA pass)."""

from __future__ import annotations

from scorepad.core.records import Table
from scorepad.core.rules import Rules
from tests.browser.helpers import stored_game

LONG = ("Bartholomew-Alexander", "Wolfeschlegelsteinhausen", "Maximiliana-Fernanda", "Dev")

# Each folded row's note whose height is more than one line of its text: a word broken.
BROKEN_NOTES = """() => [...document.querySelectorAll('.pick-head .note')]
  .filter(note => note.offsetParent !== null)
  .filter(note => note.getBoundingClientRect().height >
                  1.5 * parseFloat(getComputedStyle(note).lineHeight))
  .map(note => note.textContent.trim())"""


def test_the_dealer_note_is_not_broken_beside_a_long_name(page, own_server):
    table = Table("partnership", LONG)  # seat 0 deals hand 1, seat 1 bids first (open)
    game_id = stored_game(own_server, table, Rules(target=300), [], "side")
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{own_server.url}/games/{game_id}")
    dealer = page.locator(".pick-head", has_text="Bartholomew-Alexander")
    assert dealer.locator(".note").inner_text().strip() == "deals"
    assert page.evaluate(BROKEN_NOTES) == []
