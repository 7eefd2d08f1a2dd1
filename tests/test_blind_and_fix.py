"""The bids step's blind toggles, and a fix that ends the game earlier asking first."""

from __future__ import annotations

import re

from scorepad.core.records import Hand
from scorepad.core.rules import validate_rules
from scorepad.store import commands, storage
from scorepad.web.db import get_db
from tests.helpers import (
    bid_form,
    imported,
    partnership,
    play,
    start,
    text,
    tricks_form,
    version_on_page,
)


def load(app, game_id):
    with app.app_context():
        return storage.load_game(get_db(), game_id)


def blind_game(client, blind_bid="6", trailing_by="0"):
    return start(client, rule_blind_bid=blind_bid, rule_blind_bid_trailing_by=trailing_by)


# --- blind contracts on the bids step --------------------------------------------------


def test_a_side_bids_blind_from_its_toggle_and_scores_double(client, app):
    game_id = blind_game(client)
    page = client.get(f"/games/{game_id}").text
    assert 'name="blind_side_0"' in page and 'name="blind_side_1"' in page
    assert "Alice &amp; Cara bid blind" in page and "Ben &amp; Dev bid blind" in page
    r = client.post(
        f"/games/{game_id}/bids", data={**bid_form(1, [3, 3, 3, 3]), "blind_side_0": "1"}
    )
    assert r.status_code == 302
    assert load(app, game_id).game.hands[0].blind == (0,)
    assert "bid 6 blind" in text(client.get(f"/games/{game_id}"))
    client.post(
        f"/games/{game_id}/tricks",
        data=tricks_form(1, version_on_page(client, game_id), [3, 3, 3, 4]),
    )
    stored = load(app, game_id)
    # The core doubles the blind contract (6 made blind: 120); the other side's 6 with
    # one over is 61.
    assert stored.score().totals == (120, 61)
    assert "bid blind" in text(client.get(f"/games/{game_id}/history"))
    # the game page's last result names the blind contract its points came from
    results = re.findall(r'<p class="last-result">(.*?)</p>', client.get(f"/games/{game_id}").text)
    assert [re.sub(r"<[^>]+>", "", r) for r in results] == [
        "+120 bid blind, made 6 of 6",
        "+61 made 7 of 6 (1 bag)",
    ]


def test_no_toggle_and_a_refusal_where_blind_bids_are_off(client, app):
    game_id = start(client)
    assert "blind_side_0" not in client.get(f"/games/{game_id}").text
    r = client.post(
        f"/games/{game_id}/bids", data={**bid_form(1, [3, 3, 3, 3]), "blind_side_1": "1"}
    )
    assert r.status_code == 400
    assert "Blind bids are off in this game" in r.text  # the core's refusal
    assert load(app, game_id).game.hands == ()


def test_only_a_side_far_enough_behind_gets_the_toggle(client, app):
    game_id = blind_game(client, trailing_by="100")
    assert "blind_side_0" not in client.get(f"/games/{game_id}").text
    r = client.post(
        f"/games/{game_id}/bids", data={**bid_form(1, [3, 3, 3, 3]), "blind_side_0": "1"}
    )
    assert r.status_code == 400 and "may bid blind only when trailing by 100 or more" in r.text
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])  # RULES.md: 71 / 150
    play(client, game_id, 2, [3, 3, 3, 3], [1, 4, 1, 7])  # set: 11 / 215
    assert load(app, game_id).score().next_hand.blind_contract == (True, False)
    page = client.get(f"/games/{game_id}").text
    assert 'name="blind_side_0"' in page and 'name="blind_side_1"' not in page
    r = client.post(
        f"/games/{game_id}/bids", data={**bid_form(3, [3, 3, 3, 3]), "blind_side_1": "1"}
    )
    assert r.status_code == 400
    assert "Ben &amp; Dev may bid blind only when trailing by 100 or more" in r.text
    r = client.post(
        f"/games/{game_id}/bids", data={**bid_form(3, [3, 3, 3, 3]), "blind_side_0": "1"}
    )
    assert r.status_code == 302 and load(app, game_id).game.hands[2].blind == (0,)


def test_a_blind_bid_under_the_minimum_is_refused_by_the_core(client, app):
    game_id = blind_game(client)
    r = client.post(
        f"/games/{game_id}/bids", data={**bid_form(1, [2, 3, 2, 3]), "blind_side_0": "1"}
    )
    assert r.status_code == 400 and "a blind bid is at least 6" in r.text
    assert 'name="blind_side_0" value="1" checked' in r.text  # kept as ticked
    assert load(app, game_id).game.hands == ()


# --- a fix that ends the game earlier ---------------------------------------------------


def removal_game(app) -> str:
    """Target 200, three hands of 61 / 60: 183 / 180, still playing."""
    same = Hand((3, 3, 3, 3), (4, 3, 3, 3))
    with app.app_context():
        return imported(
            get_db(), partnership(), validate_rules({"target": 200}, "partnership"), (same,) * 3
        )


def fix_of_hand_1(app, game_id) -> dict:
    # Alice nil made (100) and Cara 12 of 12 (120): 220, over the target after hand 1.
    version = load(app, game_id).versions[0]
    return {**bid_form(1, ["nil", 1, 12, 1]), **tricks_form(1, version, [0, 1, 12, 0])}


