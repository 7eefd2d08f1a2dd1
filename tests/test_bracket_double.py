"""Issue 30, item 5: the double-elimination bracket's core, table-driven and by
properties: out after two losses, the champion at most one, 2n - 2 or 2n - 1 matches."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.core.bracket_double import (
    GRAND,
    LOSERS,
    RESET,
    WINNERS,
    Phase,
    State,
    apply,
    first_phase,
    losses_of,
    replay,
    scheduled,
)
from scorepad.core.errors import GameError


def teams(n):
    return [(i,) for i in range(1, n + 1)]


def play(n, pick):
    """A whole bracket of n teams, `pick(phase, i)` naming the side that wins match i."""
    first = first_phase(teams(n))
    winners = []
    while True:
        done = replay(first, winners)
        if done.next is None:
            return done, winners
        winners.append([pick(done.next, i) for i in range(len(done.next.matches))])


def top_seed_wins(phase, i):
    first, second = phase.matches[i]
    return 0 if second is None or (first is not None and first < second) else 1


@pytest.mark.parametrize(
    ("n", "names"),
    [
        (2, ["winners' final", "grand final"]),
        (
            4,
            [
                "winners' round 1",
                "losers' round 1",
                "winners' final",
                "losers' final",
                "grand final",
            ],
        ),
        (
            5,
            [
                "winners' round 1",
                "winners' round 2",
                "losers' round 1",
                "winners' final",
                "losers' round 2",
                "losers' final",
                "grand final",
            ],
        ),
    ],
)
def test_the_rounds_by_name_when_the_top_seed_wins(n, names):
    done, _ = play(n, top_seed_wins)
    assert [p.name for p in done.played] == names
    assert done.state.champion == (1,)
    assert done.played[-1].stage == "final"
    assert [p.stage for p in done.played if p.final and p.part != GRAND][:1] == ["semi-final"]
    assert done.played[0].stage is None or n == 2


def test_the_losers_side_winning_the_grand_final_plays_a_reset():
    def lower_wins_grand_final(phase, i):
        return 1 if phase.part == GRAND else top_seed_wins(phase, i)

    done, winners = play(4, lower_wins_grand_final)
    assert [p.part for p in done.played][-2:] == [GRAND, RESET]
    assert done.played[-1].name == "grand final reset" and done.played[-1].stage == "final"
    assert done.state.champion == (1,)  # the reset went to side 0, seed 1
    lost = losses_of(done.played, winners)
    assert lost[(1,)] == 1 and sum(lost.values()) == 2 * 4 - 1


def test_a_losers_round_folds_and_gives_the_odd_one_a_bye():
    phase = scheduled(State(winners=((1,), (2,)), losers=((3,), (4,), (5,)), last=WINNERS))
    assert phase == Phase(LOSERS, 1, (((3,), (5,)), ((4,), None)))
    assert phase.name == "losers' round 1" and phase.stage is None
    after = apply(State(losers=((3,), (4,), (5,))), phase, [1, None])
    assert after.losers == ((5,), (4,))


def test_refusals():
    first = first_phase(teams(2))
    with pytest.raises(GameError, match="a winner for each"):
        apply(State(), first, [])
    with pytest.raises(GameError, match="no winner yet"):
        apply(State(), first, [None])
    with pytest.raises(GameError, match="over"):
        replay(first, [[0], [0], [0]])
    assert scheduled(State(champion=(1,))) is None


@given(st.integers(2, 20), st.randoms(use_true_random=False))
def test_every_bracket_ends_with_two_losses_for_all_but_the_champion(n, rng):
    def anyone(phase, i):
        return rng.randrange(2)

    done, winners = play(n, anyone)
    lost = losses_of(done.played, winners)
    champion = done.state.champion
    assert champion is not None
    assert lost.get(champion, 0) <= 1
    assert all(lost.get(t, 0) == 2 for t in teams(n) if t != champion)
    reset = done.played[-1].part == RESET
    played = sum(1 for p in done.played for a, b in p.matches if a and b)
    assert played == 2 * n - 1 if reset else played == 2 * n - 2
    seen: dict = {}  # no one plays after a second loss
    for phase, won in zip(done.played, winners):
        for (a, b), w in zip(phase.matches, won):
            assert seen.get(a, 0) < 2 and seen.get(b, 0) < 2
            if a and b:
                loser = b if w == 0 else a
                seen[loser] = seen.get(loser, 0) + 1
