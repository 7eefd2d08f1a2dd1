"""Whole club nights through HTTP: the director's page, the table phones, the big screen."""

from __future__ import annotations

import re
import time
from collections import Counter

import pytest

from scorepad import create_app
from scorepad.store import storage
from scorepad.store.events import event_standings, games_of
from scorepad.web.db import get_db
from tests.event_helpers import Night, event_form
from tests.helpers import start, text

PAIRS = [(f"North{i}", f"South{i}") for i in range(13)]


def _standings(night):
    with night.app.app_context():
        from scorepad.web.db import get_db

        event = night.event()
        return event_standings(event, games_of(get_db(), event))


def _meetings(event):
    return [frozenset(s[0] for s in m.sides) for m in event.matches if m.round <= 4]


def test_twelve_pairs_swiss_with_a_late_arrival_a_leaver_the_clock_and_a_playoff(
    client, app, monkeypatch
):
    night = Night(
        client,
        app,
        format="swiss",
        round_minutes=30,
        playoff=4,
        target=200,
        rule_tie_break="fewer_bags",
    )
    for pair in PAIRS[:12]:
        night.check_in(*pair)
    night.draw_and_start()
    assert len(night.round()) == 6
    night.play_round()

    night.check_in(*PAIRS[12])  # a late arrival plays from round 2
    night.act("draw", "Round drawn")
    assert len(night.event().current.byes) == 1
    night.act("start", "Round started")
    first, second, *rest = night.round()
    night.hand(first.game_id, 9)  # table 1 fixes hand 1 afterwards: side 1 took the 9
    form = {"number": "1", "version": str(night.game(first.game_id).versions[0])}
    form |= {f"bid_{s}": "3" for s in range(4)} | {"side_0": "4", "side_1": "9"}
    r = client.post(f"/games/{first.game_id}/hands/1", data=form)
    assert r.status_code == 302, r.get_data(as_text=True)
    assert night.game(first.game_id).score().totals == (-60, 63)
    night.hand(second.game_id, 9)
    night.act("call", "Time called", confirm="yes")  # the director calls time early
    assert night.event().round_matches(2)[1].last_hand is None  # judged when read
    assert "finishing hand 2, the last" in text(client.get(f"/events/{night.id}"))
    night.hand(second.game_id, 8)  # the hand in play: the game ends after it
    assert night.game(second.game_id).score().reason == "ended"
    night.play_round(lambda table: 4 if table == 1 else 9)

    leaver = night.event().entrants[3]
    night.post(f"entrants/{leaver.id}/left", expect="Gone home")
    night.act("draw", "Round drawn")
    drawn = [e for m in night.round() for side in m.sides for e in side]
    assert leaver.id not in drawn and len(drawn) == 12 and not night.event().current.byes
    night.act("start", "Round started")
    for match in night.round():
        night.hand(match.game_id, 7)
    started = night.event().current.started_at
    monkeypatch.setattr(time, "time", lambda: started + 30 * 60 + 1)
    page = text(client.get(f"/events/{night.id}"))
    assert "Time : finish this hand; the game ends after it." in page
    assert all(m.last_hand is None for m in night.round())  # a look writes nothing
    for match in night.round():
        night.hand(match.game_id, 8)
    assert all(m.last_hand == 2 for m in night.round())  # noted by each table's save
    assert night.event().current.status == "done"
    monkeypatch.undo()
    assert all(night.game(m.game_id).score().reason == "ended" for m in night.round())

    night.draw_and_start()
    one, two, *_ = night.round()
    for _ in range(4):
        night.hand(one.game_id, 6)  # 60 to 61 each hand: 240 to 244, bags 0 to 4
    assert night.game(one.game_id).score().winner == 1
    # the director records a penalty on the last hand: 244 all, the fewer bags win
    director = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert f'href="/games/{one.game_id}/hands/4/adjust">Penalty on hand 4' in director
    page = client.get(f"/games/{one.game_id}/hands/4/adjust").get_data(as_text=True)
    version = re.search(r'name="version" (?:type="hidden" )?value="(\d+)"', page).group(1)
    form = {"version": version, "adjust_0": "4", "adjust_1": "0", "note": "slow play"}
    r = client.post(f"/games/{one.game_id}/hands/4/adjust", data=form)
    assert r.status_code == 302, r.get_data(as_text=True)
    settled = night.game(one.game_id).score()
    assert (settled.totals, settled.bags, settled.winner) == ((244, 244), (0, 4), 0)
    night.hand(two.game_id, 9)  # 63 to -60; then side 0 is found to have reneged
    page = client.get(f"/games/{two.game_id}/hands/1/renege").get_data(as_text=True)
    version = re.search(r'name="version" (?:type="hidden" )?value="(\d+)"', page).group(1)
    r = client.post(
        f"/games/{two.game_id}/hands/1/renege", data={"version": version, "renege_0": "y"}
    )
    assert r.status_code == 302, r.get_data(as_text=True)
    assert night.game(two.game_id).score().totals == (60, 61)  # 3 tricks go over: 6 and 7
    night.play_round()
    event = night.event()
    assert len(set(_meetings(event))) == len(_meetings(event))  # nobody met twice
    rows = _standings(night)
    assert sum(r.played for r in rows) == 2 * len(_meetings(event))
    assert sum(r.wins for r in rows) == len(_meetings(event)) + sum(r.byes for r in rows)

    night.start_playoff()
    top = [r.entrant for r in rows if night.event().by_id[r.entrant].here][:4]
    semis = night.round()
    assert [m.sides for m in semis] == [((top[0],), (top[3],)), ((top[1],), (top[2],))]
    night.play_round()
    night.next_playoff_round()
    (final,) = night.round()
    assert final.sides == ((top[0],), (top[1],))
    night.play_round()
    screen = text(client.get(f"/events/screen/{event.view_token}/results"))
    assert "The final (round 6)" in screen and "The semi-final (round 5)" in screen
    assert "Game over" in screen


