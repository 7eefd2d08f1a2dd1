"""A side's chance of winning at a table of three or four (core/rating_chances.py): the
chance of playing best of all, openskill's predict_win for two sides, and better borne
out than predict_win's averages of pairs on a simulated club."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from scorepad.core.ratings import BETA, MU, SIGMA, Rated, chances, finished, rate
from scorepad.core.ratings import Skill as S
from scorepad.files import game as gamefile
from tests.club_sim import simulate
from tests.strategies import example_count

SKILL = st.builds(S, st.floats(-50, 100), st.floats(0.5, 8.4))
MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA)


@settings(max_examples=example_count(150), deadline=None)
@given(st.lists(SKILL, min_size=2, max_size=4))
def test_chances_lie_between_0_and_1_sum_to_1_and_follow_their_sides(skills):
    found = chances([[s] for s in skills])
    assert all(0 < c < 1 for c in found) and sum(found) == pytest.approx(1, abs=1e-12)
    turned = chances([[s] for s in skills[::-1]])
    assert turned == pytest.approx(found[::-1], abs=1e-9)


@pytest.mark.parametrize(
    ("one", "two"), [((25, 8.3), (25, 8.3)), ((30, 5), (20, 6)), ((60, 1), (-10, 2))]
)
def test_two_sides_have_openskill_s_own_chances(one, two):
    expected = MODEL.predict_win([[MODEL.rating(mu=m, sigma=s)] for m, s in (one, two)])
    assert chances([[S(*one)], [S(*two)]]) == tuple(expected)


def test_a_side_far_stronger_than_three_others_is_all_but_sure_to_win():
    found = chances([[S(100, 1)], [S(0, 1)], [S(0, 1)], [S(0, 1)]])
    assert found[0] > 0.99 and found[1] == pytest.approx(found[2])


def _club(seed: int) -> list[Rated]:
    """A simulated club of sixteen players of known skill, 300 games as filed
    (tests/club_sim.py: partnership games, club nights, cutthroat tables of four)."""
    _, files = simulate(seed, players=16, games=300)
    docs = [doc for kind, doc, _ in files if kind == "game"]
    docs += [m["game"] for kind, doc, _ in files if kind == "night" for m in doc["matches"]]
    return [finished(gamefile.read_scored(doc)[1]) for doc in docs]


def test_a_simulated_club_s_cutthroat_chances_come_true_better_than_pairs_averaged():
    """At its tables of four, the chances shown beat predict_win's averages of pairs
    (Brier score), and the sides shown 40% or more won about as often as shown (pairs
    averaged, they won 78% of the time when shown 43%)."""
    ours, pairs, strong = 0.0, 0.0, []
    for seed in range(4):
        for done in rate(_club(seed)).games:
            if len(done.chances) != 4:
                continue
            before = {change.side: change.before for change in done.changes}
            teams = [[MODEL.rating(mu=before[s].mu, sigma=before[s].sigma)] for s in range(4)]
            for side, averaged in enumerate(MODEL.predict_win(teams)):
                chance, won = done.chances[side], done.game.places[side] == 1
                ours += (chance - won) ** 2
                pairs += (averaged - won) ** 2
                if chance >= 0.4:
                    strong.append((chance, won))
    assert ours < pairs
    assert len(strong) >= 40
    said, came = (sum(x) / len(strong) for x in zip(*strong))
    assert abs(said - came) < 0.1, (said, came, len(strong))
