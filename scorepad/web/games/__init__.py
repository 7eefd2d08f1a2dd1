"""The pages of one game and of the games list (blueprint `games`): one module per
page family, each adding its routes to the blueprint."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("games", __name__)

from . import fix, listing, page  # noqa: E402,F401  (each adds its routes to bp)
