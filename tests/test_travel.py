"""Issue 40: how far a request travels through scorepad, as bench/travel.py counts it (a
profile hook recording each scorepad file and function a request enters). The figures
after issue 40's work are ceilings: indirection taken away stays away. (The issue's goals,
15 / 20 / 25 files: the night's is met, a save's and the game page's are not;
bench/README.md says what is left.)"""

from __future__ import annotations

from bench.travel import measure, traced

# Files entered after issue 40's work (before it: 33, 40 and 39). A save enters the message
# bus (store/bus.py) and its after-commit handler (commands/on_news.py): two files more
# than the web's cuts alone left (31), for one way between the aggregates; and the
# phone's key of a save (store/commands/sent.py, issue 41) one more. A page that reads no
# body asks nothing of web/uploads.py (a request knows its page's limit, asked as a body is
# read); a night's rules are read as a game's are (store/rows.py, once a text), and the
# page remembers the night it shows without a pass-through (web/events/following.py).
# Item 6 (34, 32 and 28 before it): the results page builds only what it shows (no
# core/event_flow.py), a name's Latin spelling is the core's (no web/share_image.py on the
# share link), templates ask Flask whether there are messages (no web/render.py); a game
# page asks nothing of the evening, the clock or undone hands its row says it has none of;
# a save asks nothing of the ratings, an empty note or an outbox key it was not sent, and
# its redirect says no language (web/language.py: werkzeug's words, one place in any).
# A save plays the hand in play as it was bid (core/scoring.play): only its tricks are
# checked (no core/checks.py, no core/rules.py: its bids were checked when bid).
MOST = {"tricks POST": 28, "game page GET": 29, "night results GET": 25}


def test_a_save_a_game_page_and_a_night_s_results_travel_no_further():
    found = measure()
    assert {what: t.status for what, t in found.items()} == {
        "tricks POST": 302,
        "game page GET": 200,
        "night results GET": 200,
    }
    assert {what: t.files for what, t in found.items()} == {
        what: min(t.files, MOST[what]) for what, t in found.items()
    }
    # what the changes took away: no club or event code for a game of neither
    page = found["game page GET"].functions
    assert not {f for f in page if f.startswith(("web/clubs/", "web/events/", "store/clubs"))}
    assert "web/standing.py" not in page and "web/hosting.py" not in page
    # nor of a rematch, a clock or a hand undone for a game whose row says it has none
    assert not {"web/evening.py", "web/words/clock.py", "store/undone.py"} & set(page)
    # a save of a game not over, with no note and no outbox key, asks nothing of them
    save = found["tricks POST"].functions
    assert not {"core/rating_values.py", "core/names.py", "store/commands/sent.py"} & set(save)
    # a night's results read no club for chances they do not show
    night = found["night results GET"].functions
    assert "store/club_view.py" not in night and "core/ratings.py" not in night
    # the results page builds what it shows: no director's next step, no clock
    assert "core/event_flow.py" not in night and "web/render.py" not in night
    assert "web/uploads.py" not in night and "web/uploads.py" not in page


def test_the_hook_counts_each_scorepad_file_and_function_once(client):
    client.get("/healthz")  # the first opens the connection the others take
    travel = traced(lambda: client.get("/healthz"))
    assert travel.status == 200
    assert "web/hosting.py" in travel.functions
    assert "healthz" in travel.functions["web/hosting.py"]
    assert travel.calls == sum(len(names) for names in travel.functions.values())
    assert all(not name.startswith("/") and name.endswith(".py") for name in travel.functions)
    again = traced(lambda: client.get("/healthz"))
    assert again.functions == travel.functions  # the same request, the same travel
