"""The score a game starts from when it was begun on paper: each side's total and bags,
checked against the house rules (short of the target, above a loss)."""

from __future__ import annotations

from .errors import GameError, Phrase, quoted
from .records import Table
from .rules import Rules
from .tricks import whole


def check_start(table: Table, rules: Rules, start: object) -> tuple[tuple[int, int], ...] | None:
    """Each side's total and bags carried over from a score kept on paper."""
    if start is None:
        return None
    if not isinstance(start, (list, tuple)) or len(start) != len(table.sides):
        raise GameError(
            "expected a total and bags for each of the %(sides)s sides",
            sides=len(table.sides),
            field="start",
        )
    return tuple(_start_of(table, rules, side, pair) for side, pair in enumerate(start))


def _start_of(table: Table, rules: Rules, side: int, pair: object) -> tuple[int, int]:
    """One side's total and bags from paper, short of the target and above a loss."""
    name = table.side_name(side)
    if not isinstance(pair, (list, tuple)) or len(pair) != 2:
        raise GameError("%(name)s: expected a total and bags", name=name, field="start")
    total, bags = pair
    top_bags = rules.bag_limit - 1 if rules.bag_limit else 9999
    if isinstance(total, bool) or not isinstance(total, int) or not -10000 <= total <= 10000:
        problem = Phrase(
            "%(name)s's total must be a whole number from -10000 to 10000, not %(total)s",
            name=name,
            total=quoted(total),
        )
    elif total >= rules.target:
        problem = Phrase(
            "%(name)s's total %(total)s is not short of the target %(target)s",
            name=name,
            total=total,
            target=rules.target,
        )
    elif rules.loss_threshold is not None and total <= rules.loss_threshold:
        problem = Phrase(
            "%(name)s's total %(total)s is not above the loss threshold %(loss_threshold)s",
            name=name,
            total=total,
            loss_threshold=rules.loss_threshold,
        )
    elif not whole(bags) or bags > top_bags:
        problem = Phrase(
            "%(name)s's bags must be a whole number from 0 to %(top_bags)s, not %(bags)s",
            name=name,
            top_bags=top_bags,
            bags=quoted(bags),
        )
    else:
        return total, bags
    raise GameError(problem, field="start", seat=table.sides[side][0])
