"""The blueprint `events`, alone in its module: the view modules add their routes to it
and the package imports them, so no view imports the package that imports it. A
director's form is added with `director_post`, which finds its night first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint

from ...store.events import event_names
from ..db import get_db
from ..errors import View, post_where_found

bp = Blueprint("events", __name__, url_prefix="/events")


def _night_found(event_id: str, **_: Any) -> bool:
    return bool(event_names(get_db(), [event_id]))


def director_post(rule: str) -> Callable[[View], View]:
    """A director's form, posted under the night's director's link (`<event_id>` in the
    rule): a link that finds no night (never was, replaced since, or another of the
    night's links) is a 404 before the form is read, a question asked or a command run."""
    return post_where_found(bp, rule, _night_found)
