"""The games list, a new game, a game file in and out."""

from __future__ import annotations

import sqlite3
from typing import Any

from flask import (
    Response,
    redirect,
    render_template,
    url_for,
)
from werkzeug.wrappers import Response as BaseResponse

from ...core.errors import GameError
from ...core.model import GameScore
from ...core.records import Mode, make_table
from ...core.rules import RULE_SPECS, Rules, validate_rules
from ...files import game as gamefile
from ...store import commands, storage, undone
from ...store.club_commands.outcomes import ClubOutcome
from .. import errors, import_budget, preset_links, remembered, respond, security
from ..db import get_db
from ..forms import (
    COMMON_RULES,
    ImportForm,
    NewGameForm,
)
from ..new_game import new_game_context
from ..render import stored_or_404
from ..sharing import file_stem
from ..words import game_done as said
from ..words.clubs import club_words
from ..words.core_words import refusal
from .blueprint import bp


@bp.get("/")
def home() -> BaseResponse:
    return redirect(url_for("games.index"))


@bp.get("/games")
def index() -> str:
    scored = [(g, g.score()) for g in storage.list_games(get_db(), security.remembered_games())]
    playing = [row for row in scored if not row[1].over]
    finished = [row for row in scored if row[1].over]
    return render_template("games/index.html", playing=playing, finished=finished)


@bp.route("/games/new", methods=["GET", "POST"])
def new() -> Any:
    form = NewGameForm()
    if form.validate_on_submit():
        done = respond.run(
            lambda: _start(form),
            _started,
            url_for("games.new"),
            page=_above(form.form_errors),
        )
        if not isinstance(done, int):
            return done
        if done != 400:  # a server that cannot write: the form as sent, and why
            return render_template(
                "games/new.html", form=form, specs=RULE_SPECS, common_rules=COMMON_RULES
            ), done
    return render_template(
        "games/new.html",
        form=form,
        specs=RULE_SPECS,
        common_rules=COMMON_RULES,
        **new_game_context(form),
    ), 400 if form.is_submitted() else 200


def _start(form: NewGameForm) -> str:
    """The game of the new-game form, its table and rules checked by the core: its id."""
    mode, seats = form.mode_and_seats()
    names = [form[f"player_{seat}"].data for seat in range(seats)]
    table = make_table(mode, names, int(form.first_dealer.data), form.side_names())
    rules = validate_rules(form.chosen_rules(), mode)
    tricks_by = form.tricks_by.data if mode is Mode.PARTNERSHIP else "seat"
    club = form.club.data if form.club.data in remembered.club_ids() else None
    if club is not None:  # the club this phone last filed into: first, and chosen next time
        remembered.remember_club(club)
    preset = _preset_kept(form, rules)
    clock = form.clock.data or 0
    return commands.start(
        get_db(), table, rules, tricks_by=tricks_by, club=club, preset=preset, clock=clock
    ).id


def _preset_kept(form: NewGameForm, rules: Rules) -> str | None:
    """The name of the preset the page was filled from, if the game keeps its rules."""
    name = preset_links.kept(form.preset_name.data or "", form.preset_rules.data or "", rules)
    return name or None


def _started(game_id: str) -> BaseResponse:
    security.remember_game(game_id)
    return redirect(url_for("games.show", game_id=game_id))


def _above(messages: list[str]) -> respond.Page:
    """The core's refusal (400) or a server that cannot write (its status), in `messages`."""

    def shown(err: Exception) -> int | None:
        if isinstance(err, sqlite3.OperationalError):
            message, status = errors.storage_problem(err)
            messages.append(message)
            return status
        if isinstance(err, GameError):
            messages.append(str(err))
            return 400
        if isinstance(err, ClubOutcome):
            messages.append(club_words(err) or "")
            return 400
        return None

    return shown


@bp.get("/games/<game_id>/export.json")
def export(game_id: str) -> Response:
    stored = stored_or_404(game_id)
    found = undone.offered(get_db(), stored)  # the hand the table may put back goes too
    back = None if found is None else (found.number, found.hand, found.ended)
    body = gamefile.dumps(gamefile.export(stored.game, stored.score(), back))
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
        raw = _sent(form)
        read = _read(form, raw)
        if read is not None:
            game, score, back = read
            first = _already_here(game)
            if first is not None and not form.again.data:
                form.kept.data = raw.decode("utf-8-sig") if len(raw) <= KEPT_BYTES else ""
                form.game_file.flags.required = not form.kept.data  # the phone may send none
                return render_template("games/import.html", form=form, first=first), 409
            import_budget.check(1)  # this phone's budget (web/import_budget.py)
            errors_ = list(form.game_file.errors)
            done = respond.run(
                lambda: commands.import_game(get_db(), game, score, put_back=back).id,
                _imported,
                url_for("games.import_game"),
                page=_above(errors_),
            )
            form.game_file.errors = errors_
            if not isinstance(done, int):
                return done
            if done != 400:
                return render_template("games/import.html", form=form), done
    return render_template("games/import.html", form=form), 400 if form.is_submitted() else 200


# The largest file the page that says a game is here already keeps for "import it again"
# (a form field: under Werkzeug's 500,000 bytes for one; a larger file is chosen again).
KEPT_BYTES = 256 * 1024


def _sent(form: ImportForm) -> bytes:
    """The file sent: the one chosen, else the one the page kept (`ImportForm.kept`)."""
    if form.game_file.data:
        return form.game_file.data.read()  # type: ignore[no-any-return]
    return (form.kept.data or "").encode("utf-8")


def _read(
    form: ImportForm, raw: bytes
) -> tuple[gamefile.Game, GameScore, gamefile.PutBack | None] | None:
    """The game of the file sent (`raw`, read once by `_sent`) and its score; None with
    why beside the file field."""
    try:
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise GameError("the game file is not UTF-8 text") from None
        return gamefile.loads_full(text)
    except GameError as err:
        # the file refused whole in the page's language; a part of it, in its own keys' English
        whole = err.field is None and err.hand is None
        form.game_file.errors = [*form.game_file.errors, refusal(err) if whole else str(err)]
        return None


def _imported(game_id: str) -> BaseResponse:
    import_budget.spend(1)
    security.remember_game(game_id)
    return respond.flashed(url_for("games.show", game_id=game_id), said.imported())
