"""The club night: one evening, many tables. The blueprint and its views."""

from __future__ import annotations

from . import (  # noqa: F401  (views register on bp)
    card,
    director,
    director_clock,
    earlier,
    links,
    paper,
    public,
    reopen,
    transfer,
)
from .blueprint import bp

__all__ = ["bp"]
