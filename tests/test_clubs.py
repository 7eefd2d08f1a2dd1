"""Issue 29: a club keeps its games together; its roster merges, splits, renames and
undoes; its ratings and player cards open only by its links."""

from __future__ import annotations

import io
import json
import re

import pytest

from scorepad.files import game as gamefile
from scorepad.store import commands
from scorepad.store.club_view import club_view
from scorepad.web.db import get_db
from tests.helpers import text
from tests.ratings_club import club as simulated
from tests.ratings_club import game_file


def _make(client, name="Friday Spades") -> str:
    r = client.post("/clubs/new", data={"name": name})
    assert r.status_code == 302, r.get_data(as_text=True)
    return r.headers["Location"].rsplit("/", 1)[-1]


def _file_games(app, club_id, played) -> None:
    with app.app_context():
        for sides, winner, _ in played:
            game, score = gamefile.read_scored(game_file(sides, winner))
            commands.import_game(get_db(), game, score, club_id)


def _view(app, club_id):
    with app.app_context():
        return club_view(get_db(), club_id)


@pytest.fixture
def club(client, app):
    club_id = _make(client)
    _, played = simulated(29, players=6, games=30)
    _file_games(app, club_id, played)
    return club_id


def test_a_new_club_is_made_and_kept_on_the_phone(client):
    club_id = _make(client)
    page = client.get(f"/clubs/{club_id}")
    assert page.status_code == 200
    assert "Friday Spades" in text(page)
    assert "Friday Spades" in text(client.get("/clubs/new"))


def test_a_club_without_a_name_is_refused_with_its_field(client):
    r = client.post("/clubs/new", data={"name": "   "})
    assert r.status_code == 400
    assert "Club name" in text(r)


def test_the_club_rates_every_game_filed_and_lists_its_players(client, app, club):
    view = _view(app, club)
    assert len(view.rated) == 30
    page = text(client.get(f"/clubs/{club}"))
    assert "30 games, 30 finished and rated" in page
    members = text(client.get(f"/clubs/m/{view.club.members_token}"))
    for player in view.ratings.players:
        assert view.by_anchor[player.name].name in members


def test_the_ratings_are_the_command_line_s(client, app, club, tmp_path, runner):
    view = _view(app, club)
    _, played = simulated(29, players=6, games=30)
    files = []
    for i, (sides, winner, _) in enumerate(played):
        path = tmp_path / f"g{i}.json"
        path.write_text(json.dumps(game_file(sides, winner)))
        files.append(str(path))
    doc = json.loads(runner.invoke(args=["ratings", *files]).output)
    cli = {p["name"].casefold(): p["rating"] for p in doc["players"]}
    web = {view.by_anchor[p.name].name.casefold(): p.skill.rating for p in view.ratings.players}
    assert cli == web


def _token(app, club_id):
    return _view(app, club_id).club


def test_a_merge_makes_one_person_and_undo_takes_it_back(client, app):
    club_id = _make(client)
    _file_games(
        app,
        club_id,
        [((("Ann", "Cy"), ("Bo", "Di")), 0, 0.5), ((("Annie", "Cy"), ("Bo", "Di")), 0, 0.5)],
    )
    view = _view(app, club_id)
    assert len(view.members) == 5
    r = client.post(
        f"/clubs/{club_id}/merge",
        data={"into": "ann", "other": "annie", "revision": view.club.revision},
    )
    assert r.status_code == 302
    merged = _view(app, club_id)
    assert len(merged.members) == 4
    ann = next(p for p in merged.ratings.players if p.name == "ann")
    assert ann.skill.games == 2
    assert "Merged" in text(client.get(f"/clubs/{club_id}"))
    r = client.post(f"/clubs/{club_id}/undo", data={"revision": merged.club.revision})
    assert r.status_code == 302
    assert len(_view(app, club_id).members) == 5


def test_a_stale_merge_is_refused_and_its_sender_told(client, app):
    club_id = _make(client)
    _file_games(app, club_id, [((("Ann", "Cy"), ("Bo", "Di")), 0, 0.5)])
    view = _view(app, club_id)
    old = view.club.revision
    client.post(f"/clubs/{club_id}/rename", data={"player": "ann", "name": "Anna", "revision": old})
    r = client.post(
        f"/clubs/{club_id}/merge",
        data={"into": "ann", "other": "bo", "revision": old},
        follow_redirects=True,
    )
    assert "changed since this page was loaded" in text(r)
    assert len(_view(app, club_id).members) == 4


