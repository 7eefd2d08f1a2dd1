"""The night's results card to share: the event's name and date, the playoff's winner
and the top of the standings with their figures, drawn as a PNG by the game's own
share image (share_image.py), and the same in one sentence for a message."""

from __future__ import annotations

from collections.abc import Sequence

from flask import Response, url_for

from ...core.standings import Row
from ...store.events import Event, event_champion, event_standings
from ..db import get_db
from ..share_image import ACCENT, INK, Line, draw
from ..sharing import png_response, stem_of
from ..words import event_done as said
from ..words.event_pages import short_keys
from . import data
from .blueprint import bp

TOP = 8  # the places the card shows; the rest are counted


def card_lines(event: Event, rows: Sequence[Row], champion: str | None) -> list[Line]:
    """The results card as lines of the image, top to bottom."""
    settings = event.settings
    lines = [Line("Spades - scorepad", 2, ACCENT), Line(settings.name, 3)]
    if settings.date:
        lines.append(Line(settings.date, 2))
    if champion:
        lines.append(Line(said.playoff_winner(champion), 3, ACCENT))
    lines.append(Line(said.standings_by(short_keys(settings.order)), 2))
    for row in rows[:TOP]:
        first = row.place == 1 and not champion
        lines.append(Line(f"{row.place}. {row.name}", 3, ACCENT if first else INK))
        lines.append(Line(said.figures(row, settings.order), 2))
    if len(rows) > TOP:
        lines.append(Line(said.and_more(len(rows) - TOP), 2))
    return lines


def card_text(event: Event, rows: Sequence[Row], champion: str | None) -> str:
    """The card in words: 'Tuesday club 2026-12-01: 1. Ann & Bo (3 won, ...); ...'."""
    head = " ".join(part for part in (event.settings.name, event.settings.date) if part)
    won = f" {said.playoff_winner(champion)}." if champion else ""
    top = "; ".join(
        f"{row.place}. {row.name} ({said.figures(row, event.settings.order)})" for row in rows[:3]
    )
    return f"{head}:{won} {top}.".replace(": .", ".")


def card_stem(event: Event) -> str:
    """The card's file name without '.png': 'scorepad-tuesday-club-2026-12-01'."""
    return stem_of(event.settings.name, event.settings.date)


@bp.get("/screen/<token>/results.png")
def results_image(token: str) -> Response:
    event, games = data.fresh(get_db(), token, by="view")
    rows = event_standings(event, games)
    return png_response(
        draw(card_lines(event, rows, event_champion(event, games))), card_stem(event)
    )


def share(event: Event, rows: Sequence[Row], champion: str | None) -> dict[str, str]:
    """What the 'Share the results' button of games/_share_result.html needs."""
    return {
        "share_text": card_text(event, rows, champion),
        "share_image": url_for("events.results_image", token=event.view_token),
        "share_file": card_stem(event) + ".png",
        "share_label": said.share_label(),
        "share_link": said.share_link(),
    }
