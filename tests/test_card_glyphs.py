"""The PNG cards draw Spanish (issue 31): the 5x7 font has its accented capitals, ñ, ¿ and ¡,
and every character of the Spanish catalogue's card words has a glyph (no '?' drawn)."""

from __future__ import annotations

from babel.messages.pofile import read_po

from scorepad.web.share_image import GLYPHS, Line, draw, plain
from tests.live import ROOT

SPANISH = ROOT / "scorepad" / "translations" / "es" / "LC_MESSAGES" / "messages.po"
# The messages a card draws: sharing.py's lines, the outcome and the counted words.
CARD_WORDS = {
    "after hand %(number)d",
    "(won)",
    "%(hands)s, to %(target)d",
    "evening: %(games)d games",
    "won %(won)d, %(points)s points",
    "%(won)s %(top)s to %(second)s",
    "%(won)s %(top)s to %(second)s on fewer bags",
    "%(name)s wins",  # and its plural, '%(name)s win' (a pair)
    "it ends as a draw",
    "a draw",
    "%(num)d bag",
    "%(num)d hand",
    "%(num)d game",
}


def _placeholders_out(text: str) -> str:
    for name in ("number", "hands", "target", "games", "won", "points", "top", "second"):
        text = text.replace(f"%({name})d", "1").replace(f"%({name})s", "1")
    return text.replace("%(names)s", "").replace("%(name)s", "").replace("%(num)d", "1")


def test_spanish_letters_have_their_own_glyphs():
    for letter in "ÁÉÍÓÚÜÑ¿¡":
        assert letter in GLYPHS and len(GLYPHS[letter]) == 7
    assert plain("mañana, ¿qué? ¡sí! pingüino") == "MAÑANA, ¿QUÉ? ¡SÍ! PINGÜINO"
    assert plain("Łódź") == "LÓDZ"  # a letter the font lacks is drawn plain, never as a box


def test_every_card_word_of_the_spanish_catalogue_is_drawn():
    with SPANISH.open("rb") as source:
        catalog = read_po(source)
    found = set()
    for message in catalog:
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        if key not in CARD_WORDS:
            continue
        found.add(key)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            drawn = plain(_placeholders_out(string))
            assert "?" not in drawn, (string, drawn)
    assert found == CARD_WORDS


def test_a_spanish_card_is_a_png():
    data = draw([Line("Ganan Ana y Íñigo 520 a 310", 3), Line("3 bolsas, ¿revancha?", 2)])
    assert data.startswith(b"\x89PNG")
