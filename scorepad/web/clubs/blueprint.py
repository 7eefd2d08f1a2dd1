"""The blueprint `clubs`, alone in its module: the view modules add their routes to it
and the package imports them, so no view imports the package that imports it."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("clubs", __name__, url_prefix="/clubs")
