"""Keeping a game in order: settings, deleting, ending early, putting an undone hand
back, a hand's dealer and adjustment, the CSV table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, request, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as BaseResponse

from ..core.checks import MAX_ADJUST
from ..core.errors import GameError
from ..core.game import check_settings
from ..core.next_hand import next_hand
from ..core.records import Table
from ..core.rules import Rules
from ..store import commands, storage
from ..store.outcomes import Outcome, RemovesHands, Stale
from . import security
from .csv_export import hands_csv
from .db import get_db
from .manage_forms import (
    VersionForm,
    adjust_form,
    dealer_form,
    read_adjustment,
    read_settings,
    renege_form,
    rule_keys,
    settings_form,
)
from .outcomes import STALE_SHORT, confirm_value, confirmed, say
from .powers import require
from .render import render_stored, stored_or_404
from .sharing import file_stem

bp = Blueprint("manage", __name__)


def _game_url(game_id: str) -> str:
    return url_for("games.show", game_id=game_id)


def _offer_removal(form: VersionForm, removes: RemovesHands, why: str = "") -> None:
    """The page offers to remove the hands and save, at the revision the game is at."""
    form.removes = removes.numbers
    form.confirm_value = confirm_value(removes)
    where = "" if removes.number is None else f"hand {removes.number}: "
    form.form_errors.append(f"Not saved: {why}{where}{say(removes)}")


def _write(
    form: VersionForm,
    write: Callable[[], object],
    again: str,
    done: str,
    after: str,
    stale: Callable[[Stale], bool] | None = None,
) -> BaseResponse | None:
    """Run one game command: a refusal goes above the form (None: show it again), a stale
    form back to `again` with the reason (unless `stale` shows it again), success to
    `after` with `done`."""
    try:
        write()
    except RemovesHands as removes:
        _offer_removal(form, removes)
        return None
    except Stale as outcome:
        if stale is not None and stale(outcome):
            return None
        flash(say(outcome), "error")
        return redirect(again)
    except GameError as err:
        name = f"{err.field}_{err.seat}" if err.field == "adjust" else err.field
        if name in ("note", "dealer") or (name and name.startswith("adjust_")):
            form[name].errors = [*form[name].errors, err.detail.split(": ", 1)[-1]]
        else:
            where = f"hand {err.hand}: " if err.hand else ""
            form.form_errors.append(f"Not saved: {where}{err.detail}")
        return None
    except Outcome as outcome:
        flash(say(outcome), "error")
        return redirect(again)
    flash(done, "ok")
    return redirect(after)


@bp.route("/games/<game_id>/settings", methods=["GET", "POST"])
def settings(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    require(stored, "settings")
    table = stored.game.table
    form = settings_form(table, stored.game.rules, stored.revision)
    if form.validate_on_submit():
        built = read_settings(form, table)
        if built is not None:
            new_table, rules = built
            done = _write(
                form,
                lambda: commands.change_settings(
                    get_db(), game_id, form.version.data, new_table, rules, confirm=confirmed()
                ),
                url_for("manage.settings", game_id=game_id),
                "Settings saved; every hand was scored again.",
                _game_url(game_id),
                lambda outcome: _removal_again(form, outcome, new_table, rules),
            )
            if done:
                return done
    return render_stored(
        "games/settings.html", stored, form=form, rule_keys=rule_keys(table)
    ), 400 if form.is_submitted() else 200


def _removal_again(form: VersionForm, stale: Stale, table: Table, rules: Rules) -> bool:
    """A confirmed removal sent after the game moved on (another hand saved): nothing is
    saved, and, as a fixed hand's page does, the page shows at once which hands the same
    settings remove now, to confirm at the game's new revision. False: not such a case."""
    now = stale.stored
    if now is None or confirmed() is None:
        return False
    try:
        removed = check_settings(now.game, table, rules).removed
    except GameError:
        return False
    if not removed:
        return False
    form.version.data, form.version.raw_data = now.revision, [str(now.revision)]
    _offer_removal(form, RemovesHands(now, None, removed), f"{STALE_SHORT} ")
    return True


@bp.route("/games/<game_id>/delete", methods=["GET", "POST"])
def delete(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    require(stored, "delete")
    form = FlaskForm()
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400, description="The form to delete the game was incomplete.")
        try:  # a page older than the game (a hand saved since on another phone) deletes nothing
            commands.delete(get_db(), game_id, request.form.get("version", type=int))
        except Stale as outcome:
            flash(say(outcome), "error")
            return redirect(url_for("games.show", game_id=game_id))
        security.forget_game(game_id)
        flash("The game was deleted.", "ok")
        return redirect(url_for("games.index"))
    return render_stored("games/delete.html", stored, form=form)


@bp.get("/games/<game_id>/hands.csv")
def hands_table(game_id: str) -> Response:
    stored = stored_or_404(game_id)
    return Response(
        hands_csv(stored),
        mimetype="text/csv",
        headers={"Content-Disposition": (f'attachment; filename="{file_stem(stored)}-hands.csv"')},
    )


