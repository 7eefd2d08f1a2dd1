"""A season's standings. Pure: each night's results in, ranked rows and marks out.

Rules, as docs/seasons.md tells them:
- A night counts for an entrant it played in (a row with a game played or a bye).
  The night gives season points: 3 a win, 1 a draw (the night's victory points), its
  margin (points scored less conceded) and a night won when the entrant placed first.
- Best N of M: only the entrant's best `best` nights count (most points, then margin,
  then the earlier night); 0 counts every night.
- Qualifying minimum: an entrant with fewer than `qualify` nights played is listed
  below the ranked entrants, without a place.
- Tie-breaks, in this order: season points, then head-to-head between the tied
  entrants (3 a win, 1 a draw in their games against each other, every night), then
  total margin, then nights won. Still equal: a shared place, listed by name.
- Promotion and relegation: the top `k` of each division but the highest are marked
  "up", the bottom `k` of each division but the lowest "down" (unqualified entrants
  are at the bottom).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .bracket import first_round
from .errors import GameError
from .names import name_key
from .pairing import circle_round
from .roster import Outcome
from .standings import Row


@dataclass(frozen=True)
class NightRow:
    """One entrant on one night: its night's victory points, margin and place."""

    entrant: int
    vp: int
    margin: int
    place: int


@dataclass(frozen=True)
class Meeting:
    """A finished game between season entrants: each side's entrants, who won."""

    sides: tuple[tuple[int, ...], ...]
    winner: int | None  # None: a draw


@dataclass(frozen=True)
class Night:
    """A night of the season, its rows and its finished games."""

    rows: tuple[NightRow, ...]
    meetings: tuple[Meeting, ...] = ()


@dataclass
class SeasonRow:
    """One entrant's season: what counted, and its place (0: not qualified)."""

    entrant: int
    name: str
    nights: int = 0
    counted: int = 0
    points: int = 0
    margin: int = 0
    won: int = 0
    h2h: int = 0
    place: int = 0
    mark: str = ""  # "up", "down" or ""
    keys: tuple[int, ...] = field(default=(), repr=False)


def _best(rows: list[tuple[int, NightRow]], best: int) -> list[NightRow]:
    ordered = sorted(rows, key=lambda r: (-r[1].vp, -r[1].margin, r[0]))
    return [row for _, row in (ordered[:best] if best else ordered)]


def _totals(names: Mapping[int, str], nights: Sequence[Night], best: int) -> list[SeasonRow]:
    played: dict[int, list[tuple[int, NightRow]]] = {e: [] for e in names}
    for index, night in enumerate(nights):
        for row in night.rows:
            if row.entrant in played:
                played[row.entrant].append((index, row))
    out = []
    for entrant, name in names.items():
        counted = _best(played[entrant], best)
        out.append(
            SeasonRow(
                entrant,
                name,
                nights=len(played[entrant]),
                counted=len(counted),
                points=sum(r.vp for r in counted),
                margin=sum(r.margin for r in counted),
                won=sum(1 for r in counted if r.place == 1),
            )
        )
    return out


def head_to_head(group: Iterable[int], meetings: Iterable[Meeting]) -> dict[int, int]:
    """Points each of `group` took off the others of `group`: 3 a win, 1 a draw."""
    tied = set(group)
    score = dict.fromkeys(tied, 0)
    for meeting in meetings:
        side_of = {e: i for i, side in enumerate(meeting.sides) for e in side if e in tied}
        for entrant, side in side_of.items():
            rivals = [e for e, s in side_of.items() if s != side]
            if not rivals:
                continue
            if meeting.winner is None:
                score[entrant] += len(rivals)
            elif meeting.winner == side:
                score[entrant] += 3 * len(rivals)
    return score


def _rank(rows: list[SeasonRow], meetings: Sequence[Meeting]) -> list[SeasonRow]:
    by_points: dict[int, list[SeasonRow]] = {}
    for row in rows:
        by_points.setdefault(row.points, []).append(row)
    for group in by_points.values():
        h2h = head_to_head([r.entrant for r in group], meetings) if len(group) > 1 else {}
        for row in group:
            row.h2h = h2h.get(row.entrant, 0)
            row.keys = (-row.points, -row.h2h, -row.margin, -row.won)
    ranked = sorted(rows, key=lambda r: (r.keys, r.name.casefold(), r.entrant))
    for i, row in enumerate(ranked):
        row.place = ranked[i - 1].place if i and ranked[i - 1].keys == row.keys else i + 1
    return ranked


