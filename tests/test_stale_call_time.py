""" "Call time now" on a director's page drawn during one round, pressed once that round
is over and the next one started (a second director's phone, or a tab left open), was
taken as time called on the new round: every table of it then ended after its first
hand. The form carries the night's revision as the director's other buttons do, and the
command checks it in its write: the stale "Yes, call time" is refused in words and the
new round's clock runs on; the page drawn again calls time."""

from __future__ import annotations

from tests.event_helpers import Night
from tests.helpers import page_forms, text

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]
STALE = "The event changed on another device meanwhile"


def _round_one_playing(client, app) -> Night:
    night = Night(client, app, rounds=2, round_minutes=30)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    return night


def _call_form(client, night) -> tuple[str, dict[str, str]]:
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    (action, fields), *_ = page_forms(page, "/call")
    return action, fields


def test_call_time_from_a_page_of_the_round_before_is_refused(client, app):
    night = _round_one_playing(client, app)
    action, stale = _call_form(client, night)  # round 1's "Yes, call time"
    night.play_round()
    night.draw_and_start()
    before = night.event()
    assert before.rounds[1].called_at is None

    said = text(client.post(action, data=stale, follow_redirects=True))
    assert STALE in said, said
    after = night.event()
    assert after.rounds[1].called_at is None  # round 2's clock runs on
    assert after.revision == before.revision

    action, fields = _call_form(client, night)  # the page drawn again
    said = text(client.post(action, data=fields, follow_redirects=True))
    assert "Time called" in said, said
    assert night.event().rounds[1].called_at is not None


def test_the_question_asked_first_carries_the_pages_revision(client, app):
    """Without `confirm` the call asks a second "Yes" on a page of its own: that "Yes"
    is checked against the director's page the question came from."""
    night = _round_one_playing(client, app)
    action, fields = _call_form(client, night)
    asked = client.post(action, data={"revision": fields["revision"]}).get_data(as_text=True)
    (yes_action, yes), *_ = page_forms(asked, "/call")
    assert yes == {**yes, "revision": fields["revision"], "confirm": "yes"}
    night.play_round()
    night.draw_and_start()
    said = text(client.post(yes_action, data=yes, follow_redirects=True))
    assert STALE in said, said
    assert night.event().rounds[1].called_at is None


def test_two_directors_call_time_once(client, app):
    """Two phones holding the director's link press "Yes, call time" from the same page:
    the first calls it, the second is told the night changed, and time stays called at
    the first one's moment."""
    night = _round_one_playing(client, app)
    other = app.test_client()
    page = other.get(f"/events/{night.id}").get_data(as_text=True)
    (action, theirs), *_ = page_forms(page, "/call")
    action, mine = _call_form(client, night)
    assert "Time called" in text(client.post(action, data=mine, follow_redirects=True))
    called = night.event().rounds[0].called_at
    said = text(other.post(action, data=theirs, follow_redirects=True))
    assert STALE in said or "time is called already" in said, said
    assert night.event().rounds[0].called_at == called
