"""Every phone bids its own seat: the seat links on the game page, a seat's own page,
and the "3 of 4 bids in" both poll. Bids stay hidden until every seat is in."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_wtf import FlaskForm
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse
from wtforms import RadioField
from wtforms.fields.choices import SelectChoice
from wtforms.widgets import HiddenInput

from ..core.errors import GameError
from ..core.seats import seat_choices
from ..store import commands, seats, storage
from ..store.outcomes import Outcome
from .db import get_db
from .errors import refuse
from .fields import Choice, Required, WholeNumberField
from .outcomes import notice_text, refusal_text, say
from .pagemodel import SeatState, seat_state
from .pages import share_qr
from .render import render_stored, stored_or_404

bp = Blueprint("seats", __name__)
POLL_SECONDS = 2


def _holds(token: str) -> bool:
    """Whether this browser holds the seat (the first to open its link does)."""
    held = dict(session.get("seats", {}))
    secret = seats.claim(get_db(), token, held.get(token))
    if secret is None:
        return False
    if held.get(token) != secret:
        held[token] = secret
        session["seats"] = held
    return True


def seat_qr(url: str, name: str) -> Markup:
    """A QR code of a seat's link as inline SVG, titled with the player's name."""
    return share_qr(url, f"QR code of {name}'s bidding link", scale=3)


def _bid_form(name: str, choices: list[tuple[str, str]], **values: Any) -> FlaskForm:
    class SeatBidForm(FlaskForm):
        number = WholeNumberField("Hand", widget=HiddenInput(), validators=[Required()])
        # The core judges the value, with a message that says what is allowed.
        bid = RadioField(
            f"{name} bid",
            choices=[SelectChoice(v, t) for v, t in choices],
            validators=[Required("choose a bid")],
            validate_choice=False,
        )

    return SeatBidForm(**values)


def _rest_form(stored: storage.StoredGame, missing: list[int], **values: Any) -> FlaskForm:
    score, names = stored.score(), stored.game.table.players

    class RestForm(FlaskForm):
        number = WholeNumberField("Hand", widget=HiddenInput(), validators=[Required()])

    for seat in missing:
        setattr(
            RestForm,
            f"bid_{seat}",
            Choice(
                f"{names[seat]} bid",
                choices=[SelectChoice(v, t) for v, t in [("", "-"), *seat_choices(score, seat)]],
                validators=[Required("choose a bid")],
            ),
        )
    return RestForm(**values)


def rest_form(stored: storage.StoredGame, state: SeatState) -> FlaskForm:
    """The scorer's form for the bids of the seats not yet in."""
    table = stored.game.table
    missing = [s for s in range(len(table.players)) if s not in state.waiting]
    return _rest_form(stored, missing, number=stored.score().next_number)


def _link_or_gone(token: str, over_ok: bool = False) -> tuple[seats.SeatLink, storage.StoredGame]:
    """The seat link and its game; 404 for a link not in use, 410 once the game is over
    (`over_ok`: the polled status still says so in words)."""
    link = seats.link(get_db(), token)
    if link is None:
        refuse(
            404,
            "This seat link is not in use: the game was deleted, or the scorer "
            "turned seat links off (turning them on again makes new links). "
            "Ask the scorer for yours.",
        )
    stored = storage.load_game(get_db(), link.game_id)
    if stored is None:
        refuse(410, "This game was deleted: its seat links no longer work.")
    if stored.score().status == "finished" and not over_ok:
        abort(
            make_response(
                render_template(
                    "seats/over.html",
                    name=stored.game.table.players[link.seat],
                    rematch=seats.rematch_link(get_db(), stored.id, link.seat),
                ),
                410,
            )
        )
    return link, stored


@bp.post("/games/<game_id>/seats")
def toggle(game_id: str) -> BaseResponse:
    stored = stored_or_404(game_id)
    if not FlaskForm().validate_on_submit():
        refuse(400, "The form to change seat links was incomplete.")
    if request.form.get("seats") == "on":
        seats.enable(get_db(), stored)
        flash("Each player can now bid from their own phone: share the links below.", "ok")
    else:
        seats.disable(get_db(), game_id)
        flash("Seat links turned off: this phone enters every bid.", "ok")
    return redirect(url_for("games.show", game_id=game_id) + "#seat-links")


