"""Ending a game early: asked first, the leader wins or a draw, refused mid-hand or from a stale
page, reopened by undo."""

from __future__ import annotations

from tests.helpers import (
    HAND_1,
    HAND_2,
    bid_form,
    load,
    play,
    played_game,
    start,
    text,
    ver,
)


def test_end_the_game_now_asks_first_then_the_leader_wins(client, app):
    game_id = played_game(client)
    page = client.get(f"/games/{game_id}")
    assert "End the game now? Ben & Dev win 150 to 71." in text(page)
    revision = load(app, game_id).revision
    r = client.post(f"/games/{game_id}/end", data={"version": str(revision)})
    assert r.status_code == 302
    words = text(client.get(f"/games/{game_id}"))
    assert "Game over (ended early): Ben & Dev win" in words and "Save bids" not in words
    assert "Ben & Dev won (ended early)" in text(client.get("/games"))
    assert "Game over (ended early): Ben & Dev win 150 to 71" in text(
        client.get(f"/watch/{load(app, game_id).share_token}")
    )
    r = client.post(f"/games/{game_id}/bids", data=bid_form(2, [3, 3, 3, 4]))
    assert "the game is over" in text(client.get(r.headers["Location"]))
    assert len(load(app, game_id).game.hands) == 1


def test_a_shared_lead_ends_as_a_draw(client, app):
    game_id = played_game(client, (([3, 3, 3, 3], [3, 4, 3, 3]), ([3, 3, 3, 3], [4, 3, 3, 3])))
    assert [s.total for s in load(app, game_id).score().sides] == [121, 121]
    assert "End the game now? It ends as a draw." in text(client.get(f"/games/{game_id}"))
    client.post(f"/games/{game_id}/end", data={"version": str(load(app, game_id).revision)})
    assert "Game over (ended early): a draw" in text(client.get(f"/games/{game_id}"))
    assert "A draw (ended early)" in text(client.get("/games"))


def test_ending_is_refused_while_a_hand_is_bid_but_not_played(client, app):
    game_id = played_game(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(2, [3, 3, 3, 4]))
    assert "Enter the tricks of hand 2 or cancel it first" in text(client.get(f"/games/{game_id}"))
    r = client.post(f"/games/{game_id}/end", data={"version": str(load(app, game_id).revision)})
    assert "Enter the tricks of hand 2 or cancel it first" in text(
        client.get(r.headers["Location"])
    )
    assert not load(app, game_id).game.ended


def test_ending_is_refused_before_any_hand_or_from_a_stale_page(client, app):
    game_id = start(client)
    assert "End the game now" not in text(client.get(f"/games/{game_id}"))
    r = client.post(f"/games/{game_id}/end", data={"version": "0"})
    assert "only after a played hand" in text(client.get(r.headers["Location"]))
    play(client, game_id, 1, *HAND_1)
    r = client.post(f"/games/{game_id}/end", data={"version": "0"})  # before hand 1
    assert "changed on another phone" in text(client.get(r.headers["Location"]))
    assert not load(app, game_id).game.ended
    assert client.post(f"/games/{game_id}/end", data={}).status_code == 400


def test_undoing_the_last_hand_of_an_ended_game_reopens_it(client, app):
    game_id = played_game(client, (HAND_1, HAND_2))
    client.post(f"/games/{game_id}/end", data={"version": str(load(app, game_id).revision)})
    assert load(app, game_id).game.ended
    r = client.post(
        f"/games/{game_id}/hands/2/delete", data={"number": "2", "version": ver(app, game_id, 2)}
    )
    stored = load(app, game_id)
    assert not stored.game.ended and not stored.game.hands[1].played  # its tricks undone
    page = text(client.get(r.headers["Location"]))
    assert "Hand 2: tricks" in page
    assert "its bids stay. Enter the tricks again. The game is no longer over." in page


def test_undoing_a_hand_of_a_game_not_over_says_nothing_of_its_end(client, app):
    game_id = played_game(client, (HAND_1, HAND_2))
    r = client.post(
        f"/games/{game_id}/hands/2/delete", data={"number": "2", "version": ver(app, game_id, 2)}
    )
    page = text(client.get(r.headers["Location"]))
    assert "its bids stay. Enter the tricks again." in page and "no longer over" not in page


def test_ending_a_three_player_game_names_every_player_s_total(client, app):
    game_id = start(client, players=("Ana", "Bo", "Cy"), table="cutthroat-3")
    play(client, game_id, 1, [4, 5, 6], [5, 6, 6])  # 17 tricks: 41, 51, 60
    page = text(client.get(f"/games/{game_id}"))
    assert "End the game now? Cy wins 60 to 51. Final score: Ana 41, Bo 51, Cy 60." in page


def test_ending_a_two_sided_game_names_no_final_score_before_it_ends(client, app):
    game_id = played_game(client)
    page = text(client.get(f"/games/{game_id}"))
    assert "Ben & Dev win 150 to 71." in page and "Final score" not in page
