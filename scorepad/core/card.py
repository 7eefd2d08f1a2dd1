"""A person's card over many games: the record, partners and opponents, the streak and
the milestones. Pure: scores in, cards out, every person's card in one pass.

The rules of a card:
- A person is whoever `person(name)` says a seat's name belongs to (names.name_key by
  default), so names merged into one person count as one.
- The record is stats.game_share's, summed: finished games won, drawn (no winner) or
  lost; unfinished games with a hand played; contracts, nils, blind nils, bags,
  Bostons (the side bid every trick and took them) and points of the person's side.
  A game with no hand played that is not finished counts not at all.
- Partners (partnership games only) and opponents count finished games: with a
  partner, the games together, won and lost together; against an opponent (in
  cutthroat every other player), the games, those the person's side won and those
  the opponent's side won.
- The streak counts back from the latest finished game: won, lost or drawn, and how
  many in a row; the longest winning run is over every finished game.
- Milestones come at the person's games in order, every game they are counted in
  (finished, or with a hand played) numbered from 1: the first game, the first win,
  the first nil and blind nil made, the GAME_COUNTS-th game; and, when nights won
  are given, the first night won (numbered 1, after the games' milestones).
- Who won is GameScore.winner's word alone (None: a draw); nothing here decides it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from .model import GameScore
from .names import name_key
from .stats import PlayerStats, add_game


class Run(StrEnum):
    """How a finished game came out for a person, as a streak counts it."""

    WON = "won"
    LOST = "lost"
    DRAWN = "drawn"


class MilestoneKind(StrEnum):
    """What a milestone marks."""

    FIRST_GAME = "first_game"
    FIRST_WIN = "first_win"
    GAMES = "games"  # a count of games reached (GAME_COUNTS)
    FIRST_NIL = "first_nil"
    FIRST_BLIND_NIL = "first_blind_nil"
    FIRST_NIGHT = "first_night"


WON, LOST, DRAWN = Run
FIRST_GAME, FIRST_WIN, GAMES, FIRST_NIL, FIRST_BLIND_NIL, FIRST_NIGHT = MilestoneKind
GAME_COUNTS = frozenset((10, 50, 100, 250, 500, 1000))
# Each first, and what in the record so far reaches it.
FIRSTS: tuple[tuple[MilestoneKind, Callable[[PlayerStats], bool]], ...] = (
    (FIRST_GAME, lambda record: True),
    (FIRST_WIN, lambda record: record.won > 0),
    (FIRST_NIL, lambda record: record.nils_made > 0),
    (FIRST_BLIND_NIL, lambda record: record.blind_nils_made > 0),
)
Person = Callable[[str], str]


class Milestone(NamedTuple):
    """A milestone: its kind, the game's (or night's) reference, and the person's game
    number it came at (GAMES: the count reached; FIRST_NIGHT: 1)."""

    kind: MilestoneKind
    ref: object
    ordinal: int


@dataclass(frozen=True)
class Streak:
    """The run the latest finished game belongs to: WON, LOST or DRAWN and its length
    (kind None, length 0: no finished game)."""

    kind: Run | None = None
    length: int = 0


class Record(NamedTuple):
    """Finished games with (or against) one other person, and how they came out: won by
    the card's person's side, lost (with an opponent: won by the opponent's side)."""

    key: str
    name: str
    games: int
    wins: int
    losses: int


@dataclass(frozen=True)
class Card:
    """One person's card."""

    key: str
    record: PlayerStats  # the summed record; its name is the first game's for the person
    partners: tuple[Record, ...]  # most games first, then by name
    opponents: tuple[Record, ...]
    streak: Streak
    longest_win: int
    milestones: tuple[Milestone, ...]  # in the order they came
    nights_won: int = 0

    @property
    def name(self) -> str:
        """The person's name, as in the first game that has them."""
        return self.record.name

    @property
    def games(self) -> int:
        """Finished games."""
        return self.record.games

    @property
    def wins(self) -> int:
        """Finished games the person's side won."""
        return self.record.won

    @property
    def draws(self) -> int:
        """Finished games with no winner."""
        return self.record.drawn

    @property
    def losses(self) -> int:
        """Finished games another side won."""
        return self.record.lost

    @property
    def unfinished(self) -> int:
        """Games not finished with a hand played."""
        return self.record.unfinished


def _row() -> list[int]:
    return [0, 0, 0]


@dataclass
class _Tally:
    """A card being built, game by game."""

    record: PlayerStats
    played: int = 0
    # By the other person's key: games, wins, losses (a subscript makes a missing row).
    partners: defaultdict[str, list[int]] = field(default_factory=lambda: defaultdict(_row))
    opponents: defaultdict[str, list[int]] = field(default_factory=lambda: defaultdict(_row))
    run_kind: Run | None = None  # the streak, as Streak's kind and length
    run: int = 0
    longest_win: int = 0
    milestones: list[Milestone] = field(default_factory=list)
    reached: set[str] = field(default_factory=set)


def _mark(tally: _Tally, ref: object) -> None:
    """The milestones one more game reaches (a first: the game its count leaves 0)."""
    if len(tally.reached) < len(FIRSTS):
        for kind, reaches in FIRSTS:
            if kind not in tally.reached and reaches(tally.record):
                tally.reached.add(kind)
                tally.milestones.append(Milestone(kind, ref, tally.played))
    if tally.played in GAME_COUNTS:
        tally.milestones.append(Milestone(GAMES, ref, tally.played))


def _outcome(winner: int | None, side: int) -> Run:
    if winner is None:
        return DRAWN
    return WON if winner == side else LOST


def _finish(tally: _Tally, key: str, sides: Mapping[str, int], winner: int | None) -> None:
    """A finished game's streak, partners and opponents for one person."""
    side = sides[key]
    outcome = _outcome(winner, side)
    tally.run = run = tally.run + 1 if tally.run_kind == outcome else 1
    tally.run_kind = outcome
    if outcome == WON and run > tally.longest_win:
        tally.longest_win = run
    won, lost = outcome == WON, outcome == LOST
    for other, other_side in sides.items():
        if other == key:
            continue
        together = other_side == side
        row = (tally.partners if together else tally.opponents)[other]
        row[0] += 1
        row[1] += won
        row[2] += lost if together else winner == other_side


def _add_game(
    tallies: dict[str, _Tally],
    records: dict[str, PlayerStats],
    score: GameScore,
    ref: object,
    person: Person,
) -> None:
    """One game into every card it belongs to (`records`: each tally's record by key)."""
    if not (score.over or score.played):
        return  # nothing played, no result: the game counts for nobody
    keys = [person(name) for name in score.table.players]
    sides: dict[str, int] = {}
    for seat, key in enumerate(keys):
        sides.setdefault(key, score.table.side_of(seat))
        if key not in tallies:
            tallies[key] = _Tally(PlayerStats(score.table.players[seat]))
            records[key] = tallies[key].record
    add_game(score, keys, records)
    over, winner = score.over, score.winner
    for key in sides:
        tally = tallies[key]
        tally.played += 1
        _mark(tally, ref)
        if over:
            _finish(tally, key, sides, winner)


def _records(rows: Mapping[str, list[int]], tallies: dict[str, _Tally]) -> tuple[Record, ...]:
    found = [Record(key, tallies[key].record.name, *counts) for key, counts in rows.items()]
    return tuple(sorted(found, key=lambda r: (-r.games, r.name.casefold(), r.key)))


def _card(key: str, tallies: dict[str, _Tally], nights: Sequence[object]) -> Card:
    tally = tallies[key]
    milestones = list(tally.milestones)
    if nights:
        milestones.append(Milestone(FIRST_NIGHT, nights[0], 1))
    return Card(
        key,
        tally.record,
        _records(tally.partners, tallies),
        _records(tally.opponents, tallies),
        Streak(tally.run_kind, tally.run),
        tally.longest_win,
        tuple(milestones),
        len(nights),
    )


def cards(
    scores: Iterable[GameScore],
    person: Person = name_key,
    refs: Sequence[object] | None = None,
    nights: Mapping[str, Sequence[object]] | None = None,
) -> dict[str, Card]:
    """Every person's card, by person key, from the games oldest first, in one pass.

    `refs`: each game's reference (its id), in the games' order; by default its index.
    `nights`: by person key, the references of the nights they won, oldest first.
    """
    tallies: dict[str, _Tally] = {}
    records: dict[str, PlayerStats] = {}
    for index, score in enumerate(scores):
        _add_game(tallies, records, score, index if refs is None else refs[index], person)
    won = nights or {}
    return {key: _card(key, tallies, won.get(key, ())) for key in tallies}


def card(
    scores: Iterable[GameScore],
    key: str,
    person: Person = name_key,
    refs: Sequence[object] | None = None,
    nights: Mapping[str, Sequence[object]] | None = None,
) -> Card | None:
    """One person's card (None: no game counts for them); the arguments as cards'."""
    return cards(scores, person, refs, nights).get(key)
