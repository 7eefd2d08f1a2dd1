"""The club night: one evening, many tables. The blueprint and its views."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("events", __name__, url_prefix="/events")

from . import card, director, director_clock, earlier, public, reopen, transfer  # noqa: E402,F401  (views register on bp)
