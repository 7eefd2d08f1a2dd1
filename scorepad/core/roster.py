"""Who is at a club night and what has been played: entrants, rounds, matches, and the
standings they add up to. Pure values; the store keeps them, the game file carries them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .ending import Status
from .errors import GameError
from .event import Settings
from .model import GameScore
from .names import pair_name, text_problem
from .records import Mode, Table, make_table
from .standings import Result, Row, standings


@dataclass(frozen=True)
class Entrant:
    """A pair or a player of the event, in check-in order; `left`: the round after which
    they went home (None: still here)."""

    id: int
    name: str
    players: tuple[str, ...]
    joined_round: int
    left_round: int | None

    @property
    def here(self) -> bool:
        """Whether they are still at the event."""
        return self.left_round is None


class RoundKind(StrEnum):
    """A night's round, or a round of its playoff."""

    ROUND = "round"
    PLAYOFF = "playoff"


class RoundStatus(StrEnum):
    """Drawn (its tables may still change), playing, or done (every table over)."""

    DRAWN = "drawn"
    PLAYING = "playing"
    DONE = "done"


@dataclass(frozen=True)
class Round:
    """A round: `round` (the night's rounds) or `playoff`; drawn, playing or done."""

    number: int
    kind: RoundKind
    status: RoundStatus
    byes: tuple[int, ...]
    started_at: float | None
    called_at: float | None

    def __post_init__(self) -> None:
        # a stored row or a file gives the kind and status as words: the core keeps values
        object.__setattr__(self, "kind", RoundKind(self.kind))
        object.__setattr__(self, "status", RoundStatus(self.status))

    @property
    def is_playoff(self) -> bool:
        """A round of the playoff (else one of the night's rounds)."""
        return self.kind is RoundKind.PLAYOFF

    @property
    def drawn(self) -> bool:
        """Drawn, not started yet: its tables may still change."""
        return self.status is RoundStatus.DRAWN

    @property
    def playing(self) -> bool:
        """Started: its tables play."""
        return self.status is RoundStatus.PLAYING

    @property
    def done(self) -> bool:
        """Over: every table's game finished or ended."""
        return self.status is RoundStatus.DONE


@dataclass(frozen=True)
class Match:
    """A table of a round: each side's entrants (a playoff bye: one side empty), its game
    once the round starts, and the hand in play when time was called; for a playoff
    game that ended in a draw, the side the director sent through and why."""

    round: int
    number: int
    sides: tuple[tuple[int, ...], ...]
    game_id: str | None
    last_hand: int | None
    winner: int | None = None
    note: str = ""
    paper: bool = False  # its result entered by the director from the table's paper slip
    # opened to its table again by the director after its round; `changed`: its game
    # changed since (what the director's page says of it)
    reopened: bool = False
    changed: bool = False

    @property
    def bye(self) -> bool:
        """A playoff match with one side only: it goes through without a game."""
        return any(not side for side in self.sides)


PARTNERSHIP = Table(Mode.PARTNERSHIP, ())  # its seats: partners sit opposite


def match_table(sides: Sequence[Sequence[str]]) -> Table:
    """A match's table: each side's players at that side's seats, the first side's
    first player dealing first (partners sit opposite, as the core's table says)."""
    players: list[str] = [""] * 4
    for seats, names in zip(PARTNERSHIP.sides, sides, strict=True):
        for seat, name in zip(seats, names, strict=True):
            players[seat] = name
    return make_table(Mode.PARTNERSHIP, players)


def place_of(seat: int) -> tuple[int, int]:
    """A seat of a match's table as (its side, its place in that side)."""
    side = PARTNERSHIP.side_of(seat)
    return side, PARTNERSHIP.sides[side].index(seat)


def sides_as_sat(players: Sequence[str]) -> tuple[str, ...]:
    """Each side's names as its table's game seated them ('Ann & Zed' once Zed sat in for
    Bo): the game's own players at that side's seats, the one rule every page and the
    CSV read after a substitute."""
    return tuple(pair_name(players[seat] for seat in seats) for seats in PARTNERSHIP.sides)


NOTE_LENGTH = 200


def check_named(winner: object, note: object, field: str = "winner") -> tuple[int, str]:
    """A side sent through by the director's word (0 or 1) and why (1 to 200 characters)."""
    if winner not in (0, 1) or isinstance(winner, bool):
        raise GameError("must be 0 or 1 (the side sent through)", field=field)
    text = " ".join(note.split()) if isinstance(note, str) else ""
    if not 1 <= len(text) <= NOTE_LENGTH or text_problem(text):
        raise GameError(
            "say why, in 1 to %(note_length)s characters", note_length=NOTE_LENGTH, field="note"
        )
    return (0 if winner == 0 else 1), text


@dataclass(frozen=True)
class Outcome:
    """A table's game as the standings and the bracket read it: each side's total and
    bags, whether it is over, its winning side (None: a draw, or not over) and the
    hands played. The whole of what a night's results need of a game's hands."""

    totals: tuple[int, ...]
    bags: tuple[int, ...]
    finished: bool
    winner: int | None
    played: int


def outcome_of(score: GameScore) -> Outcome:
    """A scored game's outcome."""
    finished = score.status == Status.FINISHED
    played = len(score.hands) - (1 if score.pending else 0)
    winner = score.winner if finished else None
    return Outcome(tuple(score.totals), tuple(score.bags), finished, winner, played)


