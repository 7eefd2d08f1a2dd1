"""Storage keeps what a hand and a game may also carry, ends games, and fixes with removal."""

from __future__ import annotations

import pytest

from scorepad import gamefile
from scorepad.core.errors import GameError
from scorepad.core.rules import Rules, validate_rules
from scorepad.store import storage
from tests import store_api as api
from tests.helpers import partnership
from tests.test_gamefile_more import FULL


def _fresh(db, game_id):
    storage.forget_all()  # read from the database, not the cache
    return storage.load_game(db, game_id)


def test_an_import_with_every_extra_is_stored_whole(db):
    game = gamefile.read(FULL)
    game_id = api.create_game(
        db, game.table, game.rules, game.hands, game.tricks_by, game.start, game.ended
    )
    stored = _fresh(db, game_id)
    assert stored.game == game
    assert gamefile.export(stored.game, stored.score()) == gamefile.export(game)


def test_extras_of_a_hand_survive_a_fix(db):
    rules = validate_rules({"blind_bid": 6, "blind_bid_trailing_by": 0})
    game_id = api.create_game(db, partnership(), rules)
    api.save_bids(db, game_id, 1, [3, 3, 3, 3], blind=(1,))
    api.save_tricks(db, game_id, 1, 1, [4, 3, 3, 3])
    api.edit_hand(db, game_id, 1, 2, [3, 3, 3, 3], [4, 3, 3, 3])
    api.set_adjustment(db, game_id, 1, 3, [30, -30], "renege")
    api.set_dealer(db, game_id, 1, 4, 2)
    stored = _fresh(db, game_id)
    hand = stored.game.hands[0]
    assert (hand.adjust, hand.note, hand.dealer, hand.blind) == ((30, -30), "renege", 2, (1,))
    assert stored.score().totals == (91, 90)
    assert stored.score().next_dealer == 3
    api.save_bids(db, game_id, 2, [3, 3, 3, 3])
    api.save_tricks(db, game_id, 2, 6, [4, 3, 3, 3])
    api.set_dealer(db, game_id, 2, 7, 0)
    assert [h.dealer for h in _fresh(db, game_id).score().hands] == [2, 0]


def test_end_game_then_no_more_hands_and_undo_reopens(db):
    game_id = api.create_game(db, partnership(), Rules())
    api.save_bids(db, game_id, 1, [3, 3, 3, 3])
    api.save_tricks(db, game_id, 1, 1, [3, 4, 3, 3])
    api.end_game(db, game_id)
    for stored in (storage.load_game(db, game_id), _fresh(db, game_id)):
        score = stored.score()
        assert (score.status, score.winner, score.ended) == ("finished", 1, True)
    with pytest.raises(api.Conflict, match="the game is over"):
        api.save_bids(db, game_id, 2, [3, 3, 3, 3])
    with pytest.raises(GameError, match="already over"):
        api.end_game(db, game_id)
    api.delete_last_hand(db, game_id, 1, 2)
    assert _fresh(db, game_id).score().status == "playing"


def test_a_game_with_a_pending_hand_cannot_be_ended(db):
    game_id = api.create_game(db, partnership(), Rules())
    api.save_bids(db, game_id, 1, [3, 3, 3, 3])
    with pytest.raises(GameError, match="hand 1 was bid but not played"):
        api.end_game(db, game_id)


def test_the_cached_score_after_a_save_is_the_full_score(db):
    game_id = api.create_game(db, partnership(), Rules(), start=((100, 2), (50, 0)))
    for number in range(1, 6):
        api.save_bids(db, game_id, number, [3, 3, 3, 4])
        api.save_tricks(db, game_id, number, 2 * number - 1, [4, 3, 3, 3])
        cached = storage.load_game(db, game_id)
        assert cached.score() == cached.game.score()
        assert _fresh(db, game_id).score() == cached.score()


def test_bids_with_blind_and_dealer_then_tricks_with_an_adjustment(db):
    rules = validate_rules({"blind_bid": 6, "blind_bid_trailing_by": 0})
    game_id = api.create_game(db, partnership(), rules)
    api.save_bids(db, game_id, 1, [3, 3, 3, 3], blind=(1,), dealer=3)
    assert storage.load_game(db, game_id).score().next_leader == 0
    api.save_tricks(db, game_id, 1, 1, [4, 3, 3, 3])
    api.set_adjustment(db, game_id, 1, 2, [-10, 10], "misdeal")
    score = _fresh(db, game_id).score()
    assert [s.points for s in score.hands[0].sides] == [51, 130]
    assert score.hands[0].note == "misdeal" and score.next_dealer == 0
    with pytest.raises(GameError, match="hand 2: dealer: must be a seat from 0 to 3, not 9"):
        api.save_bids(db, game_id, 2, [3, 3, 3, 3], blind=(0,), dealer=9)
