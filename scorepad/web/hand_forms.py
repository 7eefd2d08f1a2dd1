"""The hand forms: radio groups for each seat's bid and the tricks, the forms of a game's
next hand (`bids_form`, `tricks_form`), and the readers that turn a sent form into bids
and tricks, errors beside their seats.

Cache: the form CLASS of each table shape (`_hand_form_class`, an lru_cache keyed by the
shape itself: the Table, the bid choices offered each seat, how tricks are entered and
the nil seats, all immutable values); nothing invalidates it, since a class depends on
nothing else. Each field is bound once per class and copied for each form (`_Meta`): its
label, flags, choices, value and errors are each form's own."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any
from weakref import WeakKeyDictionary

from flask_wtf import FlaskForm
from markupsafe import Markup
from wtforms import BooleanField, Field
from wtforms.csrf.core import CSRFTokenField
from wtforms.fields.core import Flags, Label, UnboundField

from ..core.checks import typed_count
from ..core.model import GameScore
from ..core.next_hand import Choice, next_hand
from ..core.records import NILS, Bid, Table
from ..store.storage import StoredGame
from .fields import Choices, Required, WholeNumberField
from .forms import select_choices
from .widgets import Hidden, hidden_inputs
from .words import game_done as said


class _DrawnToken(CSRFTokenField):
    """Flask-WTF's CSRF field, its token signed when the form is drawn rather than when
    it is made: a save that is taken draws no form, so signs nothing. What it checks is
    unchanged (Flask-WTF checks the sent token, not this one)."""

    def process(self, *args: Any, **kwargs: Any) -> None:
        Field.process(self, *args, **kwargs)  # CSRFTokenField's, without the signing

    @property  # type: ignore[override]
    def current_token(self) -> str:
        return self.csrf_impl.generate_csrf_token(self)  # type: ignore[no-any-return]


class _Meta:
    """Each hand form's CSRF field signs its token when drawn (`_DrawnToken`) and is
    bound for each form. Every other field is a copy of one bound once per form class
    (`_copy`): its own label, flags, choices and render keywords, its own value and
    errors once processed, so no form's change shows on another's. What the copies
    share is what WTForms' own binding shares: the validators, the widget and the words.
    Binding a WTForms field anew was half the cost of making a hand form, and a hand
    makes four."""

    def build_csrf(self, form: Any) -> Any:
        made = super().build_csrf(form)  # type: ignore[misc]
        made.field_class = _DrawnToken
        return made

    def bind_field(self, form: Any, unbound_field: UnboundField, options: dict[str, Any]) -> Any:
        if issubclass(unbound_field.field_class, CSRFTokenField):
            return super().bind_field(form, unbound_field, options)  # type: ignore[misc]
        kept = _bound.setdefault(unbound_field, {})
        key = (options["name"], options["prefix"], options["translations"])
        first = kept.get(key)
        if first is None:
            bound = super().bind_field(form, unbound_field, options)  # type: ignore[misc]
            if not callable(bound.default):  # WTForms calls a default, and catches the
                bound.default = _given(bound.default)  # TypeError a value raises: each time
            first = kept[key] = _copy(bound, None)
        return _copy(first, form)


def _given(value: Any) -> Callable[[], Any]:
    """A field's default as WTForms calls it: `value`, whatever it is."""
    return lambda: value


def _copy(field: Any, form: Any) -> Any:
    """A copy of a bound field for `form`, with its own label, flags, choices and render
    keywords (`copy` would make an unbound field: WTForms makes one without a form)."""
    made = object.__new__(type(field))
    kept = made.__dict__
    kept.update(field.__dict__)
    made._form = form
    made.meta = None if form is None else form.meta
    made.label = Label(field.label.field_id, field.label.text)
    flags = made.flags = Flags()
    flags.__dict__.update(field.flags.__dict__)
    if field.render_kw is not None:
        made.render_kw = dict(field.render_kw)
    choices = kept.get("_choices")  # SelectFieldBase keeps its choices list there
    if type(choices) is list:
        kept["_choices"] = list(choices)
    return made


