"""A save's cost does not grow with the hands already played: adding a hand or its tricks
scores one hand from the known score, not the whole game again."""

from __future__ import annotations

from scorepad.core.rules import validate_rules
from scorepad.store import commands, storage
from tests.helpers import partnership


def _play(db, game_id, number):
    # made and set in turn, so that no total ever reaches the target
    bids, tricks = ([3, 3, 3, 4], [3, 3, 3, 4]) if number % 2 else ([4] * 4, [3, 3, 4, 3])
    commands.record_bids(db, game_id, number, bids)
    commands.record_tricks(db, game_id, number, 2 * number - 1, tricks)


def _cost_of_hand(db, sides_scored, game_id, number) -> int:
    sides_scored.reset()
    _play(db, game_id, number)
    storage.load_game(db, game_id).score()  # the page shown after the save
    return sides_scored.count


def test_saving_hand_200_costs_no_more_than_saving_hand_5(db, sides_scored):
    rules = validate_rules({"target": 2000, "bag_limit": 0})
    game_id = commands.start(db, partnership(), rules).id
    costs = {}
    for number in range(1, 201):
        if number in (5, 200):
            costs[number] = _cost_of_hand(db, sides_scored, game_id, number)
        else:
            _play(db, game_id, number)
    assert costs[200] <= costs[5] == 2  # one hand, two sides


def test_a_fix_of_an_early_hand_scores_the_game_again(db, sides_scored):
    game_id = commands.start(db, partnership(), validate_rules({"target": 2000})).id
    for number in range(1, 11):
        _play(db, game_id, number)
    sides_scored.reset()
    commands.fix_hand(db, game_id, 2, 4, [3, 3, 3, 4], [4, 3, 3, 3])
    assert sides_scored.count == 20  # every hand is scored again
    assert storage.load_game(db, game_id).score().hands[1].sides[0].points == 61
