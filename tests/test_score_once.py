"""A game file is refused on its hand count before anything is scored, and a game is
scored once per read: by the import, the `score` command and the what-if page."""

from __future__ import annotations

import json

import pytest

from scorepad.core.errors import GameError
from scorepad.core.game import MAX_HANDS, Game
from scorepad.files import game as gamefile
from tests.helpers import play, start, text

# two hands that never reach the target: as tests/test_fuzz.py's test_hand_limit plays them
TWO_HANDS = [
    {"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4]},
    {"bids": [4, 4, 3, 4], "tricks": [3, 3, 3, 4]},
]


def _doc(hands: int) -> dict:
    return {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": ["A", "B", "C", "D"],
        "rules": {"target": 2000},
        "hands": (TWO_HANDS * hands)[:hands],
    }


@pytest.mark.parametrize(
    ("hands", "refusal"),
    [
        (MAX_HANDS + 1, "hands: a game holds at most 500 hands, this file has 501"),
        (5_000, "hands: a game holds at most 500 hands, this file has 5000"),
        (26_000, "the game file is larger than 1 MB"),
    ],
)
def test_a_file_over_the_hand_limit_is_refused_before_any_scoring(games_scored, hands, refusal):
    text = json.dumps(_doc(hands))
    assert (len(text) > gamefile.MAX_FILE_BYTES) == (hands == 26_000)
    with pytest.raises(GameError, match=refusal):
        gamefile.loads(text)
    assert games_scored == []


def test_a_file_at_the_hand_limit_is_read_and_scored_once(games_scored):
    game, score = gamefile.loads_scored(json.dumps(_doc(MAX_HANDS)))
    assert len(score.hands) == MAX_HANDS and score == game.score()
    assert len(games_scored) == 2  # the read, then the check just above


def test_the_score_command_scores_the_file_once(runner, games_scored):
    result = runner.invoke(args=["score", "-"], input=json.dumps(_doc(3)))
    assert result.exit_code == 0 and json.loads(result.output)["hands"][2]["number"] == 3
    assert len(games_scored) == 1


def test_a_what_if_takes_the_real_score_it_is_given(monkeypatch):
    game = gamefile.read(_doc(4))
    real = game.score()
    monkeypatch.setattr(Game, "score", lambda self: pytest.fail("scored again"))
    from scorepad.core.whatif import what_if

    result = what_if(game, "target", 50, real)
    assert result.real is real and result.ended_after == 1


def test_the_what_if_page_scores_no_game_again(client, games_scored):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    client.get(f"/games/{game_id}/history")  # the stored game and its score, cached
    games_scored.clear()
    page = client.get(f"/games/{game_id}/history?rule=target&value=100")
    assert page.status_code == 200 and "What if" in text(page)
    assert games_scored == []
