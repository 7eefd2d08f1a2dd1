"""Each view builds the data its page shows: no template global touches the database,
so a page costs what its view asks for and nothing more while it is drawn."""

from __future__ import annotations

import flask
import pytest

from scorepad.web import db as web_db
from tests.helpers import play, start, text

# What a template may call: each works on the values it is given, never the database.
PURE_GLOBALS = {
    "chips",  # one radio group's markup from its form field (web/widgets.py)
    "evening_recap",
    "file_stem",
    "flashes_waiting",  # whether the request has flashed messages to show (web/render.py)
    "kept_fields",  # a hand form's chip groups, drawn by their macro and kept (web/widgets.py)
    "notice_text",
    "plain_error",
    "public_url",
    "recap",
    "refusal_text",
    "rules_list",
    "score_chart",
    "seat_qr",
    "share_qr",
    "static_hash",
    "static_url",
}
JINJA_OWN = {"range", "dict", "lipsum", "cycler", "joiner", "namespace"}
FLASK_OWN = {"url_for", "get_flashed_messages", "config", "request", "session", "g"}
OTHERS = {"words", "csrf_token", "csrf_meta_tag"}  # the words module; Flask-WTF's own


def test_the_template_globals_are_a_known_pure_list(app):
    registered = set(app.jinja_env.globals) - JINJA_OWN - FLASK_OWN - OTHERS
    assert registered == PURE_GLOBALS


def test_no_context_processor_of_ours_adds_to_every_page(app):
    """A context processor runs before the template does, on every page: the data a
    page shows comes from its view instead (the club night's banner: pagemodel)."""
    ours = {
        f"{f.__module__}.{f.__name__}"
        for found in app.template_context_processors.values()
        for f in found
        if f.__module__.startswith("scorepad")
    }
    assert ours == set()


class _Counter:
    """Counts the SQL statements run on the request's connection while a template renders."""

    def __init__(self) -> None:
        self.depth = 0
        self.during: list[str] = []

    def started(self, sender, template, context, **extra) -> None:
        self.depth += 1
        if self.depth == 1:
            web_db.get_db().conn.set_trace_callback(self.during.append)

    def ended(self, sender, template, context, **extra) -> None:
        self.depth -= 1
        if self.depth == 0:
            web_db.get_db().conn.set_trace_callback(None)


@pytest.fixture
def counted(app):
    counter = _Counter()
    flask.before_render_template.connect(counter.started, app)
    flask.template_rendered.connect(counter.ended, app)
    yield counter
    flask.before_render_template.disconnect(counter.started, app)
    flask.template_rendered.disconnect(counter.ended, app)


def _evening_with_seats(client) -> tuple[str, str, str]:
    """A second game of an evening, its seat links on: the pages that show the most."""
    first = start(client, target="custom", custom_target="50")
    play(client, first, 1, (4, 3, 4, 3), (5, 3, 4, 1))
    second = client.post(f"/games/{first}/rematch").headers["Location"].rsplit("/", 1)[-1]
    client.post(f"/games/{second}/seats", data={"seats": "on"})
    share = client.get(f"/games/{second}").get_data(as_text=True).split("/watch/")[1][:22]
    return first, second, share


def test_no_page_of_a_game_runs_sql_while_it_renders(client, counted):
    first, game_id, share = _evening_with_seats(client)
    counted.during.clear()
    pages = {
        f"/games/{game_id}": "Let each player bid from their own phone",
        f"/games/{first}/history?rule=nil_value&value=50": "the winner would not change",
        f"/watch/{share}": "This evening: 2 games",
        f"/watch/{share}/board": "This evening: 2 games",
        f"/games/{game_id}/evening": "Games won",
        f"/games/{first}/sheet": "Alice & Cara",
        f"/games/{first}/rules": "Rules of this game",
        f"/games/{game_id}/seats/status": "bids in",
        "/games": "Alice & Cara",
        "/stats": "Games won",
    }
    for path, shown in pages.items():
        response = client.get(path)
        assert response.status_code == 200, path
        assert shown in text(response), path
    assert "This evening: 2 games" in text(client.get(f"/games/{game_id}"))
    assert counted.during == []
