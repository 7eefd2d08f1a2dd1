"""An evening: games played as rematches of one another, tallied. Pure: scores in, rows out.

A row is a player (cutthroat) or a partnership (the same two players, whichever
seats they took), recognised by name with case and Unicode forms ignored.
Games won count finished games only; points add up every game's current total,
the game being played included; the streak is the games won in a row counting
back from the latest finished game (a draw or a loss ends it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .ending import Status
from .model import GameScore
from .names import name_key


@dataclass
class EveningRow:
    """One player's or partnership's evening so far."""

    name: str
    players: int = 1  # on the side: a pair's words take the plural (words.plural_of)
    games: int = 0
    won: int = 0
    points: int = 0
    streak: int = 0


@dataclass(frozen=True)
class Evening:
    """The tally of an evening's games, oldest game first."""

    rows: tuple[EveningRow, ...]  # most games won first, then most points
    games: int
    draws: int


def _key(score: GameScore, side: int) -> frozenset[str]:
    return frozenset(name_key(score.table.players[seat]) for seat in score.table.sides[side])


def tally(scores: Sequence[GameScore]) -> Evening:
    """Games won, points and the current winning streak per side, oldest game first."""
    rows: dict[frozenset[str], EveningRow] = {}
    draws = 0
    for score in scores:
        done = score.status == Status.FINISHED
        draws += done and score.winner is None
        for side, total in enumerate(score.totals):
            players = len(score.table.sides[side])
            row = rows.setdefault(
                _key(score, side), EveningRow(score.table.side_name(side), players)
            )
            row.name = score.table.side_name(side)  # the latest game's name for the side
            row.games += 1
            row.points += total
            if done:
                won = score.winner == side
                row.won += won
                row.streak = row.streak + 1 if won else 0
    ordered = sorted(rows.values(), key=lambda r: (-r.won, -r.points, r.name.casefold()))
    return Evening(tuple(ordered), len(scores), draws)
