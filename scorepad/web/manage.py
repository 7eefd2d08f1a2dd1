"""Keeping a game in order: settings, deleting, ending early, putting an undone hand
back, a hand's dealer and adjustment, the CSV table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, abort, request, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as BaseResponse

from ..core.checks import MAX_ADJUST, check_can_renege
from ..core.errors import GameError
from ..core.game import check_settings
from ..core.next_hand import next_hand
from ..core.records import Table
from ..core.rules import Rules
from ..store import commands, storage
from ..store.outcomes import RemovesHands, Stale
from . import respond, security
from .clubs.forms import FileGameForm
from .clubs.pages import fileable_into, managed
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
from .outcomes import STALE_SHORT, confirm_value, confirmed, deleted, say
from .powers import require
from .render import render_stored, stored_or_404
from .sharing import file_stem
from .words import game_done as said
from .words.core_words import beside, core_text, not_saved, rule_refusal

bp = Blueprint("manage", __name__)


def _game_url(game_id: str) -> str:
    return url_for("games.show", game_id=game_id)


def _offer_removal(form: VersionForm, removes: RemovesHands, why: str = "") -> None:
    """The page offers to remove the hands and save, at the revision the game is at."""
    form.removes = removes.numbers
    form.confirm_value = confirm_value(removes)
    form.form_errors.append(not_saved(why + say(removes), removes.number))


def _beside(form: VersionForm, stale: Callable[[Stale], bool] | None = None) -> respond.Page:
    """The refusals a management form shows again (400): the core's, beside its field or
    above the form, the hands a change would remove (to confirm), and a stale form that
    `stale` shows again; the others go back with their words."""

    def shown(err: Exception) -> int | None:
        if isinstance(err, RemovesHands):
            _offer_removal(form, err)
        elif isinstance(err, Stale):
            return 400 if stale is not None and stale(err) else None
        elif isinstance(err, GameError):
            _place(form, err)
        else:
            return None
        return 400

    return shown


def _place(form: VersionForm, err: GameError) -> None:
    name = f"{err.field}_{err.seat}" if err.field == "adjust" else err.field
    rule = f"rule_{err.rule}" if err.rule else ""
    if name in ("note", "dealer") or (name and name.startswith("adjust_")):
        form[name].errors = [*form[name].errors, beside(err)]
    elif rule in form:  # settings an earlier hand breaks: the rule named, beside its field
        said, above = rule_refusal(err)
        form[rule].errors = [*form[rule].errors, said]
        form.form_errors.append(above)
    else:
        form.form_errors.append(not_saved(core_text(err.detail), err.hand))


def _done(address: str, words: str) -> Callable[[object], BaseResponse]:
    return lambda _: respond.flashed(address, words)


def _changed(
    game_id: str, number: int, words: Callable[[int, bool], str]
) -> Callable[[storage.StoredGame], BaseResponse]:
    """Hand `number` changed: said with whether later hands were scored again."""
    return lambda fresh: respond.flashed(
        _game_url(game_id), words(number, len(fresh.game.hands) > number)
    )


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
            done = respond.run(
                lambda: commands.change_settings(
                    get_db(), game_id, form.version.data, new_table, rules, confirm=confirmed()
                ),
                _done(_game_url(game_id), said.settings_saved()),
                url_for("manage.settings", game_id=game_id),
                page=_beside(form, lambda outcome: _removal_again(form, outcome, new_table, rules)),
            )
            if not isinstance(done, int):
                return done
    return render_stored(
        "games/settings.html",
        stored,
        form=form,
        rule_keys=rule_keys(table),
        clubs=fileable_into(stored),
        # a preset may be kept in any club this phone manages (its manager's link)
        preset_clubs=managed(),
        file_form=FileGameForm(),
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
    _offer_removal(form, RemovesHands(now, None, removed), f"{STALE_SHORT!s} ")
    return True


@bp.route("/games/<game_id>/delete", methods=["GET", "POST"])
def delete(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    require(stored, "delete")
    form = FlaskForm()
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400, description=said.incomplete("delete_game"))
        # a page older than the game (a hand saved since on another phone) deletes nothing
        return respond.run(
            lambda: commands.delete(get_db(), game_id, request.form.get("version", type=int)),
            lambda _: _deleted(game_id),
            url_for("games.show", game_id=game_id),
        )
    return render_stored("games/delete.html", stored, form=form)


def _deleted(game_id: str) -> BaseResponse:
    security.forget_game(game_id)
    return respond.flashed(url_for("games.index"), deleted())


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
        abort(400, description=said.incomplete("end"))
    return respond.run(
        lambda: commands.end_now(get_db(), game_id, form.version.data),
        _done(_game_url(game_id), said.ended()),
        _game_url(game_id),
    )


@bp.post("/games/<game_id>/hands/<int:number>/put-back")
def put_back(game_id: str, number: int) -> Any:
    """Put back the hand just undone, while the game has not changed since."""
    held = require(stored_or_404(game_id), "put_back")
    form = VersionForm()
    if not form.validate_on_submit():
        abort(400, description=said.incomplete("put_back"))
    return respond.run(
        lambda: commands.put_back(
            get_db(), game_id, number, form.version.data, by_table=held.by_table
        ),
        lambda fresh: respond.flashed(
            _game_url(game_id), said.put_back(number, fresh.game.hands[number - 1].played)
        ),
        _game_url(game_id),
    )


def _hand_or_404(stored: storage.StoredGame, number: int, upcoming: bool = False) -> None:
    last = len(stored.game.hands) + (1 if upcoming and not stored.score().pending else 0)
    if not 1 <= number <= last:
        abort(404, description=said.no_hand(number))


@bp.route("/games/<game_id>/hands/<int:number>/dealer", methods=["GET", "POST"])
def dealer(game_id: str, number: int) -> Any:
    stored = stored_or_404(game_id)
    held = require(stored, "dealer")
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
        done = respond.run(
            lambda: commands.set_dealer(
                get_db(), game_id, number, form.version.data, seat, by_table=held.by_table
            ),
            _done(back, said.deals(stored.game.table.players[seat], number)),
            url_for("manage.dealer", game_id=game_id, number=number),
            page=_beside(form),
        )
        if not isinstance(done, int):
            return done
    return render_stored(
        "games/dealer.html", stored, form=form, number=number, back=back
    ), 400 if form.is_submitted() else 200


@bp.route("/games/<game_id>/hands/<int:number>/adjust", methods=["GET", "POST"])
def adjust(game_id: str, number: int) -> Any:
    stored = stored_or_404(game_id)
    held = require(stored, "adjust")
    _hand_or_404(stored, number)
    hand = stored.game.hands[number - 1]
    if not hand.played:
        abort(404, description=said.not_played(number))
    names = [side.name for side in stored.score().sides]
    form = adjust_form(names, stored.versions[number - 1], hand.adjust, hand.note)
    if form.validate_on_submit():
        points = [form[f"adjust_{side}"].data or 0 for side in range(len(names))]
        done = respond.run(
            lambda: commands.adjust(
                get_db(),
                game_id,
                number,
                form.version.data,
                *read_adjustment(points, form.note.data or ""),
                confirm=confirmed(),
                by_table=held.by_table,
            ),
            _changed(game_id, number, said.adjusted),
            url_for("manage.adjust", game_id=game_id, number=number),
            page=_beside(form),
        )
        if not isinstance(done, int):
            return done
    return render_stored(
        "games/adjust.html", stored, form=form, number=number, names=names, most=MAX_ADJUST
    ), 400 if form.is_submitted() else 200


@bp.route("/games/<game_id>/hands/<int:number>/renege", methods=["GET", "POST"])
def renege(game_id: str, number: int) -> Any:
    stored = stored_or_404(game_id)
    held = require(stored, "renege")
    _hand_or_404(stored, number)
    hand = stored.game.hands[number - 1]
    try:  # the core's rule: a played hand of a partnership game
        check_can_renege(stored.game.table, hand.played, number)
    except GameError:
        abort(404, description=said.renege_where())
    names = [side.name for side in stored.score().sides]
    form = renege_form(names, stored.versions[number - 1], hand.renege)
    if form.validate_on_submit():
        sides = [side for side in range(len(names)) if form[f"renege_{side}"].data]
        done = respond.run(
            lambda: commands.renege(
                get_db(),
                game_id,
                number,
                form.version.data,
                sides,
                confirm=confirmed(),
                by_table=held.by_table,
            ),
            _changed(game_id, number, said.renege_saved),
            url_for("manage.renege", game_id=game_id, number=number),
            page=_beside(form),
        )
        if not isinstance(done, int):
            return done
    return render_stored(
        "games/renege.html", stored, form=form, number=number, names=names
    ), 400 if form.is_submitted() else 200
