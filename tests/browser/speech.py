"""The languages the browser tests read scorepad in (issue 31): English, Spanish and the
pseudo-language of tests/pseudo.py (every message accented and a third longer).

A test parametrized over `lang` gets a server that offers all three and a phone that asks
for that one (the `lang` cookie); what it looks for on the page it words through the same
catalogues the page was drawn from: `say(lang, "Hand %(number)s: bids", number=3)`. In
English a message is its own words, so an English run checks exactly the same text."""

from __future__ import annotations

import functools

from babel.support import NullTranslations, Translations

from tests import pseudo

PSEUDO = pseudo.CODE
# Every language of the one-screen checks: the pseudo one's words are the longest.
LANGUAGES = ("en", "es", PSEUDO)
NAMES = {"en": "English", "es": "Español", PSEUDO: "pseudo"}


def config(lang: str) -> dict[str, object]:
    """What an app needs to speak `lang` too (nothing more for English: as it ships)."""
    if lang == "en":
        return {}
    return {"BABEL_TRANSLATION_DIRECTORIES": ";".join(pseudo.folders()), "LANGUAGES": NAMES}


@functools.cache
def _catalogue(lang: str) -> NullTranslations:
    if lang == "en":
        return NullTranslations()
    for folder in pseudo.folders():
        found = Translations.load(folder, [lang])
        if isinstance(found, Translations):
            return found
    raise LookupError(f"no catalogue for {lang!r}")


def say(lang: str, message: str, **values: object) -> str:
    """A message of the catalogue in `lang`, its placeholders filled, as a page says it."""
    text = _catalogue(lang).gettext(message)
    return text % values if values else text


def say_n(lang: str, one: str, many: str, number: int, **values: object) -> str:
    """A counted message (ngettext) in `lang`: its `num` is the count, as words.plural."""
    text = _catalogue(lang).ngettext(one, many, number)
    return text % {"num": number, **values}


def lang_of(page) -> str:
    """The language the page in front of the test is drawn in (its <html lang>)."""
    return page.evaluate("document.documentElement.lang") or "en"


def speak(context, lang: str, *hosts: str) -> None:
    """This browser context asks for `lang` (the chooser's cookie) of each host."""
    if lang != "en":
        cookies = [{"name": "lang", "value": lang, "domain": h, "path": "/"} for h in hosts]
        context.add_cookies(cookies)


def suffix(lang: str) -> str:
    """A screenshot's name's tail: none in English (the names it always had), else '-es'."""
    return "" if lang == "en" else f"-{lang}"


# Buttons, chips, links, fold-outs and headings whose words reach out of their own box:
# the text's extent (a Range over it) past the box's edges.
SPILLED = """() => [...document.querySelectorAll(
    'main button, main label.chip, main summary, main a, main .pick-head, main h1, main h2, '
    + 'main label.choice, header a, footer a')]
  .filter(e => e.checkVisibility({ visibilityProperty: true }))
  .filter(e => {
    const box = e.getBoundingClientRect(), range = document.createRange();
    range.selectNodeContents(e);
    const text = range.getBoundingClientRect();
    if (!text.width) return false;
    return text.left < box.left - 1 || text.right > box.right + 1
      || text.top < box.top - 1 || text.bottom > box.bottom + 1;
  })
  .map(e => e.outerHTML.slice(0, 90))"""


def spilled(page) -> list[str]:
    """The tap targets and headings whose text spills out of their box."""
    return page.evaluate(SPILLED)
