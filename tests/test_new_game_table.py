"""A new game as a table starts it (issue 39): team names on the new-game form
(partnership, optional), the phone's club chosen already (the one it last filed a game
into or managed), and a rematch of a filed game filed into the same club."""

from __future__ import annotations

import re

import pytest

from scorepad.store import clubs
from scorepad.web.db import get_db
from tests.helpers import load, new_game_form, play, start, text


def _new(client, **extra):
    return client.post("/games/new", data=new_game_form(**extra))


def _make_club(client, name: str) -> str:
    r = client.post("/clubs/new", data={"name": name})
    assert r.status_code == 302, r.get_data(as_text=True)
    return r.headers["Location"].rsplit("/", 1)[-1]


def _chosen_club(client) -> str | None:
    body = client.get("/games/new").get_data(as_text=True)
    select = re.search(r'<select[^>]*name="club".*?</select>', body, re.S)
    assert select is not None
    found = re.search(
        r'<option selected value="([^"]*)"|<option value="([^"]*)" selected', select.group(0)
    )
    return None if found is None else (found.group(1) or found.group(2))


def test_team_names_are_given_at_the_start(client, app):
    r = _new(client, side_0="Sharks", side_1="Jets")
    assert r.status_code == 302
    game_id = r.headers["Location"].rsplit("/", 1)[-1]
    assert load(app, game_id).game.table.side_names == ("Sharks", "Jets")
    assert "Sharks vs Jets" in text(client.get(f"/games/{game_id}"))


def test_team_names_are_optional_one_or_none(client, app):
    one = _new(client, side_1="Jets").headers["Location"].rsplit("/", 1)[-1]
    assert [s.name for s in load(app, one).score().sides] == ["Alice & Cara", "Jets"]
    none = start(client)
    assert load(app, none).game.table.side_names is None


def test_the_new_game_page_asks_for_team_names_in_both_languages(client):
    page = text(client.get("/games/new"))
    assert "Name of side 1" in page and "Players 1 and 3; optional" in page
    spanish = text(client.get("/games/new", headers={"Accept-Language": "es"}))
    assert "Players 1 and 3" not in spanish and "Jugadores 1 y 3" in spanish


def test_the_same_name_for_both_sides_is_refused_beside_the_field(client):
    r = _new(client, side_0="Sharks", side_1="sharks")
    assert r.status_code == 400
    assert "Name of side 2 Players 2 and 4; optional The other side has this name" in text(r)


@pytest.mark.parametrize(
    "sides, field",
    [
        ({"side_0": "Ben & Dev"}, "side_0"),
        ({"side_1": "alice  &  cara"}, "side_1"),
        ({"side_0": "", "side_1": " ALICE & CARA "}, "side_1"),
    ],
)
def test_a_side_named_as_the_other_side_shows_is_refused(client, app, sides, field):
    """Left empty, a side shows its partners' names: the other side may not take them,
    or the scoreboard would show two sides alike."""
    r = _new(client, **sides)
    assert r.status_code == 400
    assert f'id="{field}-error"' in r.get_data(as_text=True)
    assert "The other side has this name" in text(r)


def test_a_cutthroat_game_reads_no_team_names(client, app):
    r = _new(
        client, players=("Zoe", "Yan", "Xia"), table="cutthroat-3", side_0="Sharks", side_1="Jets"
    )
    assert r.status_code == 302
    game_id = r.headers["Location"].rsplit("/", 1)[-1]
    assert load(app, game_id).game.table.side_names is None


def test_the_phones_club_is_chosen_for_the_next_game(client, app):
    assert 'name="club"' not in client.get("/games/new").get_data(as_text=True)  # no club yet
    friday = _make_club(client, "Friday Spades")
    assert _chosen_club(client) == friday  # the club this phone manages
    tuesday = _make_club(client, "Tuesday Spades")
    assert _chosen_club(client) == tuesday  # the one made (managed) last
    game_id = _new(client, club=friday).headers["Location"].rsplit("/", 1)[-1]
    with app.app_context():
        assert clubs.club_of_game(get_db(), game_id) == friday
    assert _chosen_club(client) == friday  # the one this phone last filed a game into


@pytest.mark.parametrize("filed", [True, False])
def test_a_rematch_is_filed_as_its_game_was(client, app, filed):
    friday = _make_club(client, "Friday Spades")
    extra = {"club": friday} if filed else {"club": ""}
    r = _new(client, target="custom", custom_target="50", **extra)
    game_id = r.headers["Location"].rsplit("/", 1)[-1]
    play(client, game_id, 1, (4, 3, 4, 3), (5, 3, 4, 1))
    new_id = client.post(f"/games/{game_id}/rematch").headers["Location"].rsplit("/", 1)[-1]
    with app.app_context():
        assert clubs.club_of_game(get_db(), new_id) == (friday if filed else None)
