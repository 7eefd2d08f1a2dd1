"""Events in SQLite: check-in, drawing and starting rounds, the clock, standings, playoff."""

from __future__ import annotations

import pytest

from scorepad.core.errors import GameError
from scorepad.core.event import check_settings
from scorepad.core.rules import validate_rules
from scorepad.store import event_clock as clock
from scorepad.store import event_commands as commands
from scorepad.store import event_playoff as playoff
from scorepad.store import event_start
from scorepad.store.commands import record_bids as save_bids
from scorepad.store.commands import record_tricks as save_tricks
from scorepad.store.events import event_standings, games_of, load_event
from scorepad.store.storage import load_game

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal"), ("Ida", "Jo")]


def _event(db, fmt="swiss", **more):
    settings = check_settings({"name": "Tuesday", "format": fmt, "rounds": 3, **more})
    return commands.create_event(db, settings, validate_rules({"target": 200}))


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
        commands.check_in(db, event_id, list(pair))
    return event_id


def test_a_round_drawn_changed_and_started(db):
    event_id = _checked_in(db)
    event = load_event(db, event_id)
    commands.draw_next(db, event_id, event.revision)
    event = load_event(db, event_id)
    (first,) = event.rounds
    assert first.status == "drawn" and len(first.byes) == 1  # five pairs: one sits out
    matches = event.round_matches(1)
    assert len(matches) == 2 and all(m.game_id is None for m in matches)
    sitting = first.byes[0]
    playing = matches[0].sides[0][0]
    commands.swap(db, event_id, event.revision, sitting, playing)
    with pytest.raises(commands.EventChanged):
        event_start.start_round(db, event_id, event.revision)  # a stale page
    event = load_event(db, event_id)
    assert event.rounds[0].byes == (playing,)
    assert event.round_matches(1)[0].sides[0] == (sitting,)
    event_start.start_round(db, event_id, event.revision)
    event = load_event(db, event_id)
    assert event.rounds[0].status == "playing"
    game = load_game(db, event.round_matches(1)[0].game_id)
    names = event_start.table_names(event, event.round_matches(1)[0])
    assert game.game.table.players == tuple(names)
    assert len({m.game_id for m in event.round_matches(1)}) == 2


def test_check_in_refuses_a_name_twice_and_the_wrong_count(db):
    event_id = _checked_in(db, PAIRS[:2])
    with pytest.raises(GameError, match="checked in already"):
        commands.check_in(db, event_id, ["ann", "Zed"])
    with pytest.raises(GameError, match="needs 2 names"):
        commands.check_in(db, event_id, ["Zed"])


def test_time_called_ends_games_after_the_hand_in_play(db):
    event_id = _checked_in(db, PAIRS[:4], round_minutes=30)
    commands.draw_next(db, event_id, load_event(db, event_id).revision)
    event_start.start_round(db, event_id, load_event(db, event_id).revision)
    event = load_event(db, event_id)
    one, two = (m.game_id for m in event.round_matches(1))
    _play(db, one, 7)  # table 1: 61 to 60 after hand 1
    save_bids(db, two, 1, (3, 3, 3, 3))  # table 2: hand 1 bid, not played
    started = event.rounds[0].started_at
    clock.settle(db, event_id, now=started + 29 * 60)  # not yet
    assert load_event(db, event_id).rounds[0].called_at is None
    clock.settle(db, event_id, now=started + 30 * 60)
    event = load_event(db, event_id)
    assert [m.last_hand for m in event.round_matches(1)] == [2, 1]
    assert load_game(db, one).score().status == "playing"  # hand 2 was being dealt
    version = load_game(db, two).versions[0]
    save_tricks(db, two, 1, version, (None,) * 4, side_tricks=(6, 7))
    clock.settle(db, event_id)
    assert load_game(db, two).score().winner == 1
    _play(db, one, 6)  # 121 to 121: a shared lead plays on
    clock.settle(db, event_id)
    assert load_game(db, one).score().status == "playing"
    _play(db, one, 8)
    clock.settle(db, event_id)
    assert load_game(db, one).score().winner == 0
    event = load_event(db, event_id)
    assert event.rounds[0].status == "done"
    rows = event_standings(event, games_of(db, event))
    assert [r.wins for r in rows] == [1, 1, 0, 0]


