"""Re-seating a table once its round has started: substitutes and seat changes, in the
store (one transaction, checked against the director's page) and through the page."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.store.db import connect, migrate
from scorepad.store.event_commands import checkin, rounds
from scorepad.store.event_commands import seats as event_seats
from scorepad.store.event_commands.outcomes import EventRefused, EventStale
from scorepad.store.events import event_standings, games_of, load_event
from scorepad.store.storage import load_game
from tests.event_helpers import Night
from tests.strategies import example_count
from tests.test_event_store import PAIRS, _checked_in, _event, _play, _start, refused

FIVE = ("Ann", "Bo", "Cy", "Di", "Ed")


def _started(db, names=FIVE, **more):
    """An individual night (or pairs, with `fmt`), round 1 started."""
    if more.get("fmt", "individual") == "individual":
        event_id = _event(db, fmt="individual", **more)
        for name in names:
            checkin.check_in(db, event_id, [name])
    else:
        event_id = _checked_in(db, names, **more)
    _start(db, event_id)
    return event_id


def _reseat(db, event_id, seat, name, table=1, revision=None):
    event = load_event(db, event_id)
    revision = event.revision if revision is None else revision
    return event_seats.reseat(db, event_id, revision, 1, table, seat, name)


def _players(db, event_id, table=1):
    match = load_event(db, event_id).round_matches(1)[table - 1]
    return load_game(db, match.game_id).game.table.players


def test_a_player_sitting_out_takes_a_seat_before_the_first_hand(db):
    event_id = _started(db)
    event = load_event(db, event_id)
    (sitting,) = event.rounds[0].byes
    (match,) = event.round_matches(1)
    leaving = _players(db, event_id)[0]
    moved = _reseat(db, event_id, 0, event.by_id[sitting].name)
    assert (moved.leaving, moved.swapped) == (leaving, False)
    after = load_event(db, event_id)
    assert after.rounds[0].byes == ()  # they play now: no bye
    assert after.round_matches(1)[0].sides[0][0] == sitting
    assert after.round_matches(1)[0].game_id == match.game_id  # the same game and links
    assert _players(db, event_id)[0] == event.by_id[sitting].name
    assert after.revision == event.revision + 1


def test_a_substitute_after_hands_takes_the_game_and_its_result(db):
    event_id = _started(db, names=FIVE[:4])
    (match,) = load_event(db, event_id).round_matches(1)
    _play(db, match.game_id, 9)
    leaving = _players(db, event_id)[2]
    before = load_game(db, match.game_id).score().totals
    moved = _reseat(db, event_id, 2, "Zoe")  # not checked in: she is now
    assert (moved.leaving, moved.arriving) == (leaving, "Zoe")
    game = load_game(db, match.game_id)
    assert game.game.table.players[2] == "Zoe" and game.score().totals == before
    while load_game(db, match.game_id).score().status != "finished":
        _play(db, match.game_id, 9)
    event = load_event(db, event_id)
    zoe = next(e for e in event.entrants if e.name == "Zoe")
    assert zoe.joined_round == 1
    rows = {r.name: r for r in event_standings(event, games_of(db, event))}
    assert (rows["Zoe"].wins, rows["Zoe"].played) == (1, 1)  # the seat's side won
    assert (rows[leaving].wins, rows[leaving].played, rows[leaving].points) == (0, 0, 0)


def test_seats_change_freely_before_a_hand_then_only_between_partners(db):
    event_id = _started(db, names=FIVE[:4])
    (match,) = load_event(db, event_id).round_matches(1)
    a, b, c, d = _players(db, event_id)
    assert _reseat(db, event_id, 0, b).swapped  # opponents, no hand yet: new partnerships
    assert _players(db, event_id) == (b, a, c, d)
    sides = load_event(db, event_id).round_matches(1)[0].sides
    names = {e.id: e.name for e in load_event(db, event_id).entrants}
    assert [[names[e] for e in side] for side in sides] == [[b, c], [a, d]]
    _play(db, match.game_id, 9)
    with refused("only partners"):
        _reseat(db, event_id, 0, a)
    _reseat(db, event_id, 0, c)  # partners may
    assert _players(db, event_id) == (c, a, b, d)
    assert load_game(db, match.game_id).score().totals[0] == 63  # the hands stay put


def test_fixed_pairs_keep_their_place_and_the_substitute_plays_this_game(db):
    event_id = _started(db, names=PAIRS[:4], fmt="swiss")
    one, two = load_event(db, event_id).round_matches(1)
    first = _players(db, event_id)[0]
    other_table = _players(db, event_id, table=2)[0]
    with refused("plays at table 2"):
        _reseat(db, event_id, 0, other_table)
    with refused("partners stay together"):
        _reseat(db, event_id, 0, _players(db, event_id)[1])
    _reseat(db, event_id, 0, "Zoe")
    assert _players(db, event_id)[0] == "Zoe"
    event = load_event(db, event_id)
    assert event.round_matches(1)[0].sides == one.sides  # the pair keeps its seat
    assert first in event.by_id[one.sides[0][0]].players  # and its players


def test_the_director_sees_who_sits_in_for_a_pair(client, app):
    night = Night(client, app)
    for pair in PAIRS[:2]:
        night.check_in(*pair)
    night.act("draw")
    night.act("start")
    assert "Sitting in" not in client.get(f"/events/{night.id}").get_data(as_text=True)
    page = night.post("rounds/1/reseat", revision=night.revision(), seat="1-2", name="Zoe")
    assert "Sitting in: Zoe" in page
    assert "Zoe" in client.get(f"/events/{night.id}/tables").get_data(as_text=True)
    table = client.get(f"/events/table/{night.round()[0].game_id}").get_data(as_text=True)
    assert "Sitting in this game: Zoe." in table


@pytest.mark.parametrize("when", ["stale", "over", "no seat", "sits there"])
def test_refusals_change_nothing(db, when):
    event_id = _started(db, names=FIVE[:4])
    (match,) = load_event(db, event_id).round_matches(1)
    revision = load_event(db, event_id).revision
    before = _players(db, event_id)
    if when == "stale":
        checkin.set_here(db, event_id, load_event(db, event_id).entrants[0].id, True)
        with pytest.raises(EventStale):
            _reseat(db, event_id, 0, "Zoe", revision=revision)
    elif when == "over":
        while load_game(db, match.game_id).score().status != "finished":
            _play(db, match.game_id, 9)
        with refused("round 1 is not being played"):  # its one table over: the round is
            _reseat(db, event_id, 0, "Zoe")
    elif when == "no seat":
        with refused("choose a seat"):
            _reseat(db, event_id, 4, "Zoe")
    else:
        with refused("sits there already"):
            _reseat(db, event_id, 1, before[1].upper())
    assert _players(db, event_id) == before
    assert [e.name for e in load_event(db, event_id).entrants] == list(FIVE[:4])


def test_only_a_round_being_played_is_reseated(db):
    event_id = _checked_in(db, PAIRS[:2])
    rounds.draw_next(db, event_id, load_event(db, event_id).revision)
    with refused("not being played"):
        _reseat(db, event_id, 0, "Zoe")


def test_the_director_reseats_through_the_page(client, app):
    night = Night(client, app, format="individual")
    for name in FIVE:
        night.check_in(name)
    night.act("draw")
    night.act("start")
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert "Re-seat a table" in page and 'value="1-0"' in page
    revision = night.revision()
    leaving = night.game(night.round()[0].game_id).game.table.players[0]
    page = night.post("rounds/1/reseat", revision=revision, seat="1-0", name="Zoe")
    assert f"Table 1: Zoe sits in for {leaving}." in page
    page = night.post("rounds/1/reseat", revision=revision, seat="1-1", name="Yan")
    assert "changed on another device" in page  # the stale form is told
    assert "Yan" not in night.game(night.round()[0].game_id).game.table.players
    page = night.post("rounds/1/reseat", revision=night.revision(), seat="9-9", name="Yan")
    assert "Not done: seat: choose a seat" in page
    page = night.post("rounds/1/reseat", revision=night.revision(), seat="1-1", name=" ")
    assert "Not done: who sits there now: is empty" in page


NINE = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida")
MOVES = st.lists(
    st.tuples(
        st.integers(1, 2),  # the table
        st.integers(0, 3),  # the seat
        st.sampled_from((*NINE, "Zoe", "Yan")),  # who sits there now
        st.booleans(),  # a hand is played at table 1 first
    ),
    max_size=8,
)


@settings(max_examples=example_count(20), deadline=None, suppress_health_check=list(HealthCheck))
@given(moves=MOVES)
def test_any_reseating_keeps_one_seat_each_and_the_hands(tmp_path_factory, moves):
    path = str(tmp_path_factory.mktemp("seats") / "scorepad.db")
    migrate(path)
    db = connect(path)
    try:
        event_id = _started(db, names=NINE)
        one = load_event(db, event_id).round_matches(1)[0].game_id
        for table, seat, name, play in moves:
            if play and load_game(db, one).score().status != "finished":
                _play(db, one, 7)
            totals = load_game(db, one).score().totals
            try:
                _reseat(db, event_id, seat, name, table=table)
            except EventRefused:
                pass
            assert load_game(db, one).score().totals == totals  # the hands stay put
            event = load_event(db, event_id)
            seated = [e for m in event.round_matches(1) for side in m.sides for e in side]
            out = event.rounds[0].byes
            assert len(set(seated)) == len(seated) == 8 and not set(seated) & set(out)
            for m in event.round_matches(1):  # the game's names are the event's seating
                game = load_game(db, m.game_id).game.table.players
                (a, c), (b, d) = m.sides
                assert game == tuple(event.by_id[e].name for e in (a, b, c, d))
    finally:
        db.close()
