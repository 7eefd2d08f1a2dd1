"""A night's double-elimination playoff read from its rounds as stored: each playoff
round is a round of the bracket (core.bracket_double), drawn from the rounds before it,
its byes a table with one side empty. Pure."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .bracket_double import Pairing, Phase, Replayed, replay
from .ending import Status
from .errors import GameError
from .model import GameScore
from .roster import Match, Outcome, Round

Result = Callable[[str], "tuple[bool, int | None] | None"]  # a game's (finished, winner)


def _through(match: Match, result: Result) -> int | None:
    """The side of a playoff table that went through (None: not yet; a bye: 0)."""
    if match.bye:
        return 0
    if match.game_id is None:
        return match.winner
    known = result(match.game_id)
    if known is None or not known[0]:
        return None
    return known[1] if known[1] is not None else match.winner


def _pairings(matches: Sequence[Match]) -> tuple[Pairing, ...]:
    return tuple((m.sides[0] or None, m.sides[1] or None) for m in matches)


def bracket_of(rounds: Sequence[Round], matches: Sequence[Match], result: Result) -> Replayed:
    """The bracket after the playoff rounds whose every table has gone through (the next
    round: the one being played, or the one to draw)."""
    playoff = [r.number for r in rounds if r.is_playoff]
    tables = [[m for m in matches if m.round == n] for n in playoff]
    first = Phase("winners", 1, _pairings(tables[0]), final=len(tables[0]) == 1)
    winners = []
    for table in tables:
        won = [_through(m, result) for m in table]
        if any(w is None for w in won):
            break
        winners.append(won)
    return replay(first, winners)


def scores_result(scores: Mapping[str, GameScore]) -> Result:
    """A game's (finished, winner) from the games' scores."""

    def result(game_id: str) -> tuple[bool, int | None] | None:
        score = scores.get(game_id)
        return None if score is None else (score.status == Status.FINISHED, score.winner)

    return result


def outcomes_result(outcomes: Mapping[str, Outcome]) -> Result:
    """A game's (finished, winner) from the games' outcomes."""

    def result(game_id: str) -> tuple[bool, int | None] | None:
        outcome = outcomes.get(game_id)
        return None if outcome is None else (outcome.finished, outcome.winner)

    return result


def phases_of(rounds: Sequence[Round], matches: Sequence[Match], result: Result) -> list[Phase]:
    """Every playoff round as a round of the bracket, in order (the latest among them)."""
    if not any(r.is_playoff for r in rounds):
        return []
    done = bracket_of(rounds, matches, result)
    drawn = sum(1 for r in rounds if r.is_playoff)
    return [*done.played, *([done.next] if done.next else [])][:drawn]


def double_champion(
    rounds: Sequence[Round], matches: Sequence[Match], result: Result
) -> tuple[int, ...] | None:
    """The entrants who won the playoff, once its grand final (or reset) is decided."""
    if not any(r.is_playoff for r in rounds):
        return None
    return bracket_of(rounds, matches, result).state.champion


def check_double(
    rounds: Sequence[Round], matches: Sequence[Match], scores: Sequence[GameScore | None]
) -> None:
    """Refuse a double-elimination playoff (of a file) whose rounds after its first are
    not the ones its bracket draws from the rounds before, or that go on after its
    champion is known."""
    by_game = {m.game_id: s for m, s in zip(matches, scores) if m.game_id and s is not None}
    result = scores_result(by_game)
    playoff = [(i, r) for i, r in enumerate(rounds) if r.is_playoff]
    for k, (index, r) in enumerate(playoff[1:], 1):
        phases = phases_of(rounds[: index + 1], matches, result)
        drawn = _pairings([m for m in matches if m.round == r.number])
        if len(phases) <= k or phases[k].matches != drawn:
            raise GameError("is not the round the bracket draws next", field=f"rounds[{index}]")
