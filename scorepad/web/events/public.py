"""The event's read-only pages (big screen, results, CSV), a table's page and the
players' own check-in. None of them shows the director's id or another table's game."""

from __future__ import annotations

import csv
import io
import time
from typing import Any

from flask import Response, abort, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from ...core.names import pair_name
from ...core.standings import DEFAULT_ORDER, series
from ...core.stats import player_stats
from ...store import night_results
from ...store.event_commands import checkin
from ...store.events import event_of_game, load_event
from ...store.storage import StoredGame
from .. import respond
from ..csv_export import cell
from ..db import get_db
from ..pagemodel import POLL_SCREEN, POLL_TABLE
from ..remembered import follow
from ..words import plain_error
from ..words.event_done import you_are_in
from ..words.event_pages import order_words
from ..words.events import joining
from . import card, data
from .blueprint import bp
from .forms import CheckInForm

# The results CSV's "entered by" column: who put a table's result in (as its keys,
# English: a spreadsheet's filter compares them; docs/languages.md).
ENTERED_BY = ("the table", "the director, from paper")


@bp.get("/screen/<token>")
def screen(token: str) -> str:
    db = get_db()
    event, games = data.fresh(db, token, by="view")
    follow(event.view_token)
    shown = data.page(db, event, games, chances=True)
    return render_template("events/screen.html", **shown, poll=POLL_SCREEN)


@bp.get("/screen/<token>/live")
def screen_live(token: str) -> str:
    db = get_db()
    event, games = data.fresh(db, token, by="view")
    return render_template("events/_screen_live.html", **data.page(db, event, games, chances=True))


@bp.get("/table/<game_id>")
def table(game_id: str) -> str:
    """A table's page: its seats, the round clock and the way into its own game."""
    db = get_db()
    found = event_of_game(db, game_id)
    if found is None:
        abort(404)
    event_id, number, table_number = found
    event, games = data.fresh(db, event_id)
    follow(event.view_token)
    view = next(t for t in data.tables(db, event, number, games) if t.number == table_number)
    return render_template(
        "events/table.html",
        event=event,
        table=view,
        round_number=number,
        clock=data.clock(event) if event.current and event.current.number == number else None,
        poll=POLL_TABLE,
    )


@bp.get("/table/<game_id>/live")
def table_live(game_id: str) -> str:
    db = get_db()
    found = event_of_game(db, game_id)
    if found is None:
        abort(404)
    event, _ = data.fresh(db, found[0])
    current = event.current is not None and event.current.number == found[1]
    return render_template("events/_clock.html", clock=data.clock(event) if current else None)


@bp.route("/join/<token>", methods=["GET", "POST"])
def join(token: str) -> Any:
    """Players check themselves in with the check-in link."""
    db = get_db()
    event = load_event(db, token, by="checkin")
    if event is None:
        abort(404)
    follow(event.view_token)
    form = CheckInForm()
    if form.is_submitted() and form.validate_for(event.settings.pairs):
        names = [n for n in (form.player_0.data, form.player_1.data) if n and n.strip()]
        done = respond.run(
            lambda: checkin.check_in(db, event.id, names, link=True),
            lambda _: respond.flashed(
                url_for("events.join", token=token),
                you_are_in(pair_name(names)),
                "success",
            ),
            url_for("events.join", token=token),
            page=respond.above(form, joining),
        )
        if not isinstance(done, int):
            return done
    problems = [f"{f.label.text}: {plain_error(f, f.errors[0])}" for f in form if f.errors]
    status = 400 if form.is_submitted() else 200
    open_ = "join" in data.next_actions(event, {})
    page = render_template(
        "events/join.html", event=event, form=form, problems=problems, open=open_
    )
    return page, status


@bp.get("/screen/<token>/results")
def results(token: str) -> str:
    db = get_db()
    event, games = data.fresh(db, token, by="view")
    follow(event.view_token)
    rounds = [(r, data.tables(db, event, r.number, games)) for r in event.rounds]
    page = data.standings(db, event, games)
    return render_template(
        "events/results.html",
        **page,
        **card.share(event, page["rows"], page["champion"]),
        rounds=rounds,
    )


