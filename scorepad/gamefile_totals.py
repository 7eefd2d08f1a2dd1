"""The game file's optional parts beside its hands (docs/gamefile.md): a start from paper
totals, a paper slip's final result (one {"total", "bags"} a side each) and the name of
the preset the game was started from."""

from __future__ import annotations

from typing import Any

from .core.errors import GameError
from .core.presets import preset_name_problem


def read_start(raw: object, sides: int) -> tuple[tuple[Any, Any], ...] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != sides:
        raise GameError(
            f'expected one {{"total", "bags"}} for each of the {sides} sides', field="start"
        )
    pairs = []
    for side, entry in enumerate(raw):
        if not isinstance(entry, dict) or set(entry) != {"total", "bags"}:
            raise GameError(f"side {side}: expected an object with total and bags", field="start")
        pairs.append((entry["total"], entry["bags"]))
    return tuple(pairs)


def read_final(raw: object, sides: int) -> tuple[tuple[Any, Any], ...] | None:
    """A result from a paper slip: one {"total", "bags"} a side (core.slip checks them)."""
    if raw is None:
        return None
    try:
        return read_start(raw, sides)
    except GameError as err:
        raise GameError(str(err).replace("start", "final"), field="final") from None


def read_preset(raw: object) -> str | None:
    """The optional name of the preset the game was started from."""
    if raw is None:
        return None
    problem = preset_name_problem(raw)
    if problem:
        raise GameError(problem, field="preset")
    return str(raw).strip()
