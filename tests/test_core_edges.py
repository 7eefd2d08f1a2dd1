"""The core's edges: each refusal, bye and no-op the rest of the suite never reached,
checked against what RULES.md and docs/events.md say, so that every branch of
scorepad/core/ runs under test (the test command holds it at 100%)."""

from __future__ import annotations

from collections import Counter

import pytest

from scorepad.core.bracket import BracketMatch, first_round, next_round, through
from scorepad.core.errors import GameError
from scorepad.core.event import DATE_LENGTH, check_settings
from scorepad.core.game import Game, check_fix
from scorepad.core.names import stored_text
from scorepad.core.pairing import swiss_round
from scorepad.core.records import Hand
from scorepad.core.rules import Rules, RulesError, validate_rules
from scorepad.core.scoring import score_game, start_score, without_pending
from scorepad.core.seats import check_seat_bid, side_refusal
from scorepad.core.whatif import rule_value
from scorepad.files import event as eventfile
from tests.event_files import changed, game
from tests.helpers import partnership

MADE = Hand((3, 3, 3, 3), (4, 3, 3, 3))  # 61 / 60
OTHER = Hand((4, 4, 2, 2), (4, 4, 2, 3))  # 60 / 61 on its own


# --- bracket: a playoff of fewer than two, and a bye on either side of a table


@pytest.mark.parametrize("seeded", [[], [7]])
def test_a_playoff_needs_two_entrants(seeded):
    with pytest.raises(GameError, match="a playoff needs at least 2 entrants") as refused:
        first_round(seeded)
    assert refused.value.field == "playoff"


@pytest.mark.parametrize(
    ("first", "second", "winner", "goes_on"),
    [
        (3, None, None, 3),  # a bye: the one entrant goes through, no game needed
        (None, 5, None, 5),  # a bye read from a file may sit on either side
        (3, 5, 5, 5),  # a game: its winner
        (3, 5, None, None),  # a game not yet won: nobody yet
    ],
)
def test_who_goes_on_from_a_match(first, second, winner, goes_on):
    assert through(BracketMatch(1, 0, first, second), winner) == goes_on


def test_a_bye_on_the_second_side_goes_on_to_the_next_round():
    played = [BracketMatch(1, 0, None, 5), BracketMatch(1, 1, 2, 3)]
    assert next_round(played, [None, 3]) == (BracketMatch(2, 0, 5, 3),)


# --- checks: a start from paper that is not a total and bags for a side


@pytest.mark.parametrize("pair", [(5,), (1, 2, 3), 5, "5, 0"])
def test_a_side_started_from_paper_needs_a_total_and_bags(pair):
    with pytest.raises(GameError, match="Ben & Dev: expected a total and bags") as refused:
        Game(partnership(), Rules(), (), start=((0, 0), pair)).score()
    assert refused.value.field == "start"


# --- event settings: the date and the standings' order


@pytest.mark.parametrize("date", ["x" * (DATE_LENGTH + 1), 20261201, None])
def test_an_event_date_is_short_text(date):
    with pytest.raises(GameError, match=f"at most {DATE_LENGTH} characters") as refused:
        check_settings({"name": "Tuesday", "date": date})
    assert refused.value.field == "date"


def test_an_event_date_of_the_longest_length_is_kept_trimmed():
    date = " " + "x" * (DATE_LENGTH - 1)
    assert check_settings({"name": "Tuesday", "date": date}).date == "x" * (DATE_LENGTH - 1)


@pytest.mark.parametrize("order", ["wins", {"wins": 1}, ["wins", 2], None])
def test_an_event_order_is_a_list_of_keys(order):
    with pytest.raises(GameError, match="must be a list of keys") as refused:
        check_settings({"name": "Tuesday", "order": order})
    assert refused.value.field == "order"


# --- game: how tricks are entered, and a fix that deletes a hand or ends the game


@pytest.mark.parametrize("tricks_by", ["team", "", None])
def test_tricks_are_entered_by_side_or_by_seat(tricks_by):
    with pytest.raises(GameError, match="must be side or seat") as refused:
        Game(partnership(), Rules(), (), tricks_by=tricks_by)
    assert refused.value.field == "tricks_by"


def test_deleting_a_hand_rescores_the_later_ones_and_forgets_the_chosen_dealer():
    before = Game(partnership(), Rules(), (MADE, OTHER), next_dealer=3)
    outcome = check_fix(before, 1, None)
    assert outcome.game.hands == (OTHER,) and outcome.removed == ()
    assert outcome.score.totals == (60, 61)
    # the hand the table chose a dealer for is now hand 2, not 3: the choice goes
    assert outcome.game.next_dealer is None
    # a hand replaced keeps the hands' numbers, and the choice with them
    assert check_fix(before, 1, OTHER).game.next_dealer == 3


def test_a_fix_that_reaches_the_target_undoes_an_early_end():
    rules = validate_rules({"target": 100})
    ended = Game(partnership(), rules, (MADE,), ended=True)
    assert ended.score().reason == "ended"
    outcome = check_fix(ended, 1, Hand((6, 1, 5, 1), (6, 1, 5, 1)))  # 110 / 20
    assert not outcome.game.ended and outcome.removed == ()
    assert outcome.score.reason == "target" and outcome.score.winner == 0
    assert not outcome.score.ended and outcome.score.totals == (110, 20)


# --- names: a stored text that is not text


