"""A night's kept results (store/night_results.py): every change to one of its games or
to the event shows at once, and what is kept is what a cold count gives."""

from __future__ import annotations

import random

import pytest

from scorepad.core.roster import outcome_of
from scorepad.store import night_results, storage
from scorepad.store.commands import delete, fix_hand, undo
from scorepad.store.events import champion_name, event_champion, event_standings, games_of
from scorepad.web.db import get_db
from scorepad.web.events import public
from tests.event_helpers import Night
from tests.helpers import text

PAIRS = [(f"North{i}", f"South{i}") for i in range(8)]


def _rows(rows):
    return [(r.place, r.name, r.played, r.wins, r.draws, r.losses, r.points, r.against, r.bags,
             r.byes, r.playing) for r in rows]  # fmt: skip


def _kept_and_cold(app, night):
    """The kept results (asked twice: the second from memory), then a cold count, then
    the standings straight from every game's hands."""
    with app.app_context():
        db = get_db()
        event = night.event()
        first, kept = night_results.night(db, event), night_results.night(db, event)
        night_results.forget_all()
        storage.forget_all()
        cold = night_results.night(db, event)
        games = games_of(db, event)
        straight = event_standings(event, games)
        champion = event_champion(event, games)
    assert _rows(first.rows) == _rows(kept.rows) == _rows(cold.rows) == _rows(straight)
    assert champion_name(event, kept.champion) == champion_name(event, cold.champion) == champion
    return kept


def _night_of_two_rounds(client, app):
    night = Night(client, app)
    for pair in PAIRS[:4]:
        night.check_in(*pair)
    night.draw_and_start()
    night.play_round()  # side 0 wins every table of round 1
    night.draw_and_start()
    return night


def _warm(client, night):
    return text(client.get(f"/events/screen/{night.event().view_token}"))


def test_a_fix_to_an_earlier_round_s_hand_changes_the_standings_at_once(client, app):
    night = _night_of_two_rounds(client, app)
    before = _kept_and_cold(app, night)
    first = night.event().round_matches(1)[0]
    _warm(client, night)
    with app.app_context():
        stored = storage.load_game(get_db(), first.game_id)
        fixed = fix_hand(get_db(), first.game_id, 1, stored.versions[0], (3,) * 4,
                         (None,) * 4, (4, 9))  # fmt: skip
    assert fixed.score().status != "finished"  # 3 all: round 1's table 1 is open again
    after = _kept_and_cold(app, night)
    assert _rows(after.rows) != _rows(before.rows)
    winner = next(r for r in before.rows if r.entrant == first.sides[0][0])
    now = next(r for r in after.rows if r.entrant == first.sides[0][0])
    assert (winner.wins, now.wins, now.playing) == (1, 0, True)
    assert str(now.points) in _warm(client, night)


def test_a_hand_undone_reopens_a_finished_game_in_the_standings(client, app):
    night = _night_of_two_rounds(client, app)
    _kept_and_cold(app, night)
    first = night.event().round_matches(1)[0]
    with app.app_context():
        stored = storage.load_game(get_db(), first.game_id)
        last = len(stored.game.hands)
        undo(get_db(), first.game_id, last, stored.versions[last - 1])
    after = _kept_and_cold(app, night)
    row = next(r for r in after.rows if r.entrant == first.sides[0][0])
    assert (row.wins, row.played, row.playing) == (0, 0, True)


def test_a_deleted_game_leaves_the_standings_at_once(client, app):
    night = _night_of_two_rounds(client, app)
    before = _kept_and_cold(app, night)
    first = night.event().round_matches(1)[0]
    with app.app_context():
        delete(get_db(), first.game_id)
    after = _kept_and_cold(app, night)
    row = next(r for r in after.rows if r.entrant == first.sides[0][0])
    was = next(r for r in before.rows if r.entrant == first.sides[0][0])
    assert (was.wins, row.wins, row.played, row.points) == (1, 0, 0, 0)


def test_an_outcome_is_what_the_standings_read_of_a_game(client, app):
    night = _night_of_two_rounds(client, app)
    with app.app_context():
        db = get_db()
        event = night.event()
        keys = night_results.game_keys(db, [m.game_id for m in event.matches])
        outcomes = night_results.outcomes_of(db, keys)
        for stored in games_of(db, event).values():
            score = stored.score()
            outcome = outcomes[stored.id]
            assert outcome == outcome_of(score)
            assert (outcome.totals, outcome.bags) == (tuple(score.totals), tuple(score.bags))
            assert outcome.finished is (score.status == "finished")


@pytest.mark.parametrize("seed", range(4))
def test_kept_results_and_pages_are_those_of_a_cold_count(client, app, seed):
    """Generated nights: tables playing random hands, some games finished, a hand fixed,
    one game undone; after each step the kept standings, the big screen, the results, the
    CSV and the series are the same warm and cold."""
    chance = random.Random(seed)
    nights = []
    for _ in range(2):
        night = Night(client, app, rounds="3")
        for pair in PAIRS[: chance.choice((4, 5, 7, 8))]:
            night.check_in(*pair)
        rounds = chance.choice((1, 2))
        for number in range(1, rounds + 1):
            night.draw_and_start()
            for match in night.round():
                for _ in range(chance.randint(0, 3)):
                    if night.game(match.game_id).score().status != "finished":
                        night.hand(match.game_id, chance.randint(2, 11))
            _pages_alike(client, app, [*nights, night])
            if number < rounds:
                night.play_round(lambda table: chance.choice((4, 9)))
        nights.append(night)
    _pages_alike(client, app, nights)


def _pages_alike(client, app, nights):
    for night in nights:
        _kept_and_cold(app, night)
    views = [n.event().view_token for n in nights]
    paths = [
        f"/events/screen/{v}{tail}" for v in views for tail in ("", "/results", "/results.csv")
    ]
    paths.append("/events/series?" + "&".join(f"night={v}" for v in views))
    warm = [client.get(p).get_data(as_text=True) for p in paths]
    night_results.forget_all()
    storage.forget_all()
    cold = [client.get(p).get_data(as_text=True) for p in paths]
    assert [_steady(p) for p in warm] == [_steady(p) for p in cold]


def _steady(page):
    """A page less what changes from one request to the next (its form token)."""
    import re

    return re.sub(r'name="csrf_token"[^>]*value="[^"]+"', "", page)


def test_a_cold_series_counts_a_night_a_request_past_its_time_and_says_so(client, app, monkeypatch):
    views = []
    for took in (9, 4, 9):
        night = Night(client, app)
        for pair in PAIRS[:2]:
            night.check_in(*pair)
        night.draw_and_start()
        night.play_round(lambda table, took=took: took)
        views.append(night.event().view_token)
    path = "/events/series?" + "&".join(f"night={v}" for v in views)
    whole = text(client.get(path))
    assert "3 nights" in whole and "Still counting" not in whole
    night_results.forget_all()
    storage.forget_all()
    monkeypatch.setattr(public, "SERIES_SECONDS", 0.0)  # past its time at once
    seen = []
    for _ in range(3):
        answer = client.get(path)
        seen.append((answer.headers.get("Refresh"), text(answer)))
    assert [r for r, _ in seen] == ["1", "1", None]
    assert "Still counting 2 of the nights" in seen[0][1] and "1 night:" in seen[0][1]
    assert "Still counting 1 of the nights" in seen[1][1] and "2 nights" in seen[1][1]
    assert seen[2][1] == whole
    for view in views:  # the form asks for every night, counted or not
        assert f'name="night" value="{view}"' in client.get(path).get_data(as_text=True)
