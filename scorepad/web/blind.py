"""The bids step's blind contracts: one toggle per side, kept apart from the hand form.

The toggles are plain checkboxes `blind_side_<i>` read from the posted form, so they
work whatever the bid fields look like; the core makes the final check (the minimum
contract) when the bids are saved."""

from __future__ import annotations

from flask import request

from ..core.errors import GameError
from ..core.scoring import GameScore


def field(side: int) -> str:
    """The checkbox of `side`."""
    return f"blind_side_{side}"


def ticked(side: int) -> bool:
    """Whether the posted form ticked `side`'s toggle."""
    return request.form.get(field(side)) in ("1", "on", "y")


def read_blind(score: GameScore) -> tuple[int, ...]:
    """The sides the posted form says bid blind; refused, naming the side, where the
    rules or the score do not allow it."""
    chosen = tuple(side for side in range(len(score.sides)) if ticked(side))
    rules = score.rules
    for side in chosen:
        name = score.sides[side].name
        if rules.blind_bid == 0:
            raise GameError(
                f"{name} cannot bid blind: blind contracts are off in this game", field="blind"
            )
        if not score.next_hand.blind_contract[side]:
            raise GameError(
                f"{name} cannot bid blind now: a side may bid blind only when "
                f"{rules.blind_bid_trailing_by} or more points behind",
                field="blind",
            )
    return chosen
