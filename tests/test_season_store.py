"""A season's commands (store/season_commands/): one transaction each, stale edits
refused, typed outcomes, and the standings counted from the linked club nights."""

from __future__ import annotations

import pytest

from scorepad.core.event import check_settings
from scorepad.core.rules import validate_rules
from scorepad.files import event as eventfile
from scorepad.store.club_commands.clubs import create_club
from scorepad.store.club_commands.filing import file_event
from scorepad.store.event_commands.transfer import import_event
from scorepad.store.season_commands import entrants, nights, seasons
from scorepad.store.season_commands.outcomes import NoSeason, SeasonRefused, SeasonStale
from scorepad.store.seasons import load_season, season_of_event, season_standings
from tests.event_files import PAIRS, pairs_night


def imported_night(db) -> str:
    parsed = eventfile.read(pairs_night())
    return import_event(
        db,
        parsed.settings,
        parsed.rules,
        parsed.entrants,
        parsed.rounds,
        parsed.matches,
        parsed.scores,
    )


@pytest.fixture
def made(db):
    club = create_club(db, "Friday")
    season_id = seasons.create_season(db, club, "Winter", {"divisions": "A,B", "moves": "1"})
    return db, club, season_id


def rev(db, season_id) -> int:
    return load_season(db, season_id).revision


def test_a_season_made_and_its_nights_moved(made):
    db, club, sid = made
    number = nights.add_night(db, club, sid, 0, "2026-01-09", "19:30", "The Anchor")
    assert number == 1
    nights.move_night(db, club, sid, rev(db, sid), 1, "2026-01-16", "20:00", "The Bell")
    night = load_season(db, sid).night(1)
    assert (night.day, night.start, night.venue, night.sequence) == (
        "2026-01-16",
        "20:00",
        "The Bell",
        1,
    )


def test_a_stale_edit_is_refused_and_writes_nothing(made):
    db, club, sid = made
    nights.add_night(db, club, sid, 0, "2026-01-09", "", "")
    with pytest.raises(SeasonStale):
        nights.add_night(db, club, sid, 0, "2026-01-16", "", "")
    assert len(load_season(db, sid).nights) == 1


def test_another_clubs_season_is_not_found(made):
    db, _, sid = made
    other = create_club(db, "Other")
    with pytest.raises(NoSeason):
        nights.add_night(db, other, sid, None, "2026-01-09", "", "")
    with pytest.raises(NoSeason):
        seasons.create_season(db, "no-such-club", "X", {})


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda db, c, s: nights.add_night(db, c, s, 0, "soon", "", ""), "night"),
        (lambda db, c, s: nights.move_night(db, c, s, 0, 9, "2026-01-01", "", ""), "no_night"),
        (lambda db, c, s: nights.remove_night(db, c, s, 0, 9), "no_night"),
        (lambda db, c, s: entrants.add_entrant(db, c, s, 0, ["Ann"], 0), "players"),
        (lambda db, c, s: entrants.add_entrant(db, c, s, 0, ["Ann", "Bo"], 5), "no_division"),
        (lambda db, c, s: entrants.assign_division(db, c, s, 0, 9, 0), "no_entrant"),
        (lambda db, c, s: entrants.remove_entrant(db, c, s, 0, 9), "no_entrant"),
        (lambda db, c, s: seasons.edit_season(db, c, s, 0, "", {}), "name"),
        (lambda db, c, s: seasons.create_season(db, c, "Next", {}, follows=s), "not_closed"),
    ],
)
def test_refusals_are_typed(made, call, code):
    db, club, sid = made
    with pytest.raises(SeasonRefused) as caught:
        call(db, club, sid)
    assert caught.value.code == code
    assert rev(db, sid) == 0


def test_an_entrant_once_and_divisions(made):
    db, club, sid = made
    entrants.add_entrant(db, club, sid, 0, ["Ann", "Bo"], 0)
    with pytest.raises(SeasonRefused):
        entrants.add_entrant(db, club, sid, 1, ["bo", "Zed"], 1)
    entrants.assign_division(db, club, sid, 1, 1, 1)
    assert load_season(db, sid).division(1)[0].name == "Ann & Bo"
    seasons.edit_season(db, club, sid, 2, "Winter", {"divisions": "A"})
    assert load_season(db, sid).division(0)[0].number == 1
    entrants.remove_entrant(db, club, sid, 3, 1)
    assert not load_season(db, sid).entrants


