"""Every phone bids its own seat: the seat links on the game page, a seat's own page,
and the "3 of 4 bids in" both poll. Bids stay hidden until every seat is in."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    abort,
    make_response,
    redirect,
    request,
    url_for,
)
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as BaseResponse

from ..core.errors import GameError
from ..core.seats import seat_choices
from ..store import commands, seats, storage
from ..store.outcomes import AlreadySaved, Outcome, SeatHeld, TableClosed
from . import powers, remembered, respond
from .db import get_db
from .errors import refuse
from .outcomes import notice_text, refusal_text, say
from .pagemodel import POLL_SEATS, seat_state
from .render import render_stored, stored_or_404
from .seat_forms import bid_form, missing_form, seat_qr
from .words import game_done as seat_words
from .words.core_words import core_text, every_seat_bid, not_saved, refusal

bp = Blueprint("seats", __name__)


def _holds(token: str) -> bool:
    """Whether this browser holds the seat: it tapped "I am ..." on the seat's page first."""
    return seats.holds(get_db(), token, remembered.seat_secret(token))


def _link_or_gone(token: str, over_ok: bool = False) -> tuple[seats.SeatLink, storage.StoredGame]:
    """The seat link and its game; 404 for a link not in use, 410 for a deleted game; a
    finished game's seat page is its result (`_over`; `over_ok`: the polled status says
    so in words). A browser lets go of a link that no longer works; a finished game's
    seat it keeps until it follows the seat into the rematch."""
    link = seats.link(get_db(), token)
    if link is None:
        remembered.forget_seat(token)
        refuse(404, seat_words.link_unused())
    stored = storage.load_game(get_db(), link.game_id)
    if stored is None:
        remembered.forget_seat(token)
        refuse(410, seat_words.link_of_deleted_game())
    if stored.score().over and not over_ok:
        abort(_over(link, stored))
    return link, stored


def _over(link: seats.SeatLink, stored: storage.StoredGame) -> BaseResponse:
    """A seat of a finished game: its result (the final score, who won) and the live
    score. Once the table starts the rematch, the phone that held the seat follows it to
    the same person's seat there (the rematch carries its hold: no new link); another
    phone gets a button to it. A bid sent to the finished game is refused (410)."""
    rematch = seats.rematch_link(get_db(), stored.id, link.seat)
    secret = remembered.seat_secret(link.token)
    if request.method == "GET" and rematch and _holds(link.token):
        if secret and seats.follows(get_db(), link.token, rematch):
            remembered.hold_seat(rematch, secret)
            remembered.forget_seat(link.token)
            return redirect(url_for("seats.seat", token=rematch))
    page = render_stored(
        "seats/over.html",
        stored,
        name=stored.game.table.players[link.seat],
        rematch=rematch,
        token=link.token,
        poll=POLL_SEATS,
    )
    return make_response(page, 200 if request.method == "GET" else 410)


@bp.post("/games/<game_id>/seats")
def toggle(game_id: str) -> BaseResponse:
    stored = stored_or_404(game_id)
    held = powers.require(stored, "bid")  # seat links are the table's play
    if not FlaskForm().validate_on_submit():
        refuse(400, seat_words.incomplete("seat_links"))
    links = url_for("games.show", game_id=game_id) + "#seat-links"
    if request.form.get("seats") == "on":
        return respond.run(
            lambda: commands.enable_seats(get_db(), game_id, by_table=held.by_table),
            _done(links, seat_words.links_on(True, over=stored.score().over)),
            links,
        )
    return respond.run(
        lambda: commands.disable_seats(get_db(), game_id, by_table=held.by_table),
        _done(links, seat_words.links_on(False)),
        links,
    )


def _done(address: str, words: str) -> Any:
    return lambda _: respond.flashed(address, words)


@bp.post("/games/<game_id>/seat-bids")
def enter_rest(game_id: str) -> BaseResponse:
    stored = stored_or_404(game_id)
    held = powers.require(stored, "bid")
    if seat_state(stored) is None:
        refuse(404, seat_words.links_off())
    # The seats the form was made for: a seat that bid from its phone since is refused
    # by the store (replace=False), never overwritten.
    posted = [
        seat for seat in range(len(stored.game.table.players)) if f"bid_{seat}" in request.form
    ]
    form = missing_form(stored, posted)
    game = url_for("games.show", game_id=game_id)
    if not (posted and form.validate_on_submit()):
        return respond.flashed(game, every_seat_bid(), "error")
    bids = {seat: form[f"bid_{seat}"].data for seat in posted}
    return respond.run(
        lambda: commands.seat_bid(
            get_db(),
            game_id,
            form.number.data,
            bids,
            again=False,
            key=commands.sent_key(request.form.get("key"), form.number.data),
            by_table=held.by_table,
        ),
        lambda _: redirect(game),
        game,
        words=_not_saved,
    )


