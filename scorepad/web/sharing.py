"""Results to share: a short text recap and the scoreboard as an image, for a game and
for an evening; and the name a game's files are downloaded under."""

from __future__ import annotations

import re

from flask import Blueprint, Response

from scorepad.web.catalogue import gettext as _
from scorepad.web.catalogue import ngettext

from ..core.evening import Evening
from ..core.model import GameScore
from ..core.names import latin
from ..store.storage import StoredGame
from .evening import evening_for
from .render import stored_or_404
from .share_image import ACCENT, Line, draw
from .words import number, outcome_text, plural

bp = Blueprint("sharing", __name__)


def file_stem(stored: StoredGame) -> str:
    """'scorepad-alice-ben-cara-dev-2026-12-01': the players and the day, for a file."""
    return stem_of("-".join(stored.game.table.players), stored.created_at[:10])


def stem_of(words: str, day: str) -> str:
    """'scorepad-<words>-<day>' in plain lowercase letters and digits, for a file name."""
    ascii_words = latin(words).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_words.lower()).strip("-")[:60].strip("-")
    day_slug = re.sub(r"[^0-9a-z-]+", "-", day.lower()).strip("-")[:20]
    return "-".join(part for part in ("scorepad", slug, day_slug) if part)


def recap(score: GameScore) -> str:
    """The game in one sentence: 'Alice & Cara win 312 to 287 after 9 hands.'"""
    hands = plural(score.played, "hand")
    if score.over:
        ending = outcome_text(score)
        return _("%(ending)s after %(hands)s.", ending=ending[:1].upper() + ending[1:], hands=hands)
    totals = ", ".join(f"{side.name} {number(side.total)}" for side in score.sides)
    return _("After %(hands)s: %(totals)s.", hands=hands, totals=totals)


def evening_recap(evening: Evening) -> str:
    """The evening in one sentence per side: games won and points."""
    rows = "; ".join(
        ngettext(
            "%(name)s won %(won)d of %(games)d, %(points)s points",
            "%(name)s won %(won)d of %(games)d, %(points)s points",
            row.players,
            name=row.name,
            won=row.won,
            games=row.games,
            points=number(row.points),
        )
        for row in evening.rows
    )
    return _("This evening, %(games)s: %(rows)s.", games=plural(evening.games, "game"), rows=rows)


def score_lines(score: GameScore) -> list[Line]:
    """The scoreboard as lines of the image: the outcome, then each side and its total."""
    played = score.played
    head = outcome_text(score) if score.over else _("after hand %(number)d", number=played)
    head = head[:1].upper() + head[1:]  # the image's first line: "It ends as a draw"
    lines = [Line("Spades - scorepad", 2, ACCENT), Line(head, 3)]
    for i, side in enumerate(score.sides):
        mark = " " + _("(won)") if score.winner == i else ""
        lines.append(Line(side.name + mark, 3, ACCENT if mark else 1))
        bags = plural(side.bags, "bag")
        lines.append(Line(f"{number(side.total)}, {bags}", 5))
    lines.append(
        Line(
            _("%(hands)s, to %(target)d", hands=plural(played, "hand"), target=score.rules.target),
            2,
        )
    )
    return lines


def evening_lines(evening: Evening) -> list[Line]:
    """The evening's tally as lines of the image."""
    lines = [
        Line("Spades - scorepad", 2, ACCENT),
        Line(_("evening: %(games)d games", games=evening.games), 3),
    ]
    for row in evening.rows:
        lines.append(Line(row.name, 3))
        lines.append(
            Line(
                ngettext(
                    "won %(won)d, %(points)s points",
                    "won %(won)d, %(points)s points",
                    row.players,
                    won=row.won,
                    points=number(row.points),
                ),
                4,
            )
        )
    return lines


def png_response(data: bytes, stem: str) -> Response:
    return Response(
        data,
        mimetype="image/png",
        headers={
            "Cache-Control": "no-cache, private",
            "Content-Disposition": f'inline; filename="{stem}.png"',
        },
    )


@bp.get("/games/<game_id>/result.png")
def result_image(game_id: str) -> Response:
    stored = stored_or_404(game_id)
    return png_response(draw(score_lines(stored.score())), file_stem(stored))


@bp.get("/games/<game_id>/evening.png")
def evening_image(game_id: str) -> Response:
    stored = stored_or_404(game_id)
    evening = evening_for(stored)
    lines = evening_lines(evening) if evening else score_lines(stored.score())
    return png_response(draw(lines), file_stem(stored) + "-evening")


HELPERS = (recap, evening_recap, file_stem)