def test_standings_from_a_linked_night_and_the_season_closed(made):
    db, club, sid = made
    for i, pair in enumerate(PAIRS):
        entrants.add_entrant(db, club, sid, rev(db, sid), pair, 0 if i < 3 else 1)
    nights.add_night(db, club, sid, rev(db, sid), "2026-01-09", "", "")
    event_id = imported_night(db)
    with pytest.raises(SeasonRefused) as caught:
        nights.link_night(db, club, sid, rev(db, sid), 1, event_id)
    assert caught.value.code == "not_club_night"
    file_event(db, club, event_id)
    nights.link_night(db, club, sid, rev(db, sid), 1, event_id)
    assert season_of_event(db, event_id)[:2] == (sid, 1)
    top, low = season_standings(db, load_season(db, sid))
    assert sum(r.points for r in (*top, *low)) > 0
    assert top[-1].mark == "down" and low[0].mark == "up"
    moved = seasons.close_season(db, club, sid, rev(db, sid))
    assert sorted(moved[0] + moved[1]) == [1, 2, 3, 4, 5]
    with pytest.raises(SeasonRefused) as caught:
        nights.add_night(db, club, sid, rev(db, sid), "2026-02-01", "", "")
    assert caught.value.code == "closed"
    follows = seasons.create_season(db, club, "Spring", {"divisions": "A,B"}, follows=sid)
    after = load_season(db, follows)
    assert [e.number for e in after.division(0)] == moved[0]


def test_a_night_started_from_the_season(made):
    db, club, sid = made
    nights.add_night(db, club, sid, 0, "2026-01-09", "", "")
    settings = check_settings({"name": "Night 1", "date": "2026-01-09", "format": "swiss"})
    event_id = nights.start_night(db, club, sid, 1, 1, settings, validate_rules({}))
    assert load_season(db, sid).night(1).event_id == event_id
    with pytest.raises(SeasonRefused) as caught:
        nights.start_night(db, club, sid, 2, 1, settings, validate_rules({}))
    assert caught.value.code == "has_event"
    nights.remove_night(db, club, sid, 2, 1)
    seasons.delete_season(db, club, sid, 3)
    assert load_season(db, sid) is None


def test_the_playoff_night_is_seeded_by_the_season(made):
    from scorepad.store.event_commands.rounds import start_round
    from scorepad.store.events import load_event
    from scorepad.store.season_commands.playoff import start_playoff_night

    db, club, sid = made
    seasons.edit_season(db, club, sid, 0, "Winter", {"divisions": "A", "playoff": "4"})
    for pair in PAIRS:
        entrants.add_entrant(db, club, sid, rev(db, sid), pair, 0)
    nights.add_night(db, club, sid, rev(db, sid), "2026-01-09", "", "")
    nights.add_night(db, club, sid, rev(db, sid), "2026-03-09", "", "")
    event_id = imported_night(db)
    file_event(db, club, event_id)
    nights.link_night(db, club, sid, rev(db, sid), 1, event_id)
    (top,) = season_standings(db, load_season(db, sid))
    seeds = [r.name for r in top if r.place][:4]
    settings = check_settings({"name": "Final", "format": "swiss", "rounds": 1, "playoff": 4})
    with pytest.raises(SeasonRefused) as caught:
        start_playoff_night(db, club, sid, rev(db, sid), 2, settings, validate_rules({}), 3)
    assert caught.value.code == "no_division"
    night = start_playoff_night(db, club, sid, rev(db, sid), 2, settings, validate_rules({}))
    event = load_event(db, night)
    assert [e.name for e in event.entrants] == seeds
    names = {e.id: e.name for e in event.entrants}
    drawn = [[names[s[0]] for s in m.sides] for m in event.round_matches(1)]
    assert drawn == [[seeds[0], seeds[3]], [seeds[1], seeds[2]]]
    assert event.rounds[0].kind == "playoff"
    start_round(db, night, event.revision)  # the night's own playoff machinery from here
    assert all(m.game_id for m in load_event(db, night).round_matches(1))
    assert load_season(db, sid).night(2).event_id == night


