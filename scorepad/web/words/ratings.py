"""Words for the ratings (docs/ratings.md): a rating with its band, and one game's
change in one sentence, from the numbers the core worked out."""

from __future__ import annotations

from scorepad.web.catalogue import gettext as _
from scorepad.web.catalogue import lazy_gettext as _l

from ...core.ratings import BASE, PROVISIONAL, Change, Skill
from .. import numbers
from . import number, signed

PLACES = {
    1: (_l("shared first of %(sides)d"), _l("came first of %(sides)d")),
    2: (_l("shared second of %(sides)d"), _l("came second of %(sides)d")),
    3: (_l("shared third of %(sides)d"), _l("came third of %(sides)d")),
    4: (_l("shared fourth of %(sides)d"), _l("came fourth of %(sides)d")),
}


def percent(chance: float) -> str:
    """'46%' (Spanish '46 %'): a chance as a whole percentage, never 0% or 100% (the
    core's chances lie strictly between)."""
    return numbers.percent(min(max(round(100 * chance), 1), 99) / 100)


def result_text(change: Change) -> str:
    """'won', 'lost', 'drew', 'came third of 4', 'shared second of 4'."""
    if change.sides == 2 or (change.place == 1 and not change.shared):
        if change.shared:
            return _("drew")
        return _("won") if change.place == 1 else _("lost")
    shared, came = PLACES[change.place]
    return str(shared if change.shared else came) % {"sides": change.sides}


def change_text(change: Change) -> str:
    """The game's change in one sentence: 'expected 46% to win, won: +24'."""
    return _(
        "expected %(chance)s to win, %(result)s: %(change)s",
        chance=percent(change.chance),
        result=result_text(change),
        change=signed(change.delta),
    )


def rating_text(skill: Skill) -> str:
    """'1024' or '1024 provisional': the rating as a plain number, marked while it is
    provisional (the band stays in the ratings CSV: docs/clubs.md)."""
    if skill.provisional:
        return _("%(rating)s provisional", rating=number(skill.rating))
    return number(skill.rating)


def provisional() -> str:
    """The mark beside a provisional rating, explained once under the ratings."""
    return _("provisional")


def scale_note() -> str:
    """How to read the ratings, under their table: the provisional mark explained once."""
    return _(
        "everyone starts at %(base)d; a rating marked provisional is from fewer than "
        "%(games)d games",
        base=BASE,
        games=PROVISIONAL,
    )


def game_line(partners: str, opponents: str, score: str, change: Change) -> str:
    """One rated game on a card: 'with Cy against Bo & Di: 312 to 180, expected 46% to
    win, won: +24' (`partners` '' for a game without one)."""
    if partners:
        return _(
            "with %(partners)s against %(opponents)s: %(score)s, %(change)s",
            partners=partners,
            opponents=opponents,
            score=score,
            change=change_text(change),
        )
    return _(
        "against %(opponents)s: %(score)s, %(change)s",
        opponents=opponents,
        score=score,
        change=change_text(change),
    )


def score_text(totals: list[int]) -> str:
    """'312 to 180': the person's side's total first, then the others'."""
    return _(" to ").join(number(t) for t in totals)


def chances_line(sides: list[tuple[str, float]]) -> str:
    """'Chances to win, from the club's ratings: Ann & Cy 54% · Bo & Di 46%'."""
    each = " · ".join(f"{name} {percent(chance)}" for name, chance in sides)
    return _("Chances to win, from the club's ratings: %(sides)s", sides=each)


def rating_line(name: str, change: Change) -> str:
    """A finished club game's change to one player: 'Ann: expected 46% to win, won: +24 (1024)'."""
    return _(
        "%(name)s: %(change)s (%(rating)s)",
        name=name,
        change=change_text(change),
        rating=number(change.after.rating),
    )