@bp.get("/screen/<token>/stats")
def stats(token: str) -> str:
    """Every player's statistics over the night's games."""
    event, games = data.fresh(get_db(), token, by="view")
    scores = [stored.score() for stored in games.values()]
    return render_template(
        "events/stats.html", event=event, players=player_stats(scores), games=len(scores)
    )


@bp.get("/screen/<token>/results.csv")
def results_csv(token: str) -> BaseResponse:
    db = get_db()
    event, games = data.fresh(db, token, by="view")
    out = io.StringIO()
    writer = csv.writer(out)
    header = ["round", "kind", "table", "side 1", "side 2", "total 1", "total 2", "result"]
    writer.writerow([*header, "entered by"])
    stages = data.stages(event, games)
    for r in event.rounds:
        kind = stages.get(r.number, r.kind)  # a playoff round by its name: "semi-final"
        for t in data.tables(db, event, r.number, games):
            totals: list[object] = list(t.totals) or ["", ""]
            result = f"{t.status} {t.named}".strip()
            entered = ENTERED_BY[bool(t.paper)]  # English: a value to compare, as the keys
            # a name such as '=1+2' stays text in a spreadsheet, as in the game's CSV
            row = (r.number, kind, t.number, *t.sides, *totals, result, entered)
            writer.writerow([cell(v) for v in row])
    # plain letters: a header holds Latin-1 only, and a name may be "Łódź club"
    name = card.card_stem(event)
    return Response(
        out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{name}-results.csv"'},
    )


MAX_NIGHTS = 40
SERIES_SECONDS = 0.5  # past this, the games not counted yet wait for the next request


@bp.get("/series")
def series_page() -> tuple[str, int, dict[str, str]]:
    """A league season: the standings of several nights summed, by their screen links
    (at most MAX_NIGHTS), each night's kept at its mark (store/night_results.py): a series
    of finished nights reads no game. Games never counted are counted for half a second
    a request (a table's worth at least); nights not all counted wait, said on the page,
    which then reloads itself until every night is in."""
    db = get_db()
    tokens = [t.rstrip("/").rsplit("/", 1)[-1] for t in request.args.getlist("night") if t]
    nights, known, unknown, waiting, counting = [], [], 0, 0, False
    until = time.monotonic() + SERIES_SECONDS
    asked = list(dict.fromkeys(tokens[:MAX_NIGHTS]))
    marks = night_results.marks(db, asked)
    for token in asked:
        mark = marks.get(token)
        if mark is None:
            unknown += 1
            continue
        known.append(token)
        found = night_results.kept_night(db, token, mark)
        if found is None and (not counting or time.monotonic() < until):
            counting, found = True, night_results.series_night(db, token, mark, until)
        if found is None:
            waiting += 1
            continue
        nights.append(found)
    order = nights[0].settings.order if nights else DEFAULT_ORDER
    rows = series([night.results.rows for night in nights], order)
    page = render_template(
        "events/series.html",
        nights=nights,
        rows=rows,
        order_words=order_words(order),
        unknown=unknown,
        waiting=waiting,
        known=known,
    )
    return page, 200, {"Refresh": "1"} if waiting else {}


def event_table(stored: StoredGame) -> dict[str, Any] | None:
    """The event round and table a game is played for, with the round clock, for
    `events/_game_banner.html` on the game page (built by its view, see pagemodel)."""
    if not stored.in_event:  # read with the game: most games are no club night's
        return None
    game_id = stored.id
    db = get_db()
    found = event_of_game(db, game_id)
    if found is None:
        return None
    event = load_event(db, found[0])
    if event is None:
        return None
    current = event.current is not None and event.current.number == found[1]
    match = next(m for m in event.round_matches(found[1]) if m.number == found[2])
    score = stored.score()
    return {
        "name": event.settings.name,
        "round": found[1],
        "table": found[2],
        "clock": data.clock(event) if current else None,
        "url": url_for("events.table", game_id=game_id),
        "over": score.over,  # time called says nothing more to a game over
        # past its last hand: the lead was shared at time, and the table plays on
        "played_on": match.last_hand is not None and score.next_number > match.last_hand,
    }
