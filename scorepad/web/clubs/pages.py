"""A new club, the manager's page (every power) and the members' page (read only)."""

from __future__ import annotations

from typing import Any

from flask import render_template, url_for
from werkzeug.wrappers import Response as BaseResponse
from wtforms.fields.choices import SelectChoice

from ...core.club_undo import undo_steps
from ...store import storage
from ...store.club_commands import clubs as commands
from ...store.club_view import ClubView
from ...store.clubs import club_names, club_of_game, filed, load_club
from ...store.events import event_names
from ...store.seasons import club_seasons
from .. import preset_links, remembered, respond
from ..db import get_db
from ..hosting import public_url
from ..paging import asked
from ..words.clubs import MADE, club_words, night_labels, said, undo_confirm, undo_label
from ..words.ratings import scale_note
from . import data
from .blueprint import bp
from .forms import ClubForm, FileGameForm, ImportForm, MergeForm, PlayerForm, UndoForm


def managed() -> list[tuple[str, str]]:
    """The clubs this browser manages that are still there: (id, name), newest first."""
    ids = remembered.club_ids()
    names = club_names(get_db(), ids)
    return [(club_id, names[club_id]) for club_id in ids if club_id in names]


def carded() -> list[tuple[str, str, str]]:
    """The clubs this browser holds a card of ("This is me"), still there: (members id,
    card key, club name), newest first."""
    db = get_db()
    found = []
    for members_id, card in remembered.cards():
        club = load_club(db, members_id, by="members")
        if club is not None:
            found.append((members_id, card, club.name))
    return found


def fileable_into(stored: storage.StoredGame) -> list[tuple[str, str]]:
    """The clubs this browser manages that a game of its own may be filed into (none
    while it counts for a club already, or is a club night's table)."""
    if stored.in_event or club_of_game(get_db(), stored.id):
        return []
    return managed()


@bp.route("/new", methods=["GET", "POST"])
def new() -> Any:
    form = ClubForm()
    if form.validate_on_submit():
        name = form.name.data or ""
        done = respond.run(
            lambda: commands.create_club(get_db(), name),
            lambda club_id: _created(club_id, name),
            url_for("clubs.new"),
            words=club_words,
            page=respond.above(form, club_words),
        )
        if not isinstance(done, int):
            return done
    status = 400 if form.is_submitted() else 200
    return render_template("clubs/new.html", form=form, clubs=managed(), cards=carded()), status


def _created(club_id: str, name: str) -> BaseResponse:
    remembered.remember_club(club_id)
    return respond.flashed(url_for("clubs.manage", club_id=club_id), said(MADE))


def _fileable(view: ClubView) -> dict[str, list[tuple[str, str]]]:
    """This phone's games and the nights it directs that count for no club yet."""
    db = get_db()
    known = [g for g in remembered.remembered_games()[:30]]
    nights = list(event_names(db, remembered.events()).items())
    taken = filed(db, [*known, *(event_id for event_id, _ in nights)])
    games = storage.list_games(db, [g for g in known if g not in taken]) if known else []
    choices = [
        (g.id, " vs ".join(s.name for s in g.score().sides) + f" ({g.created_at[:10]})")
        for g in games
        if not g.in_event
    ]
    offered = [(e, night) for e, night in nights if e not in taken]
    labels = night_labels([night for _, night in offered])
    return {"games": choices, "nights": [(e, label) for (e, _), label in zip(offered, labels)]}


@bp.get("/<club_id>")
def manage(club_id: str) -> str:
    view = data.view_or_404(club_id)
    remembered.remember_club(view.club.id)
    query, page = asked()
    fileable = _fileable(view)
    last = view.club.last_change
    steps = (
        undo_steps(last.before, last.after or view.club.roster, view.club.roster, view.met)
        if last
        else ()
    )
    label = undo_label(view.club.undo_kind, steps)
    file_form = FileGameForm()
    file_form.game.choices = [SelectChoice(v, n) for v, n in fileable["games"]]
    file_form.night.choices = [SelectChoice(v, n) for v, n in fileable["nights"]]
    return render_template(
        "clubs/manage.html",
        club=view.club,
        ratings=data.rating_page(view, public=False, query=query, page=page),
        scale_note=scale_note(),
        pairs=data.pair_rows(view),
        roster=data.roster_page(view, query, page),
        people=len(view.members),
        games=len(view.games),
        rated=len(view.rated),
        unrated=len(view.unrated),
        merge=MergeForm(revision=view.club.revision),
        player=PlayerForm(revision=view.club.revision),
        undo=UndoForm(revision=view.club.revision, change=last.number if last else None),
        undo_label=label,
        undo_confirm=undo_confirm(label) if label else "",
        file_form=file_form,
        import_form=ImportForm(),
        members_url=public_url("clubs.members", token=view.club.members_token),
        manager_url=public_url("clubs.manage", club_id=view.club.id),
        club_presets=preset_links.club_rows(view.club.id),
    )


@bp.get("/m/<token>")
def members(token: str) -> str:
    view = data.members_or_404(token)
    mine = dict(remembered.cards()).get(token)
    query, page = asked()
    return render_template(
        "clubs/members.html",
        club=view.club,
        ratings=data.rating_page(view, public=True, query=query, page=page),
        scale_note=scale_note(),
        pairs=data.pair_rows(view, public=True),
        games=len(view.games),
        mine=mine if mine in view.by_token else None,
        club_presets=preset_links.club_rows(view.club.id),
        seasons=club_seasons(get_db(), view.club.id),
    )
