"""The game page and the games list: the history table, the rules shown, messages in their
places, the look a phone chose."""

from __future__ import annotations

from tests.helpers import play, start, text


def test_history_table(client):
    game_id = start(client, rule_bag_limit="5", rule_bag_penalty="50")
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    play(client, game_id, 2, [1, 5, 1, "blind_nil"], [6, 5, 1, 1])
    words = text(client.get(f"/games/{game_id}/history"))
    assert "bid Alice 4 + Cara 3 took 5 + 3 +71 → 71 1 bag" in words
    assert "bid Ben 5 + Dev nil took 5 + 0 +150 → 150 0 bags nil made" in words
    assert "bag penalty \u221250" in words and "blind nil broken" in words
    assert "Fix" in words


def test_rules_shown_on_game_page(client):
    game_id = start(client, rule_nil_tricks="partner", rule_loss_threshold="-200")
    words = text(client.get(f"/games/{game_id}"))
    assert "Tricks taken by a nil bidder: count towards the partner's bid" in words
    assert "Lose at: -200" in words and "Partnership, 4 players, 13 tricks a hand" in words


def test_games_page_lists_in_progress_then_finished(client):
    done = start(client, target="250")
    for number in (1, 2, 3):
        play(client, done, number, [6, 6, 6, 1], [7, 1, 5, 0])
    start(client, players=("Wen", "Xi", "Yo", "Zed"))
    words = text(client.get("/games"))
    assert words.index("In progress") < words.index("Wen & Yo") < words.index("Finished")
    assert words.index("Finished") < words.index("Alice & Cara won")


def test_the_game_page_shows_both_kinds_of_message_in_their_places(client):
    """An error above the score and a change made elsewhere under the hand step, both
    from one request (the first place takes them all from the session)."""
    game_id = start(client)
    client.get(f"/games/{game_id}")
    with client.session_transaction() as session:
        session["_flashes"] = [("error", "Something was refused."), ("ok", "Hand 3 fixed.")]
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    refused = page.index('<p class="flash flash-error" role="alert">Something was refused.</p>')
    fixed = page.index('<p class="flash flash-ok" role="status">Hand 3 fixed.</p>')
    assert refused < page.index('id="step"') < fixed
    assert "flash" not in client.get(f"/games/{game_id}").get_data(as_text=True).split("<main")[1]
