"""Numbers a page shows with a decimal or as a percentage, in the request's language
(Babel's locale formats, docs/languages.md): English '46%' and '25.3', Spanish '46 %'
and '25,3'. Scores and ratings are never drawn here: they stay ungrouped digits with
the true minus sign (words.number). Outside a request (a test, the command line):
English."""

from __future__ import annotations

from babel import numbers
from flask_babel import get_locale


def _locale() -> str:
    return str(get_locale() or "en")


def percent(share: float) -> str:
    """A share from 0 to 1 as a whole percentage: '46%', Spanish '46 %'."""
    return numbers.format_percent(share, locale=_locale())  # the locale's own pattern


def decimal(value: float, places: int = 1) -> str:
    """A number with `places` decimals: '0.33', Spanish '0,33' (never grouped)."""
    pattern = "0." + "0" * places if places else "0"
    return numbers.format_decimal(value, format=pattern, locale=_locale(), group_separator=False)
