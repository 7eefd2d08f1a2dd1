"""The round's status and its tables' games agree after the director deletes a table's
game: deleting the game of the last table still playing (every other table over) ends
the round in the same write, as a save or the director's "End this game" that ends the
last table does. It was left "playing" with every table over until the director closed
it by hand; the big screen and the table pages went on showing the round being played.
A playoff table whose game is deleted waits for the director to name who goes through
(tests/test_event_deleted_table.py), so its round stays open."""

from __future__ import annotations

from tests.event_helpers import Night
from tests.helpers import text

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def _night(client, app, **extra) -> Night:
    night = Night(client, app, target=100, **extra)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    return night


def _delete(client, night, game_id) -> None:
    revision = night.game(game_id).revision
    r = client.post(f"/games/{game_id}/delete", data={"version": revision})
    assert r.status_code == 302 and night.game(game_id) is None


def test_deleting_the_last_open_tables_game_ends_the_round(client, app):
    night = _night(client, app, rounds=2)
    one, two = night.round()
    night.hand(one.game_id, 9)
    night.finish(two.game_id)
    assert night.event().rounds[0].playing  # table 1 still plays
    revision = night.event().revision

    _delete(client, night, one.game_id)
    event = night.event()
    assert event.rounds[0].done
    assert event.revision > revision  # the director's page drawn before is older now
    page = text(client.get(f"/events/{night.id}"))
    assert "Every table is over: close round 1" not in page
    night.draw_and_start()  # the next round, without closing this one by hand
    assert len(night.event().rounds) == 2


def test_deleting_a_game_while_another_table_plays_leaves_the_round_playing(client, app):
    night = _night(client, app, rounds=2)
    one, two = night.round()
    night.hand(two.game_id, 9)
    _delete(client, night, one.game_id)
    assert night.event().rounds[0].playing
    night.finish(two.game_id)
    assert night.event().rounds[0].done  # the last save closes it, as before


def test_a_playoff_tables_deleted_game_leaves_its_round_for_the_winner_named(client, app):
    night = _night(client, app, rounds=1, playoff=4)
    night.play_round()
    night.start_playoff()
    one, two = night.round()
    night.finish(two.game_id)
    night.hand(one.game_id, 9)
    _delete(client, night, one.game_id)
    assert night.event().rounds[1].playing  # who goes through is the director's to say
