"""Issue 29: a player's card counts the club nights the person won, with the milestone
of the first one; a night not over, or a night lost, counts for no one."""

from __future__ import annotations

import pytest

from scorepad.core.club import EMPTY
from scorepad.core.event import Settings
from scorepad.core.roster import Round, night_winners
from scorepad.core.standings import Row
from scorepad.files import event as eventfile
from scorepad.store.club_commands.transfer import import_club
from scorepad.store.club_view import club_view
from scorepad.web.db import get_db
from tests.event_files import PAIRS, _round, game, match, night
from tests.helpers import text
from tests.test_clubs import _make

NAMES = dict(enumerate(PAIRS[:4], 1))


def _night(status: str = "done") -> dict:
    """Four pairs, one round: pairs 1 and 3 win their tables, pair 3 by more points."""
    doc = night(
        {"format": "swiss", "rounds": 1, "playoff": 0},
        PAIRS[:4],
        [_round(1, status)],
        [match(NAMES, 1, 1, [[1], [2]]), match(NAMES, 1, 2, [[3], [4]])],
    )
    for m in doc["matches"]:
        m["game"] = game(m["game"]["players"], hands=2)
    doc["matches"][1]["game"]["hands"][1].update(bids=[4, 3, 4, 3], side_tricks=[10, 3])
    return doc


def _card_facts(client, app, club_id, name):
    with app.app_context():
        view = club_view(get_db(), club_id)
    member = next(m for m in view.members if m.name == name)
    page = text(
        client.get(f"/clubs/m/{view.club.members_token}/card/{view.club.card_token(member.anchor)}")
    )
    return page


def _filed(app, club_id, doc) -> None:
    with app.app_context():
        import_club(get_db(), "", EMPTY, [], [eventfile.read(doc)], into=club_id)


def test_the_night_s_winner_has_a_night_won_on_the_card(client, app):
    club_id = _make(client)
    _filed(app, club_id, _night())
    winner = _card_facts(client, app, club_id, "Ed")  # pair 3: the most points
    assert "Nights won 1" in winner and "First night won" in winner
    for loser in ("Ann", "Cy", "Gus"):
        page = _card_facts(client, app, club_id, loser)
        assert "Nights won 0" in page and "First night won" not in page


def test_a_night_not_over_is_won_by_no_one(client, app):
    club_id = _make(client)
    _filed(app, club_id, _night(status="playing"))
    page = _card_facts(client, app, club_id, "Ed")
    assert "Nights won 0" in page and "First night won" not in page


ROWS = (Row(1, "a", place=1), Row(2, "b", place=1), Row(3, "c", place=3))
DONE = (Round(1, "round", "done", (), None, None),)
PLAYOFF = (*DONE, Round(2, "playoff", "done", (), None, None))


@pytest.mark.parametrize(
    ("settings", "rounds", "champion", "won"),
    [
        ({"rounds": 1}, DONE, None, (1, 2)),  # a tie for first is shared
        ({"rounds": 2}, DONE, None, ()),  # a round still to come
        ({"rounds": 1, "playoff": 2}, PLAYOFF, (3,), (3,)),  # the playoff decides
        ({"rounds": 1, "playoff": 2}, PLAYOFF, None, ()),  # its final not decided
    ],
)
def test_the_night_s_winners(settings, rounds, champion, won):
    night = Settings("Club night", "2026-12-01", "swiss", round_minutes=0, **settings)
    assert night_winners(night, rounds, ROWS, champion) == won
