"""The blueprint `seasons`, alone in its module: the view modules add their routes."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("seasons", __name__, url_prefix="/seasons")
