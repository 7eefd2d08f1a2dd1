"""The pages of one game and of the games list (blueprint `games`): one module per
page family, each adding its routes to the blueprint."""

from __future__ import annotations

from . import fix, listing, page  # noqa: F401  (each adds its routes to bp)
from .blueprint import bp

__all__ = ["bp"]
