"""The director's page on a phone (issue 26, item 7): the round first, back where the
director acted, a second "Yes" for the steps that cannot be undone, the playoff's rounds
by name with the winner form beside its table, the bracket on the big screen, the dot's
legend, a finished table read as finished."""

from __future__ import annotations

import pytest

from scorepad.core.bracket import stage_name
from tests.event_helpers import Night
from tests.helpers import text

PAIRS = [(f"N{i}", f"S{i}") for i in range(12)]  # 6 tables


def _night(client, app, pairs=PAIRS, **extra) -> Night:
    night = Night(client, app, **extra)
    for pair in pairs:
        night.check_in(*pair)
    night.draw_and_start()
    return night


@pytest.mark.parametrize(
    "index, matches, name",
    [
        (1, 1, "final"),
        (2, 2, "semi-final"),
        (1, 4, "quarter-final"),
        (1, 8, "playoff round 1"),
        (2, 16, "playoff round 2"),
    ],
)
def test_a_playoff_round_is_named_by_its_matches(index, matches, name):
    assert stage_name(index, matches) == name


def test_check_in_comes_first_then_folds_away_once_round_1_is_drawn(client, app):
    night = Night(client, app)
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert page.index('id="checkin"') < page.index('id="round"')
    assert "<details" not in page.split('id="round"')[0]
    for pair in PAIRS[:4]:
        night.check_in(*pair)
    night.act("draw", "Round drawn")
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert page.index('id="round"') < page.index('id="checkin"')
    before_checkin = page[: page.index('id="checkin"')]
    assert '<details class="fold" id="checkin-fold">' in before_checkin  # closed: no "open"
    fold = page[page.index('<details class="fold">') :]
    links = fold.index("Links and QR codes"), fold.index('class="event-links"')
    assert links[0] < links[1] < fold.index("</details>")


@pytest.mark.parametrize(
    "path, form, anchor",
    [
        ("draw", {}, "#round"),
        ("checkin", {"player_0": "Late", "player_1": "Comer"}, "#checkin"),
        ("rounds/1/tables/3/end", {"confirm": "yes"}, "#table-3"),
        ("call", {"confirm": "yes"}, "#round"),
        ("rounds/1/reseat", {"seat": "2-1", "name": "Zed"}, "#table-2"),
    ],
)
def test_every_action_comes_back_at_the_part_acted_on(client, app, path, form, anchor):
    night = _night(client, app)
    r = client.post(f"/events/{night.id}/{path}", data={"revision": night.revision(), **form})
    assert r.status_code == 302
    at = anchor[1:]  # a fetch loses the #fragment: the address says it too
    assert r.headers["Location"].endswith(f"/events/{night.id}?at={at}{anchor}")
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert f'id="{anchor[1:]}"' in page


@pytest.mark.parametrize("path", ["call", "rounds/1/tables/1/end"])
def test_call_time_and_end_this_game_ask_a_second_yes(client, app, path):
    night = _night(client, app)
    before = night.event()
    r = client.post(f"/events/{night.id}/{path}", data={"revision": night.revision()})
    assert r.status_code == 200
    asked = r.get_data(as_text=True)
    assert 'name="confirm" value="yes"' in asked and "Yes, " in asked
    after = night.event()
    assert after.revision == before.revision and after.rounds == before.rounds
    assert after.matches == before.matches
    game = night.game(night.round()[0].game_id)
    assert game.score().status != "finished"
    night.hand(game.id, 7)  # a table ends only after a played hand: its button shows then
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert "Yes, call time" in page and "Yes, end this game" in page


def test_a_table_over_before_time_reads_finished_and_the_dot_has_a_legend(client, app):
    night = _night(client, app, pairs=PAIRS[:4])
    first, second = night.round()
    night.finish(first.game_id)
    page = text(client.get(f"/events/{night.id}"))
    assert "Finished: N" in page and " won " in page
    assert "still playing in this round" in page  # table 2 plays on: its dot has a legend
    night.act("call", "Time called", confirm="yes")
    page = text(client.get(f"/events/{night.id}"))
    assert "finishing hand 1, the last" in page
    assert page.count("(last:") == 0


def test_the_playoff_is_named_the_winner_form_sits_by_its_table_and_screen_has_bracket(client, app):
    night = _night(client, app, pairs=PAIRS[:4], rounds=1, playoff=4)
    night.play_round()
    night.start_playoff()
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert "The semi-final" in page
    one, two = night.round()
    for took in (7, 6):
        night.hand(one.game_id, took)
    night.post("rounds/2/tables/1/end", "ended", confirm="yes")  # a shared lead: a draw
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    table = page[page.index('id="table-1"') : page.index('id="table-2"')]
    assert "A playoff match needs a winner" in table
    token = night.event().view_token
    screen = text(client.get(f"/events/screen/{token}/live"))
    assert "Playoff" in screen and "The semi-final" in screen
    csv = client.get(f"/events/screen/{token}/results.csv").get_data(as_text=True)
    assert ",semi-final," in csv


def test_after_a_substitute_results_and_csv_name_who_sat_at_the_table(client, app):
    night = _night(client, app, pairs=PAIRS[:4], rounds=1)
    first = night.round()[0]
    players = night.game(first.game_id).game.table.players
    leaving = players[1]
    night.post("rounds/1/reseat", "sits in for", revision=night.revision(), seat="1-1", name="Zed")
    night.play_round()
    seated = night.game(first.game_id).game.table.players
    assert "Zed" in seated and leaving not in seated
    token = night.event().view_token
    results = text(client.get(f"/events/screen/{token}/results"))
    csv = client.get(f"/events/screen/{token}/results.csv").get_data(as_text=True)
    side = f"{seated[1]} & {seated[3]}"
    assert "Zed" in side
    assert "Table 1: " in results and side in results
    assert side in csv.splitlines()[1]
    assert leaving not in csv.splitlines()[1]
