"""The web layer: HTTP in, one game command or scoring call, a page or a redirect out."""

from __future__ import annotations

import sqlite3
from typing import Any

from flask import (
    Blueprint,
    Response,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response as BaseResponse

from .. import gamefile
from ..core.errors import GameError
from ..core.rules import RULE_SPECS, validate_rules
from ..core.scoring import BLIND_NIL, NIL, NILS, make_table
from ..store import commands, storage, undone
from ..store.outcomes import NotOver, Outcome
from . import errors, security
from .blind import read_blind
from .db import get_db
from .errors import refuse
from .evening import what_if_for
from .forms import (
    COMMON_RULES,
    HandForm,
    ImportForm,
    NewGameForm,
    hand_form,
    read_bids,
    read_tricks,
)
from .new_game import new_game_context
from .outcomes import changed, confirm_value, confirmed, say
from .pagecache import game_page
from .render import render_stored, stored_or_404
from .saving import (
    bids_form,
    blind_before,
    save,
    tag,
    tricks_form,
    zero_is_a_bid,
)
from .sharing import file_stem

bp = Blueprint("games", __name__)


def _render_game(
    stored: storage.StoredGame, form: HandForm | None = None, status: int = 200
) -> tuple[str, int]:
    score = stored.score()
    if form is None and score.status != "finished":
        pending = score.pending
        if pending is not None:
            # a nil bidder's own count starts at 0 (one tap less), counted by seat too
            zeros = {f"tricks_{s}": "0" for s, bid in enumerate(pending.bids) if bid in NILS}
            form = tricks_form(stored, pending, version=stored.versions[-1], **zeros)
        else:
            form = bids_form(stored.game.table, score, score.next_number, version=0)
    put_back = undone.offered(get_db(), stored)  # a hand undone by the last change
    return render_stored("games/show.html", stored, form=form, put_back=put_back), status


def _refused(stored: storage.StoredGame, form: HandForm, status: int, step: str) -> Any:
    """A hand form the command did not take: shown again with its errors on the game
    page while that page asks for this step; else the phone is told it was not saved."""
    score = stored.score()
    now = None if score.status == "finished" else "tricks" if score.pending else "bids"
    if now == step:
        return _render_game(stored, form, status)
    flash(
        f"These {step} were not saved: "
        + ("the game is over." if now is None else f"hand {score.next_number} moved on."),
        "error",
    )
    return redirect(url_for("games.show", game_id=stored.id))


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
            game_id = commands.start(get_db(), table, rules, tricks_by=tricks_by).id
        except GameError as err:
            form.form_errors.append(str(err))
        except sqlite3.OperationalError as err:
            message, status = errors.storage_problem(err)
            form.form_errors.append(message)
            return render_template(
                "games/new.html", form=form, specs=RULE_SPECS, common_rules=COMMON_RULES
            ), status
        else:
            security.remember_game(game_id)
            return redirect(url_for("games.show", game_id=game_id))
    return render_template(
        "games/new.html",
        form=form,
        specs=RULE_SPECS,
        common_rules=COMMON_RULES,
        **new_game_context(form),
    ), 400 if form.is_submitted() else 200


@bp.get("/games/<game_id>")
def show(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    security.remember_game(game_id)
    return game_page(stored, lambda: _render_game(stored)[0])


def _sent_number(score_next: int) -> int:
    """The hand the form was made for (a repeat may name one already saved)."""
    number = request.form.get("number", type=int)
    return number if number is not None and 1 <= number <= score_next else score_next


@bp.post("/games/<game_id>/bids")
def save_bids(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    score, table = stored.score(), stored.game.table
    number = _sent_number(score.next_number)
    form = bids_form(table, score, number)
    status = 400
    if form.validate_on_submit():
        bids = read_bids(form, table)
        if bids is not None:
            done = save(
                form,
                lambda: commands.record_bids(
                    get_db(), game_id, form.number.data, bids, blind=read_blind(score)
                ),
                game_id,
                url_for("games.show", game_id=game_id),
                already=f"Hand {form.number.data}: the bids are saved.",
            )
            if not isinstance(done, int):
                return done
            status = done
    return _refused(stored, form, status, "bids")


@bp.post("/games/<game_id>/tricks")
def save_tricks(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    score, table = stored.score(), stored.game.table
    number = _sent_number(len(score.hands))
    hand = score.hands[number - 1] if score.hands else None
    if hand is None:
        flash(
            "These tricks were not saved: no hand is waiting for its tricks (it was saved "
            "or undone on another phone).",
            "error",
        )
        return redirect(url_for("games.show", game_id=game_id))
    form = tricks_form(stored, hand)
    status = 400
    if form.validate_on_submit():
        entered = read_tricks(form, table, hand.bids)
        if entered is not None:
            tricks, sides = entered
            done = save(
                form,
                lambda: commands.record_tricks(
                    get_db(), game_id, form.number.data, form.version.data, tricks, sides
                ),
                game_id,
                url_for("games.show", game_id=game_id),
                already=f"Hand {form.number.data}: the tricks are saved.",
            )
            if not isinstance(done, int):
                return done
            status = done
    return _refused(stored, form, status, "tricks")


@bp.route("/games/<game_id>/hands/<int:number>", methods=["GET", "POST"])
def edit_hand(game_id: str, number: int) -> Any:
    stored = stored_or_404(game_id)
    score, table = stored.score(), stored.game.table
    sent = request.form.get("version", type=int) if request.method == "POST" else None
    if not 1 <= number <= len(stored.game.hands):
        if sent is not None:  # a form for a hand undone since, on another phone
            flash(
                f"Hand {number} is no longer in this game: the hand changed on another phone.",
                "error",
            )
            return redirect(url_for("games.show", game_id=game_id))
        refuse(404, f"This game has no hand {number}.")
    if sent is not None and sent != stored.versions[number - 1]:
        # Checked before the fields: a form for the bids alone, sent after the tricks
        # were saved elsewhere, would otherwise be told of missing tricks.
        flash(changed(number), "error")
        return redirect(url_for("games.edit_hand", game_id=game_id, number=number))
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
    blind = tuple(
        allowed or any(hand.bids[s] == BLIND_NIL for s in table.sides[side])
        for side, allowed in enumerate(blind_before(score, number))
    )
    kind = ("side" if by_side else "seat") if played else None
    form = tag(
        hand_form(
            table,
            bids=True,
            nil=score.rules.nil or NIL in hand.bids,
            zero=zero_is_a_bid(score) or 0 in hand.bids,
            blind=blind,
            tricks=kind,
            **values,
        ),
        table,
    )
    status = 400 if form.is_submitted() else 200
    if form.validate_on_submit():
        bids = read_bids(form, table)
        entered = read_tricks(form, table, bids) if played and bids is not None else None
        if bids is not None and (entered is not None or not played):
            tricks, sides = entered if entered is not None else (None, None)
            later = len(stored.game.hands) > number
            done = save(
                form,
                lambda: commands.fix_hand(
                    get_db(),
                    game_id,
                    number,
                    form.version.data,
                    bids,
                    tricks,
                    sides,
                    confirm=confirmed(),
                ),
                game_id,
                url_for("games.edit_hand", game_id=game_id, number=number),
                (
                    f"Hand {number} corrected; every later hand was scored again."
                    if later
                    else f"Hand {number} corrected."
                    if played
                    else f"The bids of hand {number} were changed."
                ),
            )
            if not isinstance(done, int):
                return done
            status = done
    removes = getattr(form, "removes", None)
    return render_stored(
        "games/edit_hand.html",
        stored,
        form=form,
        number=number,
        played=played,
        by_side=by_side,
        removes=removes.numbers if removes else (),
        confirm_value=confirm_value(removes) if removes else "",
    ), status


@bp.post("/games/<game_id>/hands/<int:number>/delete")
def delete_hand(game_id: str, number: int) -> Any:
    stored = stored_or_404(game_id)
    form = HandForm()
    if not form.validate_on_submit():
        refuse(400, "The form to delete a hand was incomplete.")
    seen = stored.game.hands[number - 1] if 1 <= number <= len(stored.game.hands) else None
    command = commands.cancel if seen is not None and not seen.played else commands.undo
    try:
        command(get_db(), game_id, number, form.version.data)
        flash(f"Hand {number} deleted.", "ok")
    except Outcome as outcome:
        flash(say(outcome), "error")
    except sqlite3.OperationalError as err:
        flash(errors.storage_problem(err)[0], "error")
    return redirect(url_for("games.show", game_id=game_id))


@bp.post("/games/<game_id>/rematch")
def rematch(game_id: str) -> Any:
    stored_or_404(game_id)
    try:
        fresh, new = commands.rematch(get_db(), game_id)
    except NotOver as outcome:
        flash(say(outcome), "error")
        return redirect(url_for("games.show", game_id=game_id))
    except sqlite3.OperationalError as err:
        flash(errors.storage_problem(err)[0], "error")
        return redirect(url_for("games.show", game_id=game_id))
    new_id = fresh.id
    security.remember_game(new_id)
    flash(
        "A new game with the same table and rules. Good luck!"
        if new
        else "The rematch of this game was already started: here it is.",
        "ok",
    )
    return redirect(url_for("games.show", game_id=new_id))


@bp.get("/games/<game_id>/history")
def history(game_id: str) -> str:
    stored = stored_or_404(game_id)
    return render_stored("games/history.html", stored, asked=what_if_for(stored))


@bp.get("/games/<game_id>/export.json")
def export(game_id: str) -> Response:
    stored = stored_or_404(game_id)
    body = gamefile.dumps(gamefile.export(stored.game, stored.score()))
    return Response(
        body,
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="{file_stem(stored)}.json"'},
    )


def _already_here(game: gamefile.Game) -> storage.StoredGame | None:
    """A game of this phone's that is the very game of a file (imported before): the
    same file twice would count its hands twice in the stats."""
    known = storage.list_games(get_db(), security.remembered_games())
    return next((stored for stored in known if stored.game == game), None)


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
            game, score = gamefile.loads_scored(text)
            first = _already_here(game)
            if first is not None and not form.again.data:
                page = render_template("games/import.html", form=form, first=first)
                return page, 409
            game_id = commands.import_game(get_db(), game, score).id
        except GameError as err:
            form.game_file.errors = [*form.game_file.errors, str(err)]
        except sqlite3.OperationalError as err:
            message, status = errors.storage_problem(err)
            form.game_file.errors = [*form.game_file.errors, message]
            return render_template("games/import.html", form=form), status
        else:
            security.remember_game(game_id)
            flash("Game imported.", "ok")
            return redirect(url_for("games.show", game_id=game_id))
    return render_template("games/import.html", form=form), 400 if form.is_submitted() else 200
