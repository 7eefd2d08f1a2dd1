"""A simulated club of known skills, filed through the manager's own forms (CSRF on):
what scorepad shows of it, and that the club file brings all of it back to the digit."""

from __future__ import annotations

import html
import itertools
import json
import re
import shutil
from pathlib import Path

import pytest

from scorepad import create_app
from scorepad.core.ratings import finished, rate
from scorepad.web.db import get_db
from tests.club_sim import bring, cutthroat, import_club, new_club, partnership, simulate
from tests.event_helpers import Night
from tests.helpers import form_token, new_game_form, page_forms, text

GAME_LINE = re.compile(r'<li id="game-\d+">(.*?)</li>', re.S)
CARD = re.compile(r'href="(/clubs/m/[\w-]+/card/\w+)"')


@pytest.fixture
def fresh(tmp_path: Path, migrated: Path):
    """A second server on a database of its own, CSRF on: where a club file is restored."""
    path = tmp_path / "restored.db"
    shutil.copyfile(migrated, path)
    app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "other"})
    return app.test_client()


def _filed(client, seed: int, games: int) -> tuple[str, dict[str, float]]:
    client.application.config.update(IMPORTS_PER_HOUR=0)  # a club's worth of files
    skill, files = simulate(seed, players=14, games=games)
    club = new_club(client)
    for _, doc, _ in files:
        bring(client, club, doc)
    return club, skill


def _cards(client, club: str) -> dict[str, str]:
    """Every player's card as its page reads (its own link left out), by name."""
    page = client.get(f"/clubs/{club}").get_data(as_text=True)
    found = {}
    for link in dict.fromkeys(CARD.findall(page)):
        card = text(client.get(link))
        name = card.split(" · ")[0]
        found[name] = re.sub(r"/clubs/m/[\w-]+/card/\w+", "", card)
    return found


def test_a_club_file_brings_back_every_rating_and_card_to_the_digit(guarded, fresh):
    """Games filed alone between a club's nights are rated between them: the club file
    keeps that order, so the restored club rates as the club did."""
    club, _ = _filed(guarded, seed=7, games=60)
    ratings = guarded.get(f"/clubs/{club}/ratings.csv").get_data(as_text=True)
    assert ratings.count("\n") == 15  # every one of the 14 players rated
    body = guarded.get(f"/clubs/{club}/club.json").get_data()
    assert "order" in json.loads(body)  # written only where the file's own order is not it
    copy = import_club(fresh, body)
    assert fresh.get(f"/clubs/{copy}/ratings.csv").get_data(as_text=True) == ratings
    cards = _cards(guarded, club)
    assert len(cards) == 14 and all("expected" in card for card in cards.values())
    assert _cards(fresh, copy) == cards
    # and the restored club's own file is the club's: its nights in the same order too
    assert fresh.get(f"/clubs/{copy}/club.json").get_data() == body
    assert _listed(fresh, copy) == _listed(guarded, club)


def _listed(client, club: str) -> list[str]:
    """The club's games page: each game's line, newest first."""
    page = client.get(f"/clubs/{club}/games").get_data(as_text=True)
    return [re.sub(r"<[^>]+>|\s+", " ", line) for line in GAME_LINE.findall(page)]


def test_the_games_page_lists_the_games_newest_first_as_they_are_rated(guarded):
    """A night's tables are brought in by one write, at one time: the page lists them as
    the club rates them, the last rated first, not by their ids."""
    club, _ = _filed(guarded, seed=11, games=40)
    rows = guarded.get(f"/clubs/{club}/ratings.csv").get_data(as_text=True)
    assert rows.count("\n") > 10
    page = guarded.get(f"/clubs/{club}/games").get_data(as_text=True)
    listed = [re.search(r'href="/games/([\w-]+)"', line)[1] for line in GAME_LINE.findall(page)]
    with guarded.application.app_context():
        from scorepad.store.club_view import club_view

        rated = club_view(get_db(), club).rated
    assert len(listed) == len(rated) > 40
    assert listed == list(rated[::-1])


def test_a_card_lists_every_rated_game_numbered_as_rated(guarded):
    """A player of more than 50 rated games: the card lists the newest 50, numbered from
    their count of games down, and the older ones a page further on ('Older games')."""
    guarded.application.config.update(IMPORTS_PER_HOUR=0)  # a club's worth of files
    _, files = simulate(5, players=8, games=130)
    club = new_club(guarded)
    for _, doc, _ in files:
        bring(guarded, club, doc)
    rows = guarded.get(f"/clubs/{club}/ratings.csv").get_data(as_text=True).splitlines()
    counts = {row.split(",")[1]: int(row.split(",")[6]) for row in rows[1:]}
    page = guarded.get(f"/clubs/{club}").get_data(as_text=True)
    cards = dict.fromkeys(CARD.findall(page))
    assert len(cards) == 8
    for link in cards:
        name = html.unescape(
            re.search(r"<h1>([^<]+)</h1>", guarded.get(link).get_data(as_text=True))[1]
        )
        games, starts, path = 0, [], link
        while path:
            card = guarded.get(path).get_data(as_text=True)
            starts.append(int(re.search(r'<ol class="card-games" reversed start="(\d+)"', card)[1]))
            games += len(re.findall(r"<li><span class=\"date\">", card))
            older = re.search(r'<a href="([^"]+)" rel="next">Older games</a>', card)
            path = html.unescape(older[1]) if older else None
        assert games == counts[name] > 50
        assert starts == list(range(counts[name], 0, -50))


