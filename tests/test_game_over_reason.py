"""A finished game says why it ended beside its final score where the totals alone do not:
a side set out, a side at the losing score, a side that bid and took every trick; a game
won at the target says nothing more (RULES.md, end of game)."""

from __future__ import annotations

from tests.helpers import load, play, start, text


def _over(client, app, game_id) -> str:
    assert load(app, game_id).score().over
    return text(client.get(f"/games/{game_id}"))


def test_a_side_set_out_in_the_game_is_said_out(client, app):
    """RULES.md's sets counted over the game: side 0 set twice in three hands."""
    game_id = start(client, rule_set_out="2", rule_set_out_count="in_game")
    play(client, game_id, 1, [4, 4, 4, 4], [3, 3, 3, 4])
    play(client, game_id, 2, [3, 3, 3, 3], [4, 3, 3, 3])
    play(client, game_id, 3, [4, 3, 3, 3], [3, 3, 3, 4])
    said = _over(client, app, game_id)
    assert "Ben & Dev win" in said
    assert "Alice & Cara were set 2 times in the game: out." in said


def test_a_side_set_hands_in_a_row_is_said_out(client, app):
    game_id = start(client, rule_set_out="2")
    play(client, game_id, 1, [4, 3, 4, 3], [3, 3, 3, 4])
    play(client, game_id, 2, [4, 3, 4, 3], [3, 3, 3, 4])
    assert "Alice & Cara were set 2 hands in a row: out." in _over(client, app, game_id)


def test_a_player_at_the_losing_score_is_said_so(client, app):
    game_id = start(client, players=("Ann", "Bo"), table="cutthroat-2", rule_loss_threshold="-100")
    play(client, game_id, 1, [12, 1], [3, 10])
    assert "Ann fell to the losing score (\u2212100 or less)." in _over(client, app, game_id)


def test_a_side_that_took_every_trick_it_bid_is_said_so(client, app):
    game_id = start(client, rule_boston="win")
    play(client, game_id, 1, [7, "nil", 6, "nil"], [7, 0, 6, 0])
    assert "Alice & Cara bid and took every trick." in _over(client, app, game_id)


def test_a_game_won_at_the_target_says_nothing_more(client, app):
    game_id = start(client, target="250")
    for number in range(1, 4):
        play(client, game_id, number, [5, 1, 5, 1], [6, 1, 5, 1])
    said = _over(client, app, game_id)
    assert "Alice & Cara win" in said
    assert not any(words in said for words in (": out.", "losing score", "every trick."))


def test_the_reason_is_said_in_spanish(client, app):
    client.set_cookie("lang", "es")
    game_id = start(client, rule_set_out="2")
    play(client, game_id, 1, [4, 3, 4, 3], [3, 3, 3, 4])
    play(client, game_id, 2, [4, 3, 4, 3], [3, 3, 3, 4])
    assert "Alice & Cara fallaron su apuesta 2 manos seguidas: fuera." in _over(
        client, app, game_id
    )
