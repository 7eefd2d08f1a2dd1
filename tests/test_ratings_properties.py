"""What the ratings promise over any games (docs/ratings.md), as property tests, and a
simulated club whose true skills are known."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.core.ratings import Player, Rated, Ratings, Sitter, Skill, rate
from tests.ratings_club import brier, club, rated, spearman, win_share_forecast
from tests.strategies import example_count

POOL = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


@st.composite
def games(draw, pool=POOL) -> Rated:
    """A finished game: two partnerships or 2 to 4 cutthroat players, any places."""
    partnership = draw(st.booleans())
    count = 4 if partnership else draw(st.integers(2, 4))
    people = draw(st.permutations(pool))[:count]
    sides = [people[0::2], people[1::2]] if partnership else [[p] for p in people]
    order = draw(st.lists(st.integers(0, 2), min_size=len(sides), max_size=len(sides)))
    places = tuple(1 + sum(o < mine for o in order) for mine in order)
    winner = places.index(1) if places.count(1) == 1 else None
    seats = tuple(tuple((Sitter(name, 1),) for name in side) for side in sides)
    return Rated(seats, places, winner)


def swapped(game: Rated) -> Rated:
    """The same game with its sides in the other order."""
    winner = None if game.winner is None else len(game.sides) - 1 - game.winner
    return Rated(game.sides[::-1], game.places[::-1], winner)


def skills(ratings: Ratings) -> dict[str, Skill]:
    return {p.name: p.skill for p in ratings.players}


PROPERTY = settings(max_examples=example_count(150), deadline=None)


@PROPERTY
@given(st.lists(games(), min_size=1, max_size=30))
def test_chances_lie_strictly_between_0_and_1_and_sum_to_1(played):
    for done in rate(played).games:
        assert all(0 < chance < 1 for chance in done.chances)
        assert sum(done.chances) == pytest.approx(1, abs=1e-12)


@PROPERTY
@given(st.lists(games(), max_size=20), games())
def test_swapping_the_sides_swaps_the_chances_and_changes_nothing_else(before, game):
    earlier = rate(before)
    one, two = rate([game], earlier), rate([swapped(game)], earlier)
    assert one.games[-1].chances == pytest.approx(two.games[-1].chances[::-1], abs=1e-12)
    for name, skill in skills(one).items():
        other = skills(two)[name]
        assert (skill.mu, skill.sigma, skill.games) == pytest.approx(
            (other.mu, other.sigma, other.games), abs=1e-9
        )


@PROPERTY
@given(st.data(), st.integers(1, 40))
def test_a_player_who_always_wins_rises_above_one_who_always_loses(data, count):
    """Ann wins every game she plays, Bo loses every one, whoever partners them; games
    of the others come in between."""
    played = []
    for _ in range(count):
        one, two = data.draw(st.permutations(POOL[2:]))[:2]
        played.append(rated([["Ann", one], ["Bo", two]], 0))
        played += data.draw(st.lists(games(POOL[2:]), max_size=2))
    ratings = skills(rate(played))
    assert ratings["Ann"].mu > 25 > ratings["Bo"].mu
    assert ratings["Ann"].rating > ratings["Bo"].rating


@PROPERTY
@given(
    st.floats(0, 50),
    st.floats(1, 8.4),
    st.integers(0, 100),
    st.sampled_from([2, 4]),
)
def test_a_draw_between_equals_changes_little(mu, sigma, games, seats):
    equal = Skill(mu, sigma, games)
    names = POOL[:seats]
    before = Ratings(tuple(Player(name, equal) for name in names))
    sides = [names[0::2], names[1::2]]
    after = rate([rated(sides, None)], before)
    for change in after.games[0].changes:
        assert change.delta == 0 and change.after.mu == pytest.approx(mu, abs=1e-9)
        assert change.after.sigma <= (sigma**2 + (25 / 300) ** 2) ** 0.5 + 1e-12


@PROPERTY
@given(games(POOL[:4]), games(POOL[4:]), st.lists(games(), max_size=10))
def test_the_order_of_games_with_no_player_in_common_does_not_matter(one, two, before):
    earlier = rate(before)
    first, second = rate([one, two], earlier), rate([two, one], earlier)
    assert skills(first) == skills(second)


def test_a_simulated_club_ranks_its_players_near_their_true_skill_and_beats_win_shares():
    skill, played = club(seed=29, players=10, games=200)
    done = rate(rated(sides, winner) for sides, winner, _ in played)
    names = sorted(skill)
    rho = spearman([skill[n] for n in names], [skills(done)[n].mu for n in names])
    assert rho > 0.8
    forecast = [g.chances[0] for g in done.games]
    assert brier(forecast, played) < brier(win_share_forecast(played), played)