def test_a_split_undoes_a_wrong_merge(client, app):
    club_id = _make(client)
    _file_games(
        app,
        club_id,
        [((("Ann", "Cy"), ("Bo", "Di")), 0, 0.5), ((("Annie", "Cy"), ("Bo", "Di")), 0, 0.5)],
    )
    rev = _view(app, club_id).club.revision
    client.post(f"/clubs/{club_id}/merge", data={"into": "ann", "other": "annie", "revision": rev})
    rev = _view(app, club_id).club.revision
    r = client.post(
        f"/clubs/{club_id}/split", data={"player": "ann", "name": "annie", "revision": rev}
    )
    assert r.status_code == 302
    assert len(_view(app, club_id).members) == 5


def test_a_card_opens_by_its_link_only_and_this_is_me_keeps_it(client, app, club):
    view = _view(app, club)
    member = view.members[0]
    token = view.club.card_token(member.anchor)
    card = client.get(f"/clubs/m/{view.club.members_token}/card/{token}")
    assert card.status_code == 200
    assert member.name in text(card)
    assert "expected" in text(card)
    assert client.get(f"/clubs/m/{view.club.members_token}/card/{token[:-1]}x").status_code == 404
    other = _make(client, "Other club")
    other_view = _view(app, other)
    assert client.get(f"/clubs/m/{other_view.club.members_token}/card/{token}").status_code == 404
    r = client.post(f"/clubs/m/{view.club.members_token}/card/{token}/me")
    assert r.status_code == 302
    assert "This is not me" in text(client.get(f"/clubs/m/{view.club.members_token}/card/{token}"))


def test_a_player_keeps_off_the_public_lists(client, app, club):
    view = _view(app, club)
    member = view.members[0]
    token = view.club.card_token(member.anchor)
    base = f"/clubs/m/{view.club.members_token}/card/{token}"
    client.post(f"{base}/me")
    client.post(f"{base}/lists", data={"hidden": "y"})
    members = text(client.get(f"/clubs/m/{view.club.members_token}"))
    assert member.name not in members
    assert member.name in text(client.get(f"/clubs/{club}"))


def test_the_members_link_has_no_manager_power(client, app, club):
    view = _view(app, club)
    members = view.club.members_token
    assert client.get(f"/clubs/{members}").status_code == 404
    r = client.post(f"/clubs/{members}/merge", data={"into": "a", "other": "b", "revision": 0})
    assert r.status_code == 404


def test_a_club_file_round_trips(client, app, club):
    view = _view(app, club)
    doc = client.get(f"/clubs/{club}/club.json")
    assert doc.status_code == 200
    body = doc.get_data()
    r = client.post(
        "/clubs/import",
        data={"file": (io.BytesIO(body), "club.json")},
        content_type="multipart/form-data",
    )
    assert r.status_code == 302, r.get_data(as_text=True)
    new_id = r.headers["Location"].rsplit("/", 1)[-1]
    copy = _view(app, new_id)
    assert new_id != club
    assert {p.name: p.skill.rating for p in copy.ratings.players} == {
        p.name: p.skill.rating for p in view.ratings.players
    }


def test_the_ratings_csv_has_every_public_player(client, app, club):
    view = _view(app, club)
    csv = client.get(f"/clubs/m/{view.club.members_token}/ratings.csv").get_data(as_text=True)
    lines = csv.strip().splitlines()
    assert lines[0].startswith("rank,name,rating")
    assert len(lines) == 1 + len(view.ratings.players)


def test_a_bad_club_file_is_refused_with_the_part_at_fault(client):
    r = client.post(
        "/clubs/import",
        data={"file": (io.BytesIO(b'{"scorepad_club": 1, "name": 3}'), "c.json")},
        content_type="multipart/form-data",
    )
    assert r.status_code == 400
    assert re.search(r"name.*must be text", text(r))


def test_a_game_started_in_a_club_counts_for_it(client, app):
    from tests.helpers import new_game_form

    club_id = _make(client)
    assert "Club" in text(client.get("/games/new"))
    r = client.post("/games/new", data=new_game_form(club=club_id))
    assert r.status_code == 302
    game_id = r.headers["Location"].rsplit("/", 1)[-1]
    assert [g.id for g in _view(app, club_id).games] == [game_id]


def test_a_club_not_this_phone_s_is_not_filed_into(client, app):
    from tests.helpers import new_game_form

    club_id = _make(client)
    other = app.test_client()
    r = other.post("/games/new", data=new_game_form(club=club_id))
    assert r.status_code == 302
    assert _view(app, club_id).games == ()


def test_a_club_game_shows_each_side_s_chance_before_it_is_played(client, app, club):
    from tests.helpers import new_game_form

    view = _view(app, club)
    best = view.ratings.ranked()
    names = [view.by_anchor[p.name].name for p in (best[0], best[-1], best[1], best[-2])]
    r = client.post("/games/new", data=new_game_form(club=club, players=names))
    game_id = r.headers["Location"].rsplit("/", 1)[-1]
    page = text(client.get(f"/games/{game_id}"))
    found = re.search(r"Chances to win, from the club's ratings: .*? (\d+)% · .*? (\d+)%", page)
    assert found and int(found.group(1)) > int(found.group(2))
    assert int(found.group(1)) + int(found.group(2)) in (99, 100, 101)