def test_a_substitute_at_a_club_night_s_table_counts_for_the_whole_game(client, app, fresh):
    """A table re-seated after a hand keeps one name a seat, as the night's standings do:
    the substitute is rated for the whole game and the one who left for none of it
    (docs/ratings.md), and the club file brings that back to the digit."""
    night = Night(client, app, rounds=1)
    for pair in (["Ann", "Bo"], ["Cy", "Di"], ["Ed", "Flo"], ["Gus", "Hal"]):
        night.check_in(*pair)
    night.draw_and_start()
    table = night.round()[0].game_id
    leaving = night.game(table).game.table.players[1]
    night.hand(table, 9)
    night.post("rounds/1/reseat", "sits in for", revision=night.revision(), seat="1-1", name="Zed")
    night.play_round()
    club = client.post("/clubs/new", data={"name": "Tuesday"}).headers["Location"].split("/")[-1]
    assert client.post(f"/clubs/{club}/file", data={"night": night.id}).status_code == 302
    rows = client.get(f"/clubs/{club}/ratings.csv").get_data(as_text=True)
    games = {row.split(",")[1]: row.split(",")[6] for row in rows.splitlines()[1:]}
    assert games["Zed"] == "1" and leaving not in games and len(games) == 8
    played = [night.game(m.game_id).score() for m in night.round()]
    expected = rate(finished(score) for score in played)
    mu = {p.name: round(p.skill.mu, 4) for p in expected.players}
    assert all(f",{mu[name]}," in rows for name in games)
    copy = import_club(fresh, client.get(f"/clubs/{club}/club.json").get_data())
    assert fresh.get(f"/clubs/{copy}/ratings.csv").get_data(as_text=True) == rows


def test_players_of_one_rating_are_listed_by_the_name_they_are_shown_under(guarded):
    """Ann and Bo win one game together: one rating. Ann renamed Zoe is listed after Bo,
    on the manager's page, the members' page and the ratings CSV, as the command line
    lists equal ratings: by name, case aside."""
    club = new_club(guarded)
    bring(guarded, club, partnership((("Ann", "Bo"), ("Cy", "Di")), 0))
    page = guarded.get(f"/clubs/{club}").get_data(as_text=True)
    rename = next(f for a, f in page_forms(page, "/rename") if f["player"] == "ann")
    r = guarded.post(f"/clubs/{club}/rename", data={**rename, "name": "Zoe"})
    assert r.status_code == 302
    page = guarded.get(f"/clubs/{club}").get_data(as_text=True)
    members = re.search(r'href="(/clubs/m/[\w-]+)"', page)[1]
    for listed in (text(guarded.get(f"/clubs/{club}")), text(guarded.get(members))):
        assert re.search(r"1 Bo 1,?024 provisional 1 2 Zoe 1,?024 provisional 1", listed)
    rows = guarded.get(f"/clubs/{club}/ratings.csv").get_data(as_text=True).splitlines()
    assert [row.split(",")[:3] for row in rows[1:3]] == [["1", "Bo", "1024"], ["2", "Zoe", "1024"]]


def test_a_cutthroat_table_s_chances_let_a_strong_player_pass_half(guarded):
    """Ann has won every one of 20 cutthroat games against Bo, Cy and Di: at a table of
    four her chance of winning shows above 50%, as often as she wins (openskill's
    predict_win averages pairs of sides there, and held every side to 50% at most)."""
    guarded.application.config.update(IMPORTS_PER_HOUR=0)
    club = new_club(guarded)
    others = list(itertools.permutations(["Bo", "Cy", "Di"]))
    for n in range(20):
        seats = ["Ann", *others[n % 6]]
        turn = n // 6  # with n % 6: twenty different games
        players = seats[turn:] + seats[:turn]
        order = [players.index(name) for name in ("Ann", *others[(n + 1) % 6])]
        bring(guarded, club, cutthroat(players, order))
    assert "20 games, 20 finished and rated" in text(guarded.get(f"/clubs/{club}"))
    form = new_game_form(players=("Ann", "Bo", "Cy", "Di"), table="cutthroat-4", club=club)
    form["csrf_token"] = form_token(guarded.get("/games/new"))
    started = guarded.post("/games/new", data=form)
    assert started.status_code == 302, started.get_data(as_text=True)
    line = re.search(r"Chances to win[^·]+· [^<]*", text(guarded.get(started.headers["Location"])))
    chances = [int(p) for p in re.findall(r"(\d+)%", line[0])]
    assert len(chances) == 4 and 98 <= sum(chances) <= 102
    assert chances[0] > 50 > max(chances[1:])


def test_partnerships_of_one_rating_are_listed_by_the_names_they_are_shown_under(guarded):
    """Ann & Bo and Ed & Flo each won their one game: one rating. Ann renamed Zoe, Ed &
    Flo come first, as the players do."""
    club = new_club(guarded)
    bring(guarded, club, partnership((("Ann", "Bo"), ("Cy", "Di")), 0))
    bring(guarded, club, partnership((("Ed", "Flo"), ("Gus", "Hal")), 0))
    listed = text(guarded.get(f"/clubs/{club}"))
    assert re.search(r"1 Ann & Bo (\S+) provisional 1 2 Ed & Flo \1 provisional 1", listed)
    page = guarded.get(f"/clubs/{club}").get_data(as_text=True)
    rename = next(f for a, f in page_forms(page, "/rename") if f["player"] == "ann")
    assert guarded.post(f"/clubs/{club}/rename", data={**rename, "name": "Zoe"}).status_code == 302
    page = guarded.get(f"/clubs/{club}").get_data(as_text=True)
    members = re.search(r'href="(/clubs/m/[\w-]+)"', page)[1]
    for listed in (text(guarded.get(f"/clubs/{club}")), text(guarded.get(members))):
        assert re.search(r"1 Ed & Flo (\S+) provisional 1 2 Zoe & Bo \1 provisional 1", listed)
