"""Words for what the core works out beyond the score: the stakes of the next bid,
what another house rule would have made of a game, and an evening's tally."""

from __future__ import annotations

from typing import Any

from scorepad.web.catalogue import gettext as _
from scorepad.web.catalogue import ngettext

from ...core.errors import GameError
from ...core.model import GameScore
from ...core.records import Table
from ...core.rules import SPECS, RulesError
from ...core.scoring import without_pending
from ...core.stakes import Stake, StakeKind
from ...core.whatif import WhatIf
from . import number
from .core_words import core_text

DECIDING = (StakeKind.NEED, StakeKind.SET_OUT, StakeKind.HAND_LIMIT)  # how the game may end
IN_PLAY = (StakeKind.SET_OUT, StakeKind.HAND_LIMIT, StakeKind.BAGS)  # true once bids are in


def stake_text(table: Table, stake: Stake) -> str:
    """One stake in words: 'Alice & Cara win by making 6'."""
    name = table.side_name(stake.side) if stake.side is not None else ""
    n, extra = stake.amount, stake.extra
    players = len(table.sides[stake.side]) if stake.side is not None else 1
    if stake.kind == StakeKind.NEED and extra:  # level with the lead: won on the last bid
        if players > 1:  # a partnership: one other side
            return _(
                "%(name)s win by making %(n)d and bidding more than the other side",
                name=name,
                n=n,
            )
        return _(
            "%(name)s wins by making %(n)d and bidding more than those level with them",
            name=name,
            n=n,
        )
    if stake.kind == StakeKind.NEED:
        return ngettext(
            "%(name)s wins by making %(n)d", "%(name)s win by making %(n)d", players, name=name, n=n
        )
    if stake.kind == StakeKind.BAGS:
        return ngettext(
            "%(num)d more bag costs %(name)s %(points)d",
            "%(num)d more bags cost %(name)s %(points)d",
            n,
            name=name,
            points=extra,
        )
    if stake.kind == StakeKind.BLIND_NIL:  # a side of two: plural (Spanish "pueden")
        return ngettext(
            "%(name)s may bid blind nil (%(n)d behind)",
            "%(name)s may bid blind nil (%(n)d behind)",
            players,
            name=name,
            n=n,
        )
    if stake.kind == StakeKind.BLIND_BID:
        return ngettext(
            "%(name)s may bid blind, %(n)d or more (%(behind)d behind)",
            "%(name)s may bid blind, %(n)d or more (%(behind)d behind)",
            players,
            name=name,
            n=n,
            behind=extra,
        )
    if stake.kind == StakeKind.SET_OUT:
        return ngettext(
            "%(name)s is out if set this hand",
            "%(name)s are out if set this hand",
            players,
            name=name,
        )
    if n == 1:
        return _("Last hand: the hand limit is %(limit)d", limit=extra)
    if n == 0:
        return _(
            "Past the hand limit of %(limit)d: the first hand with a single leader ends the game",
            limit=extra,
        )
    return _("%(n)d hands left: the hand limit is %(limit)d", n=n, limit=extra)


def stake_lines(score: GameScore, last: bool = False) -> list[str]:
    """At most two lines: how the game may end this hand, then bags and blind bids;
    while a hand is played, those of them its bids do not settle (no contract to win,
    no blind bid). `last`: the hand in play is the last one, time being up (the game's own
    clock, or called at a club night's table): the leader after it wins whatever it bid,
    so no contract "wins by making" it (the clock's own line says how the game ends)."""
    if score.pending is None:
        found = score.stakes
    else:  # what was at stake when it was bid (scored once a page, as it is shown)
        found = tuple(s for s in without_pending(score).stakes if s.kind in IN_PLAY)
    if last:
        found = tuple(s for s in found if s.kind != StakeKind.NEED)
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
    if spec.switch:
        return _("on") if value else _("off")
    if spec.choice:
        return core_text(dict(spec.choices).get(value, str(value)))
    return str(value)


def setting_text(key: str, value: Any) -> str:
    """A rule set to a value, within a sentence: "nil bids off", "points per bag set to 0",
    a choice in quotes ("a missed bid set to “scores nothing”")."""
    label = core_text(SPECS[key].label).lower() if key in SPECS else key
    said = value_text(key, value)
    if key in SPECS and SPECS[key].switch:
        return f"{label} {said}"
    if key in SPECS and SPECS[key].choice:
        said = f"“{said}”"
    return _("%(rule)s set to %(value)s", rule=label, value=said)


def _totals(score: GameScore) -> str:
    return _(" to ").join(number(t) for t in score.totals)


def _ending(result: WhatIf, name: str) -> str:
    """How the game would have ended (or gone on) under the other rule."""
    real_over, over = result.finished, result.score is not None and result.score.over
    if over and not real_over:
        if name:
            return _("%(name)s would already have won", name=name)
        return _("no one would have won")
    if real_over and not over:
        if name:
            return _("the game would still be going, %(name)s leading", name=name)
        return _("the game would still be going, the lead shared")
    if result.same_winner:
        return _("the winner would not change") if over else _("the lead would not change")
    if not name:
        return _("no one would win") if over else _("the lead would be shared")
    if over:
        return _("%(name)s would win instead", name=name)
    return _("%(name)s would lead instead", name=name)


def what_if_text(result: WhatIf) -> str:
    """What the other rule would have made of the game, in one sentence."""
    label = core_text(SPECS[result.key].label) if result.key in SPECS else result.key
    err = result.error
    if isinstance(err, RulesError):
        return _("%(rule)s cannot be set that way: %(why)s.", rule=label, why=core_text(err.detail))
    setting = setting_text(result.key, result.value)
    if err is not None or result.score is None:
        detail = core_text(err.detail) if err is not None else ""
        if isinstance(err, GameError) and err.hand:
            return _(
                "This game cannot be scored with %(setting)s: hand %(hand)d breaks it (%(why)s).",
                setting=setting,
                hand=err.hand,
                why=detail,
            )
        return _(
            "This game cannot be scored with %(setting)s: it is refused (%(why)s).",
            setting=setting,
            why=detail,
        )
    score, table = result.score, result.real.table
    words = _("With %(setting)s: %(totals)s", setting=setting, totals=_totals(score))
    if result.ended_after:
        words += _(", the game ending after hand %(number)d", number=result.ended_after)
    name = "" if result.winner is None else table.side_name(result.winner)
    return f"{words}; {_ending(result, name)}."
