"""The web layer: HTTP in, one storage or scoring call, a page or a redirect out."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from flask import (
    Blueprint,
    Response,
    flash,
    redirect,
    render_template,
    url_for,
)
from werkzeug.wrappers import Response as BaseResponse

from .. import gamefile
from ..core.errors import GameError
from ..core.rules import RULE_SPECS, validate_rules
from ..core.scoring import (
    BLIND_NIL,
    NIL,
    GameScore,
    ScoredHand,
    Table,
    blind_nil_open,
    make_table,
)
from ..store import storage
from . import security
from .db import get_db
from .errors import refuse
from .forms import (
    COMMON_RULES,
    HandForm,
    ImportForm,
    NewGameForm,
    hand_form,
    read_bids,
    read_tricks,
)
from .render import render_stored, stored_or_404

bp = Blueprint("games", __name__)


def _attach(form: HandForm, err: GameError) -> None:
    """Put a refusal beside the group it names, else above the form, in plain words."""
    detail = err.detail[:1].upper() + err.detail[1:]
    names = []
    if err.field == "side_tricks":
        names = [name for name in ("side_1", "side_0") if name in form]
    elif err.seat is not None:
        kind = "tricks" if err.field == "tricks" else "bid"
        names = [f"{kind}_{err.seat}"]
        if kind == "tricks" and "side_0" in form:
            names.append(f"side_{form.meta.table.side_of(err.seat)}")  # type: ignore[attr-defined]
    for name in names:
        if name in form:
            form[name].errors = [*form[name].errors, detail]
            return
    form.form_errors.append(detail)


def _write(form: HandForm, write: Callable[[], None], game_id: str, conflict_url: str,
           done: str | None = None) -> BaseResponse | None:
    """Run one storage write: a refusal goes beside its field (None: show the form
    again), a conflict back to `conflict_url` with a message, success to the game."""
    try:
        write()
    except GameError as err:
        _attach(form, err)
        return None
    except storage.Conflict as err:
        flash(str(err), "error")
        return redirect(conflict_url)
    if done:
        flash(done, "ok")
    return redirect(url_for("games.show", game_id=game_id))


def _blind_before(score: GameScore, number: int) -> tuple[bool, ...]:
    """Who may bid blind nil in hand `number`, from the totals before it."""
    totals = score.totals_before(number)
    return tuple(blind_nil_open(score.rules, totals, side) for side in range(len(totals)))


def _bids_form(table: Table, score: GameScore, number: int, **values: Any) -> HandForm:
    return _tag(hand_form(table, bids=True, nil=score.rules.nil, zero=_zero(score),
                          blind=_blind_before(score, number), number=number, **values), table)


def _zero(score: GameScore) -> bool:
    """Whether 0 is a plain bid in this game, offered beside 1 to 13."""
    return getattr(score.rules, "zero_bid", "nil") == "bid"


def _tag(form: HandForm, table: Table) -> HandForm:
    """Keep the table with the form, so a refusal naming a seat can find its side."""
    form.meta.table = table  # type: ignore[attr-defined]
    return form


def _tricks_form(stored: storage.StoredGame, pending: ScoredHand, **values: Any) -> HandForm:
    """The tricks form of the hand in play, by side or by seat as the game counts them."""
    table = stored.game.table
    by_side = stored.game.tricks_by == "side"
    nils = tuple(seat for seat, bid in enumerate(pending.bids) if bid in (NIL, BLIND_NIL))
    return _tag(hand_form(table, tricks="side" if by_side else "seat", nil_seats=nils,
                          number=pending.number, **values), table)


def _render_game(stored: storage.StoredGame, form: HandForm | None = None,
                 status: int = 200) -> tuple[str, int]:
    score = stored.score()
    if form is None and score.status != "finished":
        pending = score.pending
        if pending is not None:
            form = _tricks_form(stored, pending, version=stored.versions[-1])
        else:
            form = _bids_form(stored.game.table, score, score.next_number, version=0)
    return render_stored("games/show.html", stored, form=form), status


@bp.get("/")
def home() -> BaseResponse:
    return redirect(url_for("games.index"))


@bp.get("/games")
def index() -> str:
    scored = [(g, g.score()) for g in storage.list_games(get_db(), security.remembered_games())]
    playing = [row for row in scored if row[1].status == "playing"]
    finished = [row for row in scored if row[1].status == "finished"]
    return render_template("games/index.html", playing=playing, finished=finished)


@bp.route("/games/new", methods=["GET", "POST"])
def new() -> Any:
    form = NewGameForm()
    if form.validate_on_submit():
        mode, seats = form.mode_and_seats()
        names = [form[f"player_{seat}"].data for seat in range(seats)]
        try:
            table = make_table(mode, names, int(form.first_dealer.data))
            rules = validate_rules(form.chosen_rules(), mode)
            tricks_by = form.tricks_by.data if mode == "partnership" else "seat"
            game_id = storage.create_game(get_db(), table, rules, tricks_by=tricks_by)
        except GameError as err:
            form.form_errors.append(str(err))
        else:
            security.remember_game(game_id)
            return redirect(url_for("games.show", game_id=game_id))
    return render_template("games/new.html", form=form, specs=RULE_SPECS,
                           common_rules=COMMON_RULES), \
        400 if form.is_submitted() else 200


@bp.get("/games/<game_id>")
def show(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    security.remember_game(game_id)
    return _render_game(stored)


@bp.post("/games/<game_id>/bids")
def save_bids(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    score, table = stored.score(), stored.game.table
    if score.status == "finished" or score.pending:
        flash("These bids were not saved: the game is over." if score.status == "finished"
              else f"Hand {score.next_number} was already entered, on this phone or another.",
              "error")
        return redirect(url_for("games.show", game_id=game_id))
    form = _bids_form(table, score, score.next_number)
    if form.validate_on_submit():
        bids = read_bids(form, table)
        if bids is not None:
            done = _write(form, lambda: storage.save_bids(get_db(), game_id, form.number.data,
                                                          bids),
                          game_id, url_for("games.show", game_id=game_id))
            if done:
                return done
    return _render_game(stored, form, 400)


@bp.post("/games/<game_id>/tricks")
def save_tricks(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    score, table = stored.score(), stored.game.table
    if not score.pending:
        flash("These tricks were not saved: no hand is waiting for its tricks (it was saved "
              "or undone on another phone).", "error")
        return redirect(url_for("games.show", game_id=game_id))
    form = _tricks_form(stored, score.pending)
    if form.validate_on_submit():
        entered = read_tricks(form, table, score.pending.bids)
        if entered is not None:
            tricks, sides = entered
            done = _write(form, lambda: storage.save_tricks(
                get_db(), game_id, form.number.data, form.version.data, tricks, sides),
                game_id, url_for("games.show", game_id=game_id))
            if done:
                return done
    return _render_game(stored, form, 400)


@bp.route("/games/<game_id>/hands/<int:number>", methods=["GET", "POST"])
def edit_hand(game_id: str, number: int) -> Any:
    stored = stored_or_404(game_id)
    score, table = stored.score(), stored.game.table
    if not 1 <= number <= len(stored.game.hands):
        refuse(404, f"This game has no hand {number}.")
    hand = stored.game.hands[number - 1]
    played = hand.tricks is not None
    by_side = hand.side_tricks is not None
    values: dict[str, Any] = {"number": number, "version": stored.versions[number - 1]}
    for seat, bid in enumerate(hand.bids):
        values[f"bid_{seat}"] = str(bid)
        if played and hand.tricks[seat] is not None:  # type: ignore[index]
            values[f"tricks_{seat}"] = str(hand.tricks[seat])  # type: ignore[index]
    for side, took in enumerate(hand.side_tricks or ()):
        values[f"side_{side}"] = str(took)
    blind = tuple(allowed or any(hand.bids[s] == BLIND_NIL for s in table.sides[side])
                  for side, allowed in enumerate(_blind_before(score, number)))
    kind = ("side" if by_side else "seat") if played else None
    form = _tag(hand_form(table, bids=True, nil=score.rules.nil or NIL in hand.bids,
                          zero=_zero(score) or 0 in hand.bids, blind=blind, tricks=kind,
                          **values), table)
    if form.validate_on_submit():
        bids = read_bids(form, table)
        entered = read_tricks(form, table, bids) if played and bids is not None else None
        if bids is not None and (entered is not None or not played):
            tricks, sides = entered if entered is not None else (None, None)
            later = len(stored.game.hands) > number
            done = _write(form, lambda: storage.edit_hand(
                get_db(), game_id, number, form.version.data, bids, tricks, sides),
                game_id, url_for("games.edit_hand", game_id=game_id, number=number),
                (f"Hand {number} corrected; every later hand was scored again." if later
                 else f"Hand {number} corrected." if played
                 else f"The bids of hand {number} were changed."))
            if done:
                return done
    status = 400 if form.is_submitted() else 200
    return render_stored("games/edit_hand.html", stored, form=form, number=number,
                         played=played, by_side=by_side), status


@bp.post("/games/<game_id>/hands/<int:number>/delete")
def delete_hand(game_id: str, number: int) -> Any:
    stored_or_404(game_id)
    form = HandForm()
    if not form.validate_on_submit():
        refuse(400, "The form to delete a hand was incomplete.")
    try:
        storage.delete_last_hand(get_db(), game_id, number, form.version.data)
        flash(f"Hand {number} deleted.", "ok")
    except (storage.Conflict, GameError) as err:
        flash(str(err), "error")
    return redirect(url_for("games.show", game_id=game_id))


@bp.post("/games/<game_id>/rematch")
def rematch(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    table = dataclasses.replace(stored.game.table, first_dealer=stored.score().deal_from)
    new_id = storage.create_game(get_db(), table, stored.game.rules)
    security.remember_game(new_id)
    flash("A new game with the same table and rules. Good luck!", "ok")
    return redirect(url_for("games.show", game_id=new_id))


@bp.get("/games/<game_id>/history")
def history(game_id: str) -> str:
    return render_stored("games/history.html", stored_or_404(game_id))


@bp.get("/games/<game_id>/export.json")
def export(game_id: str) -> Response:
    stored = stored_or_404(game_id)
    body = gamefile.dumps(gamefile.export(stored.game, stored.score()))
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="scorepad-{stored.created_at[:10]}.json"'})


@bp.route("/games/import", methods=["GET", "POST"])
def import_game() -> Any:
    form = ImportForm()
    if form.validate_on_submit():
        try:
            raw = form.game_file.data.read()
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                raise GameError("the game file is not UTF-8 text") from None
            game = gamefile.loads(text)
            game_id = storage.create_game(get_db(), game.table, game.rules, game.hands,
                                          game.tricks_by, game.start, game.ended)
        except GameError as err:
            form.game_file.errors = [*form.game_file.errors, str(err)]
        else:
            security.remember_game(game_id)
            flash("Game imported.", "ok")
            return redirect(url_for("games.show", game_id=game_id))
    return render_template("games/import.html", form=form), 400 if form.is_submitted() else 200
