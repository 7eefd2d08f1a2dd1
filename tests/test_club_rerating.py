"""Issue 39: a game filed into a club does not rate the whole club again on the next
page: one filed at the end is rated on top of the ratings kept, one filed between
others from the last checkpoint at or before it (store/club_view.py)."""

from __future__ import annotations

import pytest

from scorepad.files import game as gamefile
from scorepad.store import club_view as views
from scorepad.store import commands
from scorepad.web.db import get_db
from tests.ratings_club import club as simulated
from tests.ratings_club import game_file


@pytest.fixture(autouse=True)
def _small_checkpoints(monkeypatch):
    monkeypatch.setattr(views, "EVERY", 5)
    views.forget_all()
    yield
    views.forget_all()


def _new_club(client) -> str:
    r = client.post("/clubs/new", data={"name": "Friday Spades"})
    assert r.status_code == 302
    return r.headers["Location"].rsplit("/", 1)[-1]


def _played(app, played, club_id: str | None) -> list[str]:
    ids = []
    with app.app_context():
        for sides, winner, _ in played:
            game, score = gamefile.read_scored(game_file(sides, winner))
            ids.append(commands.import_game(get_db(), game, score, club_id).id)
    return ids


def _rated_counted(monkeypatch) -> list[int]:
    """How many games each call of the core's `rate` rates."""
    counted: list[int] = []
    rate = views.rate

    def counting(games, *args, **kwargs):
        games = list(games)
        counted.append(len(games))
        return rate(games, *args, **kwargs)

    monkeypatch.setattr(views, "rate", counting)
    return counted


def _ratings(app, club_id: str):
    with app.app_context():
        return views.club_view(get_db(), club_id).ratings


def _file(client, club_id: str, game_id: str) -> None:
    """File a game from the manager's page, as a phone that has it would."""
    assert client.get(f"/games/{game_id}").status_code == 200  # this phone has it
    r = client.post(f"/clubs/{club_id}/file", data={"game": game_id})
    assert r.status_code == 302, r.get_data(as_text=True)


@pytest.mark.parametrize("before", [0, 3, 10, 22])
def test_a_game_filed_between_others_rates_only_from_the_last_checkpoint(
    app, client, monkeypatch, before
):
    club_id = _new_club(client)
    _, played = simulated(39, players=8, games=31)
    _played(app, played[:before], club_id)
    earlier = _played(app, played[before : before + 1], None)[0]  # on another phone
    _played(app, played[before + 1 :], club_id)
    assert client.get(f"/clubs/{club_id}").status_code == 200  # kept, 30 games rated
    counted = _rated_counted(monkeypatch)
    _file(client, club_id, earlier)
    assert client.get(f"/clubs/{club_id}").status_code == 200
    checkpoint = before // 5 * 5
    assert sum(counted) == 31 - checkpoint
    kept = _ratings(app, club_id)
    views.forget_all()
    assert _ratings(app, club_id) == kept  # the same as every game rated at once
    assert len(kept.games) == 31


def test_a_game_filed_at_the_end_is_the_one_game_rated(app, client, monkeypatch):
    club_id = _new_club(client)
    _, played = simulated(39, players=8, games=23)
    _played(app, played[:22], club_id)
    assert client.get(f"/clubs/{club_id}").status_code == 200
    counted = _rated_counted(monkeypatch)
    last = _played(app, played[22:], None)[0]
    _file(client, club_id, last)
    assert client.get(f"/clubs/{club_id}").status_code == 200
    assert counted == [1]
    kept = _ratings(app, club_id)
    views.forget_all()
    assert _ratings(app, club_id) == kept
