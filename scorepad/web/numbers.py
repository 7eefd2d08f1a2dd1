"""Numbers a page shows with a decimal or as a percentage, in the request's language
(Babel's locale formats, docs/languages.md): English '46%' and '25.3', Spanish '46 %'
and '25,3', a negative one with the true minus sign (−2.5) in every language. Scores
and ratings are never drawn here: they stay ungrouped digits (words.number). Outside a
request (a test, the command line): English. Templates reach it as `numbers`."""

from __future__ import annotations

from babel import Locale, numbers

from scorepad.web.catalogue import locale as get_locale

MINUS = "\u2212"
ENGLISH = Locale("en")


def _locale() -> Locale:
    """The request's locale as Babel's object (a code would be parsed again each time:
    a card's thousand numbers)."""
    return get_locale() or ENGLISH


def percent(share: float) -> str:
    """A share from 0 to 1 as a whole percentage: '46%', Spanish '46 %'."""
    return numbers.format_percent(share, locale=_locale())  # the locale's own pattern


def share(whole: float) -> str:
    """A percentage already counted out of 100 (the core's stats): 80 -> '80%'."""
    return percent(whole / 100)


def decimal(value: float, places: int = 1, least: int | None = None) -> str:
    """A number with up to `places` decimals, at least `least` (all of them unless
    told): '0.33', Spanish '0,33'; never grouped; '−2.5' below zero."""
    shown = places if least is None else least
    pattern = "0." + "0" * shown + "#" * (places - shown) if places else "0"
    text = numbers.format_decimal(
        abs(value), format=pattern, locale=_locale(), group_separator=False
    )
    return f"{MINUS}{text}" if value < 0 else text