def test_a_game_of_no_club_shows_no_chance(client):
    from tests.helpers import start

    assert "Chances to win" not in text(client.get(f"/games/{start(client)}"))


def test_a_fix_of_an_earlier_game_rates_again_from_there(client, app):
    from scorepad.core.ratings import rate
    from scorepad.store.storage import load_game
    from tests.ratings_club import TRICKS, rated

    club_id = _make(client)
    games = [((("Ann", "Cy"), ("Bo", "Di")), 0, 0.5), ((("Ann", "Bo"), ("Cy", "Di")), 1, 0.5)]
    _file_games(app, club_id, games)
    before = _view(app, club_id)
    first = before.rated[0]
    with app.app_context():
        stored = load_game(get_db(), first)
        hand = stored.game.hands[0]
        commands.fix_hand(get_db(), first, 1, stored.versions[0], hand.bids, TRICKS[1])
    after = _view(app, club_id)
    assert after.rated == before.rated
    expected = rate(
        [
            rated(("ann cy".split(), "bo di".split()), 1),
            rated(("ann bo".split(), "cy di".split()), 1),
        ]
    )
    assert {p.name: p.skill for p in after.ratings.players} == {
        p.name: p.skill for p in expected.players
    }
    assert {p.name: p.skill for p in after.ratings.players} != {
        p.name: p.skill for p in before.ratings.players
    }


def test_a_game_deleted_counts_no_more(client, app):
    club_id = _make(client)
    _file_games(app, club_id, [((("Ann", "Cy"), ("Bo", "Di")), 0, 0.5)] * 2)
    view = _view(app, club_id)
    with app.app_context():
        stored = [g for g in view.games][0]
        commands.delete(get_db(), stored.id, stored.revision)
    assert len(_view(app, club_id).rated) == 1


def test_no_club_page_writes_the_database(client, app, club):
    import os

    view = _view(app, club)
    token = view.club.card_token(view.members[0].anchor)
    path = app.config["DATABASE"]
    with app.app_context():
        before = get_db().execute("select total_changes()").fetchone()
    pages = [
        f"/clubs/{club}",
        f"/clubs/m/{view.club.members_token}",
        f"/clubs/m/{view.club.members_token}/card/{token}",
        f"/clubs/{club}/club.json",
        f"/clubs/{club}/ratings.csv",
        "/clubs/new",
        "/clubs/import",
    ]
    mtime = os.stat(path).st_mtime_ns
    for page in pages:
        assert client.get(page).status_code == 200
    with app.app_context():
        assert get_db().execute("select total_changes()").fetchone() == before
    assert os.stat(path).st_mtime_ns == mtime


def test_a_card_shows_the_person_s_games_partners_and_milestones(client, app):
    club_id = _make(client)
    games = [((("Ann", "Cy"), ("Bo", "Di")), 0, 0.5), ((("Annie", "Cy"), ("Bo", "Di")), 1, 0.5)]
    _file_games(app, club_id, games)
    rev = _view(app, club_id).club.revision
    client.post(f"/clubs/{club_id}/merge", data={"into": "ann", "other": "annie", "revision": rev})
    view = _view(app, club_id)
    token = view.club.card_token("ann")
    page = text(client.get(f"/clubs/m/{view.club.members_token}/card/{token}"))
    assert "2 games: 1 won, 1 lost" in page
    assert "Lost the last game" in page
    assert "1–1 with Cy" in page
    assert "1–1 against Bo" in page
    assert "First win, game 1" in page


def test_a_game_is_filed_from_its_settings_page(client, app):
    from tests.helpers import start

    club_id = _make(client)
    game_id = start(client)
    page = client.get(f"/games/{game_id}/settings")
    assert "File this game into Friday Spades" in text(page)
    r = client.post(f"/clubs/{club_id}/file", data={"game": game_id})
    assert r.status_code == 302
    assert [g.id for g in _view(app, club_id).games] == [game_id]
    assert "File this game into" not in text(client.get(f"/games/{game_id}/settings"))
    again = client.post(f"/clubs/{club_id}/file", data={"game": game_id}, follow_redirects=True)
    assert "filed into this club already" in text(again)


