"""A night's kept results key on versions, not on its rows (store/night_results.py): on
the night's revision (`events.revision`) and its games' keys. That holds only if every
write that changes what the results read of the night (its settings, its entrants' ids
and names, each round's number, kind, status and byes, each table's round, number,
sides, game and named winner) moves the night's revision in the same transaction.

Whole nights are run through their pages, the director's and the tables', each of the
night's writers reached (check-in, gone home, draw, swap, a draw thrown away, start,
re-seating, time called, slips, a table ended, rounds ended by a save, a table reopened
and closed, a game deleted, the playoff drawn, a winner named, a double elimination's
rounds); after every request what the results read of the night is compared with what
it was before: where it changed, the revision must have moved. A command that forgets
its `bump` fails here."""

from __future__ import annotations

import json

from scorepad.store import night_results
from scorepad.store.db import writing
from scorepad.store.event_commands._base import bump
from scorepad.store.events import Event, load_event
from scorepad.web.db import get_db
from tests.event_helpers import Night
from tests.test_double_night import _night as double_night

NINE = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida")
PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def what_results_read(event: Event) -> tuple:
    """What the night's results read of the event itself: the content the kept results
    were keyed on before they keyed on the night's revision."""
    return (
        json.dumps(event.settings.as_dict(), sort_keys=True),
        tuple((e.id, e.name) for e in event.entrants),
        tuple((r.number, r.kind, r.status, r.byes) for r in event.rounds),
        tuple((m.round, m.number, m.sides, m.game_id, m.winner) for m in event.matches),
    )


class Watch:
    """Every POST the test client makes, with the night read before and after it: where
    what the results read changed, the revision moved. `changed`: the requests that
    changed it (each seen with its revision moved)."""

    def __init__(self, client, app, monkeypatch, night: Night) -> None:
        self.app, self.night, self.changed = app, night, []
        self._post = client.post
        monkeypatch.setattr(client, "post", self.post)

    def read(self) -> tuple[int, tuple]:
        with self.app.app_context():
            event = load_event(get_db(), self.night.id)
        assert event is not None
        return event.revision, what_results_read(event)

    def post(self, path, *args, **kwargs):
        before = self.read()
        answer = self._post(path, *args, **kwargs)
        after = self.read()
        if after[1] != before[1]:
            assert after[0] != before[0], f"{path} changed the night, its revision stayed"
            self.changed.append(path.split("/")[-1])
        return answer


def _delete(client, night, game_id) -> None:
    r = client.post(f"/games/{game_id}/delete", data={"version": night.game(game_id).revision})
    assert r.status_code == 302 and night.game(game_id) is None


def _bye(night) -> int:
    return night.event().rounds[-1].byes[0]


def test_an_individual_night_moves_its_revision_with_every_change(client, app, monkeypatch):
    night = Night(client, app, format="individual", rounds=2, round_minutes=30)
    watch = Watch(client, app, monkeypatch, night)
    for name in NINE:
        night.check_in(name)
    gone = night.event().entrants[-1].id
    night.post(f"entrants/{gone}/left", expect="Gone home")
    night.post(f"entrants/{gone}/back")
    night.act("draw", "Round drawn")
    seated = night.round()[0].sides[0][0]
    night.act("swap", "Swapped", first=str(_bye(night)), second=str(seated))
    night.act("cancel")
    night.draw_and_start()
    one, two = night.round()
    sitting_out = night.event().by_id[_bye(night)].name
    night.act("rounds/1/reseat", "sits in for", seat="1-0", name=sitting_out)
    night.act("rounds/1/reseat", "sits in for", seat="2-1", name="Zoe")
    partner = night.game(one.game_id).game.table.players[2]
    night.act("rounds/1/reseat", "", seat="1-0", name=partner)  # partners change seats
    night.hand(one.game_id, 9)
    night.act("call", "", confirm="yes")
    night.act("rounds/1/tables/2/slip-hand", "", game_revision=night.game(two.game_id).revision,
              **{f"bid_{s}": "3" for s in range(4)}, tricks_0="3", tricks_1="3", tricks_2="4",
              tricks_3="3")  # fmt: skip
    night.act("rounds/1/tables/1/end", "ended", confirm="yes")
    night.finish(two.game_id)
    assert night.event().rounds[0].done  # table 2 finished its hand on time: "end" ended it
    night.act("rounds/1/tables/1/reopen")
    night.act("rounds/1/tables/1/close")
    night.draw_and_start()
    one, two = night.round()
    _delete(client, night, one.game_id)
    totals = {"total_0": "130", "bags_0": "3", "total_1": "-40", "bags_1": "0"}
    night.act("rounds/2/tables/2/slip", "", game_revision=night.game(two.game_id).revision,
              **totals)  # fmt: skip
    assert night.event().rounds[1].done  # the slip ended the round's last table
    assert {"checkin", "draw", "swap", "cancel", "start", "reseat", "delete", "slip"} <= set(
        watch.changed
    )


def test_a_playoff_night_moves_its_revision_with_every_change(client, app, monkeypatch):
    night = Night(client, app, rounds=1, playoff=4, target=100)
    watch = Watch(client, app, monkeypatch, night)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    night.play_round()
    night.start_playoff()
    one, two = night.round()
    night.hand(one.game_id, 9)
    _delete(client, night, one.game_id)
    revision = night.revision()  # named while table 2 plays: the round goes on
    named = {"r2t1-revision": revision, "r2t1-winner": "1", "r2t1-note": "left early"}
    night.post("rounds/2/tables/1/winner", "", revision=revision, **named)
    assert not night.event().rounds[1].done
    night.finish(two.game_id)
    assert night.event().rounds[1].done
    night.next_playoff_round()
    night.play_round()
    assert {"playoff", "winner", "next", "delete"} <= set(watch.changed)
    assert "tricks" in watch.changed  # a table's save that ended its round


def test_a_double_elimination_night_moves_its_revision_with_every_change(client, app, monkeypatch):
    watched = []

    class Watched(Night):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            watched.append(Watch(client, app, monkeypatch, self))

    monkeypatch.setattr("tests.test_double_night.Night", Watched)
    night, director = double_night(client, app, 4)
    assert "Playoff winner:" in director
    assert watched[0].changed.count("next") >= 3


def _round_playing(client, app) -> Night:
    """A pairs night of four pairs, its first round drawn and started."""
    night = Night(client, app)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    return night


def test_the_kept_results_key_on_the_night_s_revision_and_its_games(client, app):
    night = _round_playing(client, app)
    with app.app_context():
        db = get_db()
        event = night.event()
        keys = night_results.game_keys(db, [m.game_id for m in event.matches])
        key = night_results._night_key(db, event, keys)
        marks = night_results.marks(db, [event.view_token])
    assert key[1:] == (event.id, event.revision, tuple(keys))
    revision, games = json.loads(marks[event.view_token][1])
    assert (revision, sorted(map(tuple, games))) == (event.revision, keys)


def test_a_night_read_as_a_write_came_is_counted_but_not_kept(client, app):
    """The event is read in four queries, the versions after it: a write between them
    (the night's revision moved) leaves what was counted unkept, as it may mix the two."""
    night = _round_playing(client, app)
    with app.app_context():
        db = get_db()
        event = night.event()
        with writing(db):
            bump(db, event.id)  # a write that came while the event was read
        night_results.forget_all()
        counted = night_results.night(db, event)
        assert not night_results._nights
        assert night_results.night(db, night.event()) == counted
        assert len(night_results._nights) == 1