def test_twenty_six_players_rotate_partners_with_byes(client, app):
    night = Night(client, app, format="individual", rounds=4)
    for i in range(26):
        night.check_in(f"Player{i:02}")
    byes: Counter = Counter()
    partners: Counter = Counter()
    for _ in range(4):
        night.draw_and_start()
        event = night.event()
        seated = [e for m in night.round() for side in m.sides for e in side]
        assert len(seated) == 24 and len(set(seated)) == 24
        assert sorted(seated + list(event.current.byes)) == sorted(e.id for e in event.entrants)
        byes.update(event.current.byes)
        partners.update(frozenset(side) for m in night.round() for side in m.sides)
        names = night.game(night.round()[0].game_id).game.table.players
        assert len(names) == 4
        night.play_round(lambda table: 9 if table % 2 else 4)
    assert max(byes.values()) == 1 and sum(byes.values()) == 8  # nobody sits out twice
    assert max(partners.values()) == 1  # nobody partners anyone twice
    rows = _standings(night)
    assert sum(r.byes for r in rows) == 8
    assert all(r.played + r.byes == 4 for r in rows)


def test_a_table_link_opens_that_table_only(client, app):
    night = Night(client, app)
    for pair in PAIRS[:6]:
        night.check_in(*pair)
    night.draw_and_start()
    event = night.event()
    games = [m.game_id for m in night.round()]
    for game_id in games:
        page = client.get(f"/events/table/{game_id}").get_data(as_text=True)
        assert f"/games/{game_id}" in page
        for other in (g for g in games if g != game_id):
            assert other not in page
        assert event.id not in page and event.checkin_token not in page
    screen = client.get(f"/events/screen/{event.view_token}").get_data(as_text=True)
    screen += client.get(f"/events/screen/{event.view_token}/live").get_data(as_text=True)
    join = client.get(f"/events/join/{event.checkin_token}").get_data(as_text=True)
    for page in (screen, join):
        assert event.id not in page and not any(g in page for g in games)
    assert client.get("/events/table/not-a-game").status_code == 404
    assert client.get("/events/screen/not-a-token").status_code == 404


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name", "", "Event name Enter a name"),
        ("rounds", "0", "Rounds"),
        ("playoff", "1", "playoff"),
        ("target", "10", "Target"),
    ],
)
def test_a_bad_event_form_names_the_field(client, field, value, message):
    r = client.post("/events/new", data=event_form(**{field: value}))
    assert r.status_code == 400
    assert message in text(r)


def test_refusals_are_told_and_nothing_changes(client, app):
    night = Night(client, app)
    night.check_in("Ann", "Bo")
    page = night.post("checkin", expect="checked in already", player_0="ann", player_1="Cy")
    assert "Not checked in" in page or "Not done" in page
    page = night.act("draw", expect="a round needs 2 to 60 pairs")
    assert night.event().rounds == ()
    night.check_in("Cy", "Di")
    revision = night.revision()
    night.act("draw", "Round drawn")
    page = night.post("start", expect="changed on another device", revision=revision)
    assert night.event().current.status == "drawn"


