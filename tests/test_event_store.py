"""Events in SQLite: check-in, drawing and starting rounds, the clock, standings, playoff."""

from __future__ import annotations

import time
from contextlib import contextmanager

import pytest

from scorepad.core.event import check_settings
from scorepad.core.roster import match_table
from scorepad.core.rules import validate_rules
from scorepad.store import commands as game_commands
from scorepad.store.commands import record_bids as save_bids
from scorepad.store.commands import record_tricks as save_tricks
from scorepad.store.event_commands import checkin, clock, rounds
from scorepad.store.event_commands import playoff as playoff
from scorepad.store.event_commands.outcomes import EventRefused, EventStale
from scorepad.store.events import event_standings, games_of, load_event
from scorepad.store.storage import load_game
from scorepad.web.words.events import refused as say

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal"), ("Ida", "Jo")]


@contextmanager
def refused(words):
    """The event command refuses, and the director is told these words."""
    with pytest.raises(EventRefused) as err:
        yield
    assert words in say(err.value)


def _event(db, fmt="swiss", **more):
    settings = check_settings({"name": "Tuesday", "format": fmt, "rounds": 3, **more})
    return checkin.create_event(db, settings, validate_rules({"target": 200}))


def _start(db, event_id):
    """Draw the next round and start it."""
    rounds.draw_next(db, event_id, load_event(db, event_id).revision)
    rounds.start_round(db, event_id, load_event(db, event_id).revision)


def _play(db, game_id, tricks_side0):
    """One hand, 3 bid by every seat: side 0 takes `tricks_side0` of 13."""
    number = load_game(db, game_id).score().next_number
    save_bids(db, game_id, number, (3, 3, 3, 3))
    version = load_game(db, game_id).versions[number - 1]
    t = tricks_side0
    save_tricks(db, game_id, number, version, (None,) * 4, side_tricks=(t, 13 - t))


def _checked_in(db, pairs=PAIRS, **more):
    event_id = _event(db, **more)
    for pair in pairs:
        checkin.check_in(db, event_id, list(pair))
    return event_id


def test_a_round_drawn_changed_and_started(db):
    event_id = _checked_in(db)
    event = load_event(db, event_id)
    rounds.draw_next(db, event_id, event.revision)
    event = load_event(db, event_id)
    (first,) = event.rounds
    assert first.status == "drawn" and len(first.byes) == 1  # five pairs: one sits out
    matches = event.round_matches(1)
    assert len(matches) == 2 and all(m.game_id is None for m in matches)
    sitting = first.byes[0]
    playing = matches[0].sides[0][0]
    rounds.swap(db, event_id, event.revision, sitting, playing)
    with pytest.raises(EventStale):
        rounds.start_round(db, event_id, event.revision)  # a stale page
    event = load_event(db, event_id)
    assert event.rounds[0].byes == (playing,)
    assert event.round_matches(1)[0].sides[0] == (sitting,)
    rounds.start_round(db, event_id, event.revision)
    event = load_event(db, event_id)
    assert event.rounds[0].status == "playing"
    game = load_game(db, event.round_matches(1)[0].game_id)
    names = match_table(rounds.table_players(event, event.round_matches(1)[0])).players
    assert game.game.table.players == names
    (a, c), (b, d) = (event.by_id[side[0]].players for side in event.round_matches(1)[0].sides)
    assert names == (a, b, c, d)  # partners sit opposite
    assert len({m.game_id for m in event.round_matches(1)}) == 2


def test_check_in_refuses_a_name_twice_and_the_wrong_count(db):
    event_id = _checked_in(db, PAIRS[:2])
    with refused("checked in already"):
        checkin.check_in(db, event_id, ["ann", "Zed"])
    with refused("needs 2 names"):
        checkin.check_in(db, event_id, ["Zed"])


def test_time_called_is_judged_when_read_and_applied_by_each_table_s_next_save(db, monkeypatch):
    event_id = _checked_in(db, PAIRS[:4], round_minutes=30)
    _start(db, event_id)
    event = load_event(db, event_id)
    one, two = (m.game_id for m in event.round_matches(1))
    _play(db, one, 7)  # table 1: 61 to 60 after hand 1
    save_bids(db, two, 1, (3, 3, 3, 3))  # table 2: hand 1 bid, not played
    started = event.rounds[0].started_at
    monkeypatch.setattr(time, "time", lambda: started + 30 * 60)  # the clock ran out
    event = load_event(db, event_id)
    assert event.rounds[0].called_at is None  # nothing was written when it ran out
    assert [m.last_hand for m in event.round_matches(1)] == [None, None]
    version = load_game(db, two).versions[0]
    save_tricks(db, two, 1, version, (None,) * 4, side_tricks=(6, 7))
    assert load_game(db, two).score().winner == 1  # ended in the same save
    event = load_event(db, event_id)
    assert [m.last_hand for m in event.round_matches(1)] == [None, 1]
    assert event.rounds[0].called_at == started + 30 * 60  # when it ran out
    _play(db, one, 6)  # hand 2 was being dealt: 121 to 121, a shared lead plays on
    assert load_game(db, one).score().status == "playing"
    assert load_event(db, event_id).round_matches(1)[0].last_hand == 2
    _play(db, one, 8)
    assert load_game(db, one).score().winner == 0
    event = load_event(db, event_id)
    assert event.rounds[0].status == "done"  # the last table's save closed the round
    rows = event_standings(event, games_of(db, event))
    assert [r.wins for r in rows] == [1, 1, 0, 0]