# each hand form class's fields, bound once: kept while the class is (the lru_cache's)
_bound: WeakKeyDictionary[UnboundField, dict[tuple[Any, ...], Any]] = WeakKeyDictionary()


class HandForm(FlaskForm):
    """The fields every hand form carries: which hand, and which version of it."""

    Meta = _Meta

    number = WholeNumberField("Hand", widget=Hidden(), validators=[Required()])
    version = WholeNumberField("Version", widget=Hidden(), validators=[Required()])

    def hidden_tag(self, *fields: Any) -> Markup:
        """Flask-WTF's hidden_tag(), the same markup, drawn by `hidden_inputs`."""
        if fields:
            return super().hidden_tag(*fields)  # type: ignore[no-any-return]
        return hidden_inputs(self)


UNTICKED = (False, "false", "", "0")  # a blind toggle sent unticked


def _pick(
    label: str,
    choices: Iterable[tuple[str, str]],
    missing: str,
    other: str,
    default: Any = None,
    who: str | None = None,
) -> Choices:
    """One seat's or side's choices, as radio chips: one of them must be sent, unless a
    `default` stands for it (`missing`: the words when none is, `other`: when another
    value is)."""
    return Choices(
        label,
        choices=select_choices(choices),
        default=default,
        validators=[] if default is not None else [Required(missing)],
        invalid_choice_message=other,
        who=who,
    )


def hand_form(
    table: Table,
    *,
    bids: tuple[tuple[Choice, ...], ...] = (),
    tricks: str | None = None,
    nil_seats: tuple[int, ...] | None = None,
    **values: Any,
) -> HandForm:
    """A hand form of radio groups: each seat's bid (`bids`: the choices the core's next
    hand offers each seat) and/or the tricks, entered by seat (`tricks="seat"`) or by
    side (`"side"`: one count a side, and each nil bidder's own count; `nil_seats` None
    gives every seat one, as an edit needs)."""
    shape = _hand_form_class(table, bids, tricks, nil_seats)
    return shape(data=values)


def blind_toggles(form: HandForm) -> tuple[int, ...]:
    """The sides whose blind toggle the sent bids form ticks; whether they may bid blind
    is the core's check when the bids are saved."""
    return tuple(
        side
        for side in range(len(form.meta.table.sides))  # type: ignore[attr-defined]
        if f"blind_side_{side}" in form and form[f"blind_side_{side}"].data
    )


@lru_cache(maxsize=1024)
def _hand_form_class(
    table: Table,
    bids: tuple[tuple[Choice, ...], ...],
    tricks: str | None,
    nil_seats: tuple[int, ...] | None,
) -> type[HandForm]:
    """The form class of one table shape, built once: making a WTForms class and its
    fields costs more than filling in a form, and a table uses the same few shapes."""

    class Form(HandForm):
        pass

    top = table.tricks_per_hand
    counts = [(str(n), str(n)) for n in range(top + 1)]

    def count(name: str, default: str | None = None) -> Choices:
        missing, other = said.tricks_missing(name), said.tricks_other(name, top)
        return _pick(said.tricks_label(name), counts, missing, other, default, name)

    for seat, name in enumerate(table.players):
        if bids:
            missing, other = said.bid_missing(name), said.bid_other(name)
            setattr(
                Form,
                f"bid_{seat}",
                _pick(said.bid_label(name), bids[seat], missing, other, who=name),
            )
            if seat < len(table.sides):  # the bids step's blind toggles, one a side
                # labelled (never shown): WTForms says an unlabelled field's name through its own
                # catalogue, read from disk once a request (the page draws its own words)
                blind = BooleanField(f"blind_side_{seat}", false_values=UNTICKED)
                setattr(Form, f"blind_side_{seat}", blind)
        if tricks == "seat" or (tricks == "side" and (nil_seats is None or seat in nil_seats)):
            setattr(Form, f"tricks_{seat}", count(name, "0" if tricks == "side" else None))
    if tricks == "side":
        for side in range(len(table.sides)):
            setattr(Form, f"side_{side}", count(table.side_name(side)))
    return Form


