"""A club to and from its file, files brought into a club, and its ratings as CSV."""

from __future__ import annotations

import csv
import io
import sqlite3
from collections.abc import Callable
from typing import Any

from flask import Response, render_template, url_for

from ...core import limits
from ...core.club import EMPTY, settle
from ...core.errors import GameError
from ...files import club as clubfile
from ...files import event as eventfile
from ...files import game as gamefile
from ...store.club_commands.outcomes import ClubRefused
from ...store.club_commands.transfer import import_club
from ...store.club_view import ClubView
from ...store.clubs import club_events, games_filed_alone
from ...store.event_tables import with_reopened
from ...store.events import load_event
from ...store.seasons import club_seasons, load_season, season_record
from .. import import_budget, preset_links, remembered, respond
from ..csv_export import cell
from ..db import get_db
from ..words import clubs as say
from ..words.clubs import club_words
from . import data
from .blueprint import bp
from .forms import ImportForm

CSV_HEADER = ("rank", "name", "rating", "low", "high", "provisional", "games", "mu", "sigma")


def _download(text: str, name: str, mimetype: str) -> Response:
    return Response(
        text, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )


@bp.get("/<club_id>/club.json")
def export(club_id: str) -> Response:
    view = data.view_or_404(club_id)
    db = get_db()
    own = games_filed_alone(db, club_id)
    games = [g.game for g in view.games if g.id in own]
    # each game's place in the file: in the club's games filed alone, or a night's table
    places: dict[str, clubfile.Place] = {
        g.id: i for i, g in enumerate(g for g in view.games if g.id in own)
    }
    nights, index_of = _nights(view, places)
    kept = preset_links.club_rows(club_id)
    found = [s for sid, _ in club_seasons(db, club_id) if (s := load_season(db, sid)) is not None]
    season_index = {s.id: i for i, s in enumerate(found)}  # a season's `follows` names one
    seasons = [season_record(s, index_of, season_index) for s in found]
    roster = settle(view.club.roster, view.met)  # as shown: the file reads back
    # the order the club rates its games in, said when the file's own order is not it
    rated = [places[g.id] for g in view.games if g.id in places]
    order = rated if rated != sorted(rated, key=_file_order) else []
    rematches = [
        (places[g.rematch_of], places[g.id])
        for g in view.games
        if g.rematch_of in places and g.id in places
    ]
    last = view.club.last_change  # its undo offered again once restored
    change = None if last is None else (last.kind, last.before, last.after or view.club.roster)
    doc = clubfile.export(
        view.club.name,
        roster,
        games,
        nights,
        [p for p, _, _ in kept],
        seasons,
        order,
        rematches,
        change,
    )
    return _download(clubfile.dumps_club(doc), "club.json", "application/json")


