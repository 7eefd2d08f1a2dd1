"""Issue 26, finding 1: deleting a table's game is the director's, and the
night survives it. A table whose game was deleted counts for nothing and is said so on
every page (never "goes through" nor "drawn, to start"); its round still ends when the
other tables do; in a playoff the director names who goes through, the bracket goes on
and the night gets its champion. Deleting the game of the last table still playing (every
other table over) ends the round in the same write, as a save that ends the last table
does: it was left "playing" with every table over until the director closed it by hand."""

from __future__ import annotations

from tests.event_helpers import Night
from tests.helpers import text

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]
GONE = "its game was deleted"


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


def _table(page: str, number: int) -> str:
    start = page.index(f'id="table-{number}"')
    end = page.find('id="table-', start + 1)
    return page[start : end if end > 0 else len(page)]


def test_a_round_with_a_deleted_game_ends_with_its_other_tables(client, app):
    night = _night(client, app, rounds=2)
    one, two = night.round()
    night.hand(one.game_id, 9)
    _delete(client, night, one.game_id)
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert GONE in _table(page, 1)
    night.finish(two.game_id)
    assert night.event().rounds[0].done  # the last game's save closed the round
    token = night.event().view_token
    results = text(client.get(f"/events/screen/{token}/results"))
    assert f"Table 1: Ann & Bo vs Cy & Di: {GONE}" in results
    rows = {
        row.split(",")[0]
        for row in client.get(f"/events/screen/{token}/results.csv").text.splitlines()
    }
    assert rows  # the CSV still answers
    night.draw_and_start()
    assert len(night.event().rounds) == 2


def test_a_playoff_table_whose_game_was_deleted_gets_its_winner_from_the_director(client, app):
    night = _night(client, app, rounds=1, playoff=4)
    night.play_round()
    night.start_playoff()
    one, two = night.round()
    night.hand(one.game_id, 9)
    _delete(client, night, one.game_id)
    night.finish(two.game_id)
    token = night.event().view_token
    for path in (f"/events/screen/{token}/results", f"/events/screen/{token}/live"):
        said = text(client.get(path))
        assert GONE in said and "Ann & Bo vs Gus & Hal: goes through" not in said, path
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert GONE in _table(page, 1) and "/rounds/2/tables/1/winner" in _table(page, 1)
    assert "drawn, to start" not in page
    r = client.post(
        f"/events/{night.id}/rounds/2/tables/1/winner",
        data={"revision": night.revision(), "r2t1-revision": night.revision(),
              "r2t1-winner": "1", "r2t1-note": "Ann left early"},
    )  # fmt: skip
    assert r.status_code == 302, r.get_data(as_text=True)
    assert night.event().rounds[1].done
    night.next_playoff_round()
    (final,) = night.round()
    names = night.game(final.game_id).game.table.players
    assert "Gus" in names and "Ed" in names  # the side named goes through, and the other winner
    night.finish(final.game_id)
    assert "Playoff winner:" in text(client.get(f"/events/{night.id}"))


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
