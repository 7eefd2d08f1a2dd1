"""The series page reads each finished night as kept (store/night_results.py): no event
loaded, no game read or scored; and a night the director changes after it finished (a
table reopened, its last hand undone and played again) shows in the series at once."""

from __future__ import annotations

from scorepad.store import night_results, storage
from scorepad.store.commands import undo
from scorepad.web.db import get_db
from tests.event_helpers import Night
from tests.helpers import text

PAIRS = [(f"North{i}", f"South{i}") for i in range(4)]


def _finished_night(client, app):
    night = Night(client, app)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    night.play_round()  # side 0 wins both tables
    return night


def _series(client, nights):
    answer = client.get("/events/series?" + "&".join(f"night={v}" for v in nights))
    assert answer.status_code == 200 and "Refresh" not in answer.headers
    return text(answer)


def _refuse(*_args, **_kwargs):
    raise AssertionError("read or scored on a kept night")


def test_finished_nights_are_read_as_kept_no_game_scored(client, app, monkeypatch):
    views = [_finished_night(client, app).event().view_token for _ in range(2)]
    whole = _series(client, views)
    assert "2 nights" in whole and "North0" in whole
    monkeypatch.setattr(night_results, "load_event", _refuse)
    monkeypatch.setattr(night_results, "outcome_of", _refuse)
    monkeypatch.setattr(storage, "list_games", _refuse)
    assert _series(client, views) == whole


def test_a_finished_night_reopened_and_played_again_changes_the_series(client, app):
    night = _finished_night(client, app)
    view = night.event().view_token
    first = night.event().round_matches(1)[0]
    before = _series(client, [view])
    path = f"/events/{night.id}/rounds/1/tables/{first.number}/reopen"
    assert client.post(path, data={"revision": night.revision()}).status_code == 302
    with app.app_context():
        stored = storage.load_game(get_db(), first.game_id)
        undo(get_db(), first.game_id, len(stored.versions), stored.versions[-1])
    night.hand(first.game_id, 2)  # side 0 now sets its last hand: the game plays on
    after = _series(client, [view])
    assert after != before
    with app.app_context():
        db = get_db()
        cold = night_results.night(db, night.event())
    row = next(r for r in cold.rows if r.entrant == first.sides[0][0])
    assert row.playing and row.wins == 0
    night_results.forget_all()
    storage.forget_all()
    assert _series(client, [view]) == after