def _nights(
    view: ClubView, places: dict[str, clubfile.Place]
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """The club's nights as event file documents, and each night's index by its id; the
    place of each of their games is added to `places`."""
    db = get_db()
    nights: list[dict[str, Any]] = []
    index_of: dict[str, int] = {}
    found = {g.id: g.game for g in view.games}
    for event_id in club_events(db, view.club.id):
        event = load_event(db, event_id)
        if event is None:
            continue
        index_of[event_id] = len(nights)
        matches = [
            (m, found.get(m.game_id or "")) for m in with_reopened(db, event_id, event.matches)
        ]
        for m, (match, game) in enumerate(matches):
            if game is not None and match.game_id:
                places[match.game_id] = (len(nights), m)
        nights.append(
            eventfile.export(event.settings, event.rules, event.entrants, event.rounds, matches)
        )
    return nights, index_of


def _file_order(place: clubfile.Place) -> tuple[int, int, int]:
    """Where a game comes in a club file read without `order`: its games filed alone
    first, then each night's tables."""
    return (0, place, 0) if isinstance(place, int) else (1, *place)


def _csv(rows: list[data.RatingRow], view: Any) -> Response:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    for row in rows:
        skill = view.skill(row.anchor)
        low, high = skill.band
        writer.writerow(
            [
                cell(v)
                for v in (
                    row.rank,
                    row.name,
                    row.rating,
                    low,
                    high,
                    "yes" if row.provisional else "no",
                    row.games,
                )
            ]
            + [round(skill.mu, 4), round(skill.sigma, 4)]
        )
    return _download(out.getvalue(), "ratings.csv", "text/csv")


@bp.get("/<club_id>/ratings.csv")
def ratings_csv(club_id: str) -> Response:
    view = data.view_or_404(club_id)
    return _csv(data.rating_rows(view, public=False), view)


@bp.get("/m/<token>/ratings.csv")
def members_csv(token: str) -> Response:
    view = data.view_or_404(token, by="members")
    return _csv(data.rating_rows(view, public=True), view)


def _read(text: bytes, into: ClubView | None) -> str:
    """A club file (a new club), or a game or event file brought into club `into` (one
    the club holds already refused: it would count twice), within this phone's budget of
    imports (web/import_budget.py)."""
    try:  # read as the event and club files' reader reads it (files/json_text.py)
        doc = eventfile.json_doc(text)
    except GameError:
        if into is None:
            raise  # not a club file: not UTF-8, not JSON, a key twice...
        doc = None  # the game file's reader says what is wrong with it
    if into is None:  # a new club: a file without the club's marker refused naming it
        club = clubfile.read(doc)
        games = len(club.games) + sum(len(n.matches) for n in club.nights)
        return _counted(
            games,
            lambda: import_club(
                get_db(),
                club.name,
                club.roster,
                club.games,
                club.nights,
                presets=club.presets,
                seasons=club.seasons,
                order=club.order,
                rematches=club.rematches,
                last_change=club.last_change,
            ),
        )
    if isinstance(doc, dict) and "scorepad_club" in doc:
        raise ClubRefused("club_file", field="file")
    if isinstance(doc, dict) and "scorepad_event" in doc:
        night = eventfile.read(doc)
        if data.in_club(into, (game for _, game in night.matches if game is not None)):
            raise ClubRefused("night_here", field="file")
        return _counted(
            len(night.matches),
            lambda: import_club(get_db(), "", EMPTY, (), (night,), into=into.club.id),
        )
    game = gamefile.loads_scored(text)
    if data.in_club(into, (game[0],)):
        raise ClubRefused("game_here", field="file")
    return _counted(1, lambda: import_club(get_db(), "", EMPTY, (game,), (), into=into.club.id))


def _counted(games: int, bring: Callable[[], str]) -> str:
    """`bring` run if this phone has the budget for `games` more games, and counted."""
    import_budget.check(games)
    done = bring()
    import_budget.spend(games)
    return done


def not_imported(err: Exception) -> str | None:
    """Why a file was not brought in."""
    if isinstance(err, GameError):
        return say.not_imported(err)
    if isinstance(err, sqlite3.IntegrityError):
        return say.entrant_twice()
    return club_words(err)


def _upload(form: ImportForm, into: ClubView | None, back: str) -> Any:
    """Run the import; a refusal above the import page's form (a new club) or flashed
    at the club's page (a file brought into a club)."""

    known = set() if into is None else set(club_events(get_db(), into.club.id))

    def done(club_id: str) -> Any:
        if into is None:
            remembered.remember_club(club_id)
        for event_id in club_events(get_db(), club_id):  # oldest first: the newest kept
            if event_id not in known:  # a night brought in: its director's link, as a
                remembered.remember_event(event_id)  # night's own file's import gives
        return respond.flashed(url_for("clubs.manage", club_id=club_id), say.said(say.IMPORTED))

    return respond.run(
        lambda: _read(form.file.data.read(limits.CLUB_FILE_BYTES + 1), into),
        done,
        back,
        words=not_imported,
        page=respond.above(form, not_imported) if into is None else None,
    )


@bp.route("/import", methods=["GET", "POST"])
def import_file() -> Any:
    form = ImportForm()  # its limit set before the form is read (web/uploads.py)
    if form.validate_on_submit():
        done = _upload(form, None, url_for("clubs.import_file"))
        if not isinstance(done, int):
            return done
    status = 400 if form.is_submitted() else 200
    return render_template("clubs/import.html", form=form), status


@bp.post("/<club_id>/import")
def import_into(club_id: str) -> Any:
    view = data.view_or_404(club_id)
    back = url_for("clubs.manage", club_id=view.club.id)
    form = ImportForm()
    if not form.validate_on_submit():
        return respond.flashed(back, say.said(say.CHOOSE_FILE), "error")
    return _upload(form, view, back)
