"""A save at a club night's table costs the same at round 3 as at round 1: it reads and
writes its own match and round only, never every game of the night."""

from __future__ import annotations

from scorepad.store import storage
from scorepad.store.events import load_event
from scorepad.store.storage import load_game
from tests.test_event_store import PAIRS, _checked_in, _play, _start


def _statements(db, game_id) -> list[str]:
    """The SQL statements of one hand (bids, then tricks) at a table, read from the file."""
    seen: list[str] = []
    storage.forget_all()
    db.conn.set_trace_callback(seen.append)
    try:
        _play(db, game_id, 7)
    finally:
        db.conn.set_trace_callback(None)
    return seen


def test_a_table_s_save_costs_the_same_however_far_the_night_has_gone(db):
    event_id = _checked_in(db, PAIRS[:4], rounds=3, round_minutes=60)
    costs = []
    for number in (1, 2, 3):
        _start(db, event_id)
        one, two = load_event(db, event_id).round_matches(number)
        costs.append(_statements(db, one.game_id))
        for match in (one, two):
            while load_game(db, match.game_id).score().status != "finished":
                _play(db, match.game_id, 9)
    assert len(costs[0]) == len(costs[2])
    night = [s for s in costs[2] if "json_each" in s]  # a list of games read at once
    assert night == []
    assert load_event(db, event_id).rounds[-1].status == "done"