@bp.post("/games/<game_id>/seat-bids")
def enter_rest(game_id: str) -> BaseResponse:
    stored = stored_or_404(game_id)
    if seat_state(stored) is None:
        refuse(404, "Seat links are off in this game.")
    # The seats the form was made for: a seat that bid from its phone since is refused
    # by the store (replace=False), never overwritten.
    posted = [
        seat for seat in range(len(stored.game.table.players)) if f"bid_{seat}" in request.form
    ]
    form = _rest_form(stored, posted)
    if posted and form.validate_on_submit():
        try:
            commands.seat_bid(
                get_db(),
                game_id,
                form.number.data,
                {seat: form[f"bid_{seat}"].data for seat in posted},
                again=False,
            )
        except GameError as err:
            flash(f"Not saved: {err}", "error")
        except Outcome as outcome:
            flash(f"Not saved: {say(outcome)}", "error")
    else:
        flash("Not saved: choose a bid for each seat still to bid.", "error")
    return redirect(url_for("games.show", game_id=game_id))


@bp.get("/games/<game_id>/seats/status")
def game_status(game_id: str) -> str:
    stored = stored_or_404(game_id)
    return render_stored(
        "seats/_status.html",
        stored,
        number=_hand_asked(stored),
        state=seat_state(stored),
        scorer=True,
    )


def _hand_asked(stored: storage.StoredGame) -> int:
    number = request.args.get("hand", type=int)
    return number if number and number > 0 else stored.score().next_number


@bp.post("/games/<game_id>/seats/<int:seat>/release")
def release(game_id: str, seat: int) -> BaseResponse:
    stored_or_404(game_id)
    if not FlaskForm().validate_on_submit():
        refuse(400, "The form to hand a seat over was incomplete.")
    seats.release(get_db(), game_id, seat)
    flash("The next phone to open that seat's link bids for it.", "ok")
    return redirect(url_for("games.show", game_id=game_id) + "#seat-links")


def _held_or_403(link: seats.SeatLink, stored: storage.StoredGame) -> None:
    if not _holds(link.token):
        name = stored.game.table.players[link.seat]
        refuse(
            403,
            f"{name}'s seat is held by another phone: {name}'s bid is made there. "
            f"If this phone should bid for {name}, ask the scorer to hand the seat over.",
        )


def _take_bid(form: FlaskForm, stored: storage.StoredGame, seat: int, token: str) -> Any:
    """Save a seat's bid through the store's command: a redirect once it is in or the
    hand moved on, None when the form is shown again with what was wrong."""
    if not form.validate_on_submit():
        return None
    try:
        fresh = commands.seat_bid(get_db(), stored.id, form.number.data, {seat: form.bid.data})
    except GameError as err:
        form.bid.errors = [*form.bid.errors, err.detail]
        return None
    except Outcome as outcome:
        flash(say(outcome), "error")
        return redirect(url_for("seats.seat", token=token))
    made = len(fresh.game.hands) >= form.number.data
    flash("Every bid is in." if made else "Your bid is in.", "ok")
    return redirect(url_for("seats.seat", token=token))


@bp.route("/seat/<token>", methods=["GET", "POST"])
def seat(token: str) -> Any:
    link, stored = _link_or_gone(token)
    _held_or_403(link, stored)
    score, table = stored.score(), stored.game.table
    name = table.players[link.seat]
    mine = seats.waiting(get_db(), stored).get(link.seat)
    bidding = score.pending is None
    form = _bid_form(
        name,
        seat_choices(score, link.seat),
        number=score.next_number,
        bid=None if mine is None else str(mine),
    )
    status = 200
    if request.method == "POST":
        taken = _take_bid(form, stored, link.seat, token)
        if taken is not None:
            return taken
        status = 400
    return render_stored(
        "seats/seat.html",
        stored,
        form=form,
        name=name,
        seat=link.seat,
        token=token,
        mine=mine,
        bidding=bidding,
        number=score.next_number,
        state=seat_state(stored),
        poll=POLL_SECONDS,
    ), status


@bp.get("/seat/<token>/status")
def seat_status(token: str) -> str:
    link, stored = _link_or_gone(token, over_ok=True)
    _held_or_403(link, stored)
    return render_stored(
        "seats/_status.html",
        stored,
        number=_hand_asked(stored),
        state=seat_state(stored),
        scorer=False,
        token=token,
    )


HELPERS = (seat_qr, rest_form, notice_text, refusal_text)
