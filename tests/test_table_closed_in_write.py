"""A club night's table phone holds its powers only while its round is played. The view
checks them before the write; the round may close in between (the director ends the last
table at that moment), so the write checks them again: the table's save is refused in
words and nothing is written, where the director's own save still goes through."""

from __future__ import annotations

import pytest

from scorepad.store import commands
from scorepad.store.outcomes import TableClosed
from scorepad.web.db import get_db
from scorepad.web.games import fix
from tests.event_helpers import Night
from tests.helpers import page_forms, text

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def _night_one_table_left(client, app):
    """A one-round night of two tables: table 1's game over, table 2's a hand in."""
    night = Night(client, app, rounds=1)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    first, second = night.round()
    night.finish(first.game_id)
    night.hand(second.game_id, 9)
    return night, first, second


def _end_last_table(night, second) -> None:
    """The director's "End this game" for table 2, pressed on the director's page."""
    page = night.client.get(f"/events/{night.id}").get_data(as_text=True)
    action, fields = next(
        form for form in page_forms(page, "/end") if f"/tables/{second.number}/" in form[0]
    )
    assert night.client.post(action, data=fields).status_code == 302


def test_a_tables_undo_sent_as_its_round_closes_is_refused_and_writes_nothing(
    client, app, monkeypatch
):
    night, first, second = _night_one_table_left(client, app)
    table = app.test_client()  # table 1's phone: the game's link, not the director's
    page = table.get(f"/games/{first.game_id}").get_data(as_text=True)
    action, fields = page_forms(page, "/delete")[-1]  # undo its last hand
    before = night.game(first.game_id)
    real = fix.require

    def checked_then_closed(stored, action):
        held = real(stored, action)  # the table's powers, while its round is played
        assert held.by_table
        _end_last_table(night, second)  # the director, in that instant
        return held

    monkeypatch.setattr(fix, "require", checked_then_closed)
    answer = table.post(action, data=fields, follow_redirects=True)
    said = text(answer)
    assert "Round 1 is over: the game of table 1 is closed" in said, said
    after = night.game(first.game_id)
    assert after.revision == before.revision and after.score().over
    assert night.event().rounds[0].status == "done"


def test_the_write_refuses_the_tables_own_save_once_its_round_is_over(client, app):
    night, first, second = _night_one_table_left(client, app)
    _end_last_table(night, second)
    stored = night.game(first.game_id)
    number = len(stored.game.hands)
    with app.app_context():
        with pytest.raises(TableClosed) as refused:
            commands.undo(get_db(), first.game_id, number, stored.versions[-1], by_table=True)
        assert (refused.value.round, refused.value.table) == (1, first.number)
        assert night.game(first.game_id).revision == stored.revision
        # the director may change a closed table's game at any time
        undone = commands.undo(get_db(), first.game_id, number, stored.versions[-1])
    assert len(undone.game.hands) == number - 1
