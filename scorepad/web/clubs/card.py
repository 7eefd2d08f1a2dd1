"""A player's card: opened by its own link, on the player's phone kept with one tap
("This is me"); it shows that person and the club's public lists, nothing else."""

from __future__ import annotations

from typing import Any

from flask import abort, render_template, request, url_for
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse

from ...core import club as roster
from ...core.checks import typed_count
from ...store.club_commands import clubs as commands
from ...store.club_nights import nights_won
from ...store.club_view import ClubView
from .. import relink, remembered, respond
from ..catalogue import gettext as _
from ..chart import rating_chart
from ..db import get_db
from ..hosting import public_url
from ..paging import asked, page_of
from ..words import clubs as say
from ..words.clubs import club_words
from ..words.links import replaced
from ..words.ratings import provisional, rating_text, scale_note
from . import data
from .blueprint import bp
from .forms import MeForm

GAMES_SHOWN = 50  # rated games a page of a card lists, newest first (`?games=2`: older)


def _card(members: str, token: str) -> tuple[ClubView, roster.Member]:
    view = data.members_or_404(members, token)
    return view, view.by_token[token]


@bp.get("/m/<members>/card/<token>")
def card(members: str, token: str) -> str:
    view, member = _card(members, token)
    query, page = asked()
    lines = data.history(view, member)
    played = page_of(lines, typed_count(request.args.get("games", "")) or 1, size=GAMES_SHOWN)
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
        played=played,
        chart=_chart(lines),
        stats=data.card_stats(view, member, won.get(member.anchor, ())),
        ratings=data.rating_page(view, public=True, query=query, page=page),
        scale_note=scale_note(),
        mine=dict(remembered.cards()).get(members) == token,
        form=MeForm(hidden=member.hidden),
        url=url,
        token=token,
    )


def _chart(lines: list[data.GameLine]) -> Markup | None:
    """The rating after each game rated, oldest first, drawn with its scale."""
    ratings = [line.rating for line in reversed(lines)]
    said = _("The rating after each game: %(ratings)s", ratings=", ".join(map(str, ratings)))
    return rating_chart(ratings, said)


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
    hidden, met, anchor = bool(form.hidden.data), view.met, member.anchor
    back = url_for("clubs.card", members=members, token=token)
    return respond.run(
        lambda: commands.own_choice(  # the person the card's name belongs to now
            get_db(), view.club.id, lambda r: roster.hide(r, met, r.anchor_of(anchor), hidden)
        ),
        lambda _: respond.flashed(back, say.said(say.OFF_LISTS if hidden else say.ON_LISTS)),
        back,
        words=club_words,
    )


@bp.post("/m/<members>/card/<token>/replace")
def replace_card(members: str, token: str) -> Any:
    """The card's holder replaces its link, asked twice (web/relink.py)."""
    view, member = _card(members, token)
    here = url_for("clubs.card", members=members, token=token)
    if not relink.asked():
        return relink.question(url_for("clubs.replace_card", members=members, token=token), here)
    keys = (member.anchor, *(k for k, _ in member.merged))
    mine = dict(remembered.cards()).get(members) == token
    return respond.run(
        lambda: commands.replace_card_link(get_db(), view.club.id, keys),
        lambda _: _card_replaced(members, member.anchor, mine),
        here,
        words=club_words,
    )


def _card_replaced(members: str, anchor: str, mine: bool) -> BaseResponse:
    view = data.view_or_404(members, by="members")
    new = view.club.card_token(anchor)
    if mine:
        remembered.hold_card(members, new)
    return respond.flashed(url_for("clubs.card", members=members, token=new), replaced())
