"""The stakes under the scoreboard, what-if on the hand-by-hand page, the evening's tally."""

from __future__ import annotations

import sqlite3

from tests.helpers import play, start, text


def _close_game(client) -> str:
    """Partnership to 250: Alice & Cara 162, Ben & Dev -120 after two hands."""
    game_id = start(client, target="250")
    for number in (1, 2):
        play(client, game_id, number, (4, 3, 4, 3), (5, 3, 4, 1))
    return game_id


def test_the_stakes_show_under_the_scoreboard_while_a_hand_is_bid(client):
    game_id = _close_game(client)
    words = text(client.get(f"/games/{game_id}"))
    assert "162" in words and "Alice & Cara win by making 9." in words  # 162 + 90 = 252
    assert "Ben & Dev win by" not in words


def test_no_stakes_while_a_hand_is_played_nor_in_a_fresh_game(client):
    game_id = _close_game(client)
    client.post(
        f"/games/{game_id}/bids",
        data={
            "number": "3",
            "version": "0",
            "bid_0": "4",
            "bid_1": "3",
            "bid_2": "4",
            "bid_3": "3",
        },
    )
    assert "win by making" not in text(client.get(f"/games/{game_id}"))
    fresh = start(client)
    assert 'class="stakes"' not in client.get(f"/games/{fresh}").get_data(as_text=True)


def test_bags_and_blind_nil_stakes_in_words(client):
    game_id = start(client, rule_blind_nil_trailing_by="100", rule_bag_limit="5")
    play(client, game_id, 1, (4, 3, 4, 3), (6, 3, 4, 0))  # A&C 82, 2 bags; B&D set -60
    words = text(client.get(f"/games/{game_id}"))
    assert "3 more bags cost Alice & Cara 100." in words
    assert "Ben & Dev may bid blind nil (142 behind)" in words


def test_what_if_on_the_hand_by_hand_page_changes_nothing(client):
    game_id = _close_game(client)
    before = text(client.get(f"/games/{game_id}"))
    response = client.get(f"/games/{game_id}/history?rule=target&value=150")
    words = text(response)
    assert response.status_code == 200
    # Over after hand 2 at 150, the last hand played: no hand goes unplayed.
    assert "With target score set to 150: 162 - -120; Alice & Cara would already have won." in words
    words = text(client.get(f"/games/{game_id}/history?rule=target&value=80"))
    assert (
        "With target score set to 80: 81 - -60, the game ending after hand 1; "
        "Alice & Cara would already have won."
    ) in words
    words = text(client.get(f"/games/{game_id}/history?rule=bag_points&value=0"))
    assert "With points per bag set to 0: 160 - -120; the lead would not change." in words
    assert text(client.get(f"/games/{game_id}")) == before


def test_what_if_says_who_would_win_instead(client):
    game_id = start(client, target="custom", custom_target="400")
    for number in (1, 2, 3):
        play(client, game_id, number, (4, "nil", 4, 5), (4, 0, 4, 5))
    words = text(client.get(f"/games/{game_id}/history?rule=nil_value&value=0"))
    assert (
        "With nil is worth set to 0: 240 - 150; the game would still be going, "
        "Alice & Cara leading."
    ) in words
    assert "Real total" in words


def test_what_if_a_value_refused_or_a_hand_that_breaks_it(client):
    game_id = _close_game(client)
    words = text(client.get(f"/games/{game_id}/history?rule=target&value=10"))
    assert "Target score cannot be set that way: must be from 50 to 2000, not 10." in words
    words = text(client.get(f"/games/{game_id}/history?rule=nil&value=perhaps"))
    assert "Nil bids cannot be set that way: must be on or off, not 'perhaps'." in words
    words = text(client.get(f"/games/{game_id}/history?rule=made_up&value=1"))
    assert "is not a house rule scorepad knows" in words
    nil_game = start(client)
    play(client, nil_game, 1, (4, "nil", 4, 5), (4, 0, 4, 5))
    words = text(client.get(f"/games/{nil_game}/history?rule=nil&value=off"))
    assert "This game cannot be scored with nil bids off: hand 1 breaks it" in words


def test_the_evening_follows_rematches(client, app):
    first = start(client, target="custom", custom_target="50")
    play(client, first, 1, (4, 3, 4, 3), (5, 3, 4, 1))  # A&C 81: over
    assert "This evening" not in text(client.get(f"/games/{first}"))
    second = client.post(f"/games/{first}/rematch").headers["Location"].rsplit("/", 1)[-1]
    play(client, second, 1, (3, 4, 3, 3), (3, 5, 2, 3))  # B&D 71: over
    third = client.post(f"/games/{second}/rematch").headers["Location"].rsplit("/", 1)[-1]
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        links = dict(conn.execute("select id, rematch_of from games").fetchall())
    assert links == {first: None, second: first, third: second}
    words = text(client.get(f"/games/{third}"))
    assert "This evening: 3 games" in words
    assert "Alice & Cara 1 21 -" in words and "Ben & Dev 1 11 won the last" in words
    page = text(client.get(f"/games/{first}/evening"))
    assert "Alice & Cara 1 of 3 21 -" in page and "Ben & Dev 1 of 3 11 won the last" in page
    share = client.get(f"/games/{third}").get_data(as_text=True).split("/watch/")[1][:22]
    board = text(client.get(f"/watch/{share}/board"))
    assert "This evening: 3 games" in board and "The whole evening" not in board


def test_the_evening_page_of_no_game_is_a_404(client):
    response = client.get("/games/nope/evening")
    assert response.status_code == 404 and "There is no game at this address" in text(response)


def test_the_watch_pages_of_an_evening_carry_no_part_of_a_game_id(client, app):
    """A watch link shows the score, never the capability to change it: not even the
    first characters of any game id of the evening."""
    first = start(client, target="custom", custom_target="50")
    play(client, first, 1, (4, 3, 4, 3), (5, 3, 4, 1))
    second = client.post(f"/games/{first}/rematch").headers["Location"].rsplit("/", 1)[-1]
    play(client, second, 1, (3, 4, 3, 3), (3, 5, 2, 3))
    share = client.get(f"/games/{second}").get_data(as_text=True).split("/watch/")[1][:22]
    watcher = app.test_client()  # another phone: only the watch link
    for path in (f"/watch/{share}", f"/watch/{share}/board"):
        body = watcher.get(path).get_data(as_text=True)
        assert "This evening: 2 games" in text(watcher.get(path))
        for game_id in (first, second):
            pieces = {game_id[i : i + 6] for i in range(len(game_id) - 5)}
            assert not [piece for piece in pieces if piece in body], path