def phones_text(sent: Mapping[int, Bid]) -> str:
    """The bids in from the seats' phones as the bids form showed them ("1:3,2:nil"),
    carried in the form so that a phone's change since is not overwritten unseen."""
    return ",".join(f"{seat}:{bid}" for seat, bid in sorted(sent.items()))


def choose_phones(form: HandForm, sent: Mapping[int, Bid], shown: Mapping[int, Bid]) -> None:
    """A bids form refused because a seat's phone bid after it was drawn (`shown`: the
    phones' bids it showed): each such bid chosen in its seat's row, as the page now
    shows it in; the scorer's other choices stay as sent."""
    for seat, bid in sent.items():
        name = f"bid_{seat}"
        if shown.get(seat) != bid and name in form:
            form[name].data = str(bid)


def phones_read(text: str) -> dict[int, Bid]:
    """The bids a bids form showed as in from the phones (`phones_text`); a part that is
    not a seat and a bid is left out, as if not shown (the store then keeps the phone's)."""
    shown: dict[int, Bid] = {}
    for part in text.split(","):
        seat_text, _, bid_text = part.partition(":")
        seat = typed_count(seat_text)  # ASCII digits only: int() refuses "²", isdigit not
        bid = bid_text if bid_text in NILS else typed_count(bid_text)
        if seat is not None and bid is not None:
            shown[seat] = bid
    return shown


def seated_text(table: Table) -> str:
    """The players in seat order as a bids form shows them, carried in the form: a bid
    is the person's, sent by seat, so a form drawn before the seats changed is refused."""
    return json.dumps(table.players)


def seated_read(text: str) -> tuple[str, ...]:
    """The players a bids form showed (`seated_text`); anything else reads as no players
    at all, which no game has: the save is then refused as from an older page."""
    try:
        names = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested past what json walks
        return ()
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        return ()
    return tuple(names)


def read_bids(form: HandForm, table: Table) -> list[Bid]:
    """The bids of a validated form (each one of the choices its seat was offered)."""
    values = [form[f"bid_{seat}"].data for seat in range(len(table.players))]
    return [value if value in NILS else int(value) for value in values]


def read_tricks(
    form: HandForm,
    table: Table,
    bids: list[Bid] | tuple[Bid, ...] | None = None,
) -> tuple[list[int | None], list[int] | None]:
    """Per-seat tricks of a validated form (None where counted with the side) and the
    side counts (None when entered by seat). Whether they add up to the deal, and a nil
    bidder's count to its side's, is the core's check."""
    by_side = "side_0" in form
    tricks: list[int | None] = []
    for seat in range(len(table.players)):
        name = f"tricks_{seat}"
        wanted = not by_side or (bids is not None and bids[seat] in NILS)
        tricks.append(int(form[name].data) if name in form and wanted else None)
    sides = (
        [int(form[f"side_{side}"].data) for side in range(len(table.sides))] if by_side else None
    )
    return tricks, sides


def tag(form: HandForm, table: Table) -> HandForm:
    """Keep the table with the form, so a refusal naming a seat can find its side."""
    form.meta.table = table  # type: ignore[attr-defined]
    return form


def bids_form(table: Table, score: GameScore, **values: Any) -> HandForm:
    """The bids form of the next hand, with the bids the core's next hand offers."""
    hand = score.next_hand
    return tag(
        hand_form(table, bids=hand.bids, **{"number": hand.number, **values}),
        table,
    )


def tricks_form(stored: StoredGame, number: int, **values: Any) -> HandForm:
    """The tricks form of hand `number`, the one in play (or a hand that bids itself, in
    play from the start), by side or by seat as the game counts them."""
    table = stored.game.table
    by_side = stored.game.by_side
    score = stored.score()
    # the hand in play is the score's next hand, worked out once a score (the page shows it)
    hand = score.next_hand if score.next_number == number else None
    nils = (hand or next_hand(score, number)).own_count
    return tag(
        hand_form(
            table,
            tricks="side" if by_side else "seat",
            nil_seats=nils,
            number=number,
            **values,
        ),
        table,
    )
