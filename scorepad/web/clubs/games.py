"""Every game of the club, for its manager: its date, players and result, newest first,
a page at a time, and its nights; a game filed alone or a night taken out of the club
(asked twice; a night's table counts with its night, taken out with it). A night is
named by its screen id and a night's table links its live score: the manager's link
runs no night and scores no table (the phone that directs the night, or keeps the
table's game, finds its own page there)."""

from __future__ import annotations

from collections.abc import Callable

from flask import render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from ...store.club_commands import filing
from ...store.clubs import club_event_names, games_filed_alone
from ...store.events import event_game_ids
from ...store.seasons import club_season_events
from .. import remembered, respond
from ..db import get_db
from ..paging import page_of
from ..words import clubs as say
from ..words.clubs import club_words, night_labels
from . import data
from .blueprint import bp
from .forms import TakeOutForm

PAGE = 100  # games a page: a club of 20,000 is read a page at a time


@bp.get("/<club_id>/games")
def games(club_id: str) -> str:
    view = data.view_or_404(club_id)
    alone = games_filed_alone(get_db(), view.club.id)
    ordered = view.games[::-1]  # newest first: the order rated (started, then written)
    shown = page_of(ordered, request.args.get("page", 1, type=int) or 1, size=PAGE)
    # a game's own page where this phone holds it: filed alone (the manager filed it), kept
    # on the phone, or a table of a night it directs; else the game's live score
    own = alone | set(remembered.remembered_games())
    own |= set(event_game_ids(get_db(), remembered.events(), []))
    return render_template(
        "clubs/games.html",
        club=view.club,
        nights=_nights(view.club.id),
        in_season=club_season_events(get_db(), view.club.id),  # no take-out: refused
        rows=[(g, g.score(), g.id in alone, g.id in own) for g in shown.items],
        count=len(ordered),
        page=shown.page,
        pages=shown.pages,
    )


@bp.post("/<club_id>/unfile/<game_id>")
def unfile(club_id: str, game_id: str) -> BaseResponse:
    """A game filed into the club taken out of it (asked twice, checked against the page)."""
    return _take_out(
        club_id, lambda revision: filing.unfile_game(get_db(), club_id, game_id, revision)
    )


@bp.post("/<club_id>/unfile-night/<night>")
def unfile_night(club_id: str, night: str) -> BaseResponse:
    """A night filed into the club (named by its screen id) taken out of it, as a game is."""
    screens = {screen: event_id for event_id, screen, _, _ in club_event_names(get_db(), club_id)}
    # (or by its director's id: a higher power); no night of the club's: the command refuses
    event_id = screens.get(night, night)
    return _take_out(
        club_id, lambda revision: filing.unfile_event(get_db(), club_id, event_id, revision)
    )


def _take_out(club_id: str, command: Callable[[int], object]) -> BaseResponse:
    data.view_or_404(club_id)
    back = url_for("clubs.games", club_id=club_id)
    form = TakeOutForm()
    if not form.validate_on_submit():
        return respond.flashed(back, say.said(say.INCOMPLETE), "error")
    revision = form.revision.data or 0
    return respond.run(
        lambda: command(revision),
        lambda _: respond.flashed(back, say.said(say.TAKEN_OUT)),
        back,
        words=club_words,
    )


def _nights(club_id: str) -> list[tuple[str, str, str]]:
    """The club's nights, newest first: (director id, screen id, its name and day, a
    second night of the same told apart by its number in filing order)."""
    nights = club_event_names(get_db(), club_id)
    labels = night_labels([(name, date) for _, _, name, date in nights])
    return [(e, screen, label) for (e, screen, _, _), label in zip(nights, labels)][::-1]
