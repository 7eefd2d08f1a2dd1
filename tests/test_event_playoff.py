"""A playoff match always produces a winner: a tie on time plays on, and a drawn game
goes on by the director's word, so the bracket never waits for ever."""

from __future__ import annotations

import io
import json
import time

import pytest

from scorepad.core.errors import GameError
from scorepad.core.roster import check_named
from scorepad.files import event as eventfile
from scorepad.store.event_commands import clock, rounds
from scorepad.store.event_commands import playoff as playoff
from scorepad.store.event_commands.outcomes import EventRefused, EventStale
from scorepad.store.events import load_event
from scorepad.store.storage import load_game
from scorepad.web.words.events import refused as say
from tests.event_helpers import Night
from tests.test_event_store import PAIRS, _checked_in, _play, _start


def _revision(db, event_id):
    return load_event(db, event_id).revision


def _next_round(db, event_id):
    """The director draws the next playoff round and starts it."""
    playoff.next_playoff_round(db, event_id, _revision(db, event_id))
    rounds.start_round(db, event_id, _revision(db, event_id))


def _semi_finals(db, **more):
    """Four pairs, one round played (side 0 wins both), then semi-finals started."""
    event_id = _checked_in(db, PAIRS[:4], playoff=4, rounds=1, **more)
    _start(db, event_id)
    for match in load_event(db, event_id).round_matches(1):
        _play(db, match.game_id, 13)
        clock.end_table(db, event_id, 1, match.number)
    playoff.start_playoff(db, event_id, _revision(db, event_id))
    rounds.start_round(db, event_id, _revision(db, event_id))
    return event_id


def _tie(db, game_id):
    """Two hands that leave both sides on 121 with a bag each."""
    _play(db, game_id, 7)
    _play(db, game_id, 6)
    assert load_game(db, game_id).score().totals == (121, 121)


def test_a_drawn_playoff_game_no_longer_blocks_the_bracket(db):
    event_id = _semi_finals(db)
    one, two = load_event(db, event_id).round_matches(2)
    _tie(db, one.game_id)
    clock.end_table(db, event_id, 2, 1)  # ended with a shared lead: a draw
    assert load_game(db, one.game_id).score().winner is None
    _play(db, two.game_id, 13)
    clock.end_table(db, event_id, 2, 2)
    event = load_event(db, event_id)
    assert event.rounds[-1].status == "playing" and len(event.rounds) == 2  # waiting
    with pytest.raises(EventRefused, match="flow"):
        playoff.next_playoff_round(db, event_id, event.revision)
    event = clock.name_winner(
        db, event_id, event.revision, (2, 1), 1, "  one more hand:  Cy & Di  "
    )
    assert event.rounds[1].status == "done"
    assert (event.round_matches(2)[0].winner, event.round_matches(2)[0].note) == (
        1,
        "one more hand: Cy & Di",
    )
    _next_round(db, event_id)
    (final,) = load_event(db, event_id).round_matches(3)
    assert final.sides == (one.sides[1], two.sides[0])  # the named side goes on
    assert load_game(db, final.game_id).score().status == "playing"


def test_time_called_in_a_playoff_plays_a_tie_on_even_if_the_event_draws(db, monkeypatch):
    event_id = _semi_finals(db, round_minutes=30, on_time_tie="draw")
    one, two = load_event(db, event_id).round_matches(2)
    _play(db, one.game_id, 7)  # 61 to 60: hand 2 is in play when time is called
    started = load_event(db, event_id).rounds[1].started_at
    monkeypatch.setattr(time, "time", lambda: started + 30 * 60)
    _play(db, one.game_id, 6)  # 121 to 121, a bag each: a shared lead
    _play(db, two.game_id, 9)
    assert [m.last_hand for m in load_event(db, event_id).round_matches(2)] == [2, 1]
    assert load_game(db, one.game_id).score().status == "playing"  # a tie plays on
    assert load_game(db, two.game_id).score().winner == 0  # the leader won on time
    _play(db, one.game_id, 9)
    assert load_game(db, one.game_id).score().winner == 0
    assert load_event(db, event_id).rounds[1].status == "done"
    _next_round(db, event_id)
    assert len(load_event(db, event_id).round_matches(3)) == 1  # the final is drawn


def test_time_called_in_a_regular_round_still_draws_if_the_event_says_so(db, monkeypatch):
    event_id = _checked_in(db, PAIRS[:2], round_minutes=30, on_time_tie="draw")
    _start(db, event_id)
    (match,) = load_event(db, event_id).round_matches(1)
    _play(db, match.game_id, 7)
    started = load_event(db, event_id).rounds[0].started_at
    monkeypatch.setattr(time, "time", lambda: started + 1800)
    _play(db, match.game_id, 6)
    score = load_game(db, match.game_id).score()
    assert (score.status, score.winner) == ("finished", None)