def test_a_fix_that_ends_the_game_earlier_names_the_hands_and_asks(client, app):
    game_id = removal_game(app)
    r = client.post(f"/games/{game_id}/hands/1", data=fix_of_hand_1(app, game_id))
    assert r.status_code == 400
    words = text(r)
    assert "hands 2 and 3 would be removed; confirm to remove them" in words
    assert "Remove hands 2 and 3 and save" in words
    revision = load(app, game_id).revision
    assert f'name="confirm_removal" value="{revision}:2,3"' in r.text
    # one primary action; the other keeps every hand and saves nothing
    assert r.text.count('class="primary"') == 1 and "Keep every hand: do not save" in words
    assert "Save hand 1" not in words
    assert len(load(app, game_id).game.hands) == 3  # nothing saved yet


def test_a_fix_that_removes_one_hand_says_it(client, app):
    """One hand: "confirm to remove it" (it said "them" of hand 3 alone)."""
    game_id = removal_game(app)
    version = load(app, game_id).versions[1]
    # hand 2: Alice nil made (100) and Cara 12 of 12 (120): over the target after hand 2
    fix = {**bid_form(2, ["nil", 1, 12, 1]), **tricks_form(2, version, [0, 1, 12, 0])}
    words = text(client.post(f"/games/{game_id}/hands/2", data=fix))
    assert "hand 3 would be removed; confirm to remove it" in words
    assert "confirm to remove them" not in words


def shown_confirm(page: str) -> str:
    """The confirmation a page offers: the game's revision and the hands it removes."""
    return re.search(r'name="confirm_removal" value="([^"]+)"', page).group(1)


def test_a_confirm_after_another_hand_was_saved_is_refused_with_the_new_list(client, app):
    """Issue 16, finding 4: phone A is shown that its fix removes hands 2 and 3; phone B
    saves hand 4; A's confirmation removes nothing and shows the new list."""
    game_id = removal_game(app)
    data = fix_of_hand_1(app, game_id)
    shown = shown_confirm(client.post(f"/games/{game_id}/hands/1", data=data).text)
    play(client, game_id, 4, [3, 3, 3, 3], [4, 3, 3, 3])  # phone B: 244 / 240, over
    r = client.post(f"/games/{game_id}/hands/1", data={**data, "confirm_removal": shown})
    assert r.status_code == 400 and "Remove hands 2 to 4 and save" in text(r)
    assert len(load(app, game_id).game.hands) == 4  # nothing removed
    r = client.post(
        f"/games/{game_id}/hands/1", data={**data, "confirm_removal": shown_confirm(r.text)}
    )
    assert r.status_code == 302 and len(load(app, game_id).game.hands) == 1


def test_confirming_removes_the_hands_and_saves_the_fix(client, app):
    game_id = removal_game(app)
    data = fix_of_hand_1(app, game_id)
    shown = shown_confirm(client.post(f"/games/{game_id}/hands/1", data=data).text)
    r = client.post(f"/games/{game_id}/hands/1", data={**data, "confirm_removal": shown})
    assert r.status_code == 302
    stored = load(app, game_id)
    score = stored.score()
    assert len(stored.game.hands) == 1 and score.status == "finished" and score.winner == 0
    assert score.totals == (220, -20)
    assert "Game over: Alice & Cara win" in text(client.get(f"/games/{game_id}"))


def test_a_confirm_from_a_stale_page_is_refused(client, app):
    game_id = removal_game(app)
    data = fix_of_hand_1(app, game_id)
    data["confirm_removal"] = shown_confirm(
        client.post(f"/games/{game_id}/hands/1", data=data).text
    )
    version = load(app, game_id).versions[0]
    with app.app_context():
        commands.fix_hand(get_db(), game_id, 1, version, (3, 3, 3, 3), (3, 4, 3, 3))
    r = client.post(f"/games/{game_id}/hands/1", data=data)
    assert r.status_code == 302 and r.headers["Location"].endswith("/hands/1")
    assert "changed on another phone" in text(client.get(r.headers["Location"]))
    assert len(load(app, game_id).game.hands) == 3


def test_an_adjustment_that_ends_the_game_earlier_asks_first(client, app):
    game_id = removal_game(app)
    sent = {
        "version": str(load(app, game_id).versions[0]),
        "adjust_0": "200",
        "adjust_1": "0",
        "note": "ruling",
    }
    r = client.post(f"/games/{game_id}/hands/1/adjust", data=sent)
    assert r.status_code == 400 and "Remove hands 2 and 3 and save" in text(r)
    assert len(load(app, game_id).game.hands) == 3
    r = client.post(
        f"/games/{game_id}/hands/1/adjust", data={**sent, "confirm_removal": shown_confirm(r.text)}
    )
    assert r.status_code == 302
    score = load(app, game_id).score()
    # Added after everything else: 61 + 200, over the target of 200 after hand 1.
    assert score.totals == (261, 60) and len(score.hands) == 1 and score.winner == 0


def test_the_blind_toggles_hint_follows_blind_bid_doubles(client):
    """Under blind_bid_doubles = made the bids step must not say a missed blind contract
    counts double: it loses what the same contract bid in the open would."""
    always = text(client.get(f"/games/{blind_game(client)}"))
    assert "count double, made or missed" in always
    game_id = start(
        client, rule_blind_bid="6", rule_blind_bid_trailing_by="0", rule_blind_bid_doubles="made"
    )
    made = text(client.get(f"/games/{game_id}"))
    assert "Alice & Cara bid blind" in made
    assert "made or missed" not in made
    assert "count double when it is made" in made
