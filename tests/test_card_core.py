"""A person's card over many games (core.card) and its words (web.words.card)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.core.card import (
    DRAWN,
    FIRST_BLIND_NIL,
    FIRST_GAME,
    FIRST_NIGHT,
    FIRST_NIL,
    FIRST_WIN,
    GAMES,
    LOST,
    WON,
    Milestone,
    Record,
    Streak,
    card,
    cards,
)
from scorepad.core.names import name_key
from scorepad.core.records import Hand, Table
from scorepad.core.rules import Rules
from scorepad.core.scoring import end_early, extend, score_game
from scorepad.core.stats import player_stats
from scorepad.web.words import card as words
from tests.helpers import DEFAULT, hand, partnership
from tests.strategies import example_count

N, B = "nil", "blind_nil"
P = partnership()  # Alice & Cara (side 0) against Ben & Dev (side 1)
R100 = dataclasses.replace(DEFAULT, target=100)
AC_WIN = score_game(P, R100, [hand([5, 3, 5, 3], [6, 2, 5, 0])])
BD_WIN = score_game(P, R100, [hand([3, 5, 3, 5], [2, 6, 0, 5])])
DRAW = score_game(  # 121 each, ended early: the lead shared
    P, DEFAULT, [hand([3, 3, 3, 3], [4, 3, 3, 3]), hand([3, 3, 3, 3], [3, 4, 3, 3])], ended=True
)
OPEN = score_game(P, DEFAULT, [hand([3, 3, 3, 3], [4, 3, 3, 3]), hand([3, 3, 3, 3])])  # one bid
EMPTY = score_game(P, DEFAULT, [])  # no hand played: counts for nobody
NILS = score_game(P, DEFAULT, [hand([4, 5, 3, N], [5, 5, 3, 0]), hand([4, 5, 3, B], [5, 5, 3, 0])])
BOSTON = score_game(P, R100, [hand([7, 1, 6, 1], [7, 0, 6, 0])])  # Alice & Cara take all 13
CUT = score_game(  # Alice wins
    Table("cutthroat", ("Alice", "Ben", "Cy")),
    dataclasses.replace(DEFAULT, target=50),
    [hand([6, 4, 7], [7, 4, 6])],
)
OUTCOME = {"W": AC_WIN, "L": BD_WIN, "D": DRAW, "o": OPEN}  # as Alice sees them


def test_the_games_are_what_the_tests_say() -> None:
    assert (AC_WIN.winner, BD_WIN.winner, DRAW.over, DRAW.winner, CUT.winner) == (
        0,
        1,
        True,
        None,
        0,
    )
    assert not OPEN.over and not NILS.over and BOSTON.hands[0].sides[0].boston


def test_a_record_counts_finished_games_won_drawn_lost_and_unfinished() -> None:
    alice = cards([AC_WIN, BD_WIN, DRAW, OPEN, EMPTY, BOSTON])["alice"]
    assert (alice.name, alice.games, alice.wins, alice.draws, alice.losses) == ("Alice", 4, 2, 1, 1)
    assert alice.unfinished == 1 and alice.record.bostons == 1
    assert alice.record.hands == 1 + 1 + 2 + 1 + 1  # the hand bid but not played not counted
    assert alice.record.points == sum(
        h.sides[0].points for g in (AC_WIN, BD_WIN, DRAW, OPEN, BOSTON) for h in g.hands if h.sides
    )


def test_partners_and_opponents_most_games_first_then_by_name() -> None:
    alice = cards([AC_WIN, BD_WIN, DRAW, OPEN, CUT])["alice"]
    assert alice.partners == (Record("cara", "Cara", 3, 1, 1),)
    assert alice.opponents == (
        Record("ben", "Ben", 4, 2, 1),
        Record("dev", "Dev", 3, 1, 1),
        Record("cy", "Cy", 1, 1, 0),
    )
    ben = cards([CUT])["ben"]  # cutthroat: every other player an opponent, no partner
    assert ben.partners == () and ben.opponents == (
        Record("alice", "Alice", 1, 0, 1),  # Alice's side won
        Record("cy", "Cy", 1, 0, 0),  # neither Ben nor Cy won
    )


@pytest.mark.parametrize(
    ("games", "streak", "longest"),
    [
        ("", Streak(), 0),
        ("o", Streak(), 0),
        ("W", Streak(WON, 1), 1),
        ("WWL", Streak(LOST, 1), 2),
        ("WWoW", Streak(WON, 3), 3),
        ("LL", Streak(LOST, 2), 0),
        ("WDD", Streak(DRAWN, 2), 1),
        ("WWWLWW", Streak(WON, 2), 3),
    ],
)
def test_the_streak_runs_back_from_the_latest_finished_game(games, streak, longest) -> None:
    alice = card([OUTCOME[g] for g in games], "alice")
    if alice is None:
        assert games == ""
        return
    assert (alice.streak, alice.longest_win) == (streak, longest)


def test_milestones_in_the_order_they_came_with_each_game_reference() -> None:
    games = [OPEN, BD_WIN, NILS, AC_WIN] + [DRAW] * 6 + [AC_WIN] * 40
    refs = [f"g{n}" for n in range(len(games))]
    found = cards(games, refs=refs, nights={"dev": ["n4", "n9"]})
    assert found["alice"].milestones == (
        Milestone(FIRST_GAME, "g0", 1),
        Milestone(FIRST_WIN, "g3", 4),
        Milestone(GAMES, "g9", 10),
        Milestone(GAMES, "g49", 50),
    )
    dev = found["dev"]
    assert dev.milestones[:4] == (
        Milestone(FIRST_GAME, "g0", 1),
        Milestone(FIRST_WIN, "g1", 2),
        Milestone(FIRST_NIL, "g2", 3),
        Milestone(FIRST_BLIND_NIL, "g2", 3),
    )
    assert dev.milestones[-1] == Milestone(FIRST_NIGHT, "n4", 1) and dev.nights_won == 2
    assert found["alice"].nights_won == 0
    assert cards([EMPTY, AC_WIN])["alice"].milestones[0] == Milestone(FIRST_GAME, 1, 1)


def test_names_the_person_function_merges_are_one_person() -> None:
    al = dataclasses.replace(AC_WIN, table=Table("partnership", ("Al", "Ben", "Cara", "Dev")))
    person = {"al": "alice"}.get
    found = cards([al, BD_WIN], lambda name: person(name_key(name), name_key(name)))
    assert found["alice"].name == "Al" and found["alice"].games == 2
    assert "al" not in found
    one = cards([AC_WIN], lambda name: "us" if name in ("Alice", "Cara") else name)["us"]
    assert (one.games, one.wins, one.partners, one.record.hands) == (1, 1, (), 2)


def test_one_card_is_the_card_of_all_cards() -> None:
    games = [AC_WIN, NILS, CUT]
    assert card(games, "cy") == cards(games)["cy"]
    assert card(games, "nobody") is None
    assert cards([]) == {}


# Random clubs: a few players, short games, some left unfinished and some ended early.
POOL = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")
RULES = Rules(target=150)


@st.composite
def club_game(draw):
    mode = draw(st.sampled_from(["partnership", "cutthroat"]))
    seats = 4 if mode == "partnership" else draw(st.sampled_from([2, 3, 4]))
    table = Table(mode, tuple(draw(st.permutations(POOL))[:seats]))
    top = table.tricks_per_hand
    score = score_game(table, RULES, [])
    for _ in range(draw(st.integers(0, 6))):
        if score.over:
            break
        bids = draw(st.lists(st.integers(1, 4) | st.just(N), min_size=seats, max_size=seats))
        cuts = sorted(draw(st.lists(st.integers(0, top), min_size=seats - 1, max_size=seats - 1)))
        tricks = [b - a for a, b in zip([0, *cuts], [*cuts, top])]
        score = extend(score, Hand(tuple(bids), tuple(tricks)))
    if not score.over and score.hands and draw(st.booleans()):
        score = end_early(score)
    return score


def outcomes(games, key: str) -> str:
    """W, L or D for each finished game the person sat in, as the core said."""
    found = ""
    for game in games:
        seats = [s for s, name in enumerate(game.table.players) if name_key(name) == key]
        if seats and game.over:
            side = game.table.side_of(seats[0])
            found += "D" if game.winner is None else "W" if game.winner == side else "L"
    return found


@settings(max_examples=example_count(60), deadline=None)
@given(st.lists(club_game(), max_size=12))
def test_cards_agree_with_the_player_statistics_and_their_own_counts(games) -> None:
    found = cards(games)
    stats = {name_key(r.name): r for r in player_stats(games)}
    assert set(found) == set(stats)
    for key, each in found.items():
        assert each.record == stats[key]
        assert each.wins + each.draws + each.losses == each.games
        partnered = sum(
            g.over and g.table.mode == "partnership" and key in map(name_key, g.table.players)
            for g in games
        )
        assert sum(r.games for r in each.partners) == partnered
        for row in each.opponents:  # head to head, seen from either side
            back = next(r for r in found[row.key].opponents if r.key == key)
            assert (row.games, row.wins, row.losses) == (back.games, back.losses, back.wins)
        ordinals = [m.ordinal for m in each.milestones]
        assert ordinals == sorted(ordinals) and ordinals[0] == 1


@settings(max_examples=example_count(60), deadline=None)
@given(st.lists(club_game(), max_size=12))
def test_the_streak_is_the_last_run_of_results(games) -> None:
    for key, each in cards(games).items():
        results = outcomes(games, key)
        kind = {"W": WON, "L": LOST, "D": DRAWN}.get(results[-1:])
        run = len(results) - len(results.rstrip(results[-1:])) if results else 0
        assert each.streak == Streak(kind, run)
        assert each.longest_win == max(
            (len(r) for r in results.replace("D", "L").split("L")), default=0
        )


@pytest.mark.parametrize(
    ("milestone", "text", "line"),
    [
        (Milestone(FIRST_GAME, "g", 1), "First game", "First game, game 1"),
        (Milestone(FIRST_WIN, "g", 3), "First win", "First win, game 3"),
        (Milestone(FIRST_NIL, "g", 12), "First nil made", "First nil made, game 12"),
        (
            Milestone(FIRST_BLIND_NIL, "g", 4),
            "First blind nil made",
            "First blind nil made, game 4",
        ),
        (Milestone(GAMES, "g", 100), "100 games", "100 games"),
        (Milestone(FIRST_NIGHT, "n", 1), "First night won", "First night won"),
    ],
)
def test_milestone_words(milestone, text, line) -> None:
    assert (words.milestone_text(milestone), words.milestone_line(milestone)) == (text, line)


@pytest.mark.parametrize(
    ("streak", "text"),
    [
        (Streak(WON, 3), "Won the last 3"),
        (Streak(LOST, 2), "Lost the last 2"),
        (Streak(LOST, 1), "Lost the last game"),
        (Streak(DRAWN, 2), "Drew the last 2"),
        (Streak(), ""),
    ],
)
def test_streak_words(streak, text) -> None:
    assert words.streak_text(streak) == text


def test_record_words() -> None:
    cy = Record("cy", "Cy", 11, 7, 3)
    assert words.partner_text(cy) == "7\u20133 with Cy"
    assert words.opponent_text(cy) == "7\u20133 against Cy"
    found = cards([AC_WIN, BD_WIN, DRAW, OPEN, AC_WIN])
    assert words.results_text(found["alice"]) == "4 games: 2 won, 1 lost, 1 drawn; 1 unfinished"
    assert words.results_text(cards([BD_WIN])["ben"]) == "1 game: 1 won, 0 lost"