def test_a_whole_small_night_with_a_playoff(db):
    event_id = _checked_in(db, PAIRS[:4], playoff=2, rounds=2, final_target=150)
    for _ in range(2):
        commands.draw_next(db, event_id, load_event(db, event_id).revision)
        event_start.start_round(db, event_id, load_event(db, event_id).revision)
        event = load_event(db, event_id)
        for match in event.round_matches(event.current.number):
            while load_game(db, match.game_id).score().status != "finished":
                _play(db, match.game_id, 9)  # side 0 wins every game
        clock.settle(db, event_id)
    event = load_event(db, event_id)
    assert [r.status for r in event.rounds] == ["done", "done"]
    with pytest.raises(GameError, match="all 2 rounds"):
        commands.draw_next(db, event_id, event.revision)
    rows = event_standings(event, games_of(db, event))
    playoff.start_playoff(db, event_id, event.revision)
    event = load_event(db, event_id)
    (final,) = event.round_matches(3)
    assert final.sides == ((rows[0].entrant,), (rows[1].entrant,))
    assert load_game(db, final.game_id).game.rules.target == 150  # the final's own target
    _play(db, final.game_id, 13)
    clock.end_table(db, event_id, 3, 1)
    clock.settle(db, event_id)
    assert load_event(db, event_id).rounds[-1].status == "done"


def test_round_robin_of_five_pairs_meets_everyone_once_with_one_bye_each(db):
    event_id = _checked_in(db, PAIRS, fmt="round_robin", rounds=5)
    for _ in range(5):
        commands.draw_next(db, event_id, load_event(db, event_id).revision)
        event_start.start_round(db, event_id, load_event(db, event_id).revision)
        for match in load_event(db, event_id).round_matches(
            load_event(db, event_id).current.number
        ):
            while load_game(db, match.game_id).score().status != "finished":
                _play(db, match.game_id, 9)
        clock.settle(db, event_id)
    event = load_event(db, event_id)
    met = [frozenset(side[0] for side in m.sides) for m in event.matches]
    assert len(met) == len(set(met)) == 10  # every pair of the five, once
    byes = [e for r in event.rounds for e in r.byes]
    assert sorted(byes) == sorted(e.id for e in event.entrants)


def test_an_individual_playoff_pairs_first_with_last(db):
    event_id = _event(db, fmt="individual", rounds=1, playoff=4)
    for name in ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"):
        commands.check_in(db, event_id, [name])
    commands.draw_next(db, event_id, load_event(db, event_id).revision)
    event_start.start_round(db, event_id, load_event(db, event_id).revision)
    for match in load_event(db, event_id).round_matches(1):
        _play(db, match.game_id, 9 if match.number == 1 else 13)
        clock.end_table(db, event_id, 1, match.number)
    clock.settle(db, event_id)
    event = load_event(db, event_id)
    top = [r.entrant for r in event_standings(event, games_of(db, event))][:4]
    playoff.start_playoff(db, event_id, event.revision)
    (final,) = load_event(db, event_id).round_matches(2)
    assert final.sides == ((top[0], top[3]), (top[1], top[2]))


def test_a_start_cut_short_is_finished_by_starting_again(db, monkeypatch):
    event_id = _checked_in(db, PAIRS[:4])
    commands.draw_next(db, event_id, load_event(db, event_id).revision)
    real, calls = event_start.commands.start, []

    def failing(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise OSError("the server stopped")
        return real(*args, **kwargs)

    monkeypatch.setattr(event_start.commands, "start", failing)
    with pytest.raises(OSError):
        event_start.start_round(db, event_id, load_event(db, event_id).revision)
    monkeypatch.undo()
    event = load_event(db, event_id)
    assert event.current.status == "drawn"
    assert [m.game_id is not None for m in event.round_matches(1)] == [True, False]
    first = event.round_matches(1)[0].game_id
    with pytest.raises(GameError, match="being started"):
        commands.swap(db, event_id, event.revision, 1, 2)
    event_start.start_round(db, event_id, event.revision)
    event = load_event(db, event_id)
    assert event.current.status == "playing" and event.round_matches(1)[0].game_id == first
    assert all(load_game(db, m.game_id) for m in event.round_matches(1))