def test_no_playoff_without_its_size(made):
    from scorepad.store.season_commands.playoff import start_playoff_night

    db, club, sid = made
    nights.add_night(db, club, sid, 0, "2026-01-09", "", "")
    settings = check_settings({"name": "Final", "format": "swiss", "playoff": 2})
    with pytest.raises(SeasonRefused) as caught:
        start_playoff_night(db, club, sid, 1, 1, settings, validate_rules({}))
    assert caught.value.code == "no_playoff"
    seasons.edit_season(db, club, sid, 1, "Winter", {"playoff": "2"})
    with pytest.raises(SeasonRefused) as caught:
        start_playoff_night(db, club, sid, 2, 1, settings, validate_rules({}))
    assert caught.value.code == "playoff_few"


def _closed(db, club, sid) -> None:
    for i, pair in enumerate(PAIRS):
        entrants.add_entrant(db, club, sid, rev(db, sid), pair, i // 3)
    seasons.close_season(db, club, sid, rev(db, sid))


def test_a_closed_season_is_followed_once(made):
    db, club, sid = made
    _closed(db, club, sid)
    first = seasons.create_season(db, club, "Spring", {"divisions": "A,B"}, follows=sid)
    assert load_season(db, first).follows == sid
    with pytest.raises(SeasonRefused) as caught:
        seasons.create_season(db, club, "Spring", {"divisions": "A,B"}, follows=sid)
    assert (caught.value.code, caught.value.field) == ("followed", "follows")
    assert [r["id"] for r in db.query("select id from seasons where follows = ?", [sid])] == [first]


def test_two_requests_past_the_check_end_in_one_next_season(made, monkeypatch):
    """Two phones that both found the closed season unfollowed (the check passed for
    both): the unique index refuses the second, the same typed outcome, nothing written."""
    db, club, sid = made
    _closed(db, club, sid)
    first = seasons.create_season(db, club, "Spring", {"divisions": "A,B"}, follows=sid)
    execute = db.execute

    def blind(sql, params=None):  # the check answers as it did before the first was made
        if sql.startswith("select 1 from seasons where follows"):
            return execute("select 1 where 0")
        return execute(sql, params) if params is not None else execute(sql)

    monkeypatch.setattr(db, "execute", blind)
    held = db.execute("select count(*) from season_entrants").fetchone()[0]
    with pytest.raises(SeasonRefused) as caught:
        seasons.create_season(db, club, "Spring", {"divisions": "A,B"}, follows=sid)
    assert (caught.value.code, caught.value.field) == ("followed", "follows")
    assert [r["id"] for r in db.query("select id from seasons where follows = ?", [sid])] == [first]
    assert db.execute("select count(*) from season_entrants").fetchone()[0] == held


def test_deleting_either_season_unlinks_them(made):
    db, club, sid = made
    _closed(db, club, sid)
    follower = seasons.create_season(db, club, "Spring", {"divisions": "A,B"}, follows=sid)
    seasons.delete_season(db, club, follower, rev(db, follower))
    again = seasons.create_season(db, club, "Spring", {"divisions": "A,B"}, follows=sid)
    seasons.delete_season(db, club, sid, rev(db, sid))
    assert load_season(db, again).follows is None  # it follows none: the closed one is gone


def test_a_database_from_before_follows_keeps_its_seasons(tmp_path, made):
    from scorepad.store.db import connect
    from scorepad.store.migrations import migrations

    db, club, sid = made
    _closed(db, club, sid)
    nights.add_night(
        db, club, seasons.create_season(db, club, "Spring", {}), 0, "2026-03-01", "", ""
    )
    old = connect(str(tmp_path / "old.db"))
    migrations.apply(old, stop_before="m034_season_follows")
    assert "follows" not in old["seasons"].columns_dict
    for name in ("clubs", "seasons", "season_nights", "season_entrants"):
        columns = old[name].columns_dict
        for row in db.query(f"select * from {name}"):
            old[name].insert({k: v for k, v in row.items() if k in columns})
    migrations.apply(old)
    kept = [r["id"] for r in db.query("select id from seasons order by rowid")]
    assert [load_season(old, s) for s in kept] == [load_season(db, s) for s in kept]
    assert all(load_season(old, s).follows is None for s in kept)
    assert seasons.create_season(old, club, "Next", {"divisions": "A,B"}, follows=sid)
    with pytest.raises(SeasonRefused):
        seasons.create_season(old, club, "Next", {"divisions": "A,B"}, follows=sid)
    old.close()