def test_a_save_before_the_clock_runs_out_notes_nothing(db, monkeypatch):
    event_id = _checked_in(db, PAIRS[:2], round_minutes=30)
    _start(db, event_id)
    (match,) = load_event(db, event_id).round_matches(1)
    started = load_event(db, event_id).rounds[0].started_at
    monkeypatch.setattr(time, "time", lambda: started + 29 * 60)
    _play(db, match.game_id, 7)
    event = load_event(db, event_id)
    assert (event.round_matches(1)[0].last_hand, event.rounds[0].called_at) == (None, None)


def test_a_whole_small_night_with_a_playoff(db):
    event_id = _checked_in(db, PAIRS[:4], playoff=2, rounds=2, final_target=150)
    for _ in range(2):
        _start(db, event_id)
        event = load_event(db, event_id)
        for match in event.round_matches(event.current.number):
            while load_game(db, match.game_id).score().status != "finished":
                _play(db, match.game_id, 9)  # side 0 wins every game
    event = load_event(db, event_id)
    assert [r.status for r in event.rounds] == ["done", "done"]
    with refused("all 2 rounds"):
        rounds.draw_next(db, event_id, event.revision)
    rows = event_standings(event, games_of(db, event))
    playoff.start_playoff(db, event_id, event.revision)
    event = load_event(db, event_id)
    assert event.current.status == "drawn"  # the director starts it
    rounds.start_round(db, event_id, event.revision)
    event = load_event(db, event_id)
    (final,) = event.round_matches(3)
    assert final.sides == ((rows[0].entrant,), (rows[1].entrant,))
    assert load_game(db, final.game_id).game.rules.target == 150  # the final's own target
    _play(db, final.game_id, 13)
    clock.end_table(db, event_id, 3, 1)
    assert load_event(db, event_id).rounds[-1].status == "done"


def test_round_robin_of_five_pairs_meets_everyone_once_with_one_bye_each(db):
    event_id = _checked_in(db, PAIRS, fmt="round_robin", rounds=5)
    for _ in range(5):
        _start(db, event_id)
        for match in load_event(db, event_id).round_matches(
            load_event(db, event_id).current.number
        ):
            while load_game(db, match.game_id).score().status != "finished":
                _play(db, match.game_id, 9)
    event = load_event(db, event_id)
    met = [frozenset(side[0] for side in m.sides) for m in event.matches]
    assert len(met) == len(set(met)) == 10  # every pair of the five, once
    byes = [e for r in event.rounds for e in r.byes]
    assert sorted(byes) == sorted(e.id for e in event.entrants)


def test_an_individual_playoff_pairs_first_with_last(db):
    event_id = _event(db, fmt="individual", rounds=1, playoff=4)
    for name in ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"):
        checkin.check_in(db, event_id, [name])
    _start(db, event_id)
    for match in load_event(db, event_id).round_matches(1):
        _play(db, match.game_id, 9 if match.number == 1 else 13)
        clock.end_table(db, event_id, 1, match.number)
    event = load_event(db, event_id)
    assert event.rounds[0].status == "done"  # the last table ended closed it
    top = [r.entrant for r in event_standings(event, games_of(db, event))][:4]
    playoff.start_playoff(db, event_id, event.revision)
    (final,) = load_event(db, event_id).round_matches(2)
    assert final.sides == ((top[0], top[3]), (top[1], top[2]))


def test_a_start_that_fails_midway_leaves_the_round_drawn_and_no_game(db, monkeypatch):
    event_id = _checked_in(db, PAIRS[:4])
    rounds.draw_next(db, event_id, load_event(db, event_id).revision)
    real, calls = game_commands.insert_game, []

    def failing(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise OSError("the server stopped")
        return real(*args, **kwargs)

    monkeypatch.setattr(game_commands, "insert_game", failing)
    with pytest.raises(OSError):
        rounds.start_round(db, event_id, load_event(db, event_id).revision)
    monkeypatch.undo()
    event = load_event(db, event_id)
    assert event.current.status == "drawn"
    assert [m.game_id for m in event.round_matches(1)] == [None, None]
    assert db.execute("select count(*) from games").fetchone()[0] == 0  # no orphan
    rounds.swap(db, event_id, event.revision, 1, 2)  # the draw is as before: changeable
    rounds.start_round(db, event_id, load_event(db, event_id).revision)
    event = load_event(db, event_id)
    assert event.current.status == "playing"
    assert all(load_game(db, m.game_id) for m in event.round_matches(1))


def test_a_round_found_over_but_not_marked_is_closed_by_the_director(db):
    event_id = _checked_in(db, PAIRS[:2])
    _start(db, event_id)
    (match,) = load_event(db, event_id).round_matches(1)
    while load_game(db, match.game_id).score().status != "finished":
        _play(db, match.game_id, 9)
    # as an imported night could hold it: every table over, the round still playing
    db.conn.execute("update event_rounds set status = 'playing'")
    event = load_event(db, event_id)
    with refused("round 1 is not over yet"):
        rounds.draw_next(db, event_id, event.revision)
    event = clock.close_round(db, event_id, event.revision)
    assert event.rounds[0].status == "done"
    with refused("no round is being played"):
        clock.close_round(db, event_id, event.revision)