@pytest.mark.parametrize(
    ("when", "message"),
    [
        ("not drawn", "no draw to settle"),
        ("regular", "round 1 is not being played"),
        ("no note", "say why"),
        ("bad side", "must be 0 or 1"),
        ("stale", None),
    ],
)
def test_naming_a_winner_is_refused_unless_it_settles_a_draw(db, when, message):
    event_id = _semi_finals(db)
    one, _ = load_event(db, event_id).round_matches(2)
    _tie(db, one.game_id)
    if when != "not drawn":
        clock.end_table(db, event_id, 2, 1)
    event = load_event(db, event_id)
    at, side, note, revision = (2, 1), 0, "cut for high card", event.revision
    if when == "regular":
        at = (1, 1)
    elif when == "no note":
        note = " "
    elif when == "bad side":
        side = 2
    elif when == "stale":
        revision -= 1
    if message is None:
        with pytest.raises(EventStale):
            clock.name_winner(db, event_id, revision, at, side, note)
    elif when in ("no note", "bad side"):  # the core's own check of the form
        with pytest.raises(GameError, match=message):
            clock.name_winner(db, event_id, revision, at, side, note)
    else:
        with pytest.raises(EventRefused) as err:
            clock.name_winner(db, event_id, revision, at, side, note)
        assert message in say(err.value)
    assert load_event(db, event_id).round_matches(2)[0].winner is None


@pytest.mark.parametrize(
    ("winner", "note"), [(True, "x"), ("0", "x"), (0, ""), (0, "x" * 201), (0, "a\u200bb")]
)
def test_a_named_winner_is_checked(winner, note):
    with pytest.raises(GameError):
        check_named(winner, note)


def test_the_director_names_the_winner_on_the_page_and_the_file_keeps_it(client, app):
    night = Night(client, app, playoff=2, rounds=1)
    night.check_in("Ann", "Bo")
    night.check_in("Cy", "Di")
    night.act("draw")
    night.act("start")
    night.play_round()
    night.act("playoff", "Playoff drawn")
    night.act("start", "Round started")
    (final,) = night.round()
    for took in (7, 6):
        night.hand(final.game_id, took)
    form = {"revision": "0", "confirm": "yes"}
    r = client.post(f"/events/{night.id}/rounds/2/tables/1/end", data=form)
    assert r.status_code == 302
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert "A playoff match needs a winner" in page
    revision = night.revision()
    form = {"r2t1-revision": revision, "r2t1-winner": "1", "r2t1-note": ""}
    page = night.post("rounds/2/tables/1/winner", **form)
    assert "Not done: note: say why" in page
    form["r2t1-note"] = "one more hand"
    page = night.post("rounds/2/tables/1/winner", **form)
    assert "the winner is named" in page
    assert "go through by the director&#39;s word: one more hand" in page
    assert night.event().rounds[-1].status == "done"
    page = night.post("rounds/2/tables/1/winner", **form)
    assert "changed on another device" in page
    doc = json.loads(client.get(f"/events/{night.id}/event.json").get_data(as_text=True))
    (named,) = [m for m in doc["matches"] if m["round"] == 2]
    assert (named["winner"], named["note"]) == (1, "one more hand")
    again = eventfile.read(doc)
    assert [(m.winner, m.note) for m, _ in again.matches][-1] == (1, "one more hand")
    r = client.post(
        "/events/import",
        data={"file": (io.BytesIO(json.dumps(doc).encode()), "night.json")},
        content_type="multipart/form-data",
    )
    assert r.status_code == 302, r.get_data(as_text=True)
    copy = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "go through by the director&#39;s word: one more hand" in copy


def test_only_the_final_plays_to_its_own_target(db):
    event_id = _semi_finals(db, final_target=150)
    semis = load_event(db, event_id).round_matches(2)
    assert [load_game(db, m.game_id).game.rules.target for m in semis] == [200, 200]
    for match in semis:
        _play(db, match.game_id, 13)
        clock.end_table(db, event_id, 2, match.number)
    _next_round(db, event_id)
    (final,) = load_event(db, event_id).round_matches(3)
    assert load_game(db, final.game_id).game.rules.target == 150


def test_the_director_s_page_tells_the_final_s_target(client, app):
    night = Night(client, app, playoff=4, final_target=150, target=100)
    director = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert "playoff for the top 4, the final to 150" in director