def test_each_partnership_has_its_own_rating_and_a_hidden_partner_keeps_it_off(client, app):
    club_id = _make(client)
    _file_games(app, club_id, [((("Ann", "Cy"), ("Bo", "Di")), 0, 0.5)] * 3)
    view = _view(app, club_id)
    page = text(client.get(f"/clubs/m/{view.club.members_token}"))
    assert re.search(r"1 Ann & Cy 10\d\d .*? 3 2 Bo & Di 9\d\d", page)
    client.post(
        f"/clubs/{club_id}/hide",
        data={"player": "cy", "hidden": "y", "revision": view.club.revision},
    )
    page = text(client.get(f"/clubs/m/{view.club.members_token}"))
    assert "Ann & Cy" not in page and "Bo & Di" in page


def test_a_finished_club_game_says_each_player_s_change(client, app):
    club_id = _make(client)
    _file_games(app, club_id, [((("Ann", "Cy"), ("Bo", "Di")), 0, 0.5)])
    game_id = _view(app, club_id).rated[0]
    page = text(client.get(f"/games/{game_id}"))
    assert re.search(r"Ann: expected 50% to win, won: \+\d+ \(10\d\d\)", page)
    assert re.search(r"Bo: expected 50% to win, lost: \u2212\d+ \(9\d\d\)", page)


def test_a_card_link_keeps_working_after_a_merge_either_way(client, app):
    club_id = _make(client)
    _file_games(
        app,
        club_id,
        [((("Ann", "Cy"), ("Bo", "Di")), 0, 0.5), ((("Annie", "Cy"), ("Bo", "Di")), 0, 0.5)],
    )
    view = _view(app, club_id)
    link = f"/clubs/m/{view.club.members_token}/card/{view.club.card_token('ann')}"
    client.post(
        f"/clubs/{club_id}/merge",
        data={"into": "annie", "other": "ann", "revision": view.club.revision},
    )
    card = client.get(link)
    assert card.status_code == 200 and "plays as Annie, Ann" in text(card)


def test_what_is_filed_already_is_not_offered_again(client, app):
    from tests.helpers import start

    club_id = _make(client)
    game_id = start(client)
    assert game_id in client.get(f"/clubs/{club_id}").get_data(as_text=True)
    client.post(f"/clubs/{club_id}/file", data={"game": game_id})
    other = _make(client, "Friday Spades")
    page = client.get(f"/clubs/{other}").get_data(as_text=True)
    assert f'value="{game_id}"' not in page
    assert "Friday Spades (" in text(client.get("/clubs/new"))  # two of one name told apart


def test_a_roster_refusal_says_the_core_s_reason(client, app):
    club_id = _make(client)
    _file_games(app, club_id, [((("Ann", "Cy"), ("Bo", "Di")), 0, 0.5)])
    rev = _view(app, club_id).club.revision
    r = client.post(
        f"/clubs/{club_id}/rename",
        data={"player": "bo", "name": "   ", "revision": rev},
        follow_redirects=True,
    )
    assert "Rename: the new name must not be empty" in text(r) or "Rename: the new name" in text(r)
    r = client.post(
        f"/clubs/{club_id}/rename",
        data={"player": "bo", "name": "ANN", "revision": rev},
        follow_redirects=True,
    )
    assert "Rename: ANN is a name of Ann already." in text(r)


def test_a_club_file_sent_as_a_game_file_is_pointed_to_import_a_club(client, app, club):
    body = client.get(f"/clubs/{club}/club.json").get_data()
    r = client.post(
        f"/clubs/{club}/import",
        data={"file": (io.BytesIO(body), "club.json")},
        content_type="multipart/form-data",
        follow_redirects=True,
    )
    assert "This is a club file" in text(r)


def test_a_merge_of_two_who_sat_together_leaves_their_game_unrated_until_split(client, app):
    club_id = _make(client)
    _file_games(app, club_id, [((("Ann", "Cy"), ("Bo", "Di")), 0, 0.5)])
    rev = _view(app, club_id).club.revision
    client.post(f"/clubs/{club_id}/merge", data={"into": "ann", "other": "bo", "revision": rev})
    view = _view(app, club_id)
    assert (view.rated, len(view.unrated)) == ((), 1)
    assert "1 not rated" in text(client.get(f"/clubs/{club_id}"))
    client.post(
        f"/clubs/{club_id}/split",
        data={"player": "ann", "name": "bo", "revision": view.club.revision},
    )
    assert len(_view(app, club_id).rated) == 1


def test_a_club_form_refused_names_its_field(client, app):
    from scorepad.store.clubs import load_club

    club_id = _make(client)
    with app.app_context():
        from scorepad.web.db import get_db

        revision = load_club(get_db(), club_id).revision
    r = client.post(
        f"/clubs/{club_id}/rename", data={"revision": revision, "player": "Ann", "name": "x" * 99}
    )
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "Name: at most" in page and "nothing changed." in page
