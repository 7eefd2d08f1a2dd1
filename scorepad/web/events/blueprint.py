"""The blueprint `events`, alone in its module: the view modules add their routes to it
and the package imports them, so no view imports the package that imports it. A
director's form is added with `director_post`, which finds its night first."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort

from ...store.events import event_names
from ..db import get_db

bp = Blueprint("events", __name__, url_prefix="/events")

View = Callable[..., Any]


def director_post(rule: str) -> Callable[[View], View]:
    """A director's form, posted under the night's director's link (`<event_id>` in the
    rule): a link that finds no night (never was, replaced since, or another of the
    night's links) is a 404 before the form is read, a question asked or a command run."""

    def register(view: View) -> View:
        @functools.wraps(view)
        def found(event_id: str, **args: Any) -> Any:
            if not event_names(get_db(), [event_id]):
                abort(404)
            return view(event_id, **args)

        bp.post(rule)(found)
        return found

    return register
