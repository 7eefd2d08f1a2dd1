"""Partnerships rated in a book of their own (scorepad/core/rating_pairs.py and
ratings.rate_pairs; docs/ratings.md, "Partnerships"), and the command's "pairs"."""

from __future__ import annotations

import json

from scorepad.core.ratings import Pair, Rated, Ratings, Sitter, Skill, rate, rate_pairs
from tests.ratings_club import game_file, rated


def seats(*each) -> tuple:
    return tuple(tuple(Sitter(name, hands) for name, hands in seat) for seat in each)


def game(side0, side1, winner=0) -> Rated:
    places = (1, 2) if winner == 0 else (2, 1) if winner == 1 else (1, 1)
    return Rated((side0, side1), places, winner)


def by_names(ratings: Ratings) -> dict[tuple[str, str], Skill]:
    return {pair.names: pair.skill for pair in ratings.pairs}


def test_a_partnership_is_a_team_of_one_in_its_own_book():
    done = rate([rated([["Ann", "Cy"], ["Bo", "Di"]], 0)])
    pairs = by_names(done)
    assert set(pairs) == {("Ann", "Cy"), ("Bo", "Di")}
    assert pairs["Ann", "Cy"].games == 1 and pairs["Ann", "Cy"].mu > 25
    assert pairs["Bo", "Di"].mu < 25 and pairs["Ann", "Cy"].rating - 1000 > 0
    # two players against two: each pair moves as a player of a game of one a side
    single = rate([rated([["AnnCy"], ["BoDi"]], 0)]).players[0].skill
    assert (pairs["Ann", "Cy"].mu, pairs["Ann", "Cy"].sigma) == (single.mu, single.sigma)


def test_the_pair_is_unordered_and_known_by_name_key():
    done = rate(
        [rated([["Ann", "Cy"], ["Bo", "Di"]], 0), rated([["cy", " ANN "], ["Di", "Bo"]], 1)]
    )
    pairs = by_names(done)
    assert set(pairs) == {("Ann", "Cy"), ("Bo", "Di")}
    assert pairs["Ann", "Cy"].games == 2 and pairs["Bo", "Di"].games == 2


def test_cutthroat_games_rate_no_partnership():
    assert rate([rated([["Ann"], ["Bo"], ["Cy"]], 0), rated([["Ann"], ["Bo"]], 1)]).pairs == ()


def test_a_side_with_a_substitute_leaves_its_pair_as_it_was():
    sub = game(seats([("Ann", 10)], [("Cy", 6), ("Zed", 4)]), seats([("Bo", 10)], [("Di", 10)]))
    pairs = by_names(rate([sub]))
    assert set(pairs) == {("Bo", "Di")}  # Ann & Cy did not sit every hand together
    whole = by_names(rate([rated([["Ann", "Cy"], ["Bo", "Di"]], 0)]))
    assert pairs["Bo", "Di"] == whole["Bo", "Di"]  # against Ann & Cy as they were


def test_partners_changing_seats_or_a_sitter_of_no_hand_still_count():
    moved = game(
        seats([("Ann", 5), ("Cy", 5)], [("Cy", 5), ("Ann", 5)]),
        seats([("Bo", 10), ("Eve", 0)], [("Di", 10)]),
    )
    assert set(by_names(rate([moved]))) == {("Ann", "Cy"), ("Bo", "Di")}


def test_no_pair_moves_when_neither_side_sat_together_nor_for_one_person_twice():
    subs = game(
        seats([("Ann", 5), ("Ed", 5)], [("Cy", 10)]), seats([("Bo", 10)], [("Di", 5), ("Flo", 5)])
    )
    twice = game(seats([("Ann", 1)], [("Ann", 1)]), seats([("Bo", 1)], [("Di", 1)]))
    assert rate([subs]).pairs == ()
    assert set(by_names(rate([twice]))) == {("Bo", "Di")}


def test_a_draw_and_rating_on_from_earlier_ratings():
    games = [rated([["Ann", "Cy"], ["Bo", "Di"]], w) for w in (0, None, 1)]
    drawn = by_names(rate(games[1:2]))
    assert drawn["Ann", "Cy"].mu == drawn["Bo", "Di"].mu == 25
    assert rate(games[1:], rate(games[:1])) == rate(games)
    assert rate(games, pairs=False).pairs == ()
    kept = rate(games[1:], rate(games[:1]), pairs=False)
    assert kept.pairs == rate(games[:1]).pairs


def test_ranked_pairs_by_rating_then_names():
    done = rate(
        [rated([["bo", "Ann"], ["Cy", "Di"]], None), rated([["Ed", "Flo"], ["Gus", "Hal"]], 0)]
    )
    assert [p.names for p in done.ranked_pairs()] == [
        ("Ed", "Flo"),
        ("bo", "Ann"),
        ("Cy", "Di"),
        ("Gus", "Hal"),
    ]
    assert all(isinstance(p, Pair) for p in done.pairs)


def test_rate_pairs_on_its_own_model():
    book = {p.name.casefold(): p for p in rate([rated([["Ann", "Cy"], ["Bo", "Di"]], 0)]).players}
    pairs: dict = {}
    rate_pairs(pairs, book, rated([["Ann", "Cy"], ["Bo", "Di"]], 0))
    assert {p.names for p in pairs.values()} == {("Ann", "Cy"), ("Bo", "Di")}


def test_the_command_prints_the_pairs(runner, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game_file([["Ann", "Cy"], ["Bo", "Di"]], 0)))
    doc = json.loads(runner.invoke(args=["ratings", str(path)]).output)
    assert [p["names"] for p in doc["pairs"]] == [["Ann", "Cy"], ["Bo", "Di"]]
    assert set(doc["pairs"][0]) == {"names", "rating", "mu", "sigma", "games"}
    assert doc["pairs"][0]["games"] == 1 and doc["pairs"][0]["rating"] > 1000
