"""Form fields and validators that refuse in scorepad's own words, naming the field: every
form uses these, so no library message ever needs rewriting for a page."""

from __future__ import annotations

import re
from operator import attrgetter
from typing import Any

from wtforms import Field, IntegerField, RadioField, SelectField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import (
    InputRequired,
    Length,
    NumberRange,
    Optional,
    StopValidation,
    ValidationError,
)

from scorepad.web.catalogue import gettext as _
from scorepad.web.catalogue import lazy_gettext as _l

_WHOLE = re.compile(r"[+-]?[0-9]{1,9}")
_value = attrgetter("value")  # a SelectChoice's value


class WholeNumberField(IntegerField):
    """A whole number typed in ASCII digits, with an optional sign: `int`, which
    IntegerField uses, also reads other scripts' digits ("٣") and "1_000"."""

    @property  # type: ignore[override]
    def invalid_value_message(self) -> Any:
        """Its refusal of a value, said when a refusal reads it (most forms refuse
        nothing: making them says no words)."""
        return self._invalid_value or _("%(field)s: enter a whole number", field=self.label.text)

    @invalid_value_message.setter
    def invalid_value_message(self, message: Any) -> None:
        self._invalid_value = message

    def process_formdata(self, valuelist: list[Any]) -> None:
        typed = valuelist[0] if valuelist else None
        if isinstance(typed, str) and typed.strip() and not _WHOLE.fullmatch(typed.strip()):
            raise ValueError(self.invalid_value_message)
        super().process_formdata(valuelist)


class Choices(RadioField):
    """Radio buttons that take only the choices shown (`invalid_choice_message`: the
    words for anything else, by default naming the field)."""

    def __init__(self, label: Any = None, validators: Any = None, **kwargs: Any) -> None:
        other: str | None = kwargs.pop("invalid_choice_message", None)
        self.who: str | None = kwargs.pop("who", None)  # the seat or side it is for
        choices = kwargs.pop("choices", None)
        super().__init__(label, validators, **kwargs)
        self.invalid_choice_message = other
        if choices is not None:  # a copy of this form's own, each a SelectChoice already
            # (forms.select_choices): WTForms' check of each choice's shape is skipped,
            # made again for every seat of every hand form
            self.choices = choices if callable(choices) else list(choices)

    invalid_choice_message = property(  # type: ignore[assignment]
        lambda self: _other_choice(self), lambda self, message: _keep_other(self, message)
    )

    def pre_validate(self, form: Any) -> None:
        """SelectField's check, the same one, without making a choice object of each of
        the fifteen chips of a seat on every save."""
        choices = self.choices
        if (
            self.process_errors
            or not self.validate_choice
            or not isinstance(choices, list)
            or not set(map(type, choices)) <= {SelectChoice}  # each one exactly a SelectChoice
        ):
            super().pre_validate(form)
        elif self.data not in map(self.coerce, map(_value, choices)):  # as == each in turn
            raise ValidationError(self.invalid_choice_message)


class Choice(SelectField):
    """A drop-down that takes only the choices shown."""

    invalid_choice_message = property(  # type: ignore[assignment]
        lambda self: _other_choice(self), lambda self, message: _keep_other(self, message)
    )


def _other_choice(field: Any) -> Any:
    """A choices field's refusal of a value not shown, said when a refusal reads it: its
    own words, else naming the field."""
    return getattr(field, "_other", None) or _(
        "%(field)s: choose one of the choices shown", field=field.label.text
    )


def _keep_other(field: Any, message: Any) -> None:
    field._other = message


class Required(InputRequired):
    """Something must be sent: `message`, else "<the field> is missing"."""

    def __call__(self, form: Any, field: Field) -> None:
        if field.raw_data and field.raw_data[0]:
            return
        field.errors[:] = []
        raise StopValidation(self.message or _("%(field)s is missing", field=field.label.text))


class Typed(Required):
    """Something other than spaces must be typed (a number left empty is not 0)."""

    def __call__(self, form: Any, field: Field) -> None:
        if field.raw_data and not str(field.raw_data[0]).strip():
            field.raw_data = []
        super().__call__(form, field)


class AnyTyped:
    """Optional, unless none of the fields named is typed in: then this one is missing
    (an adjustment needs at least one side's points; a side left empty adds 0)."""

    def __init__(self, names: list[str]) -> None:
        self.names = names

    def __call__(self, form: Any, field: Field) -> None:
        if any(form[n].raw_data and str(form[n].raw_data[0]).strip() for n in self.names):
            Optional()(form, field)
            return
        Typed()(form, field)


class Within(NumberRange):
    """A number from `min` to `max`: "<the field> must be from <min> to <max>"."""

    def __call__(self, form: Any, field: Field) -> None:
        if field.process_errors:  # not a number: its own message says so, no range besides
            raise StopValidation()
        if field.data is not None and self.min <= field.data <= self.max:  # type: ignore[operator]
            return
        raise ValidationError(
            _(
                "%(field)s must be from %(low)s to %(high)s",
                field=field.label.text,
                low=self.min,
                high=self.max,
            )
        )


def at_most(high: int, low: int = 0) -> Length:
    """Text of at most `high` characters (and at least `low`)."""
    return Length(low, high, message=_l("at most %(number)d characters", number=high))


def first_problem(form: Any) -> str | None:
    """The first refused field a person sees (no hidden one), its problem naming it: our
    validators' words, in the page's language ('Name: at most 40 characters')."""
    for field in form:
        if field.errors and getattr(field.widget, "input_type", "") != "hidden":
            problem, label = str(field.errors[0]), str(field.label.text)
            return problem if label in problem else f"{label}: {problem}"
    return None
