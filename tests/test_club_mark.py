"""Issue 29: a club's pages know whether to read its games again from the club's mark,
moved by the games' own writes (a hand saved at a club night's table, a fix, a game
deleted) and by nothing else: a page opened twice with nothing written reads nothing."""

from __future__ import annotations

from scorepad.store import commands
from scorepad.store.club_view import MARK, club_view
from scorepad.store.events import load_event
from scorepad.web.db import get_db
from tests.helpers import HAND_1, bid_form, new_game_form, tricks_form
from tests.test_club_seeding import _club, _round_one
from tests.test_clubs import _make, _view


def _mark(app, club_id) -> tuple:
    with app.app_context():
        return tuple(next(get_db().query(MARK, {"club": club_id})).values())


def _play_first_hand(client, game_id, by_side: bool = False) -> None:
    bids, tricks = ([3] * 4, []) if by_side else HAND_1
    assert client.post(f"/games/{game_id}/bids", data=bid_form(1, bids)).status_code == 302
    sides = [9, 4] if by_side else None  # a night's tables count tricks by side
    r = client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 1, tricks, sides))
    assert r.status_code == 302, r.get_data(as_text=True)


def test_a_hand_at_a_club_night_s_table_moves_the_club_s_mark(client, app):
    club_id = _club(client, app)
    _round_one(client, app, club=club_id)
    with app.app_context():
        event_id = next(get_db().query("select id from events"))["id"]
        event = load_event(get_db(), event_id)
    client.post(f"/events/{event_id}/start", data={"revision": event.revision})
    with app.app_context():
        game_id = load_event(get_db(), event_id).round_matches(1)[0].game_id
    before, view = _mark(app, club_id), _view(app, club_id)
    assert _view(app, club_id) is view  # nothing written: the view kept, nothing read
    _play_first_hand(client, game_id, by_side=True)
    assert _mark(app, club_id) != before
    fresh = _view(app, club_id)
    assert fresh is not view
    played = {g.id: g for g in fresh.games}[game_id]
    assert len(played.game.hands) == 1


def test_a_game_of_no_club_or_another_club_leaves_the_mark_alone(client, app):
    club_id, other = _make(client), _make(client, "Tuesday Spades")
    mine = client.post("/games/new", data=new_game_form(club=club_id))
    theirs = client.post("/games/new", data=new_game_form(club=other))
    loose = client.post("/games/new", data=new_game_form())
    before = _mark(app, club_id)
    for r in (theirs, loose):
        _play_first_hand(client, r.headers["Location"].rsplit("/", 1)[-1])
    assert _mark(app, club_id) == before
    _play_first_hand(client, mine.headers["Location"].rsplit("/", 1)[-1])
    writes, rated, games = _mark(app, club_id)
    # bids, then tricks; the game not over: nothing the ratings read has changed
    assert (writes, rated, games) == (before[0] + 2, before[1], before[2])


def test_a_game_deleted_moves_the_mark_of_its_club(client, app):
    club_id = _make(client)
    r = client.post("/games/new", data=new_game_form(club=club_id))
    game_id = r.headers["Location"].rsplit("/", 1)[-1]
    before = _mark(app, club_id)
    with app.app_context():
        stored = club_view(get_db(), club_id).games[0]
        commands.delete(get_db(), game_id, stored.revision)
    assert _mark(app, club_id) != before
    assert _view(app, club_id).games == ()


def test_a_club_page_lists_at_most_its_best_partnerships(client, app):
    from scorepad.web.clubs.data import PAIRS_SHOWN, pair_rows
    from tests.ratings_club import club as simulated
    from tests.test_clubs import _file_games

    club_id = _make(client)
    _, played = simulated(31, players=16, games=120)
    _file_games(app, club_id, played)
    view = _view(app, club_id)
    assert len(view.ratings.pairs) > PAIRS_SHOWN
    with app.app_context():
        rows = pair_rows(view)
    assert len(rows) == PAIRS_SHOWN
    assert [r.rating for r in rows] == sorted((r.rating for r in rows), reverse=True)
