"""The night's results card: a PNG read back pixel by pixel (as the game's own share
image is), the same in words for the share sheet, on the results page and, once the
night is over, on the director's page."""

from __future__ import annotations

from html import escape
from types import SimpleNamespace

import pytest

from scorepad.core.event import check_settings
from scorepad.core.roster import Match, Round, night_over, playoff_winner
from scorepad.web.share_image import MARGIN
from tests.event_helpers import Night
from tests.test_sharing import decode, read_text

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def _night(client, app, **extra) -> Night:
    night = Night(client, app, rounds=1, target=100, **extra)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    return night


def _card(client, night: Night) -> list[str]:
    token = night.event().view_token
    response = client.get(f"/events/screen/{token}/results.png")
    assert response.status_code == 200 and response.mimetype == "image/png"
    assert response.headers["Content-Disposition"] == (
        'inline; filename="scorepad-tuesday-club-2026-12-01.png"'
    )
    width, height, rows = decode(response.data)
    assert width == 600 and height > 2 * MARGIN
    return read_text(rows)


def test_the_card_shows_the_top_of_the_standings_and_the_playoff_winner(client, app):
    night = _night(client, app, playoff=2, order="vp,diff,points,bags")
    director = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert "Share the results" not in director  # the night is not over
    night.play_round()  # side 0 wins each game 126 to -120 in two hands (6 bags)
    event = night.event()
    winners = [event.by_id[m.sides[0][0]].name for m in night.round()]
    losers = [event.by_id[m.sides[1][0]].name for m in night.round()]
    director = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert "Share the results" not in director  # the playoff is still to come
    night.start_playoff()
    night.play_round()  # the first seed (side 0) wins the final
    (final,) = night.round()
    first = night.event().by_id[final.sides[0][0]].name

    lines = _card(client, night)
    top = sorted(winners, key=str.casefold)
    bottom = sorted(losers, key=str.casefold)
    assert lines == [
        "SPADES - SCOREPAD",
        "TUESDAY CLUB",
        "2026-12-01",
        f"PLAYOFF WINNER: {first.upper()}",
        "STANDINGS BY VP, DIFF, POINTS, BAGS",
        f"1. {top[0].upper()}",
        "3 VP, +246 DIFF, 126 PTS, 6 BAGS",
        f"1. {top[1].upper()}",
        "3 VP, +246 DIFF, 126 PTS, 6 BAGS",
        f"3. {bottom[0].upper()}",
        "0 VP, -246 DIFF, -120 PTS, 0 BAGS",
        f"3. {bottom[1].upper()}",
        "0 VP, -246 DIFF, -120 PTS, 0 BAGS",
    ]
    results = client.get(f"/events/screen/{night.event().view_token}/results").text
    token = night.event().view_token
    assert f'<img src="/events/screen/{token}/results.png"' in results
    assert "Share the results" in results
    assert f"Playoff winner: <strong>{escape(first)}" in results
    said = f"Tuesday club 2026-12-01: Playoff winner: {first}. 1. {top[0]} (3 vp, +246 diff"
    assert escape(said) in results
    screen = client.get(f"/events/screen/{token}/live").text
    assert f"Playoff winner: <strong>{escape(first)}</strong>" in screen
    director = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert "The night is over" in director and "Share the results" in director
    assert 'download="scorepad-tuesday-club-2026-12-01.png"' in director


def test_a_night_without_a_playoff_is_over_after_its_rounds(client, app):
    night = _night(client, app)
    night.play_round()
    lines = _card(client, night)
    assert lines[3] == "STANDINGS BY WINS, DIFF, POINTS, BAGS"
    assert lines[5] == "1 WON, +246 DIFF, 126 PTS, 6 BAGS"
    assert not any(line.startswith("PLAYOFF") for line in lines)
    assert "Share the results" in client.get(f"/events/{night.id}").text


def test_the_card_counts_the_places_it_leaves_out(client, app):
    night = Night(client, app, rounds=1, format="individual")
    for i in range(12):
        night.check_in(f"P{i:02}")
    lines = _card(client, night)
    assert lines[-1] == "AND 4 MORE"
    assert sum(1 for line in lines if line.endswith("0 BAGS")) == 8


def test_an_unknown_night_has_no_card(client):
    assert client.get("/events/screen/nothing-here/results.png").status_code == 404


SETTINGS = check_settings({"name": "x", "rounds": 2, "playoff": 2})


@pytest.mark.parametrize(
    ("rounds", "decided", "over"),
    [
        ((), False, False),
        ((Round(1, "round", "done", (), 1.0, None),), False, False),  # a round still to come
        ((Round(1, "round", "done", (), 1.0, None),) * 2, False, False),  # the playoff
        ((Round(3, "playoff", "playing", (), 1.0, None),), True, False),
        ((Round(3, "playoff", "done", (), 1.0, None),), False, False),
        ((Round(3, "playoff", "done", (), 1.0, None),), True, True),
    ],
)
def test_when_the_night_is_over(rounds, decided, over):
    assert night_over(SETTINGS, rounds, decided) is over


def _score(status, winner):
    return SimpleNamespace(status=status, winner=winner)


@pytest.mark.parametrize(
    ("status", "winner", "named", "champion"),
    [
        ("playing", None, None, None),
        ("finished", 1, None, (2,)),
        ("finished", None, None, None),  # a draw still waiting for the director's word
        ("finished", None, 0, (1,)),  # a draw the director settled
    ],
)
def test_the_playoff_winner_is_the_final_s_winner(status, winner, named, champion):
    semis = [Match(3, 1, ((1,), (4,)), "a", None), Match(3, 2, ((2,), (3,)), "b", None)]
    rounds = [Round(3, "playoff", "done", (), 1.0, None)]
    scores = {"a": _score("finished", 0), "b": _score("finished", 0)}
    assert playoff_winner(rounds, semis, scores) is None  # two matches: not the final
    final = Match(4, 1, ((1,), (2,)), "c", None, winner=named, note="cut" if named else "")
    rounds.append(Round(4, "playoff", "playing", (), 1.0, None))
    assert playoff_winner(rounds, [*semis, final], scores) is None  # no game yet
    scores["c"] = _score(status, winner)
    assert playoff_winner(rounds, [*semis, final], scores) == champion
    assert playoff_winner(rounds[:0], [], scores) is None  # no playoff at all
