"""Words for what the core works out beyond the score: the stakes of the next bid,
what another house rule would have made of a game, and an evening's tally."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from ...core.errors import GameError
from ...core.model import GameScore
from ...core.records import Table
from ...core.rules import SPECS, RulesError
from ...core.scoring import without_pending
from ...core.stakes import Stake
from ...core.whatif import WhatIf
from . import number, plural, verb
from .core_words import core_text

DECIDING = ("need", "set_out", "hand_limit")  # first line: how the game may end
IN_PLAY = ("set_out", "hand_limit", "bags")  # still true once the bids are in


def stake_text(table: Table, stake: Stake) -> str:
    """One stake in words: 'Alice & Cara win by making 6'."""
    name = table.side_name(stake.side) if stake.side is not None else ""
    n = stake.amount
    if stake.kind == "need":
        return f"{name} {verb(table, 'win', 'wins')} by making {n}"
    if stake.kind == "bags":
        return f"{plural(n, 'more bag')} cost{'' if n > 1 else 's'} {name} {stake.extra}"
    if stake.kind == "blind_nil":
        return f"{name} may bid blind nil ({n} behind)"
    if stake.kind == "blind_bid":
        return f"{name} may bid blind, {n} or more ({stake.extra} behind)"
    if stake.kind == "set_out":
        return f"{name} {verb(table, 'are', 'is')} out if set this hand"
    if n == 1:
        return f"Last hand: the hand limit is {stake.extra}"
    if n == 0:
        return (
            f"Past the hand limit of {stake.extra}: the first hand with a single "
            "leader ends the game"
        )
    return f"{n} hands left: the hand limit is {stake.extra}"


def stake_lines(score: GameScore) -> list[str]:
    """At most two lines: how the game may end this hand, then bags and blind bids;
    while a hand is played, those of them its bids do not settle (no contract to win,
    no blind bid)."""
    if score.pending is None:
        found = score.stakes
    else:  # what was at stake when it was bid (scored once a page, as it is shown)
        found = tuple(s for s in without_pending(score).stakes if s.kind in IN_PLAY)
    lines = [
        [stake_text(score.table, s) for s in found if s.kind in DECIDING],
        [stake_text(score.table, s) for s in found if s.kind not in DECIDING],
    ]
    return [". ".join(line) + "." for line in lines if line]


def value_text(key: str, value: Any) -> str:
    """A rule's value as the new-game form words it."""
    spec = SPECS[key]
    if value is None:
        return _("none")
    if spec.kind == "switch":
        return _("on") if value else _("off")
    if spec.kind == "choice":
        return core_text(dict(spec.choices).get(value, str(value)))
    return str(value)


def setting_text(key: str, value: Any) -> str:
    """A rule set to a value, within a sentence: "nil bids off", "points per bag set to 0",
    a choice in quotes ("a missed bid set to “scores nothing”")."""
    label = SPECS[key].label.lower() if key in SPECS else key
    said = value_text(key, value)
    if key in SPECS and SPECS[key].kind == "switch":
        return f"{label} {said}"
    if key in SPECS and SPECS[key].kind == "choice":
        said = f"“{said}”"
    return f"{label} set to {said}"


def _totals(score: GameScore) -> str:
    return " to ".join(number(t) for t in score.totals)


def what_if_text(result: WhatIf) -> str:
    """What the other rule would have made of the game, in one sentence."""
    label = SPECS[result.key].label if result.key in SPECS else result.key
    err = result.error
    if isinstance(err, RulesError):
        return f"{label} cannot be set that way: {err.detail}."
    if err is not None or result.score is None:
        where = (
            f"hand {err.hand} breaks it"
            if isinstance(err, GameError) and err.hand
            else "it is refused"
        )
        detail = err.detail if err is not None else ""
        setting = setting_text(result.key, result.value)
        return f"This game cannot be scored with {setting}: {where} ({detail})."
    score, table = result.score, result.real.table
    words = f"With {setting_text(result.key, result.value)}: {_totals(score)}"
    if result.ended_after:
        words += f", the game ending after hand {result.ended_after}"
    name = "" if result.winner is None else table.side_name(result.winner)
    real_over, over = result.finished, score.over
    if over and not real_over:
        ending = f"{name} would already have won" if name else "no one would have won"
    elif real_over and not over:
        ending = "the game would still be going, " + (
            f"{name} leading" if name else "the lead shared"
        )
    elif result.same_winner:
        ending = f"the {'winner' if over else 'lead'} would not change"
    elif not name:
        ending = "no one would win" if over else "the lead would be shared"
    else:
        ending = f"{name} would {'win' if over else 'lead'} instead"
    return f"{words}; {ending}."
