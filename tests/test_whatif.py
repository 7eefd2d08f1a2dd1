"""What if: a game scored again under another value of one house rule, the game untouched."""

from __future__ import annotations

import html

import pytest

from scorepad.core.errors import GameError
from scorepad.core.game import Game
from scorepad.core.rules import Rules, RulesError, validate_rules
from scorepad.core.scoring import score_game
from scorepad.core.whatif import rule_value, what_if
from tests.helpers import hand, partnership, play, start, text

# Ben & Dev pile up bags: 9 after hand 2, a penalty in hand 3 with 2 left (carry).
BAGGY = (
    hand((3, 3, 3, 3), (3, 7, 2, 1)),  # A&C set -60; B&D 6 of 8: 62, 2 bags
    hand((3, 2, 3, 2), (3, 7, 3, 0)),  # A&C 60; B&D 4 of 7: 43, 5 bags (7)
    hand((3, 2, 3, 2), (3, 6, 2, 2)),  # A&C set -60; B&D 4 of 8: 44, 11: -100, 1 left
    hand((3, 2, 3, 2), (3, 3, 3, 4)),
)  # A&C 60; B&D 4 of 7: 43, 4 bags (carry: 5)


def test_what_if_scores_with_the_core_and_leaves_the_game_alone():
    game = Game(partnership(), Rules(), BAGGY)
    result = what_if(game, "bag_remainder", "drop")
    expected = score_game(game.table, Rules(bag_remainder="drop"), BAGGY)
    assert result.error is None and result.score is not None
    assert result.score.totals == expected.totals
    assert result.score.bags != game.score().bags  # drop: 3 bags after, carry: 4
    assert game.rules == Rules() and result.real.totals == game.score().totals


def test_a_winner_that_would_change():
    # Ben & Dev win 450 - 240 on Ben's nils; with nil worth nothing they trail 150 - 240.
    hands = (hand((4, "nil", 4, 5), (4, 0, 4, 5)),) * 3
    game = Game(partnership(), Rules(target=400), hands)
    real = game.score()
    result = what_if(game, "nil_value", 0)
    assert real.status == "finished" and real.winner == 1 and real.totals == (240, 450)
    assert result.score is not None and result.score.totals == (240, 150)
    assert result.winner == 0 and not result.same_winner


def test_a_winner_that_would_not_change():
    game = Game(partnership(), Rules(), BAGGY)
    result = what_if(game, "bag_limit", 0)
    assert result.score is not None and result.score.totals != game.score().totals
    assert result.same_winner and not result.finished  # still playing: the lead


def test_a_lower_target_ends_the_game_earlier():
    game = Game(partnership(), Rules(), BAGGY)
    result = what_if(game, "target", 100)
    assert result.ended_after == 2  # B&D reach 105 after hand 2
    assert result.score is not None and result.score.status == "finished"
    assert len(result.score.hands) == 2 and result.score.winner == 1


def test_a_hand_that_breaks_the_other_rule_is_named():
    game = Game(
        partnership(),
        Rules(),
        (hand((3, 3, 3, 3), (3, 4, 3, 3)), hand((3, "blind_nil", 3, 3), (4, 0, 3, 6))),
    )
    result = what_if(game, "blind_nil", False)
    assert result.score is None and isinstance(result.error, GameError)
    assert result.error.hand == 2 and "blind nil is off" in str(result.error)


def test_a_value_the_rules_refuse_names_the_rule():
    result = what_if(Game(partnership(), Rules(), BAGGY), "target", 10)
    assert isinstance(result.error, RulesError) and result.error.key == "target"
    assert "50 to 2000" in str(result.error)


def test_a_game_ended_early_is_ended_early_again():
    game = Game(partnership(), Rules(), BAGGY[:2], ended=True)
    result = what_if(game, "bag_points", 0)
    assert result.score is not None and result.score.ended and result.score.status == "finished"


@pytest.mark.parametrize(
    ("key", "text", "value"),
    [
        ("bag_remainder", "drop", "drop"),
        ("bag_remainder", "Start again from 0", "drop"),
        ("nil", "off", False),
        ("double_nil", "On", True),
        ("target", " 300 ", 300),
        ("loss_threshold", "", None),
        ("loss_threshold", "-200", -200),
    ],
)
def test_rule_values_from_text(key, text, value):
    assert rule_value(key, text) == value


@pytest.mark.parametrize(
    ("key", "text", "message"),
    [
        ("nil", "maybe", "on or off"),
        ("target", "lots", "whole number"),
        ("nonsense", "1", "not a house rule"),
    ],
)
def test_rule_values_refused_name_the_rule(key, text, message):
    with pytest.raises(RulesError, match=message) as caught:
        rule_value(key, text)
    assert caught.value.key == key


def test_what_if_offers_the_rules_own_values_to_tap(client):
    game_id = start(client, rule_nil_tricks="bags")
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    page = client.get(f"/games/{game_id}/history?rule=nil_tricks&value=none").text
    tap = f"/games/{game_id}/history?rule=nil_tricks&amp;value=partner#what-if"
    assert f'href="{tap}">count towards the partner&#39;s bid</a>' in page
    assert 'value=bags#what-if">score as bags' not in page  # the game's own value
    # another rule is a tap away, and its own values then a tap each
    assert f'href="/games/{game_id}/history?rule=suicide#what-if"' in page
    rule = client.get(f"/games/{game_id}/history?rule=suicide").text
    assert f'href="/games/{game_id}/history?rule=suicide&amp;value=on#what-if"' in rule
    follow = client.get(tap.replace("&amp;", "&").split("#")[0])
    said = html.unescape(text(follow))
    assert (
        "With tricks taken by a nil bidder set to \u201ccount towards the partner's bid\u201d: "
        in said
    )


def test_a_choice_not_offered_is_passed_on_for_the_rules_to_refuse():
    assert rule_value("bag_remainder", " Sometimes ") == "sometimes"
    with pytest.raises(RulesError, match="must be one of carry, drop, not 'sometimes'"):
        validate_rules({"bag_remainder": rule_value("bag_remainder", "sometimes")})
