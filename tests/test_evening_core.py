"""The evening's tally from scored games: wins, points and the current streak."""

from __future__ import annotations

from scorepad.core.evening import tally
from scorepad.core.records import Table
from scorepad.core.rules import Rules
from scorepad.core.scoring import end_early, score_game
from tests.helpers import hand, partnership

ALICE_CARA_WIN = [hand((4, 3, 4, 3), (5, 3, 4, 1))]  # 81 to -60
BEN_DEV_WIN = [hand((3, 4, 3, 3), (3, 5, 2, 3))]  # -60 to 71


def _game(hands, target=50, table=None):
    return score_game(table or partnership(), Rules(target=target), hands)


def test_wins_points_and_streak_in_partnership():
    games = [_game(BEN_DEV_WIN), _game(ALICE_CARA_WIN), _game(ALICE_CARA_WIN)]
    assert [g.winner for g in games] == [1, 0, 0]
    evening = tally(games)
    first, second = evening.rows
    assert first.name == "Alice & Cara" and (first.games, first.won, first.streak) == (3, 2, 2)
    assert first.points == sum(g.totals[0] for g in games)
    assert second.name == "Ben & Dev" and (second.won, second.streak) == (1, 0)
    assert second.points == sum(g.totals[1] for g in games)
    assert evening.games == 3 and evening.draws == 0


def test_a_game_in_play_counts_its_points_but_no_win_and_keeps_the_streak():
    playing = _game([hand((3, 3, 3, 3), (3, 4, 3, 3))], target=500)
    evening = tally([_game(ALICE_CARA_WIN), playing])
    first = evening.rows[0]
    assert (first.won, first.streak, first.games) == (1, 1, 2)
    assert first.points == 81 + playing.totals[0] == 141
    assert evening.games == 2 and sum(row.won for row in evening.rows) == 1


def test_a_draw_ends_every_streak():
    level = score_game(
        partnership(), Rules(), [hand((4, 3, 3, 3), (4, 3, 3, 3))], ((0, 0), (10, 0))
    )
    drawn = end_early(level)  # 70 - 70
    assert drawn.draw
    evening = tally([_game(ALICE_CARA_WIN), drawn])
    assert all(row.streak == 0 for row in evening.rows) and evening.draws == 1
    assert [(row.name, row.won) for row in evening.rows] == [("Alice & Cara", 1), ("Ben & Dev", 0)]


def test_partners_are_recognised_by_name_whatever_the_seats_and_case():
    moved = Table("partnership", ("cara", "Ben", "ALICE", "Dev"))
    evening = tally([_game(ALICE_CARA_WIN), _game(ALICE_CARA_WIN, table=moved)])
    assert len(evening.rows) == 2 and evening.rows[0].won == 2


def test_cutthroat_rows_are_players_and_equal_wins_go_by_points():
    table = Table("cutthroat", ("Alice", "Ben", "Cara"))
    alice = _game([hand((6, 5, 5), (6, 5, 6))], 60, table)
    ben = _game([hand((5, 6, 5), (5, 6, 6))], 60, table)
    assert alice.winner == 0 and ben.winner == 1
    evening = tally([alice, ben])
    assert sorted(r.name for r in evening.rows) == ["Alice", "Ben", "Cara"]
    assert [row.won for row in evening.rows] == [1, 1, 0]
    assert evening.rows[0].points >= evening.rows[1].points
    assert {r.name: r.streak for r in evening.rows} == {"Alice": 0, "Ben": 1, "Cara": 0}
