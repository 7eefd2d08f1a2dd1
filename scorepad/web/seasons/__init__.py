"""Seasons: a club's nights on dates counted into one standings (docs/seasons.md). The
blueprint and its views."""

from __future__ import annotations

from . import feed, links, manage, nights, playoff, public  # noqa: F401  (views register on bp)
from .blueprint import bp

__all__ = ["bp"]
