"""A fix of an earlier hand that a later hand would then break (a blind nil no longer far
enough behind) is refused on the fix page naming that later hand and the house rule in
the words the new-game page gives it, nothing changed."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.flows import choose, enter_bids, enter_tricks, follow, press, start_game, totals
from tests.browser.helpers import shot

PLAYERS = ["Ann", "Bob", "Cat", "Don"]


def test_a_fix_a_later_blind_nil_would_break_names_that_hand_and_the_rule(page, live_server):
    start_game(page, live_server, PLAYERS, rules={"Blind nil only when behind by": "100"})
    enter_bids(page, {"Ann": 5, "Bob": 3, "Cat": 5, "Don": 3})
    enter_tricks(page, {"Ann & Cat": 11})
    enter_bids(page, {"Ann": 4, "Bob": "blind nil", "Cat": 4, "Don": 3})  # 161 behind
    enter_tricks(page, {"Ann & Cat": 8})
    assert totals(page) == ["181", "172"]
    follow(page, "Fix hand 1")
    choose(page, "Ann & Cat tricks", "6")  # Ann & Cat set: Bob & Don were ahead at hand 2
    press(page, "Save hand 1")
    refusal = page.locator("main [role=alert]").first
    expect(refusal).to_contain_text(
        "Hand 2: after the change to hand 1 this hand breaks Blind nil only when behind by: "
        "Bob may bid blind nil only when trailing by 100 or more"
    )
    expect(refusal).not_to_contain_text("blind_nil_trailing_by")
    # above the form: hand 1's own bids are not what hand 2 breaks
    expect(page.locator(".invalid")).to_have_count(0)
    shot(page, "fix-refused-by-a-later-hand")
    follow(page, "Back to the game without saving")
    assert totals(page) == ["181", "172"]
