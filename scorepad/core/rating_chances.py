"""Each side's chance of winning a game of three or four sides (docs/ratings.md,
"Chance"), from the model's own numbers; no openskill here.

- A side plays, in one game, a performance drawn around its skill: normal, its mean
  the side's mu (its members' added), its variance beta squared plus its sigmas
  squared. Its chance of winning is the chance that its performance is the highest of
  all. For two sides that is exactly openskill's `predict_win` (which ratings.py keeps
  for them): the same chance, for any number of sides.
- openskill's `predict_win` for more sides averages the two-side chances over every
  pair of sides: however strong a side, its chance cannot pass 2 in n (50% at a table
  of four), where a strong player of a cutthroat table wins far more often.
- Worked by Gauss-Hermite quadrature on NODES nodes, found once at import; the chances
  are kept strictly between 0 and 1 and made to sum to 1.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

NODES = 40  # Gauss-Hermite nodes: chances good to far below the 1% a page shows
NEWTON_STEPS = 30  # Newton's steps for each node (Numerical Recipes takes at most 10)
FLOOR = 1e-12  # the least chance a side is given: never 0 (nor, so, 1)


def _hermite(count: int) -> tuple[tuple[float, float], ...]:
    """The Gauss-Hermite nodes and weights for the weight exp(-x squared), by Newton's
    method on the orthonormal Hermite polynomials (Numerical Recipes' gauher)."""
    found: list[tuple[float, float]] = []
    root = 0.0
    for i in range(count // 2):
        if i == 0:  # first guesses for the largest roots, then from the roots found
            root = math.sqrt(2 * count + 1) - 1.85575 * (2 * count + 1) ** (-1 / 6)
        elif i == 1:
            root -= 1.14 * count**0.426 / root
        elif i == 2:
            root = 1.86 * root - 0.86 * found[0][0]
        elif i == 3:
            root = 1.91 * root - 0.91 * found[1][0]
        else:
            root = 2 * root - found[i - 2][0]
        slope = 1.0
        for _ in range(NEWTON_STEPS):  # from these guesses it settles within ten
            p1, p2 = math.pi**-0.25, 0.0
            for j in range(1, count + 1):
                p1, p2 = root * math.sqrt(2 / j) * p1 - math.sqrt((j - 1) / j) * p2, p1
            slope = math.sqrt(2 * count) * p2
            root -= p1 / slope
        found.append((root, 2 / (slope * slope)))
    return tuple(found + [(-x, w) for x, w in found])


_NODES = _hermite(NODES)


def _below(x: float) -> float:
    """The standard normal's cumulative chance at x."""
    return 0.5 * math.erfc(-x / math.sqrt(2))


def first_chances(means: Sequence[float], variances: Sequence[float]) -> tuple[float, ...]:
    """Each side's chance that its performance (normal: `means`, `variances`) is the
    highest of all: strictly between 0 and 1, summing to 1."""
    spreads = [math.sqrt(v) for v in variances]
    chances = []
    for i, (mean, spread) in enumerate(zip(means, spreads)):
        total = 0.0
        for node, weight in _NODES:
            x = mean + math.sqrt(2) * spread * node
            each = weight
            for j, (other, theirs) in enumerate(zip(means, spreads)):
                if j != i:
                    each *= _below((x - other) / theirs)
            total += each
        chances.append(max(total / math.sqrt(math.pi), FLOOR))
    whole = sum(chances)
    return tuple(c / whole for c in chances)
