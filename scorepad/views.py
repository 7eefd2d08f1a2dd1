"""The web layer: translates HTTP to storage and scoring calls."""

from __future__ import annotations

from flask import Flask
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()


def init_app(app: Flask) -> None:
    """Register CSRF protection and the routes."""
    csrf.init_app(app)
