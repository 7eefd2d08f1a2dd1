"""Form widgets drawn without WTForms' pure-Python attribute formatter.

Cache: `kept_fields`, an LRU of a hand form's chip groups keyed by everything the macros
read (see its docstring). It holds only immutable Markup and is keyed by values: nothing
invalidates it, another value is another key; a form with errors is drawn each time.
(Each radio group was kept too, under it: with the groups kept, that saved not one
Python instruction of a whole hand, `bench/opcodes.py`; bench/README.md.)"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Any

from cachetools import LRUCache
from markupsafe import Markup, escape
from wtforms.widgets import HiddenInput
from wtforms.widgets.core import clean_key

from .words.core_words import core_text

QUOTE, QUOTE_ENTITY = Markup('"'), Markup("&quot;")


def attributes(**kwargs: Any) -> Markup:
    """WTForms' `html_params`, the same attributes in the same order, escaped the same
    way, without `Markup.format` (a pure-Python formatter: most of a hidden field's cost)."""
    params = []
    for key, value in sorted(kwargs.items()):
        key = clean_key(key)
        if value is True:
            params.append(key)
        elif value is not False:
            params.append(f'{escape(key)}="{escape(value).replace(QUOTE, QUOTE_ENTITY)}"')
    return Markup(" ".join(params))


class Hidden(HiddenInput):
    """A hidden input, drawn by `attributes`: two on every hand form, every page."""

    html_params = staticmethod(attributes)


def hidden_inputs(fields: Iterable[Any]) -> Markup:
    """What Flask-WTF's `hidden_tag()` draws for these fields (each hidden input on a line
    of its own), the plain ones written out directly: the hand form's number, version
    and CSRF token, on every game page, went through the widget machinery one by one."""
    drawn = []
    for field in fields:
        if not isinstance(field.widget, HiddenInput):
            continue
        value = field._value()
        plain = not (
            field.render_kw
            or getattr(field, "_datalist", None) is not None
            or getattr(field.flags, "disabled", False)
            or isinstance(value, bool)
        )
        drawn.append(
            f'<input id="{escape(field.id)}" name="{escape(field.name)}" type="hidden" '
            f'value="{escape(value)}">'
            if plain
            else str(field)
        )
    return Markup("\n".join(drawn))


def chips(
    field: Any, own: tuple[str, ...] = (), counts: tuple[tuple[str, int], ...] = ()
) -> Markup:
    """One seat's or side's radio chips (`pick` in _macros.html), the chosen one checked;
    `counts` (the core's next hand): the tricks each choice counts for, as `data-n`.

    Drawn in Python: four seats of fifteen choices each were most of the bids step's
    rendering through WTForms' widgets (a hand form's groups are kept: `kept_fields`).
    `own`: the choices (the core's nils) after which the seat counts its own tricks."""
    chosen = None if field.data is None else str(field.data)
    choices = ((choice.value, core_text(str(choice.label))) for choice in field.choices)
    field_id, name, count = field.id, field.name, dict(counts)
    return Markup("").join(
        Markup(
            '<label class="chip{}"><input{} id="{}-{}" name="{}" type="radio" value="{}"{}{}>'
            "<span>{}</span></label>"
        ).format(
            Markup(" wide") if value in own else "",
            Markup(" checked") if value == chosen else "",
            field_id,
            index,
            name,
            value,
            Markup(' data-n="{}"').format(count[value]) if value in count else "",
            Markup(" data-own") if value in own else "",
            label,
        )
        for index, (value, label) in enumerate(choices)
    )


def open_group(form: Any, order: Iterable[int]) -> str | None:
    """The one chip group a hand form is drawn open (the others folded to a row showing
    their choice, so a step fits one screen from its first paint): the first refused,
    else the first still to choose, in the order the page shows them (the bids in
    bidding order, the first side's count, each seat's count); None: every one folded."""
    seats = tuple(order)
    names = (
        [f"bid_{seat}" for seat in seats]
        + ["side_0", "side_1"]
        + [f"tricks_{seat}" for seat in seats]
    )
    groups = [form[name] for name in names if name in form]
    refused = [field for field in groups if field.errors]
    # the second side's count follows the first (app.js): shown only when refused
    waiting = [field for field in groups if field.data is None and field.name != "side_1"]
    first = (refused or waiting or [None])[0]
    return None if first is None else str(first.id)


def chosen_label(field: Any) -> str:
    """The label of a chip group's chosen choice, "" while none is chosen."""
    chosen = None if field.data is None else str(field.data)
    return next((core_text(str(c.label)) for c in field.choices if c.value == chosen), "")


GROUPS_KEPT = 512  # about 5 KB each
_groups: LRUCache[tuple[Any, ...], Markup] = LRUCache(maxsize=GROUPS_KEPT)
_groups_lock = threading.Lock()


def kept_fields(macro: Any, form: Any, table: Any, hand: Any, *more: Any) -> Markup:
    """What `macro` (bid_fields or trick_fields in _macros.html) draws for a hand form
    without errors, drawn once per form shape, chosen values, table and hand shape and
    kept: the same chip groups are drawn hand after hand, and at table after table.

    The key holds all the macros read: the form's class (its fields and their choices,
    from the table and the core's choices), each field's value, the table, and of the
    core's next hand the bidding order, the dealer, the counts and the tricks in a deal
    (not its number); `more`: the macro's other arguments (the bids, for the tricks)."""
    if form.errors:  # a refused form: its errors beside their groups, drawn each time
        return Markup(macro(form, table, hand, *more))
    key = (
        macro,
        type(form),
        tuple(field.data for field in form if not isinstance(field.widget, HiddenInput)),
        table,
        hand.order,
        hand.dealer,
        hand.counts,
        hand.tricks_per_hand,
        tuple(tuple(arg) if isinstance(arg, list) else arg for arg in more),
    )
    with _groups_lock:
        drawn = _groups.get(key)
    if drawn is None:
        drawn = Markup(macro(form, table, hand, *more))
        with _groups_lock:
            _groups[key] = drawn
    return drawn
