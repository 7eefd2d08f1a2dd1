"""The director's pages: create an event, check people in, draw, change and start rounds,
call time, end a table's game, start the playoff. Each POST calls one command."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from flask import flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse
from wtforms.fields.choices import SelectChoice

from ...core.errors import GameError
from ...core.event import check_settings
from ...core.names import pair_name
from ...core.rules import RULE_SPECS, validate_rules
from ...store import storage
from ...store.event_commands import checkin, clock, rounds, seats
from ...store.event_commands import playoff as playoffs
from ...store.events import event_names, known_names, load_event
from ...store.seasons import season_of_event
from .. import preset_links, respond, security
from .. import remembered as remembered_list
from ..clubs.pages import managed
from ..db import get_db
from ..forms import COMMON_RULES
from ..pagemodel import POLL_DIRECTOR
from ..words import event_done as said
from ..words import plain_error
from ..words.clubs import club_words, night_labels
from ..words.events import not_done
from . import card, data
from .blueprint import bp, director_post
from .forms import (
    CheckInForm,
    EventForm,
    ReseatForm,
    RevisionForm,
    SwapForm,
    WinnerForm,
    reseat_form,
    winner_forms,
)
from .reopen import reopen_view

WHOLE = re.compile(r"[0-9]{1,9}")


def _rules_choices(form: EventForm) -> list[tuple[str, str]]:
    games = storage.list_games(get_db(), security.remembered_games()[:20])
    choices = [("", said.rules_below())] + [
        (g.id, said.game_rules(" vs ".join(s.name for s in g.score().sides), g.game.rules.target))
        for g in games
    ]
    form.rules_from.choices = [SelectChoice(v, label) for v, label in choices]
    form.club.choices = [SelectChoice("", said.no_club()), *(SelectChoice(*c) for c in managed())]
    return choices


def remember(event_id: str) -> None:
    """Keep the event on this browser's list (newest first): the director's way back."""
    remembered_list.remember_event(event_id)


def remembered() -> list[str]:
    """The ids of the events this browser created or directed, newest first."""
    return remembered_list.events()


@bp.route("/new", methods=["GET", "POST"])
def new() -> Any:
    form = EventForm()
    _rules_choices(form)
    if form.validate_on_submit():
        done = respond.run(
            lambda: _create(form),
            _created,
            url_for("events.new"),
            page=respond.above(form, _refusal),
        )
        if not isinstance(done, int):
            return done
    status = 400 if form.is_submitted() else 200
    return render_template(
        "events/new.html",
        form=form,
        specs=RULE_SPECS,
        common_rules=COMMON_RULES,
        events=_named(event_names(get_db(), remembered())),
        **preset_links.night_offers(form),
    ), status


def _named(events: dict[str, tuple[str, str]]) -> list[tuple[str, str]]:
    """The nights this phone directs, each by its name and day, repeats told apart."""
    return list(zip(events, night_labels(list(events.values()))))


def _refusal(err: Exception) -> str | None:
    """The core's refusal of the night, or its club's (a club holding all the nights it may)."""
    return respond.core_words(err) or club_words(err)


def _create(form: EventForm) -> tuple[str, str]:
    """The event of the form, with its settings and rules checked: its id and name."""
    settings = check_settings(form.settings())
    if form.rules_from.data:
        source = storage.load_game(get_db(), form.rules_from.data)
        if source is None:
            raise GameError(said.game_gone(), field="rules_from")
        rules = source.game.rules
    else:
        rules = validate_rules(form.chosen_rules())
    club = form.club.data if form.club.data in remembered_list.club_ids() else None
    return checkin.create_event(get_db(), settings, rules, club), settings.name


def _created(made: tuple[str, str]) -> BaseResponse:
    event_id, _ = made
    remember(event_id)
    return redirect(url_for("events.director", event_id=event_id))


@bp.get("/<event_id>")
def director(event_id: str) -> str:
    db = get_db()
    event, games = data.fresh(db, event_id)
    if remembered()[:1] != [event.id]:
        remember(event.id)
    here = [e for e in event.entrants if e.here]
    swap = SwapForm(revision=event.revision)
    places = [SelectChoice(e.id, e.name) for e in here]
    swap.first.choices = swap.second.choices = places  # type: ignore[assignment]
    if len(places) > 1:  # two different entrants chosen to start with: a swap that can be
        swap.second.data = places[1].value
    page = data.page(db, event, games, detail=True)
    checkin = CheckInForm()
    for field in (checkin.player_0, checkin.player_1):
        field.render_kw = {"list": "event-names", "autocomplete": "off"}
    shared = card.share(event, page["rows"], page["champion"]) if page["over"] else {}
    return render_template(
        "events/director.html",
        **page,
        **shared,
        checkin=checkin,
        swap=swap,
        reseat=reseat_form(event.revision, page["tables"]),
        winner_forms=winner_forms(event.revision, page["playoff"]),
        action=RevisionForm(revision=event.revision),
        known_names=known_names(db, remembered()),
        reopen=reopen_view(db, event),
        started=bool(event.rounds),
        poll=POLL_DIRECTOR,
        season=season_of_event(db, event.id),
    )


@bp.get("/<event_id>/tables")
def director_tables(event_id: str) -> str:
    db = get_db()
    event, games = data.fresh(db, event_id)
    page = data.page(db, event, games, detail=True)
    return render_template(
        "events/_director_tables.html",
        **page,
        action=RevisionForm(revision=event.revision),
        winner_forms=winner_forms(event.revision, page["playoff"]),
    )


def act(
    event_id: str, do: Callable[[], object], done: str | Callable[[], str], at: str = "round"
) -> BaseResponse:
    """Run one command; its outcome, in words, is flashed beside the director's page,
    which comes back at the part acted on (`at`: the id of a table, the round...)."""
    here = url_for("events.director", event_id=event_id, at=at, _anchor=at)
    return respond.run(
        do,
        lambda _: respond.flashed(here, done if isinstance(done, str) else done(), "success"),
        here,
        words=not_done,
    )


def revision_in(name: str = "revision") -> int:
    """The event revision the director's page showed, as its form sent it (`name`)."""
    found = request.form.get(name, "")
    if not WHOLE.fullmatch(found):
        raise GameError(said.incomplete(), field="revision")
    return int(found)


