"""A player's card: opened by its own link, on the player's phone kept with one tap
("This is me"); it shows that person and the club's public lists, nothing else."""

from __future__ import annotations

from flask import abort, render_template, url_for
from werkzeug.wrappers import Response as BaseResponse

from ...core import club as roster
from ...store.club_commands import clubs as commands
from ...store.club_nights import nights_won
from ...store.club_view import ClubView
from .. import remembered, respond
from ..db import get_db
from ..hosting import public_url
from ..words import clubs as say
from ..words.clubs import club_words
from ..words.ratings import provisional, rating_text, scale_note
from . import data
from .blueprint import bp
from .forms import MeForm


def _card(members: str, token: str) -> tuple[ClubView, roster.Member]:
    view = data.view_or_404(members, by="members")
    member = view.by_token.get(token)
    if member is None:
        abort(404)
    return view, member


@bp.get("/m/<members>/card/<token>")
def card(members: str, token: str) -> str:
    view, member = _card(members, token)
    lines = data.history(view, member)
    skill = view.skill(member.anchor)
    won = nights_won(get_db(), view.club.id, view.person)
    url = public_url("clubs.card", members=members, token=token)
    return render_template(
        "clubs/card.html",
        club=view.club,
        member=member,
        rating=rating_text(skill),
        provisional=provisional(),
        skill=skill,
        lines=lines,
        points=data.chart_points(lines),
        stats=data.card_stats(view, member, won.get(member.anchor, ())),
        rows=data.rating_rows(view, public=True),
        scale_note=scale_note(),
        mine=dict(remembered.cards()).get(members) == token,
        form=MeForm(hidden=member.hidden),
        url=url,
        token=token,
    )


@bp.post("/m/<members>/card/<token>/me")
def me(members: str, token: str) -> BaseResponse:
    _card(members, token)
    if not MeForm().validate_on_submit():
        abort(400)
    mine = dict(remembered.cards()).get(members) == token
    if mine:
        remembered.drop_card(members)
    else:
        remembered.hold_card(members, token)
    back = url_for("clubs.card", members=members, token=token)
    return respond.flashed(back, say.said(say.CARD_FORGOTTEN if mine else say.CARD_KEPT))


@bp.post("/m/<members>/card/<token>/lists")
def lists(members: str, token: str) -> BaseResponse:
    """The player's own choice: on the club's public lists, or off them."""
    view, member = _card(members, token)
    form = MeForm()
    if not form.validate_on_submit():
        abort(400)
    hidden, met = bool(form.hidden.data), set(view.met)
    back = url_for("clubs.card", members=members, token=token)
    return respond.run(
        lambda: commands.change_roster(
            get_db(),
            view.club.id,
            view.club.revision,
            "hide",
            lambda r: roster.hide(r, met, member.anchor, hidden),
        ),
        lambda _: respond.flashed(back, say.said(say.OFF_LISTS if hidden else say.ON_LISTS)),
        back,
        words=club_words,
    )
