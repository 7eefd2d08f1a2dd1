"""Clubs: a club's games and nights kept together, its people, their cards and ratings
(docs/clubs.md). The blueprint and its views."""

from __future__ import annotations

from . import card, games, links, manage, pages, presets, transfer  # noqa: F401  (views register on bp)
from .blueprint import bp

__all__ = ["bp"]
