"""Issue 29: what reads only a club's ratings (a club game's chances, its changes, a
night's seeds) is read again only when the ratings may have changed: a game over
written (finished, fixed, undone, deleted), the club changed, a game filed. A hand of a
game not over leaves the ratings kept, and a kept game page is drawn again when they
move (no stale chances)."""

from __future__ import annotations

import re

from scorepad.store import commands
from scorepad.store.club_view import club_view
from scorepad.store.storage import load_game
from scorepad.web.db import get_db
from tests.helpers import HAND_1, bid_form, new_game_form, text, tricks_form
from tests.ratings_club import TRICKS
from tests.test_clubs import _file_games, _make

FOUR = ("Ann", "Bo", "Cy", "Di")
ANN_CY = ((("Ann", "Cy"), ("Bo", "Di")), 0, 0.5)  # a finished game Ann & Cy won


def _rated(app, club_id) -> int:
    """The club's revision when what its ratings read last changed."""
    with app.app_context():
        query = "select rated_revision from clubs where id = ?"
        return int(next(get_db().query(query, [club_id]))["rated_revision"])


def _ratings_view(app, club_id):
    with app.app_context():
        return club_view(get_db(), club_id, ratings=True)


def _started(client, club_id, players=FOUR) -> str:
    r = client.post("/games/new", data=new_game_form(club=club_id, players=players))
    assert r.status_code == 302, r.get_data(as_text=True)
    return r.headers["Location"].rsplit("/", 1)[-1]


def _hand(client, game_id, number=1) -> None:
    bids, tricks = HAND_1
    assert client.post(f"/games/{game_id}/bids", data=bid_form(number, bids)).status_code == 302
    r = client.post(f"/games/{game_id}/tricks", data=tricks_form(number, 2 * number - 1, tricks))
    assert r.status_code == 302, r.get_data(as_text=True)


def _chances(client, game_id) -> tuple[int, int]:
    page = text(client.get(f"/games/{game_id}"))
    found = re.search(r"Chances to win, from the club's ratings: .*? (\d+)% · .*? (\d+)%", page)
    assert found, page
    return int(found.group(1)), int(found.group(2))


def test_a_hand_of_a_game_not_over_keeps_the_ratings_and_reads_nothing(client, app):
    club_id = _make(client)
    _file_games(app, club_id, [ANN_CY] * 3)
    game_id = _started(client, club_id)
    kept, rated = _ratings_view(app, club_id), _rated(app, club_id)
    assert kept.ranked_pairs() == kept.ratings.ranked_pairs() != ()
    _hand(client, game_id)
    assert _rated(app, club_id) == rated
    assert _ratings_view(app, club_id) is kept  # the chances read nothing again
    with app.app_context():
        whole = club_view(get_db(), club_id)  # the members' page reads the hand
    assert whole is not kept
    assert len({g.id: g for g in whole.games}[game_id].game.hands) == 1
    # nothing rated changed: the same ratings, and their ranking is not worked out again
    assert whole.ratings is kept.ratings and whole.ranked_pairs() is kept.ranked_pairs()


def test_a_game_over_written_moves_the_ratings_mark(client, app):
    club_id = _make(client)
    _file_games(app, club_id, [ANN_CY] * 2)
    first = _ratings_view(app, club_id)
    game_id = first.rated[0]
    rated = _rated(app, club_id)
    with app.app_context():
        stored = load_game(get_db(), game_id)
        hand = stored.game.hands[0]
        commands.fix_hand(get_db(), game_id, 1, stored.versions[0], hand.bids, TRICKS[1])
    assert _rated(app, club_id) > rated
    fixed = _ratings_view(app, club_id)
    assert fixed is not first
    assert fixed.ratings.games[0].game.winner != first.ratings.games[0].game.winner
    with app.app_context():
        stored = load_game(get_db(), game_id)
        commands.delete(get_db(), game_id, stored.revision)
    assert _rated(app, club_id) > rated
    assert len(_ratings_view(app, club_id).rated) == 1


def test_the_last_hand_of_a_game_over_undone_moves_the_ratings_mark(client, app):
    club_id = _make(client)
    _file_games(app, club_id, [ANN_CY])
    game_id = _ratings_view(app, club_id).rated[0]
    rated = _rated(app, club_id)
    with app.app_context():
        stored = load_game(get_db(), game_id)
        commands.undo(get_db(), game_id, 1, stored.versions[0])
    assert _rated(app, club_id) > rated
    assert _ratings_view(app, club_id).rated == ()


def test_a_kept_game_page_shows_the_chances_of_the_newest_ratings(client, app):
    club_id = _make(client)
    _file_games(app, club_id, [ANN_CY])
    game_id = _started(client, club_id, players=("Ann", "Bo", "Cy", "Di"))
    before = _chances(client, game_id)
    assert before == _chances(client, game_id)  # drawn once, kept
    assert before[0] > before[1]  # Ann & Cy won the club's one game
    done = _ratings_view(app, club_id).rated[0]
    with app.app_context():  # the club's one game fixed: Bo & Di won it
        stored = load_game(get_db(), done)
        hand = stored.game.hands[0]
        commands.fix_hand(get_db(), done, 1, stored.versions[0], hand.bids, TRICKS[1])
    after = _chances(client, game_id)
    assert after[0] < after[1]
