"""A table's result from its paper slip: each side's final total and bags, entered by a
club night's director where phones are not allowed at the table. Pure.

Rules (docs/events.md, "Tables without phones"):
- A slip result is a game with no hands, over: its totals and bags are the slip's.
- Each total is a whole number from -10000 to 10000; each side's bags a whole number
  from 0 to one less than `bag_limit` (9999 when there is no bag penalty).
- The single higher total wins; a shared top total goes under `tie_break = fewer_bags`
  to the side with fewer bags; otherwise it is a draw (the night decides whether a draw
  may be entered: `core.event.slip_draw_allowed`).
"""

from __future__ import annotations

from .ending import Reason, Status, tie_break
from .errors import GameError, quoted
from .model import GameScore
from .records import Table
from .rules import Rules

LIMIT = 10000  # as a score carried from paper


def _whole(value: object, low: int, high: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and low <= value <= high


def check_final(table: Table, rules: Rules, final: object) -> tuple[tuple[int, int], ...]:
    """Each side's final total and bags from a slip, refused naming the field at fault
    (`totals` or `bags`) and the side."""
    sides = len(table.sides)
    if not isinstance(final, (list, tuple)) or len(final) != sides:
        raise GameError(
            "expected a total and bags for each of the %(sides)s sides", sides=sides, field="final"
        )
    top_bags = rules.bag_limit - 1 if rules.bag_limit else 9999
    pairs = []
    for side, pair in enumerate(final):
        name, seat = table.side_name(side), table.sides[side][0]
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise GameError(
                "%(name)s: expected a total and bags", name=name, field="final", seat=seat
            )
        total, bags = pair
        if not _whole(total, -LIMIT, LIMIT):
            raise GameError(
                "%(name)s's total must be a whole number from -%(limit)s to %(limit)s, not "
                "%(total)s",
                name=name,
                limit=LIMIT,
                total=quoted(total),
                field="totals",
                seat=seat,
            )
        if not _whole(bags, 0, top_bags):
            raise GameError(
                "%(name)s's bags must be a whole number from 0 to %(top_bags)s, not %(bags)s",
                name=name,
                top_bags=top_bags,
                bags=quoted(bags),
                field="bags",
                seat=seat,
            )
        pairs.append((total, bags))
    return tuple(pairs)


def slip_score(table: Table, rules: Rules, final: object) -> GameScore:
    """The score of a game whose result is a slip's: over, no hands, the slip's totals."""
    pairs = check_final(table, rules, final)
    totals = tuple(t for t, _ in pairs)
    bags = tuple(b for _, b in pairs)
    winner, on_bags = tie_break(rules, totals, bags)
    return GameScore(
        table,
        rules,
        (),
        totals,
        bags,
        (0,) * len(pairs),
        table.first_dealer,
        status=Status.FINISHED,
        winner=winner,
        reason=Reason.SLIP,
        on_bags=on_bags,
    )