def test_players_check_themselves_in(client, app):
    night = Night(client, app)
    token = night.event().checkin_token
    r = client.post(f"/events/join/{token}", data={"player_0": "Ann", "player_1": "Bo"})
    assert r.status_code == 302
    assert "Ann & Bo: you are checked in" in text(client.get(f"/events/join/{token}"))
    r = client.post(f"/events/join/{token}", data={"player_0": "", "player_1": "Bo"})
    assert r.status_code == 400 and "Name" in text(r)
    # a pair without a partner: the Partner field named, kept as typed (it was "players:
    # needs 2 names", naming no field the page has), on the player's phone and the director's
    r = client.post(f"/events/join/{token}", data={"player_0": "Cy", "player_1": " "})
    assert r.status_code == 400 and "Partner: Enter a name" in text(r)
    assert 'value="Cy"' in r.get_data(as_text=True) and "needs 2 names" not in text(r)
    page = night.post("checkin", player_0="Cy", player_1="")
    assert "Partner: Enter a name" in page
    assert [e.name for e in night.event().entrants] == ["Ann & Bo"]


def test_export_import_and_the_command_line(client, app, runner, tmp_path):
    night = Night(client, app)
    for pair in PAIRS[:4]:
        night.check_in(*pair)
    night.draw_and_start()
    night.play_round(lambda table: 9 if table == 1 else 3)
    doc = client.get(f"/events/{night.id}/event.json")
    assert doc.status_code == 200
    path = tmp_path / "night.json"
    path.write_bytes(doc.data)
    result = runner.invoke(args=["event", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    rows = _standings(night)
    assert [line.split(".", 1)[1].split()[0] for line in lines[2:]] == [
        r.name.split()[0] for r in rows
    ]
    r = client.post(
        "/events/import",
        data={"file": (path.open("rb"), "night.json")},
        content_type="multipart/form-data",
    )
    assert r.status_code == 302, r.get_data(as_text=True)
    copy = client.get(r.headers["Location"]).get_data(as_text=True)
    assert all(row.name.replace("&", "&amp;") in copy for row in rows)
    bad = runner.invoke(args=["event", "-"], input="{}")
    assert bad.exit_code != 0 and "scorepad_event" in bad.output


def test_a_post_without_the_csrf_token_is_refused(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.db"), "SECRET_KEY": "t"})
    r = app.test_client().post("/events/new", data=event_form())
    assert r.status_code == 400


def test_the_director_finds_the_event_again(client, app):
    night = Night(client, app, name="Friday spades")
    page = client.get("/events/new").get_data(as_text=True)
    assert f'href="/events/{night.id}"' in page and "Friday spades" in page


def test_the_director_changes_the_draw_and_ends_a_table(client, app):
    night = Night(client, app)
    for pair in PAIRS[:5]:
        night.check_in(*pair)
    night.act("draw", "Round drawn")
    # the swap form starts on two different entrants: tapping Swap as drawn swaps them
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    first, second = page.split('name="first"')[1].split('name="second"')
    shown = re.search(r'<option (?:selected )?value="(\d+)">', first)[1]  # as a browser shows it
    assert re.search(r'<option selected value="(\d+)">', second.split("</select>")[0])[1] != shown
    event = night.event()
    sitting, playing = event.current.byes[0], night.round()[0].sides[0][0]
    night.post("swap", "Swapped", revision=night.revision(), first=sitting, second=playing)
    assert night.event().current.byes == (playing,)
    night.check_in(*PAIRS[5])  # a late arrival while the round waits: draw it again
    night.act("cancel", "Draw cancelled")
    night.act("draw", "Round drawn")
    assert not night.event().current.byes and len(night.round()) == 3
    page = night.post("swap", "Not done", revision=night.revision(), first="x", second="1")
    assert "choose two entrants" in page
    night.act("start", "Round started")
    page = night.post("swap", "no round is drawn", revision=night.revision(), first=1, second=2)
    first = night.round()[0]
    page = night.post("rounds/1/tables/1/end", "Not done", confirm="yes")  # nothing played yet
    assert "only after a played hand" in page
    night.hand(first.game_id, 9)
    night.post("rounds/1/tables/1/end", "Table 1&#39;s game ended", confirm="yes")
    score = night.game(first.game_id).score()
    assert (score.status, score.winner, score.reason) == ("finished", 0, "ended")
    assert client.post("/events/nope/draw", data={"revision": "0"}).status_code == 404


def test_a_series_sums_two_nights(client, app):
    views = []
    for winner in (9, 4):
        night = Night(client, app)
        for pair in PAIRS[:2]:
            night.check_in(*pair)
        night.draw_and_start()
        night.play_round(lambda table, took=winner: took)
        views.append(night.event().view_token)
    page = text(
        client.get(
            f"/events/series?night={views[0]}&night=http://x/events/screen/{views[1]}&night=zz"
        )
    )
    assert "2 nights" in page and "1 of the links" in page
    assert "North0 & South0 2 1 0 1" in page and "North1 & South1 2 1 0 1" in page
    stats = text(client.get(f"/events/screen/{views[1]}/stats"))
    assert "the night's 1 game" in stats and "North0" in stats and "Games won 0 of 1" in stats


def test_a_game_page_can_show_its_table_and_the_round_clock(client, app):
    night = Night(client, app, round_minutes=30)
    for pair in PAIRS[:2]:
        night.check_in(*pair)
    night.draw_and_start()
    (match,) = night.round()
    banner = "{% include 'events/_game_banner.html' %}"
    from flask import render_template_string

    from scorepad.web.events.public import event_table

    with app.test_request_context(f"/games/{match.game_id}"):
        # the game page's model (web/pagemodel.py) carries it; no global reads it
        stored = storage.load_game(get_db(), match.game_id)
        assert stored is not None and stored.in_event  # read with the game's row
        shown = render_template_string(banner, event_table=event_table(stored))
    assert "Tuesday club, round 1, table 1" in shown and re.search(
        r'role="timer">(30:00|29:5\d)', shown
    )
    with app.test_request_context("/games/other"):  # a game no club night plays
        other = storage.load_game(get_db(), start(client))
        assert other is not None and not other.in_event
        assert render_template_string(banner, event_table=event_table(other)).strip() == ""
    # on the table's own game page, every time it is shown (never a kept copy)
    for _ in range(2):
        page = client.get(f"/games/{match.game_id}").get_data(as_text=True)
        assert "Tuesday club, round 1, table 1" in page and 'role="timer"' in page
        assert re.search(r"table 1</a>: <span data-clock>", page)  # no space before ":"
    night.act("call", "Time", confirm="yes")
    assert "time is called" in client.get(f"/games/{match.game_id}").get_data(as_text=True)


def test_a_tables_game_page_looks_its_table_up_once(client, app, monkeypatch):
    """The view finds the club night's table and passes it to the page model."""
    import scorepad.web.events.public as public

    night = Night(client, app, round_minutes=30)
    for pair in PAIRS[:2]:
        night.check_in(*pair)
    night.draw_and_start()
    (match,) = night.round()
    asked = []
    real = public.event_of_game
    monkeypatch.setattr(
        public, "event_of_game", lambda db, game_id: asked.append(game_id) or real(db, game_id)
    )
    page = client.get(f"/games/{match.game_id}").get_data(as_text=True)
    assert "Tuesday club, round 1, table 1" in page and asked == [match.game_id]
    refused = client.post(f"/games/{match.game_id}/bids", data={"number": "1", "version": "0"})
    assert refused.status_code == 400 and "Tuesday club, round 1, table 1" in text(refused)
    assert asked == [match.game_id] * 2  # the refused bids' page: once more, once


def test_a_table_whose_time_is_called_is_told_no_contract_that_wins_its_last_hand(client, app):
    """QA: time called, the table's last hand said "North0 & South0 win by making 4" (and
    the other side a contract too), when the leader after that hand wins whatever it bid."""
    night = Night(client, app, round_minutes=30)
    for pair in PAIRS[:2]:
        night.check_in(*pair)
    night.draw_and_start()
    (match,) = night.round()
    night.hand(match.game_id, 9)  # 63 to -60, to 100
    assert "win by making" in text(client.get(f"/games/{match.game_id}"))
    night.act("call", "Time", confirm="yes")
    shown = client.get(f"/games/{match.game_id}")
    page = text(shown)
    assert "time is called" in page and "win by making" not in page
    # the banner's colon follows the table's name ("table 1 : time is called" before)
    assert "table 1</a>: <strong>time is called" in shown.get_data(as_text=True)


def test_a_lead_shared_at_time_plays_on_and_every_page_says_so(client, app):
    """QA: time called and the last hand left 121 to 121: the table played on (the round's
    `on_time_tie` = play_on), but its game page said "finish this hand: the game ends
    after it" over hand 3, and the director's page "hand 3 (last: 2): time is called,
    hand 2 is the last". Each now says the lead was shared and the table plays on; once
    the game is over the banner says nothing of time."""
    night = Night(client, app, round_minutes=30)
    for pair in PAIRS[:2]:
        night.check_in(*pair)
    night.draw_and_start()
    (match,) = night.round()
    night.hand(match.game_id, 7)  # 61 to 60
    night.act("call", "Time", confirm="yes")
    night.hand(match.game_id, 6)  # hand 2, the last: 121 to 121
    assert night.game(match.game_id).score().totals == (121, 121)
    page = text(client.get(f"/games/{match.game_id}"))
    assert "the lead was shared after the last hand: play on" in page
    assert "finish this hand" not in page
    director = text(client.get(f"/events/{night.id}"))
    assert "hand 3: the lead was shared at time, playing on" in director
    assert "hand 2 is the last" not in director
    night.hand(match.game_id, 7)  # 182 to 181: over
    assert night.game(match.game_id).score().over
    page = text(client.get(f"/games/{match.game_id}"))
    assert "time is called" not in page and "Tuesday club, round 1, table 1" in page
