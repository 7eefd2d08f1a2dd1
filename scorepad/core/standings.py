"""The standings of a club night. Pure: results in, ranked rows out.

Rules, as docs/events.md tells them:
- Every game of the night is a `Result`: the entrants on each side, each side's total
  and bags, the winning side (None: not decided yet, or a draw when finished).
- A finished game gives its winners a win (3 victory points), a draw gives both sides
  a draw (1 point), a loss nothing. A game still being played counts its points,
  its point difference and its bags, not a win.
- A bye counts as the event says: "win" (a win, 3 points, no points scored) or "none".
- The ranking reads the keys of `order` one after the other: wins or victory points
  first, then point difference, total points and fewer bags, in the order chosen.
  Entrants equal on every key share a place; the table lists them by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .errors import GameError
from .names import name_key

KEYS = ("wins", "vp", "diff", "points", "bags")
DEFAULT_ORDER = ("wins", "diff", "points", "bags")
BYE_COUNTS = ("win", "none")


@dataclass(frozen=True)
class Result:
    """One game: entrants per side, each side's total and bags, and how it stands."""

    sides: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    finished: bool = False
    winner: int | None = None  # None when finished: a draw


@dataclass
class Row:
    """One entrant's night so far, and its place."""

    entrant: int
    name: str
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    points: int = 0
    against: int = 0
    bags: int = 0
    place: int = 0
    playing: bool = False  # a game of this entrant's is still going
    keys: tuple[int, ...] = field(default=(), repr=False)

    @property
    def vp(self) -> int:
        """Victory points: 3 a win, 1 a draw."""
        return 3 * self.wins + self.draws

    @property
    def diff(self) -> int:
        """Points scored less points conceded."""
        return self.points - self.against


def check_order(order: Sequence[str]) -> tuple[str, ...]:
    """The ranking keys as given, each known and once; wins or vp first."""
    keys = tuple(order)
    if not keys or keys[0] not in ("wins", "vp"):
        raise GameError("must start with wins or vp", field="order")
    unknown = [k for k in keys if k not in KEYS]
    if unknown or len(set(keys)) != len(keys):
        raise GameError(
            "must be keys from %(keys)s, each once", keys=", ".join(KEYS), field="order"
        )
    return keys


def _apply(rows: dict[int, Row], result: Result) -> None:
    for side, entrants in enumerate(result.sides):
        against = sum(t for i, t in enumerate(result.totals) if i != side)
        others = max(len(result.totals) - 1, 1)
        for entrant in entrants:
            row = rows[entrant]
            row.points += result.totals[side]
            row.against += against // others
            row.bags += result.bags[side]
            if not result.finished:
                row.playing = True
                continue
            row.played += 1
            if result.winner is None:
                row.draws += 1
            elif result.winner == side:
                row.wins += 1
            else:
                row.losses += 1


def _sort_value(row: Row, key: str) -> int:
    value: int = getattr(row, key)
    return value if key == "bags" else -value  # fewer bags rank higher


def standings(
    names: dict[int, str],
    results: Iterable[Result],
    byes: Iterable[int] = (),
    order: Sequence[str] = DEFAULT_ORDER,
    bye_counts: str = "win",
) -> tuple[Row, ...]:
    """Rank every entrant of `names` by `order`; equal keys share a place."""
    keys = check_order(order)
    rows = {entrant: Row(entrant, name) for entrant, name in names.items()}
    for result in results:
        _apply(rows, result)
    for entrant in byes:
        rows[entrant].byes += 1
        if bye_counts == "win":
            rows[entrant].wins += 1
    return rank(rows.values(), keys)


def rank(rows: Iterable[Row], keys: Sequence[str]) -> tuple[Row, ...]:
    """Rows in order of `keys`; equal keys share a place, listed by name."""
    for row in rows:
        row.keys = tuple(_sort_value(row, key) for key in keys)
    ranked = sorted(rows, key=lambda r: (r.keys, r.name.casefold(), r.entrant))
    for i, row in enumerate(ranked):
        row.place = ranked[i - 1].place if i and ranked[i - 1].keys == row.keys else i + 1
    return tuple(ranked)


SUMMED = ("played", "wins", "draws", "losses", "byes", "points", "against", "bags")


def series(nights: Sequence[Sequence[Row]], order: Sequence[str]) -> tuple[Row, ...]:
    """A league season: each night's rows summed by name (case and accents aside)."""
    keys = check_order(order)
    merged: dict[str, Row] = {}
    for rows in nights:
        for row in rows:
            key = name_key(row.name)
            total = merged.setdefault(key, Row(len(merged) + 1, row.name))
            for attr in SUMMED:
                setattr(total, attr, getattr(total, attr) + getattr(row, attr))
    return rank(list(merged.values()), keys)
