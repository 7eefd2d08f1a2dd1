"""Who meets whom in a round of a club night. Pure: entrant ids in, tables out.

Rules, as docs/events.md tells them:
- An entrant is a fixed partnership (pairs formats) or one player (individual).
- Round robin (pairs): the circle method over the entrants of round 1; every pair meets
  every other once in n-1 rounds (n rounds when n is odd, one bye each). If the
  entrants change (a late arrival, a leaver) the round is drawn as Swiss instead.
- Swiss (pairs): entrants in standings order; the first free entrant meets the next
  one it has not met; a small backtracking search keeps repeats out while it can.
- Individual: partners rotate. Tables are filled from the standings so neighbours meet,
  then players are swapped between tables while that lowers the cost of the draw:
  a repeated partner costs most, a repeated opponent less, a spread of ranks a little.
- Byes: when the numbers do not divide, the entrants with the fewest byes so far sit
  out, the lowest in the standings first.
A table is four seats in clockwise order: seats 0 and 2 partner, 1 and 3.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

Meeting = frozenset[int]


@dataclass(frozen=True)
class Draw:
    """A round drawn: each pairs match (first entrant, second), or each individual
    table (four players, partners opposite), and who sits out."""

    matches: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]


def pick_byes(ranked: Sequence[int], count: int, byes_had: Counter[int]) -> tuple[int, ...]:
    """The `count` entrants to sit out: fewest byes so far, the lowest ranked first."""
    order = sorted(
        range(len(ranked)), key=lambda i: (byes_had.get(ranked[i], 0), -i)
    )  # fewest byes, then lowest in the standings
    return tuple(ranked[i] for i in order[:count])


def circle_round(entrants: Sequence[int], index: int) -> Draw:
    """Round `index` (0 first) of a round robin by the circle method."""
    seats: list[int | None] = list(entrants)
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    turn = index % max(n - 1, 1)
    rest = seats[1:]
    rest = rest[-turn:] + rest[:-turn] if turn else rest
    ring = [seats[0], *rest]
    matches: list[tuple[int, ...]] = []
    byes: list[int] = []
    for i in range(n // 2):
        a, b = ring[i], ring[n - 1 - i]
        if a is None or b is None:
            byes.append(b if a is None else a)  # type: ignore[arg-type]
        else:
            matches.append((a, b))
    return Draw(tuple(matches), tuple(byes))


def _match_without_repeats(
    pool: list[int], met: set[Meeting], budget: list[int]
) -> list[tuple[int, int]] | None:
    """Pair `pool` (in standings order) so that nobody meets again, or None."""
    if not pool:
        return []
    first, rest = pool[0], pool[1:]
    for i, other in enumerate(rest):
        if frozenset((first, other)) in met:
            continue
        budget[0] -= 1
        if budget[0] < 0:
            return None
        tail = _match_without_repeats(rest[:i] + rest[i + 1 :], met, budget)
        if tail is not None:
            return [(first, other), *tail]
    return None


def _match_fewest_repeats(pool: list[int], met: Counter[Meeting]) -> list[tuple[int, int]]:
    """Pair `pool` greedily: each first free entrant meets the one it met least, nearest first."""
    pairs: list[tuple[int, int]] = []
    free = list(pool)
    while free:
        first = free.pop(0)
        other = min(free, key=lambda e: (met[frozenset((first, e))], free.index(e)))
        free.remove(other)
        pairs.append((first, other))
    return pairs


def swiss_round(ranked: Sequence[int], meetings: Iterable[Meeting], byes_had: Counter[int]) -> Draw:
    """A Swiss round: neighbours in the standings meet, no repeat meeting while avoidable."""
    met = Counter(meetings)
    byes = pick_byes(ranked, len(ranked) % 2, byes_had)
    pool = [e for e in ranked if e not in byes]
    pairs = _match_without_repeats(pool, set(met), [20_000])
    if pairs is None:
        pairs = _match_fewest_repeats(pool, met)
    return Draw(tuple(pairs), byes)


def pairs_round(
    fmt: str,
    ranked: Sequence[int],
    first_round: Sequence[int] | None,
    index: int,
    meetings: Iterable[Meeting],
    byes_had: Counter[int],
) -> Draw:
    """The next pairs round: round robin while the entrants are those of round 1 (round 1
    itself: `first_round` None, the entrants as given), else Swiss."""
    if fmt == "round_robin" and (first_round is None or set(first_round) == set(ranked)):
        return circle_round(ranked if first_round is None else first_round, index)
    return swiss_round(ranked, meetings, byes_had)


@dataclass(frozen=True)
class History:
    """Who partnered and who opposed whom so far (individual format)."""

    partners: Counter[Meeting]
    opponents: Counter[Meeting]


def history_of(tables: Iterable[Sequence[int]]) -> History:
    """Count partners and opponents over the tables played so far."""
    partners: Counter[Meeting] = Counter()
    opponents: Counter[Meeting] = Counter()
    for a, b, c, d in tables:
        partners.update((frozenset((a, c)), frozenset((b, d))))
        opponents.update(frozenset(p) for p in ((a, b), (a, d), (c, b), (c, d)))
    return History(partners, opponents)


def _split_cost(seats: tuple[int, int, int, int], past: History) -> int:
    a, b, c, d = seats
    cost = 1000 * (past.partners[frozenset((a, c))] + past.partners[frozenset((b, d))])
    return cost + 10 * sum(past.opponents[frozenset(p)] for p in ((a, b), (a, d), (c, b), (c, d)))


def best_seating(four: Sequence[int], past: History) -> tuple[tuple[int, ...], int]:
    """The best of the three ways to split four players into partnerships, and its cost."""
    a, b, c, d = four
    splits = ((a, b, c, d), (a, c, b, d), (a, b, d, c))  # partners: ac/bd, ab/cd, ad/bc
    best = min(splits, key=lambda s: _split_cost(s, past))
    return best, _split_cost(best, past)


Near = dict[int, dict[int, tuple[int, int]]]
_NONE = (0, 0)


def _near(past: History) -> Near:
    """Each player's past with each other one, both ways: (what partnering again costs
    less what opposing again costs, what opposing again costs), as `_split_cost` counts."""
    near: Near = {}
    for pair in past.partners.keys() | past.opponents.keys():
        p, q = pair  # two players: nobody sits at a table twice
        opposed = 10 * past.opponents[pair]
        costs = (1000 * past.partners[pair] - opposed, opposed)
        near.setdefault(p, {})[q] = costs
        near.setdefault(q, {})[p] = costs
    return near


def _table_cost(four: Sequence[int], rank: dict[int, int], near: Near) -> int:
    """`best_seating`'s cost of these four plus the spread of their ranks. A split's cost
    is every pair's opposing cost but for the two partnerships, plus theirs: so the
    opposing cost of all six pairs plus the cheapest split's difference."""
    a, b, c, d = four
    na, nb, nc = near.get(a, {}), near.get(b, {}), near.get(c, {})
    ab, ac, ad = na.get(b, _NONE), na.get(c, _NONE), na.get(d, _NONE)
    bc, bd, cd = nb.get(c, _NONE), nb.get(d, _NONE), nc.get(d, _NONE)
    opposed = ab[1] + ac[1] + ad[1] + bc[1] + bd[1] + cd[1]
    split = min(ac[0] + bd[0], ab[0] + cd[0], ad[0] + bc[0])
    ranks = [rank[p] for p in four]
    return opposed + split + max(ranks) - min(ranks)


