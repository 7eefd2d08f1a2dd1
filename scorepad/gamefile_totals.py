"""The game file's optional parts beside its hands (docs/gamefile.md): a start from paper
totals, a paper slip's final result (one {"total", "bags"} a side each), the name of
the preset the game was started from and the game's own clock."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from .core.clock import Clock, check_clock
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


CLOCK_KEYS = {"minutes", "started", "last_hand"}


def read_clock(raw: object) -> Clock | None:
    """The game's own clock: {"minutes", "started" (an ISO 8601 time), "last_hand"}."""
    if raw is None:
        return None
    if not isinstance(raw, dict) or not {"minutes", "started"} <= set(raw) <= CLOCK_KEYS:
        raise GameError(
            "expected an object with minutes, started and (optional) last_hand", field="clock"
        )
    started = raw["started"]
    try:
        when = datetime.fromisoformat(started) if isinstance(started, str) else None
    except ValueError:
        when = None
    if when is None or when.tzinfo is None:
        raise GameError(
            f"started must be a time with its zone, as 2026-12-06T20:00:00Z, not {started!r}",
            field="clock",
        )
    return check_clock(raw["minutes"], when.timestamp(), raw.get("last_hand"))


def clock_document(clock: Clock) -> dict[str, Any]:
    """The game's clock as the game file writes it."""
    started = datetime.fromtimestamp(clock.started, UTC)
    return {
        "minutes": clock.minutes,
        "started": started.isoformat(timespec="seconds").replace("+00:00", "Z"),
        "last_hand": clock.last_hand,
    }
