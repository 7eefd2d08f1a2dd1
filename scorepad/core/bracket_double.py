"""A double-elimination playoff: a winners' bracket, a losers' bracket and a grand final.
Pure: the first round's pairings and each round's winners in, the next round out.

Rules, as docs/events.md tells them:
- The winners' bracket starts as a single-elimination bracket does (core.bracket: the
  next power of two, byes to the top seeds); its rounds' winners meet in bracket order.
- Whoever loses in the winners' bracket drops to the losers' bracket; whoever loses in
  the losers' bracket is out: an entrant is out after two losses.
- The rounds are played one at a time: after a winners' round, a losers' round (when
  two or more are in it); then the next winners' round while the winners' bracket has
  two or more; once it has one, losers' rounds until one is left.
- A losers' round folds its entrants: the first (the longest in it) meets the last
  (the latest dropped), the second the one before last...; an odd one out has a bye.
- The grand final: the winners' bracket's winner against the losers' bracket's. If the
  losers' side wins it, each has lost once: a second game is played (the reset, "if
  necessary"), and its winner is the champion.
- So every entrant but the champion loses exactly twice, the champion at most once,
  and n entrants play 2n - 2 matches (no reset) or 2n - 1 (a reset).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .bracket import first_round
from .errors import GameError
from .records import changed

Team = tuple[int, ...]
Pairing = tuple[Team | None, Team | None]  # None: a bye, the other goes through
WINNERS, LOSERS, GRAND, RESET = "winners", "losers", "grand final", "grand final reset"


@dataclass(frozen=True)
class Phase:
    """A round of the playoff: its part of the bracket, its number in that part (1
    first), whether it is that part's final, and its pairings."""

    part: str
    number: int
    matches: tuple[Pairing, ...]
    final: bool = False

    @property
    def name(self) -> str:
        """ "winners' round 1", "losers' final", "grand final"..."""
        if self.part in (GRAND, RESET):
            return self.part
        return f"{self.part}' final" if self.final else f"{self.part}' round {self.number}"

    @property
    def stage(self) -> str | None:
        """The stage its rules are (core.stages): the grand final and its reset play as
        the final, the winners' and losers' finals as the semi-final; others as the night."""
        if self.part in (GRAND, RESET):
            return "final"
        return "semi-final" if self.final else None


@dataclass(frozen=True)
class State:
    """Where the bracket stands: who is in each part (in bracket order), the rounds of
    each part played, the last part played, a reset to come, and the champion."""

    winners: tuple[Team, ...] = ()
    losers: tuple[Team, ...] = ()
    played: tuple[int, int] = (0, 0)
    last: str = ""
    reset: bool = False
    champion: Team | None = None


def first_phase(seeded: Sequence[Team]) -> Phase:
    """The winners' bracket's first round for the teams in seed order (the leader first)."""
    slots = first_round(list(range(len(seeded))))

    def at(i: int | None) -> Team | None:
        return None if i is None else seeded[i]

    matches = tuple((at(m.first), at(m.second)) for m in slots)
    return Phase(WINNERS, 1, matches, final=len(matches) == 1)


def _fold(teams: Sequence[Team]) -> tuple[Pairing, ...]:
    n = len(teams)
    pairs: list[Pairing] = [(teams[i], teams[n - 1 - i]) for i in range(n // 2)]
    if n % 2:
        pairs.append((teams[n // 2], None))
    return tuple(pairs)


def scheduled(state: State) -> Phase | None:
    """The next round from where the bracket stands (None: the champion is known)."""
    if state.champion is not None:
        return None
    wins, losses = state.winners, state.losers
    if len(wins) == 1 and len(losses) == 1:
        return Phase(RESET if state.reset else GRAND, 1, ((wins[0], losses[0]),), final=True)
    if len(losses) >= 2 and (state.last == WINNERS or len(wins) < 2):
        last = len(wins) == 1 and len(losses) == 2
        return Phase(LOSERS, state.played[1] + 1, _fold(losses), final=last)
    pairs = tuple((wins[i], wins[i + 1]) for i in range(0, len(wins), 2))
    return Phase(WINNERS, state.played[0] + 1, pairs, final=len(pairs) == 1)


def _results(phase: Phase, winners: Sequence[int | None]) -> tuple[list[Team], list[Team]]:
    """Who goes through each match (a bye: its one team) and who lost, in match order."""
    if len(winners) != len(phase.matches):
        raise GameError("expected a winner for each match", field="playoff")
    through: list[Team] = []
    beaten: list[Team] = []
    for (first, second), won in zip(phase.matches, winners):
        if first is None or second is None:
            team = first if second is None else second
            assert team is not None  # a pairing has one team at least
            through.append(team)
        elif won not in (0, 1):
            raise GameError("a match has no winner yet", field="playoff")
        else:
            through.append(second if won else first)
            beaten.append(first if won else second)
    return through, beaten


def apply(state: State, phase: Phase, winners: Sequence[int | None]) -> State:
    """The bracket after `phase` was played with these winners (0 or 1, a side of each
    match; a bye's is not read)."""
    through, beaten = _results(phase, winners)
    wins, losses = state.played
    if phase.part == WINNERS:
        moved = (tuple(through), (*state.losers, *beaten), (wins + 1, losses))
        return changed(state, winners=moved[0], losers=moved[1], played=moved[2], last=WINNERS)
    if phase.part == LOSERS:
        return changed(state, losers=tuple(through), played=(wins, losses + 1), last=LOSERS)
    if phase.part == RESET or winners[0] == 0:
        return changed(state, champion=through[0], last=phase.part)
    return changed(state, reset=True, last=phase.part)


@dataclass(frozen=True)
class Replayed:
    """The bracket after the rounds played: where it stands, each round played (as
    drawn), and the next round (None: the champion is known)."""

    state: State
    played: tuple[Phase, ...]
    next: Phase | None


def replay(first: Phase, winners: Sequence[Sequence[int | None]]) -> Replayed:
    """The bracket from its first round and each round's winners, in order."""
    state, played = State(), []
    phase: Phase | None = first
    for won in winners:
        if phase is None:
            raise GameError("the playoff is over: no more rounds", field="playoff")
        played.append(phase)
        state = apply(state, phase, won)
        phase = scheduled(state)
    return Replayed(state, tuple(played), phase)


def most_rounds(teams: int) -> int:
    """The most rounds a bracket of `teams` takes: played to its end, the grand final won
    from the losers' side so that its reset is played too (who else wins each match does
    not change how many rounds there are)."""
    state, rounds = State(), 0
    phase: Phase | None = first_phase([(i,) for i in range(teams)])
    while phase is not None:  # each round applied once, as replay applies them in turn
        state = apply(state, phase, [1 if phase.part == GRAND else 0] * len(phase.matches))
        phase, rounds = scheduled(state), rounds + 1
    return rounds


def losses_of(phases: Sequence[Phase], winners: Sequence[Sequence[int | None]]) -> dict[Team, int]:
    """Each team's losses over the rounds played."""
    lost: dict[Team, int] = {}
    for phase, won in zip(phases, winners):
        for team in _results(phase, won)[1]:
            lost[team] = lost.get(team, 0) + 1
    return lost
