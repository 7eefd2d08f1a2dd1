"""The stats page counts each game once per revision: an unchanged game is not scored
or counted again, a changed one is, and the records are those of every game counted now."""

from __future__ import annotations

import pytest

from scorepad.core.stats import player_stats
from scorepad.store import stats as stats_store
from scorepad.store import storage
from scorepad.web.db import get_db
from tests.helpers import play, start, text


@pytest.fixture
def counted(monkeypatch):
    """The game ids whose share of the records was computed."""
    calls: list[str] = []
    real = stats_store.game_share

    def share(score):
        calls.append(score.table.players[0])
        return real(score)

    monkeypatch.setattr(stats_store, "game_share", share)
    return calls


def _games(client, count: int) -> list[str]:
    ids = []
    for n in range(count):
        game_id = start(client, players=(f"P{n}", "Ben", "Cara", "Dev"))
        play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
        ids.append(game_id)
    return ids


def test_an_unchanged_game_is_counted_once(client, counted):
    _games(client, 3)
    first = text(client.get("/stats"))
    assert sorted(counted) == ["P0", "P1", "P2"]
    counted.clear()
    assert text(client.get("/stats")) == first
    assert counted == []


def test_a_changed_game_is_counted_again_and_the_records_follow(app, client, counted):
    ids = _games(client, 3)
    client.get("/stats")
    counted.clear()
    play(client, ids[1], 2, [3, 3, 3, 4], [3, 3, 3, 4])
    words = text(client.get("/stats"))
    assert counted == ["P1"]
    assert "From the 3 games this phone knows" in words
    with app.app_context():
        records, games = stats_store.player_stats_of(get_db(), ids)
        fresh = player_stats(g.score() for g in storage.list_games(get_db(), ids))
    assert games == 3 and records == fresh
    ben = next(r for r in records if r.name == "Ben")
    assert (ben.hands, ben.unfinished) == (4, 3)


def test_a_game_deleted_or_unknown_is_left_out(app, client):
    ids = _games(client, 2)
    with app.app_context():
        records, games = stats_store.player_stats_of(get_db(), [*ids, "no-such-game"])
    assert games == 2 and {r.name for r in records} >= {"P0", "P1", "Ben"}
