"""The one error scorepad's core raises for anything the rules refuse."""

from __future__ import annotations


def N_(text: str) -> str:
    """Marks a message for the catalogue (pybabel extract -k N_), as it is: one a `Phrase`
    or a `GameError` is made from later, not where it is written."""
    return text


QUOTED_MOST = 40  # characters of a value a message quotes; the rest is "…"


def capped(text: str, most: int = QUOTED_MOST) -> str:
    """`text` as a message may show it: at most `most` characters, then "…" (a value
    read from a form or a file may be any length, and a message travels in the phone's
    cookie)."""
    return text if len(text) <= most else text[:most] + "…"


def quoted(value: object, most: int = QUOTED_MOST) -> str:
    """A value a message quotes, as `repr` quotes it, cut to `most` characters: the one
    way a refusal shows what it was given."""
    return repr(capped(value, most)) if isinstance(value, str) else capped(repr(value), most)


class Phrase(str):
    """A message of the core: the English text itself (a plain `str` to every reader),
    also holding its template and the values put in it, so that a page can say it in its
    own language (`web/words/core_words.core_text`). A value may be a Phrase too (a name's
    problem inside the refusal of that name). Marked for the catalogue: -k Phrase."""

    template: str
    values: dict[str, object]

    def __new__(cls, template: str, **values: object) -> Phrase:
        said = super().__new__(cls, template % values if values else template)
        said.template = template
        said.values = values
        return said


class GameError(ValueError):
    """Input that Spades' rules refuse; says which hand, field, seat and rule.

    `detail` is the message alone: a `Phrase`, its template and values kept, the values
    given as keywords (`GameError("must be from %(low)s to %(high)s", low=0, high=13)`).
    `str(err)` adds where it happened ("hand 3: bids: ..."), the field left out when the
    message starts with it. Marked for the catalogue: -k GameError.
    """

    def __init__(
        self,
        message: str,
        *,
        hand: int | None = None,
        field: str | None = None,
        seat: int | None = None,
        rule: str | None = None,
        **values: object,
    ) -> None:
        detail = message if isinstance(message, Phrase) else Phrase(message, **values)
        where = ""
        if field and not detail.startswith(field):  # a file's own key: as long as a page says it
            where = f"{capped(field, 2 * QUOTED_MOST)}: "
        super().__init__(f"hand {hand}: {where}{detail}" if hand else f"{where}{detail}")
        self.detail = detail
        self.hand = hand
        self.field = field
        self.seat = seat
        self.rule = rule  # the house rule that refused it, when one did


class TricksTotal(GameError):
    """Tricks (or sides' counts, `field="side_tricks"`) that do not add up to the deal:
    the numbers kept apart, so that each layer says it in its own words."""

    def __init__(self, total: int, expected: int, *, hand: int, field: str) -> None:
        super().__init__(
            N_("%(what)s add up to %(total)s, expected %(expected)s"),
            hand=hand,
            field=field,
            what=Phrase(field),
            total=total,
            expected=expected,
        )
        self.total = total
        self.expected = expected
