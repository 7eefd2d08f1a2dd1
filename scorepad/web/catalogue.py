"""The request's words: its catalogue found once a request, then every string read from it.

Flask-Babel's own `gettext` finds the request context, the locale and the catalogue again
for every string it says, a dozen context lookups each; a game page says about a hundred.
Here the catalogue is found once, kept on the request's `g` beside the locale it is for,
and every `gettext` of the request, in Python and in the templates, reads it from there
while the request's locale is that one (Flask-Babel's `force_locale` changes it for a
block). Same semantics as Flask-Babel's functions (their `%` formatting, `num` for
plurals); outside an app context it is Flask-Babel's NullTranslations, English as written.
All of scorepad imports its gettext from here (tests/test_language.py checks).
"""

from __future__ import annotations

from typing import Any

import flask_babel
from babel import Locale
from babel.support import NullTranslations
from flask import Flask, g
from flask_babel import force_locale
from flask_babel.speaklater import LazyString

ENGLISH = Locale("en")
__all__ = [
    "force_locale",
    "gettext",
    "lazy_gettext",
    "lazy_ngettext",
    "locale",
    "ngettext",
    "pgettext",
]


def translations() -> NullTranslations:
    """This request's catalogue, found on its first string and kept for the rest while
    the request's locale is the same object (Flask-Babel's force_locale puts another)."""
    spoken = flask_babel.get_locale()  # None outside an app context
    if spoken is None:
        return flask_babel.get_translations()
    kept = g.get("_words")
    if kept is not None and kept[0] is spoken:
        return kept[1]  # type: ignore[no-any-return]
    found = flask_babel.get_translations()
    g._words = (spoken, found)
    return found


def locale() -> Locale:
    """This request's locale as Babel's object (English outside a request)."""
    return flask_babel.get_locale() or ENGLISH


def gettext(string: str, **variables: Any) -> str:
    """The string in the request's language, `%(name)s` filled from `variables`."""
    said = translations().ugettext(string)
    return said % variables if variables else said


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """The singular or plural form for `num`, which `%(num)d` may show."""
    variables.setdefault("num", num)
    return translations().ungettext(singular, plural, num) % variables  # type: ignore[no-any-return]


def pgettext(context: str, string: str, **variables: Any) -> str:
    """The string as said in `context` (the same English, two meanings)."""
    said = translations().upgettext(context, string)
    return said % variables if variables else said  # type: ignore[no-any-return]


def lazy_gettext(string: str, **variables: Any) -> LazyString:
    """gettext said when the string is used (a form's label, defined at import)."""
    return LazyString(gettext, string, **variables)


def lazy_ngettext(singular: str, plural: str, num: int, **variables: Any) -> LazyString:
    """ngettext said when the string is used."""
    return LazyString(ngettext, singular, plural, num, **variables)


def init_app(app: Flask) -> None:
    """The templates' `_`, `gettext`, `ngettext` and `pgettext` read the request's kept
    catalogue too (in place of the ones Flask-Babel installed, which look it up each time).
    No context processor: every page's data comes from its view (tests/test_page_models.py)."""
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: translations().ugettext(s),
        ngettext=lambda s, p, n: translations().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: translations().unpgettext(c, s, p, n),
    )
