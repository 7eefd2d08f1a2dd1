"""Issue 39: a manager's page stays under 100 KB however big the club: the ratings and
the roster a page at a time with a search by name, a person's merged names shown up to a
few, names typed into the merge form, and the season's nights without a chooser of
every night in every row. The club is built in bulk by the store's commands."""

from __future__ import annotations

import re
import shutil

import pytest

from scorepad import create_app
from scorepad.core.club import Person, Roster
from scorepad.files import event as eventfile
from scorepad.files import game as gamefile
from scorepad.store import club_view as views
from scorepad.store.club_commands.transfer import import_club
from scorepad.store.season_commands import nights, seasons
from scorepad.web.db import get_db
from tests.event_files import match, night
from tests.helpers import text
from tests.ratings_club import game_file

PLAYERS = 10_000
ALIASES_MET = 200  # names of P0's played in games, merged into P0
ALIASES = 50_000  # names merged into P0 never played
NIGHTS = 120
MOST = 100 * 1024


def _games() -> list:
    names = [f"P{i}" for i in range(PLAYERS)]
    files = [
        game_file(((names[t], names[t + 2]), (names[t + 1], names[t + 3])), t % 2)
        for t in range(0, PLAYERS, 4)
    ]
    files += [game_file(((f"P0 met {n}", "P1"), ("P2", "P3")), n % 2) for n in range(ALIASES_MET)]
    return [gamefile.read_scored(f) for f in files]


def _night(index: int):
    pairs = [["N1a", "N1b"], ["N2a", "N2b"]]
    names = dict(enumerate(pairs, 1))
    rounds = [{"number": 1, "kind": "round", "status": "done", "byes": []}]
    doc = night({"format": "swiss", "rounds": 1}, pairs, rounds, [match(names, 1, 1, [[1], [2]])])
    doc["settings"]["name"] = f"Night {index + 1}"
    return eventfile.read(doc)


@pytest.fixture(scope="module")
def big(tmp_path_factory, migrated):
    path = tmp_path_factory.mktemp("big") / "scorepad.db"
    shutil.copyfile(migrated, path)
    app = create_app(
        {"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False}
    )
    keys = {"p0", *(f"p0 met {n}" for n in range(ALIASES_MET))}
    keys |= {f"p0 never {n}" for n in range(ALIASES)}
    roster = Roster({"p0": Person("p0", frozenset(keys))})
    with app.app_context():
        db = get_db()
        club_id = import_club(
            db, "Big Spades", roster, _games(), [_night(i) for i in range(NIGHTS)]
        )
        season_id = seasons.create_season(db, club_id, "Year", {})
        for n in range(NIGHTS):
            nights.add_night(
                db, club_id, season_id, n, f"2027-{1 + n // 28:02d}-{1 + n % 28:02d}", "", ""
            )
    views.forget_all()
    yield app, club_id, season_id
    views.forget_all()


def _rated(body: str) -> int:
    """The rows of the ratings' table (the partnerships' table after it left out)."""
    return body.split("</table>")[0].count("<tr><td>")


def _page(client, path: str):
    r = client.get(path)
    assert r.status_code == 200, path
    assert len(r.data) < MOST, (path, len(r.data))
    return r


def test_the_manager_page_of_ten_thousand_players_is_a_page_of_them(big):
    app, club_id, _ = big
    r = _page(app.test_client(), f"/clubs/{club_id}")
    body = r.get_data(as_text=True)
    assert _rated(body) == 50  # the ratings: a page of 50
    assert len(re.findall(r'<li id="player-\d+">', body)) == 50  # the roster: the same
    pages = -(-PLAYERS // 50)
    assert f"Page 1 of {pages}" in text(r)
    assert "<select" not in body.split('id="roster-h"')[1]  # no chooser of every person


def test_a_search_finds_a_player_by_name_with_their_rank(big):
    app, club_id, _ = big
    client = app.test_client()
    r = _page(client, f"/clubs/{club_id}?q=p1234")
    found = text(r)
    assert "P1234" in found and "found for “p1234”" in found
    assert "P1235" not in found
    rank = re.search(
        r"<tr><td>(\d+)</td><th scope=\"row\"><a [^>]*>P1234<", r.get_data(as_text=True)
    )
    assert rank is not None and int(rank.group(1)) >= 1
    r = _page(client, f"/clubs/{club_id}?q=nobody+here")
    assert "No player of this club has a name with “nobody here”" in text(r)


@pytest.mark.parametrize("asked", ["2", "200", "99999", "x", "-1", ""])
def test_any_page_asked_for_is_a_page_of_at_most_fifty(big, asked):
    app, club_id, _ = big
    body = _page(app.test_client(), f"/clubs/{club_id}?page={asked}").get_data(as_text=True)
    assert 1 <= _rated(body) <= 50


def test_a_person_of_fifty_thousand_names_shows_a_few_and_how_many_more(big):
    app, club_id, _ = big
    client = app.test_client()
    r = _page(client, f"/clubs/{club_id}?q=P0+met+17")
    found = text(r)
    shown = 4  # words.clubs.NAMES_SHOWN
    assert f"and {ALIASES_MET + 1 - shown} more" in found
    assert r.get_data(as_text=True).count("Split “") == 3  # a few, then a typed name
    assert "Another name merged in, as played" in found
    with app.app_context():
        view = views.club_view(get_db(), club_id)
        card = f"/clubs/m/{view.club.members_token}/card/{view.club.card_token('p0')}"
    assert f"and {ALIASES_MET + 1 - shown} more" in text(_page(client, card))


def test_the_members_page_is_a_page_of_the_ratings_too(big):
    app, club_id, _ = big
    with app.app_context():
        token = views.club_view(get_db(), club_id).club.members_token
    body = _page(app.test_client(), f"/clubs/m/{token}").get_data(as_text=True)
    assert _rated(body) == 50


def test_the_season_manager_page_of_120_nights_offers_each_club_night_once(big):
    app, club_id, season_id = big
    body = _page(app.test_client(), f"/seasons/c/{club_id}/{season_id}").get_data(as_text=True)
    assert body.count("Night 1 ·") == 1  # one chooser of club nights, not one a row
    assert body.count('name="event"') == 1
    assert body.count("<option") < 3 * NIGHTS
    assert len(re.findall(r"Take off</button>", body)) == 30  # a page of the nights