@bp.post("/games/<game_id>/end")
def end(game_id: str) -> Any:
    require(stored_or_404(game_id), "end")
    form = VersionForm()
    if not form.validate_on_submit():
        abort(400, description="The form to end the game was incomplete.")
    try:
        commands.end_now(get_db(), game_id, form.version.data)
    except GameError as err:
        flash(err.detail, "error")
    except Outcome as outcome:
        flash(say(outcome), "error")
    else:
        flash("The game was ended.", "ok")
    return redirect(_game_url(game_id))


@bp.post("/games/<game_id>/hands/<int:number>/put-back")
def put_back(game_id: str, number: int) -> Any:
    """Put back the hand just undone, while the game has not changed since."""
    require(stored_or_404(game_id), "put_back")
    form = VersionForm()
    if not form.validate_on_submit():
        abort(400, description="The form to put the hand back was incomplete.")
    try:
        commands.put_back(get_db(), game_id, number, form.version.data)
    except GameError as err:
        flash(err.detail, "error")
    except Outcome as outcome:
        flash(say(outcome), "error")
    else:
        flash(f"Hand {number} is back, as it was saved.", "ok")
    return redirect(_game_url(game_id))


def _hand_or_404(stored: storage.StoredGame, number: int, upcoming: bool = False) -> None:
    last = len(stored.game.hands) + (1 if upcoming and not stored.score().pending else 0)
    if not 1 <= number <= last:
        abort(404, description=f"This game has no hand {number}.")


@bp.route("/games/<game_id>/hands/<int:number>/dealer", methods=["GET", "POST"])
def dealer(game_id: str, number: int) -> Any:
    stored = stored_or_404(game_id)
    require(stored, "dealer")
    _hand_or_404(stored, number, upcoming=True)
    upcoming = number > len(stored.game.hands)
    version = 0 if upcoming else stored.versions[number - 1]
    form = dealer_form(stored.game.table, version, next_hand(stored.score(), number).dealer)
    back = (
        _game_url(game_id)
        if upcoming
        else url_for("games.edit_hand", game_id=game_id, number=number)
    )
    if form.validate_on_submit():
        seat = int(form.dealer.data)
        done = _write(
            form,
            lambda: commands.set_dealer(get_db(), game_id, number, form.version.data, seat),
            url_for("manage.dealer", game_id=game_id, number=number),
            f"{stored.game.table.players[seat]} deals hand {number}; the deal passes on "
            "from there.",
            back,
        )
        if done:
            return done
    return render_stored(
        "games/dealer.html", stored, form=form, number=number, back=back
    ), 400 if form.is_submitted() else 200


@bp.route("/games/<game_id>/hands/<int:number>/adjust", methods=["GET", "POST"])
def adjust(game_id: str, number: int) -> Any:
    stored = stored_or_404(game_id)
    require(stored, "adjust")
    _hand_or_404(stored, number)
    hand = stored.game.hands[number - 1]
    if not hand.played:
        abort(
            404,
            description=f"Hand {number} has not been played yet: only a played hand "
            "can be adjusted.",
        )
    names = [side.name for side in stored.score().sides]
    form = adjust_form(names, stored.versions[number - 1], hand.adjust, hand.note)
    if form.validate_on_submit():
        points = [form[f"adjust_{side}"].data or 0 for side in range(len(names))]
        done = _write(
            form,
            lambda: commands.adjust(
                get_db(),
                game_id,
                number,
                form.version.data,
                *read_adjustment(points, form.note.data or ""),
                confirm=confirmed(),
            ),
            url_for("manage.adjust", game_id=game_id, number=number),
            f"Hand {number} adjusted; every later hand was scored again.",
            url_for("games.show", game_id=game_id),
        )
        if done:
            return done
    return render_stored(
        "games/adjust.html", stored, form=form, number=number, names=names, most=MAX_ADJUST
    ), 400 if form.is_submitted() else 200


@bp.route("/games/<game_id>/hands/<int:number>/renege", methods=["GET", "POST"])
def renege(game_id: str, number: int) -> Any:
    stored = stored_or_404(game_id)
    require(stored, "renege")
    _hand_or_404(stored, number)
    hand = stored.game.hands[number - 1]
    if stored.game.table.mode != "partnership" or not hand.played:
        abort(404, description="A renege is recorded on a played hand of a partnership game.")
    names = [side.name for side in stored.score().sides]
    form = renege_form(names, stored.versions[number - 1], hand.renege)
    if form.validate_on_submit():
        sides = [side for side in range(len(names)) if form[f"renege_{side}"].data]
        done = _write(
            form,
            lambda: commands.renege(
                get_db(), game_id, number, form.version.data, sides, confirm=confirmed()
            ),
            url_for("manage.renege", game_id=game_id, number=number),
            f"Hand {number}: renege saved; every later hand was scored again.",
            _game_url(game_id),
        )
        if done:
            return done
    return render_stored(
        "games/renege.html", stored, form=form, number=number, names=names
    ), 400 if form.is_submitted() else 200