@pytest.mark.parametrize(("value", "shown"), [(None, ""), (7, ""), ("a\ud800b", "a\ufffdb")])
def test_stored_text_reads_back_as_a_page_can_show_it(value, shown):
    assert stored_text(value) == shown


# --- night_check: a bye nobody entered, a game at a bye


def _unknown_bye(doc: dict) -> None:
    doc["rounds"][0]["byes"] = [99]


def _game_at_a_bye(doc: dict) -> None:
    bye = next(m for m in doc["matches"] if not all(m["sides"]))
    bye["game"] = game(["Ann", "Bo", "Cy", "Di"])


@pytest.mark.parametrize(
    ("shape", "change", "said"),
    [
        ("pairs", _unknown_bye, "rounds[0].byes: entrant 99 is not in entrants"),
        ("playoff", _game_at_a_bye, "matches[4].game: must be null: a bye is played without"),
    ],
)
def test_an_event_file_with_an_impossible_bye_is_refused(shape, change, said):
    with pytest.raises(GameError) as refused:
        eventfile.read(changed(shape, change))
    assert said in str(refused.value)


# --- pairing: a Swiss draw whose search for no repeats runs out of tries


@pytest.mark.parametrize("count", [8, 20])
def test_a_swiss_draw_that_must_repeat_a_meeting_repeats_one_only(count):
    # the last in the standings has met every other pair: a repeat cannot be avoided;
    # with 20 the search gives up on its budget of tries rather than try every draw
    ranked = list(range(1, count + 1))
    met = [frozenset((count, other)) for other in ranked[:-1]]
    draw = swiss_round(ranked, met, Counter())
    assert draw.byes == () and sorted(e for m in draw.matches for e in m) == ranked
    assert [m for m in draw.matches if frozenset(m) in met] == [(count - 1, count)]


# --- rules: none given


def test_no_house_rules_given_are_the_default_ones():
    assert validate_rules(None) == Rules() == validate_rules({})
    # an event file without its "rules" plays the defaults
    assert eventfile.read(changed("pairs", lambda doc: doc.pop("rules"))).rules == Rules()


# --- scoring: no pending hand to take away


def test_without_pending_leaves_a_score_with_every_hand_played():
    score = score_game(partnership(), Rules(), (MADE,))
    assert without_pending(score) is score


# --- seats: a seat that sends no bid; the side rules once every bid is in


@pytest.mark.parametrize("raw", ["", None])
def test_a_seat_must_choose_a_bid(raw):
    score = start_score(partnership(), Rules())
    with pytest.raises(GameError, match="choose Ben's bid") as refused:
        check_seat_bid(score, 1, raw)
    assert (refused.value.field, refused.value.seat, refused.value.hand) == ("bids", 1, 1)


@pytest.mark.parametrize(
    ("rules", "bids", "refusal"),
    [
        ({}, {0: 3, 1: 3, 2: 3, 3: 3}, None),
        ({}, {0: 3, 1: 3}, None),  # not all in: nothing to judge yet
        ({"suicide": True}, {0: 3, 1: "nil", 2: 3, 3: 3}, (0, "suicide")),
        ({"suicide": True}, {0: "nil", 1: 3, 2: 3, 3: 3}, (1, "suicide")),
        ({"suicide": True}, {0: "nil", 1: "nil", 2: "nil", 3: 3}, (0, "suicide")),
        ({"suicide": True}, {0: "nil", 1: 3, 2: 3, 3: "nil"}, None),
        ({"double_nil": False}, {0: 3, 1: "nil", 2: 3, 3: "nil"}, (1, "double_nil")),
        ({"min_side_bid": 4}, {0: 2, 1: 3, 2: 1, 3: 3}, (0, "min_side_bid")),
        ({"min_side_bid": 4}, {0: 2, 1: 3, 2: 2, 3: 3}, None),
    ],
)
def test_the_side_a_whole_side_rule_refuses(rules, bids, refusal):
    score = start_score(partnership(), validate_rules(rules))
    assert side_refusal(score, bids) == refusal


@pytest.mark.parametrize(("rules", "bad", "rule"), [({"nil": False}, "nil", "nil"), ({}, 14, None)])
def test_a_bid_refused_on_its_own_is_no_sides_refusal(rules, bad, rule):
    score = start_score(partnership(), validate_rules(rules))
    with pytest.raises(GameError) as refused:
        side_refusal(score, {0: bad, 1: 3, 2: 3, 3: 3})
    assert (refused.value.seat, refused.value.rule) == (0, rule)


# --- tricks: counts by side beside a list of seats that is not one entry a seat


@pytest.mark.parametrize("tricks", [(None, None, None), (None,) * 5, (0, None, 3, None, 2)])
def test_tricks_by_side_still_want_an_entry_for_each_seat(tricks):
    counted = Hand((3, 3, 3, 4), tricks, side_tricks=(8, 5))
    with pytest.raises(GameError, match="expected one entry for each of the 4 seats") as refused:
        score_game(partnership(), Rules(), (counted,))
    assert (refused.value.field, refused.value.hand) == ("tricks", 1)


# --- whatif: a choice typed that is not one of the rule's


def test_a_choice_not_offered_is_passed_on_for_the_rules_to_refuse():
    assert rule_value("bag_remainder", " Sometimes ") == "sometimes"
    with pytest.raises(RulesError, match="must be one of carry, drop, not 'sometimes'"):
        validate_rules({"bag_remainder": rule_value("bag_remainder", "sometimes")})
