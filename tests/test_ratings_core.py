"""The ratings core (scorepad/core/ratings.py): places from the core's end of game, who
sat where, substitutes for the hands sat, the display rating and its band."""

from __future__ import annotations

import unicodedata

import pytest

from scorepad.core.errors import GameError
from scorepad.core.ratings import (
    PROVISIONAL,
    Rated,
    Ratings,
    Sitter,
    Skill,
    chances,
    finished,
    rate,
    shown,
)
from scorepad.files import game as gamefile
from tests.ratings_club import rated

PAIR = ["Ann", "Bo", "Cy", "Di"]


def score(players, hands, mode="partnership", rules=None, **top):
    doc = {"format": "scorepad/1", "mode": mode, "players": players, "hands": hands}
    doc.update(rules=rules or {"target": 50}, **top)
    return gamefile.read_scored(doc)[1]


def h(bids, tricks, **extra):
    return {"bids": bids, "tricks": tricks, **extra}


CASES = {
    "side 0 wins": (score(PAIR, [h([3] * 4, [4, 2, 4, 3])]), 0, (1, 2)),
    "side 1 wins": (score(PAIR, [h([3] * 4, [2, 4, 3, 4])]), 1, (2, 1)),
    "a draw: ended with the lead shared": (
        score(PAIR, [h([3] * 4, [3, 4, 3, 3], adjust=[1, 0])], rules={"target": 500}, ended=True),
        None,
        (1, 1),
    ),
    # boston = win: side 0 wins on 130 against 200, as the core decides
    "the core's winner on fewer points": (
        score(PAIR, [h([7, "nil", 6, "nil"], [7, 0, 6, 0])], rules={"boston": "win"}),
        0,
        (1, 2),
    ),
    "cutthroat: the rest by total": (
        score(PAIR[:3], [h([5, 5, 5], [7, 4, 6])], "cutthroat"),
        0,
        (1, 3, 2),
    ),
    "cutthroat: equal totals share a place": (
        score(PAIR, [h([4, 3, 3, 3], [5, 3, 3, 2])], "cutthroat", ended=True),
        0,
        (1, 2, 2, 4),
    ),
    "cutthroat: a draw shares the first place": (
        score(PAIR[:3], [h([5, 5, 5], [6, 5, 6])], "cutthroat", rules={"target": 500}, ended=True),
        None,
        (1, 3, 1),
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_places_follow_the_cores_winner_then_the_totals(case):
    scored, winner, places = CASES[case]
    game = finished(scored)
    assert scored.winner == winner and game is not None
    assert (game.winner, game.places) == (winner, places)
    assert all(len(seat) == 1 and seat[0].hands == scored.played for s in game.sides for seat in s)


def test_a_game_not_over_is_not_rated():
    assert finished(score(PAIR, [h([3] * 4, [4, 2, 4, 3])], rules={"target": 500})) is None


WON = score(PAIR, [h([3] * 4, [4, 2, 4, 3])])


def seats(*each):
    return [[Sitter(name, hands) for name, hands in seat] for seat in each]


@pytest.mark.parametrize(
    ("sat", "message"),
    [
        (seats([("Ann", 1)], [("Bo", 1)], [("Cy", 1)]), "who sat at each seat"),
        (seats([("Ann", 1)], [], [("Cy", 1)], [("Di", 1)]), "who sat at each seat"),
        (seats([("Ann", 1)], [("ann", 1)], [("Cy", 1)], [("Di", 1)]), "two seats"),
        (seats([("Ann", 1)], [("Bo", 1)], [("Cy", 1)], [("Di", 0), ("Ann", 1)]), "two sides"),
        (seats([("Ann", 1)], [("Bo", -1)], [("Cy", 1)], [("Di", 1)]), "0 or more"),
    ],
)
def test_who_sat_where_is_checked(sat, message):
    with pytest.raises(GameError, match=message):
        finished(WON, sat)


def _mu(ratings: Ratings, name: str) -> float:
    return next(p.skill.mu for p in ratings.players if p.name == name)


def test_a_substitute_moves_by_the_share_of_hands_sat():
    sat = seats([("Ann", 10)], [("Bo", 6), ("Zed", 4)], [("Cy", 10)], [("Di", 10)])
    game = finished(WON, sat)
    done = rate([game])
    whole_bo = rate([rated([["Ann", "Cy"], ["Bo", "Di"]], 0)])
    whole_zed = rate([rated([["Ann", "Cy"], ["Zed", "Di"]], 0)])
    assert _mu(done, "Bo") - 25 == pytest.approx(0.6 * (_mu(whole_bo, "Bo") - 25))
    assert _mu(done, "Zed") - 25 == pytest.approx(0.4 * (_mu(whole_zed, "Zed") - 25))
    assert _mu(done, "Ann") == pytest.approx(_mu(whole_bo, "Ann"))
    assert game.people(1) == ("Bo", "Zed", "Di")


def test_partners_changing_seats_count_the_whole_game():
    sat = seats([("Ann", 5), ("Cy", 5)], [("Bo", 10)], [("Cy", 5), ("Ann", 5)], [("Di", 10)])
    moved = rate([finished(WON, sat)])
    still = rate([finished(WON)])
    assert [p.skill for p in moved.players] == [p.skill for p in still.players]


def test_a_seat_with_no_hand_played_counts_whole_and_no_hand_sat_is_no_game():
    bo = ((Sitter("Bo", 3),),)
    empty = Rated((((Sitter("Ann", 0), Sitter("Eve", 0)),), bo), (1, 2), 0)
    done = rate([empty, Rated((((Sitter("Cy", 1),),), bo), (1, 2), 0)])
    ann, eve, bo_rated, _ = done.players
    assert ann.skill.mu > 25 and eve.skill.mu > 25  # each took the whole game's change
    assert (ann.skill.games, eve.skill.games, bo_rated.skill.games) == (1, 1, 2)
    once = rate([Rated((((Sitter("Ann", 3), Sitter("Eve", 0)),), bo), (1, 2), 0)])
    assert [p.skill.games for p in once.players] == [1, 0, 1]
    assert once.players[1].skill == Skill()  # Eve sat no hand: nothing moved


def test_a_person_is_known_by_name_key_and_shown_as_first_spelled():
    nfd = unicodedata.normalize("NFD", "José")
    done = rate([rated([["José", "Bo"], ["Cy", "Di"]], 0), rated([[" bo ", "Cy"], [nfd, "DI"]], 1)])
    assert [p.name for p in done.players] == ["José", "Bo", "Cy", "Di"]
    assert [p.skill.games for p in done.players] == [2, 2, 2, 2]
    assert [c.name for c in done.games[1].changes] == ["Bo", "Cy", "José", "Di"]


def test_the_display_rating_band_and_provisional_threshold():
    fresh = Skill()
    assert (fresh.rating, fresh.band, fresh.provisional) == (1000, (667, 1333), True)
    assert shown(26.2) == 1024 and Skill(30, 2, PROVISIONAL).band == (1020, 1180)
    assert not Skill(games=PROVISIONAL).provisional and Skill(games=PROVISIONAL - 1).provisional


def test_each_change_holds_the_numbers_of_its_sentence():
    done = rate([rated([["Ann", "Bo"], ["Cy", "Di"]], 0), rated([["Ann", "Cy"], ["Bo", "Di"]], 1)])
    first, second = done.games
    assert first.chances == (0.5, 0.5)
    assert [(c.name, c.side, c.place, c.shared, c.sides, c.delta) for c in first.changes] == [
        ("Ann", 0, 1, False, 2, 24),
        ("Bo", 0, 1, False, 2, 24),
        ("Cy", 1, 2, False, 2, -24),
        ("Di", 1, 2, False, 2, -24),
    ]
    ann = second.changes[0]
    assert ann.before == first.changes[0].after and ann.chance == second.chances[0]
    assert second.chances[0] == pytest.approx(0.5)  # Ann & Cy: one winner, one loser each


def test_ranked_by_rating_then_name():
    done = rate([rated([["bo", "Ann"], ["Cy", "Di"]], None)])
    assert [p.name for p in done.ranked()] == ["Ann", "bo", "Cy", "Di"]


def test_rating_on_from_earlier_ratings_is_rating_all_at_once():
    games = [rated([["Ann", "Bo"], ["Cy", "Di"]], w) for w in (0, 1, 0)]
    assert rate(games[2:], rate(games[:2])) == rate(games)


def test_the_order_of_games_sharing_players_matters():
    one, two = rated([["Ann", "Bo"], ["Cy", "Di"]], 0), rated([["Ann", "Cy"], ["Bo", "Di"]], 0)
    assert rate([one, two]).players != rate([two, one]).players


def test_chances_of_a_table_about_to_play():
    odds = chances([[Skill(30, 3), Skill(25, 3)], [Skill(25, 3), Skill(25, 3)]])
    assert odds[0] > 0.5 and sum(odds) == pytest.approx(1)
    three = chances([[Skill()], [Skill()], [Skill()]])
    assert three == pytest.approx((1 / 3, 1 / 3, 1 / 3))
