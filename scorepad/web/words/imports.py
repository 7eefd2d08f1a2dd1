"""Words for the budget of imports (web/import_budget.py, docs/hosting.md): a phone
that brought in too much in the last hour is told when to try again."""

from __future__ import annotations

from scorepad.web.catalogue import ngettext

from . import number


def try_again(seconds: int) -> str:
    """'This phone has brought in as much as it may in an hour: try again in 12 minutes.'"""
    minutes = max(1, -(-seconds // 60))
    return ngettext(
        "This phone (or its network) has brought in as many files and games as it may in "
        "an hour. Try again in %(num)d minute.",
        "This phone (or its network) has brought in as many files and games as it may in "
        "an hour. Try again in %(num)d minutes.",
        minutes,
    )


def too_big(games: int, most: int) -> str:
    """'This file holds 30,000 games: more than the 20,000 one phone may bring in an hour.'"""
    return ngettext(
        "This file holds %(num)d games: more than the %(most)s one phone may bring in an "
        "hour. Whoever runs this scorepad may raise that limit.",
        "This file holds %(num)d games: more than the %(most)s one phone may bring in an "
        "hour. Whoever runs this scorepad may raise that limit.",
        games,
        most=number(most),
    )
