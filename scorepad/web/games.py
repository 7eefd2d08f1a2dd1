"""The web layer: HTTP in, one storage or scoring call, a page or a redirect out."""

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
from ..core.scoring import BLIND_NIL, NIL, make_table
from ..store import storage
from . import errors, manage, security
from .blind import read_blind
from .db import get_db
from .errors import refuse
from .evening import after_rematch, what_if_for
from .forms import (
    COMMON_RULES,
    HandForm,
    ImportForm,
    NewGameForm,
    hand_form,
    read_bids,
    read_tricks,
)
from .pagecache import game_page
from .render import render_stored, stored_or_404
from .saving import (
    bids_form,
    blind_before,
    repeated_bids,
    repeated_tricks,
    save,
    tag,
    tricks_form,
    zero_is_a_bid,
)

bp = Blueprint("games", __name__)


def _render_game(
    stored: storage.StoredGame, form: HandForm | None = None, status: int = 200
) -> tuple[str, int]:
    score = stored.score()
    if form is None and score.status != "finished":
        pending = score.pending
        if pending is not None:
            form = tricks_form(stored, pending, version=stored.versions[-1])
        else:
            form = bids_form(stored.game.table, score, score.next_number, version=0)
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
        **manage.new_game_context(form),
    ), 400 if form.is_submitted() else 200


@bp.get("/games/<game_id>")
def show(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    security.remember_game(game_id)
    return game_page(stored, lambda: _render_game(stored)[0])


@bp.post("/games/<game_id>/bids")
def save_bids(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    score, table = stored.score(), stored.game.table
    repeated = repeated_bids(stored)
    if repeated:
        return repeated
    if score.status == "finished" or score.pending:
        flash(
            "These bids were not saved: the game is over."
            if score.status == "finished"
            else f"Hand {score.next_number} was already entered, on this phone or another.",
            "error",
        )
        return redirect(url_for("games.show", game_id=game_id))
    form = bids_form(table, score, score.next_number)
    status = 400
    if form.validate_on_submit():
        bids = read_bids(form, table)
        if bids is not None:
            done = save(
                form,
                lambda: storage.save_bids(
                    get_db(), game_id, form.number.data, bids, blind=read_blind(score)
                ),
                game_id,
                url_for("games.show", game_id=game_id),
            )
            if not isinstance(done, int):
                return done
            status = done
    return _render_game(stored, form, status)


@bp.post("/games/<game_id>/tricks")
def save_tricks(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    score, table = stored.score(), stored.game.table
    repeated = repeated_tricks(stored)
    if repeated:
        return repeated
    if not score.pending:
        flash(
            "These tricks were not saved: no hand is waiting for its tricks (it was saved "
            "or undone on another phone).",
            "error",
        )
        return redirect(url_for("games.show", game_id=game_id))
    form = tricks_form(stored, score.pending)
    status = 400
    if form.validate_on_submit():
        entered = read_tricks(form, table, score.pending.bids)
        if entered is not None:
            tricks, sides = entered
            done = save(
                form,
                lambda: storage.save_tricks(
                    get_db(), game_id, form.number.data, form.version.data, tricks, sides
                ),
                game_id,
                url_for("games.show", game_id=game_id),
            )
            if not isinstance(done, int):
                return done
            status = done
    return _render_game(stored, form, status)


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
        flash(storage.changed(number), "error")
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
            confirmed = request.form.get("confirm_removal") == "1"

            def write() -> None:
                try:
                    storage.edit_hand(
                        get_db(),
                        game_id,
                        number,
                        form.version.data,
                        bids,
                        tricks,
                        sides,
                        confirm_removal=confirmed,
                    )
                except storage.RemovesHands as err:
                    # The page then offers to remove them and save the same fix.
                    form.removes = err.removed  # type: ignore[attr-defined]
                    raise

            done = save(
                form,
                write,
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
    return render_stored(
        "games/edit_hand.html",
        stored,
        form=form,
        number=number,
        played=played,
        by_side=by_side,
        removes=getattr(form, "removes", ()),
    ), status


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
    except sqlite3.OperationalError as err:
        flash(errors.storage_problem(err)[0], "error")
    return redirect(url_for("games.show", game_id=game_id))


@bp.post("/games/<game_id>/rematch")
def rematch(game_id: str) -> Any:
    stored_or_404(game_id)
    try:
        new_id, new = storage.rematch(get_db(), game_id)
    except GameError as err:
        flash(f"No rematch yet: {err.detail}.", "error")
        return redirect(url_for("games.show", game_id=game_id))
    except sqlite3.OperationalError as err:
        flash(errors.storage_problem(err)[0], "error")
        return redirect(url_for("games.show", game_id=game_id))
    if new:
        after_rematch(game_id, new_id)
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
        headers={
            "Content-Disposition": f'attachment; filename="scorepad-{stored.created_at[:10]}.json"'
        },
    )


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
            game_id = storage.create_game(
                get_db(), game.table, game.rules, game.hands, game.tricks_by, game.start, game.ended
            )
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