@director_post("/<event_id>/checkin")
def check_in(event_id: str) -> BaseResponse:
    form = CheckInForm()
    event = load_event(get_db(), event_id)
    if not form.validate_for(event is not None and event.settings.pairs):
        bad = next(f for f in form if f.errors)
        flash(said.not_checked_in(bad.label.text, plain_error(bad, bad.errors[0])), "error")
        return redirect(
            url_for("events.director", event_id=event_id, at="checkin", _anchor="checkin")
        )
    names = [n for n in (form.player_0.data, form.player_1.data) if n and n.strip()]
    return act(
        event_id,
        lambda: checkin.check_in(get_db(), event_id, names),
        said.checked_in(pair_name(names)),
        "checkin",
    )


@director_post("/<event_id>/entrants/<int:entrant>/<any(left,back):how>")
def here(event_id: str, entrant: int, how: str) -> BaseResponse:
    back = how == "back"
    done = said.here(back)
    return act(
        event_id, lambda: checkin.set_here(get_db(), event_id, entrant, back), done, "checkin"
    )


@director_post("/<event_id>/draw")
def draw(event_id: str) -> BaseResponse:
    return act(
        event_id,
        lambda: rounds.draw_next(get_db(), event_id, revision_in()),
        said.drawn(),
    )


@director_post("/<event_id>/swap")
def swap(event_id: str) -> BaseResponse:
    first, second = request.form.get("first", ""), request.form.get("second", "")

    def do() -> None:
        if not (WHOLE.fullmatch(first) and WHOLE.fullmatch(second)):
            raise GameError(said.choose_two(), field="entrant")
        rounds.swap(get_db(), event_id, revision_in(), int(first), int(second))

    return act(event_id, do, said.swapped())


SEAT = re.compile(r"([0-9]{1,3})-([0-3])")


@director_post("/<event_id>/rounds/<int:number>/reseat")
def reseat(event_id: str, number: int) -> BaseResponse:
    form = ReseatForm()
    found = SEAT.fullmatch(form.seat.data or "")
    done: list[str] = []

    def do() -> None:
        if not found:
            raise GameError(said.choose_seat(), field="seat")
        if not form.name.validate(form):
            raise GameError(said.who_sits(form.name.errors[0]))
        table, seat = int(found.group(1)), int(found.group(2))
        moved = seats.reseat(get_db(), event_id, revision_in(), number, table, seat, form.name.data)
        done.append(said.reseated(table, moved.arriving, moved.leaving, moved.swapped))

    at = f"table-{found.group(1)}" if found else "reseat"
    return act(event_id, do, lambda: done[0], at)


@director_post("/<event_id>/cancel")
def cancel(event_id: str) -> BaseResponse:
    return act(
        event_id, lambda: rounds.cancel_draw(get_db(), event_id, revision_in()), said.cancelled()
    )


@director_post("/<event_id>/start")
def start(event_id: str) -> BaseResponse:
    return act(
        event_id,
        lambda: rounds.start_round(get_db(), event_id, revision_in()),
        said.started(),
    )


@director_post("/<event_id>/close-round")
def close_round(event_id: str) -> BaseResponse:
    return act(
        event_id,
        lambda: clock.close_round(get_db(), event_id, revision_in()),
        said.closed(),
    )


@director_post("/<event_id>/rounds/<int:number>/tables/<int:table>/winner")
def winner(event_id: str, number: int, table: int) -> BaseResponse:
    form = WinnerForm(prefix=f"r{number}t{table}")
    side = request.form.get(form.winner.name, "")

    def do() -> None:
        if side not in ("0", "1"):
            raise GameError(said.choose_side(), field="winner")
        note = form.note.data or ""
        at = (number, table)
        clock.name_winner(get_db(), event_id, revision_in(form.revision.name), at, int(side), note)

    return act(event_id, do, said.winner_named(table), f"table-{table}")


def _draw_playoff(event_id: str, first: bool) -> BaseResponse:
    """Draw the playoff's first round, or its next once a round is done."""
    draw = playoffs.start_playoff if first else playoffs.next_playoff_round
    return act(
        event_id,
        lambda: draw(get_db(), event_id, revision_in()),
        said.playoff_drawn(first),
        "playoff",
    )


@director_post("/<event_id>/playoff")
def playoff(event_id: str) -> BaseResponse:
    """ "Start the playoff": its first round drawn from the standings."""
    return _draw_playoff(event_id, True)


@director_post("/<event_id>/playoff/next")
def playoff_next(event_id: str) -> BaseResponse:
    """ "Draw the next playoff round", once the round before is done."""
    return _draw_playoff(event_id, False)