def _improve(groups: list[list[int]], rank: dict[int, int], past: History) -> None:
    """Swap two players of two tables while the whole draw gets cheaper."""
    near = _near(past)
    costs = [_table_cost(g, rank, near) for g in groups]
    improved = True
    while improved:
        improved = False
        for g, h in combinations(range(len(groups)), 2):
            for i in range(4):
                for j in range(4):
                    x, y = list(groups[g]), list(groups[h])
                    x[i], y[j] = y[j], x[i]
                    cx, cy = _table_cost(x, rank, near), _table_cost(y, rank, near)
                    if cx + cy < costs[g] + costs[h]:
                        groups[g], groups[h], costs[g], costs[h] = x, y, cx, cy
                        improved = True


def individual_round(ranked: Sequence[int], past: History, byes_had: Counter[int]) -> Draw:
    """An individual round: tables of four from the standings, partners rotated."""
    byes = pick_byes(ranked, len(ranked) % 4, byes_had)
    pool = [p for p in ranked if p not in byes]
    rank = {p: i for i, p in enumerate(pool)}
    groups = [pool[i : i + 4] for i in range(0, len(pool), 4)]
    _improve(groups, rank, past)
    groups.sort(key=lambda four: min(rank[p] for p in four))
    tables = tuple(best_seating(sorted(four, key=rank.__getitem__), past)[0] for four in groups)
    return Draw(tables, byes)