def _not_saved(err: Exception) -> str | None:
    said = respond.game_words(err)
    if isinstance(err, AlreadySaved):  # saved the first time: good news, as it is
        return said
    if isinstance(err, GameError):
        said = refusal(err)
    return None if said is None else not_saved(said)


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
def release(game_id: str, seat: int) -> Any:
    held = powers.require(stored_or_404(game_id), "bid")
    if not FlaskForm().validate_on_submit():
        refuse(400, seat_words.incomplete("hand_over"))
    links = url_for("games.show", game_id=game_id) + "#seat-links"
    return respond.run(
        lambda: commands.release_seat(get_db(), game_id, seat, by_table=held.by_table),
        _done(links, seat_words.handed_over()),
        links,
        page=lambda err: _release_refused(err),
    )


def _release_refused(err: Exception) -> None:
    """A seat not handed over, said on its own page: the table closed meanwhile (403, as
    the table's powers are refused before the write) or no such seat (404)."""
    if isinstance(err, Outcome):
        refuse(403 if isinstance(err, TableClosed) else 404, say(err))


def _claim_page(link: seats.SeatLink, stored: storage.StoredGame, status: int) -> Any:
    """The page of a seat no phone holds: "I am Alice", a tap that claims it. Opening it
    changes nothing (a messaging app's preview opens it too)."""
    if link.taken:
        return _held_page(link, stored)
    name = stored.game.table.players[link.seat]
    return render_stored(
        "seats/claim.html", stored, form=FlaskForm(), name=name, token=link.token
    ), status


def _held_page(link: seats.SeatLink, stored: storage.StoredGame) -> Any:
    """The seat's page on a phone that does not hold it while another does: why it may
    not bid here, and the way to follow the score instead (no claim to tap)."""
    name = stored.game.table.players[link.seat]
    held = say(SeatHeld(stored, link.seat))
    return render_stored("seats/claim.html", stored, name=name, token=link.token, held=held), 403


@bp.post("/seat/<token>/claim")
def claim(token: str) -> Any:
    link, stored = _link_or_gone(token)
    if not FlaskForm().validate_on_submit():
        refuse(400, seat_words.incomplete("take_seat"))
    page = url_for("seats.seat", token=token)
    if _holds(token):
        return redirect(page)
    return respond.run(
        lambda: commands.claim_seat(get_db(), token, request.form.get("name", "")),
        lambda secret: _held(token, secret),
        page,
        page=lambda err: _held_page(link, stored) if isinstance(err, SeatHeld) else None,
    )


def _held(token: str, secret: str) -> BaseResponse:
    remembered.hold_seat(token, secret)
    return redirect(url_for("seats.seat", token=token))


def _take_bid(form: FlaskForm, stored: storage.StoredGame, seat: int, token: str) -> Any:
    """Save a seat's bid through the store's command: a redirect once it is in or the
    hand moved on, None when the form is shown again with what was wrong."""
    if not form.validate_on_submit():
        return None
    held = powers.require(stored, "bid")  # a closed club-night table bids no more from a seat
    page = url_for("seats.seat", token=token)
    number = form.number.data
    done = respond.run(
        lambda: commands.seat_bid(
            get_db(),
            stored.id,
            number,
            {seat: form.bid.data},
            key=commands.sent_key(request.form.get("key"), number),
            by_table=held.by_table,
            holder=(token, remembered.seat_secret(token) or ""),
        ),
        lambda fresh: respond.flashed(page, seat_words.bid_in(len(fresh.game.hands) >= number)),
        page,
        page=lambda err: _beside_bid(form, err),
    )
    return None if isinstance(done, int) else done


def _beside_bid(form: FlaskForm, err: Exception) -> int | None:
    if not isinstance(err, GameError):
        return None
    form.bid.errors = [*form.bid.errors, core_text(err.detail)]
    return 400


@bp.route("/seat/<token>", methods=["GET", "POST"])
def seat(token: str) -> Any:
    link, stored = _link_or_gone(token)
    if not _holds(token):  # a bid from a phone that has not claimed the seat: not saved
        return _claim_page(link, stored, 200 if request.method == "GET" else 403)
    score, table = stored.score(), stored.game.table
    name = table.players[link.seat]
    mine = seats.waiting(get_db(), stored).get(link.seat)
    form = bid_form(
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
        # a hand that bids itself (first_hand) asks no phone for a bid
        bidding=score.pending is None and not score.next_hand.bids_itself,
        number=score.next_number,
        state=seat_state(stored),
        poll=POLL_SEATS,
    ), status


@bp.get("/seat/<token>/status")
def seat_status(token: str) -> Any:
    link, stored = _link_or_gone(token, over_ok=True)
    # Once the game is over every phone may read so: the seat page that said it let go
    # of the seat, and the score is no secret any more.
    if not stored.score().over and not _holds(token):
        name = stored.game.table.players[link.seat]
        refuse(
            403,
            say(SeatHeld(stored, link.seat)) if link.taken else seat_words.tap_first(name),
        )
    return render_stored(
        "seats/_status.html",
        stored,
        number=_hand_asked(stored),
        state=seat_state(stored),
        scorer=False,
        token=token,
    )


HELPERS = (seat_qr, notice_text, refusal_text)
