"""The words of the new-night form: its formats, the standings' orders offered, and
the playoff stages' own rule fields (web/events/forms.py), said when shown."""

from __future__ import annotations

from itertools import permutations
from typing import Any

from flask_babel.speaklater import LazyString

from scorepad.web.catalogue import lazy_gettext as _l

FORMATS = (
    ("swiss", _l("Fixed partnerships, Swiss: like records meet")),
    ("round_robin", _l("Fixed partnerships, round robin: every pair meets once")),
    ("individual", _l("Individual: partners rotate every round")),
)
FIRST = (("wins", _l("Wins")), ("vp", _l("Victory points (3 a win, 1 a draw)")))
THEN = {"diff": _l("point difference"), "points": _l("points"), "bags": _l("fewer bags")}


def _order_label(first: Any, then: tuple[str, ...]) -> str:
    """'Wins, then point difference, points, fewer bags', said when shown."""
    joined = _l(", then ")
    return f"{first}{joined}{', '.join(str(THEN[k]) for k in then)}"


ORDERS = tuple(  # every order the standings can read: wins or vp, then the three others
    (",".join((first, *then)), LazyString(_order_label, label, then))
    for first, label in FIRST
    for then in permutations(THEN)
)


STAGE_LABELS = {
    "quarter-final": _l("Quarter-finals"),
    "semi-final": _l("Semi-finals"),
    "final": _l("Final"),
}
STAGE_RULE_WORDS = {
    "target": _l("target"),
    "bag_limit": _l("bags before a penalty"),
    "round_minutes": _l("round length in minutes (0: no clock)"),
}


def _stage_label(stage: Any, what: Any) -> str:
    """'Semi-finals: target', said when shown."""
    return f"{stage}: {what}"


def stage_label(stage: str, what: Any) -> LazyString:
    """A stage rule field's label: 'Semi-finals: target'."""
    return LazyString(_stage_label, STAGE_LABELS[stage], what)
