"""The club night: one evening, many tables. The blueprint and its views."""

from __future__ import annotations

from . import card, director, director_clock, earlier, paper, public, reopen, transfer  # noqa: F401  (views register on bp)
from .blueprint import bp

__all__ = ["bp"]
