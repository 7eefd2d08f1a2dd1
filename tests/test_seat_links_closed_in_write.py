"""A club night's table phone turns its seat links on or off, or hands a seat to another
phone, only while its round is played: seat links are the table's play (docs/events.md).
The view checks the table's powers before the write; the round may close in between (the
director ends the last table at that moment), so the write checks them again. The
table's change is refused in words and changes nothing; the director's own still goes
through."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scorepad.store import commands, seats
from scorepad.store.outcomes import TableClosed
from scorepad.web import powers
from scorepad.web import seats as seats_view
from scorepad.web.db import get_db
from tests.helpers import text
from tests.test_table_closed_in_write import _end_last_table, _night_one_table_left


def _links(app, game_id):
    with app.app_context():
        return [(link.seat, link.taken) for link in seats.links(get_db(), game_id)]


def _closing_as_checked(monkeypatch, night, second) -> None:
    """The seat views' check of the table's powers, then the director ends the last
    table (round 1 closes) before the view writes."""

    def checked_then_closed(stored, action):
        held = powers.require(stored, action)  # the table's powers, while its round is played
        assert held.by_table
        _end_last_table(night, second)  # the director, in that instant
        return held

    monkeypatch.setattr(seats_view, "powers", SimpleNamespace(require=checked_then_closed))


@pytest.mark.parametrize(
    "before, path, form",
    [
        (False, "seats", {"seats": "on"}),  # turn seat links on
        (True, "seats", {}),  # turn them off
        (True, "seats/0/release", {}),  # hand seat 0 to another phone
    ],
)
def test_a_tables_seat_links_change_sent_as_its_round_closes_is_refused(
    client, app, monkeypatch, before, path, form
):
    night, first, second = _night_one_table_left(client, app)
    table = app.test_client()  # table 1's phone: the game's link, not the director's
    table.get(f"/games/{first.game_id}")
    if before:
        assert table.post(f"/games/{first.game_id}/seats", data={"seats": "on"}).status_code == 302
        with app.app_context():
            token = seats.links(get_db(), first.game_id)[0].token
            commands.claim_seat(get_db(), token, night.game(first.game_id).game.table.players[0])
    links = _links(app, first.game_id)
    revision = night.game(first.game_id).revision
    _closing_as_checked(monkeypatch, night, second)

    answer = table.post(f"/games/{first.game_id}/{path}", data=form, follow_redirects=True)
    assert answer.status_code == (403 if "release" in path else 200)
    said = text(answer)
    assert "Round 1 is over: the game of table 1 is closed" in said, said
    assert _links(app, first.game_id) == links  # no link made, none gone, the seat still held
    assert night.event().rounds[0].status == "done"
    assert night.game(first.game_id).revision == revision


def test_the_seat_link_commands_refuse_the_table_once_its_round_is_over(client, app):
    night, first, second = _night_one_table_left(client, app)
    _end_last_table(night, second)
    with app.app_context():
        db = get_db()
        for change in (
            lambda by_table: commands.enable_seats(db, first.game_id, by_table=by_table),
            lambda by_table: commands.release_seat(db, first.game_id, 0, by_table=by_table),
            lambda by_table: commands.disable_seats(db, first.game_id, by_table=by_table),
        ):
            with pytest.raises(TableClosed) as refused:
                change(True)
            assert (refused.value.round, refused.value.table) == (1, first.number)
            change(False)  # the director may change a closed table's seat links at any time
            if not seats.links(db, first.game_id):
                commands.enable_seats(db, first.game_id)