def standings(
    names: Mapping[int, str], nights: Sequence[Night], best: int = 0, qualify: int = 0
) -> tuple[SeasonRow, ...]:
    """One division's season: ranked qualifiers first, then the rest by name."""
    rows = _totals(names, nights, best)
    meetings = [m for night in nights for m in night.meetings]
    ranked = _rank([r for r in rows if r.nights >= qualify], meetings)
    rest = sorted((r for r in rows if r.nights < qualify), key=lambda r: r.name.casefold())
    return (*ranked, *rest)


def mark_moves(divisions: Sequence[Sequence[SeasonRow]], k: int) -> None:
    """Mark the top `k` of each lower division "up", the bottom `k` of each higher
    division "down" (divisions listed highest first)."""
    last = len(divisions) - 1
    for index, rows in enumerate(divisions):
        for row in rows:
            row.mark = ""
        if k <= 0:
            continue
        if index > 0:
            for row in rows[:k]:
                row.mark = "up"
        if index < last:
            for row in rows[len(rows) - min(k, len(rows)) :]:
                row.mark = row.mark or "down"


def next_divisions(divisions: Sequence[Sequence[SeasonRow]]) -> list[list[int]]:
    """The divisions after the moves marked: the marked entrants change places."""
    out: list[list[int]] = [[] for _ in divisions]
    for index, rows in enumerate(divisions):
        for row in rows:
            move = {"up": -1, "down": 1}.get(row.mark, 0)
            out[index + move].append(row.entrant)
    return out


def playoff_seeds(rows: Sequence[SeasonRow], size: int) -> list[int]:
    """The top `size` ranked entrants, in standings order: the playoff's seeds."""
    return [row.entrant for row in rows if row.place][:size]


def fixtures(entrants: Sequence[int], night: int) -> tuple[tuple[int, ...], ...]:
    """Night `night` (0 first) of a round robin within a division, pairs or sit-outs
    as the circle method draws them (a bye alone)."""
    draw = circle_round(entrants, night)
    return (*draw.matches, *((bye,) for bye in draw.byes))


def night_fixtures(divisions: Sequence[Sequence[int]], index: int) -> tuple[tuple[int, ...], ...]:
    """Night `index` (0 first, by date) of the fixtures drawn for the season: each
    division's round robin (`fixtures`) at once, a table two entrants, a bye one; a
    division of one entrant plays no one."""
    return tuple(f for numbers in divisions if len(numbers) > 1 for f in fixtures(numbers, index))


def entrant_key(players: Iterable[str]) -> tuple[str, ...]:
    """Who an entrant is, whatever the night called it: its players' names (case,
    accents and spaces aside), in any order."""
    return tuple(sorted(name_key(p) for p in players))


def night_of(
    rows: Sequence[Row],
    games: Iterable[tuple[tuple[tuple[int, ...], ...], Outcome]],
    to_season: Mapping[int, int],
) -> Night:
    """A club night as the season counts it: the night's standings rows and its tables'
    games, its entrants known by their season numbers (`to_season`; others left out)."""
    night_rows = tuple(
        NightRow(to_season[r.entrant], r.vp, r.diff, r.place)
        for r in rows
        if r.entrant in to_season and (r.played or r.byes)
    )
    meetings = tuple(
        Meeting(
            tuple(tuple(to_season[e] for e in side if e in to_season) for side in sides),
            outcome.winner,
        )
        for sides, outcome in games
        if outcome.finished
    )
    return Night(night_rows, meetings)


def playoff_draw(seeds: Sequence[int], pairs: bool) -> list[list[list[int]]]:
    """The playoff's first round from the seeds (the leader first), as a night's playoff
    draws it (core/bracket.py): each match's two sides (an empty side: a bye); pairs
    play as they are, players are paired first with last (an even number needed)."""
    teams = [[e] for e in seeds]
    if not pairs:
        if len(seeds) % 2:
            raise GameError("must be an even number of players", field="playoff")
        half = len(seeds) // 2
        teams = [[seeds[i], seeds[len(seeds) - 1 - i]] for i in range(half)]
    return [
        [[] if s is None else teams[s] for s in (m.first, m.second)]
        for m in first_round(list(range(len(teams))))
    ]
