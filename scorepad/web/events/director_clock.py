"""The director's two steps that cannot be undone, each asked twice as Undo is on the
game page: "Call time now" and "End this game". A POST without `confirm=yes` changes
nothing and shows the question with its "Yes" button."""

from __future__ import annotations

from flask import render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from ...store.event_commands import clock
from ..db import get_db
from ..words import event_done as said
from ..words.event_pages import confirm
from .blueprint import director_post
from .director import WHOLE, act, revision_in


def _asked() -> bool:
    return request.form.get("confirm") == "yes"


def _question(event_id: str, what: str, action: str, back: str) -> tuple[str, int]:
    """The second "Yes", carrying the revision of the director's page that asked (its
    "Yes" is checked against that page, not the night as it is when pressed)."""
    question, note, yes = confirm(what)
    revision = request.form.get("revision", "")
    page = render_template(
        "events/confirm.html",
        question=question,
        note=note,
        yes=yes,
        action=action,
        revision=revision if WHOLE.fullmatch(revision) else None,
        back=url_for("events.director", event_id=event_id, _anchor=back),
    )
    return page, 200


@director_post("/<event_id>/call")
def call(event_id: str) -> BaseResponse | tuple[str, int]:
    if not _asked():
        return _question(event_id, "call", url_for("events.call", event_id=event_id), "round")
    return act(
        event_id,
        lambda: clock.call_time(get_db(), event_id, revision_in()),
        said.time_called(),
    )


@director_post("/<event_id>/rounds/<int:number>/tables/<int:table>/end")
def end_table(event_id: str, number: int, table: int) -> BaseResponse | tuple[str, int]:
    here = f"table-{table}"
    if not _asked():
        action = url_for("events.end_table", event_id=event_id, number=number, table=table)
        return _question(event_id, "end", action, here)
    return act(
        event_id,
        lambda: clock.end_table(get_db(), event_id, number, table),
        said.table_ended(table),
        here,
    )