def _through(match: Match, finished: bool, winner: int | None) -> int | None:
    # a finished game without a winner (a draw) counts for the side the director named
    if not finished:
        return None
    return winner if winner is not None else match.winner


def match_winner(match: Match, score: GameScore) -> int | None:
    """The side that won a table's scored game: the game's winner; a finished game
    without one (a draw) counts for the side the director named, if any (a playoff needs
    a winner)."""
    return _through(match, score.status == Status.FINISHED, score.winner)


def game_gone(started: bool, match: Match) -> bool:
    """Whether a table of a round that `started` lost its game: the director deleted
    it (its match keeps no game). It counts for nothing; in a playoff the side the
    director names goes through."""
    return started and match.game_id is None and not match.bye


def through_of(match: Match, score: GameScore | None) -> int | None:
    """The side of a started round's table that goes on: its game's winner (as
    `match_winner`); a table whose game was deleted, the side the director named."""
    if match.game_id is None:
        return match.winner
    return None if score is None else match_winner(match, score)


def _final(rounds: Sequence[Round], matches: Sequence[Match]) -> Match | None:
    """The playoff's final, once it is the one table of the last playoff round."""
    playoff = [r.number for r in rounds if r.is_playoff]
    final = [m for m in matches if playoff and m.round == playoff[-1]]
    return final[0] if len(final) == 1 and not final[0].bye else None


def _champion(
    rounds: Sequence[Round],
    matches: Sequence[Match],
    result: Callable[[str], tuple[bool, int | None] | None],
) -> tuple[int, ...] | None:
    """The entrants who won the playoff: the side through from its final, once decided;
    `result`: a game's (finished, winner), None for a game not known."""
    final = _final(rounds, matches)
    if final is None:
        return None
    if final.game_id is None:  # not started, or its game deleted
        side = final.winner if rounds[-1].done else None
    else:
        known = result(final.game_id)
        if known is None:
            return None
        side = _through(final, *known)
    return None if side is None else final.sides[side]


def playoff_winner(
    rounds: Sequence[Round], matches: Sequence[Match], scores: Mapping[str, GameScore]
) -> tuple[int, ...] | None:
    """The entrants who won the playoff, from the games' scores."""

    def result(game_id: str) -> tuple[bool, int | None] | None:
        score = scores.get(game_id)
        return None if score is None else (score.status == Status.FINISHED, score.winner)

    return _champion(rounds, matches, result)


def champion_of(
    rounds: Sequence[Round], matches: Sequence[Match], outcomes: Mapping[str, Outcome]
) -> tuple[int, ...] | None:
    """The entrants who won the playoff, from the games' outcomes."""

    def result(game_id: str) -> tuple[bool, int | None] | None:
        outcome = outcomes.get(game_id)
        return None if outcome is None else (outcome.finished, outcome.winner)

    return _champion(rounds, matches, result)


def night_over(settings: Settings, rounds: Sequence[Round], decided: bool) -> bool:
    """Whether the night is over: every round played and, with a playoff, its winner
    known (`decided`)."""
    if not rounds or not rounds[-1].done:
        return False
    if any(r.is_playoff for r in rounds):
        return decided
    return len(rounds) >= settings.rounds and settings.playoff == 0


def night_winners(
    settings: Settings,
    rounds: Sequence[Round],
    rows: Sequence[Row],
    champion: tuple[int, ...] | None,
) -> tuple[int, ...]:
    """The entrants who won the night, once it is over: the playoff's winners, else
    every entrant placed first in the standings (a tie for first is shared); none
    before the night is over."""
    if not night_over(settings, rounds, champion is not None):
        return ()
    return champion if champion is not None else tuple(r.entrant for r in rows if r.place == 1)


def result_of(sides: tuple[tuple[int, ...], ...], outcome: Outcome) -> Result:
    """A table's game as a result for the standings."""
    return Result(sides, outcome.totals, outcome.bags, outcome.finished, outcome.winner)


def night_standings(
    settings: Settings,
    entrants: Sequence[Entrant],
    rounds: Sequence[Round],
    matches: Sequence[Match],
    scores: Mapping[str, GameScore],
) -> tuple[Row, ...]:
    """The standings of the night's rounds from the scored games (`standings_of`)."""
    outcomes = {game_id: outcome_of(score) for game_id, score in scores.items()}
    return standings_of(settings, entrants, rounds, matches, outcomes)


def standings_of(
    settings: Settings,
    entrants: Sequence[Entrant],
    rounds: Sequence[Round],
    matches: Sequence[Match],
    outcomes: Mapping[str, Outcome],
) -> tuple[Row, ...]:
    """The standings of the night's rounds (the playoff left out), after every hand;
    a bye counts once its round has started."""
    regular = {r.number for r in rounds if not r.is_playoff}
    results = [
        result_of(m.sides, outcomes[m.game_id])
        for m in matches
        if m.round in regular and m.game_id is not None and m.game_id in outcomes
    ]
    byes = [e for r in rounds if not r.is_playoff and not r.drawn for e in r.byes]
    names = {e.id: e.name for e in entrants}
    return standings(names, results, byes, settings.order, settings.bye_counts)
