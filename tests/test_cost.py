"""The work of one save, counted: how many sides the scoring core scores while a hand is saved.

Only the save itself is counted: the game is first shown (so it is read and scored into the
in-memory cache, as it is at the table), then the tricks are posted without following the
redirect. A save that scores only the new hand does the same work at hand 5 and hand 200.
"""

from __future__ import annotations

from scorepad.files import game as gamefile
from scorepad.store import commands, storage
from scorepad.web.db import get_db
from tests.helpers import tricks_form

HANDS = [([3, 3, 3, 4], [3, 3, 3, 4]), ([4, 4, 3, 4], [3, 3, 3, 4])]


def game_at_hand(app, number: int) -> str:
    """A partnership game whose hand `number` has its bids and waits for its tricks."""
    hands = [{"bids": HANDS[n % 2][0], "tricks": HANDS[n % 2][1]} for n in range(number - 1)]
    hands.append({"bids": HANDS[(number - 1) % 2][0], "tricks": None})
    game = gamefile.read(
        {
            "format": "scorepad/1",
            "mode": "partnership",
            "players": ["Alice", "Ben", "Cara", "Dev"],
            "rules": {"target": 2000},
            "hands": hands,
        }
    )
    with app.app_context():
        return commands.import_game(get_db(), game, game.score()).id


def sides_scored_by_a_save(app, client, sides_scored, number: int) -> int:
    """Sides scored while saving the tricks of hand `number`, the game already shown."""
    game_id = game_at_hand(app, number)
    page = client.get(f"/games/{game_id}")
    assert page.status_code == 200 and f"Hand {number}: tricks" in page.get_data(as_text=True)
    sides_scored.reset()
    response = client.post(
        f"/games/{game_id}/tricks", data=tricks_form(number, 1, HANDS[(number - 1) % 2][1])
    )
    scored = sides_scored.count
    assert response.status_code == 302, response.get_data(as_text=True)[:300]
    with app.app_context():
        stored = storage.load_game(get_db(), game_id)
    assert stored.game.hands[number - 1].tricks == tuple(HANDS[(number - 1) % 2][1])
    return scored


def test_the_counter_sees_the_core_score_a_game(sides_scored):
    # The counter itself works: scoring a 3-hand partnership game scores 2 sides a hand.
    doc = {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": ["A", "B", "C", "D"],
        "hands": [{"bids": b, "tricks": t} for b, t in HANDS + HANDS[:1]],
    }
    game = gamefile.read(doc)
    sides_scored.reset()  # reading the file scored it once already
    game.score()
    assert sides_scored.count == 3 * 2


def test_a_save_does_some_scoring(app, client, sides_scored):
    # A save must check the new hand with the core: zero would mean it is not counted.
    assert sides_scored_by_a_save(app, client, sides_scored, 5) >= 2


def test_a_save_late_in_a_long_game_costs_what_an_early_one_does(app, client, sides_scored):
    early = sides_scored_by_a_save(app, client, sides_scored, 5)
    late = sides_scored_by_a_save(app, client, sides_scored, 200)
    assert late <= early, (early, late)


def test_the_counter_sees_every_caller_of_the_core(sides_scored):
    # The at-stake lines score what-ifs through their own import of score_side.
    from scorepad.core.stakes import stakes

    score = gamefile.read(
        {
            "format": "scorepad/1",
            "mode": "partnership",
            "players": ["A", "B", "C", "D"],
            "hands": [{"bids": b, "tricks": t} for b, t in HANDS],
        }
    ).score()
    sides_scored.reset()
    stakes(score)
    assert sides_scored.count > 0
