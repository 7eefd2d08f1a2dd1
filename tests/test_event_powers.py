"""A club night's table scores its table, nothing more (issue 26, findings 1 and 9): the
phone holding a table's link bids, plays and fixes its hands while its round is played;
deleting the game, its house rules, its names and seats, ending it and a rematch are the
director's; once the round is over the game is closed to the table until the director
reopens it, and the director's page then says which rounds were drawn on the standings
before."""

from __future__ import annotations

import re

import pytest

from scorepad.store import storage
from scorepad.store.event_commands import reopen as event_reopen
from scorepad.store.event_tables import table_of_game
from scorepad.web.db import get_db
from tests.event_helpers import Night
from tests.helpers import (
    bid_form,
    claim_seat,
    seat_links,
    settings_data,
    start,
    text,
    tricks_form,
)

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


@pytest.fixture
def night(client, app):
    """Two tables playing round 1 to 100, started from the director's browser (`client`)."""
    night = Night(client, app, target=100)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    return night


@pytest.fixture
def phone(app):
    """A table's phone: it holds the table's link only, never the director's."""
    return app.test_client()


def _first_game(night) -> str:
    return night.round()[0].game_id


def _hand(phone, night, game_id, side0=9):
    """One hand from `phone`: every seat bids 3, side 0 takes `side0` tricks."""
    number = night.game(game_id).score().next_number
    r = phone.post(f"/games/{game_id}/bids", data=bid_form(number, (3, 3, 3, 3)))
    assert r.status_code == 302, r.get_data(as_text=True)
    version = night.game(game_id).versions[-1]
    form = tricks_form(number, version, (None,) * 4, sides=(side0, 13 - side0))
    r = phone.post(f"/games/{game_id}/tricks", data=form)
    assert r.status_code == 302, r.get_data(as_text=True)


def _fix_form(night, game_id, number=1, side0=4):
    """Hand `number` fixed: the same bids, side 0 took `side0` tricks."""
    version = night.game(game_id).versions[number - 1]
    form = {"number": str(number), "version": str(version)}
    return (
        form
        | {f"bid_{s}": "3" for s in range(4)}
        | {"side_0": str(side0), "side_1": str(13 - side0)}
    )


def _directors_actions(app, night, game_id):
    """Each POST the director keeps, as a page would send it."""
    revision = str(night.game(game_id).revision)
    return {
        "delete": (f"/games/{game_id}/delete", {"version": revision}),
        "house rules": (
            f"/games/{game_id}/settings",
            settings_data(app, game_id, rule_target="500"),
        ),
        "rename": (f"/games/{game_id}/settings", settings_data(app, game_id, player_0="Stranger")),
        "re-seat": (
            f"/games/{game_id}/settings",
            settings_data(app, game_id, player_0="Cy", player_1="Ann"),
        ),
        "end": (f"/games/{game_id}/end", {"version": revision}),
        "rematch": (f"/games/{game_id}/rematch", {}),
    }


ACTIONS = ["delete", "house rules", "rename", "re-seat", "end", "rematch"]


@pytest.mark.parametrize("action", ACTIONS)
def test_a_tables_link_cannot_take_the_directors_actions(app, night, phone, action):
    game_id = _first_game(night)
    _hand(phone, night, game_id)
    before = night.game(game_id)
    path, form = _directors_actions(app, night, game_id)[action]
    r = phone.post(path, data=form)
    assert r.status_code == 403
    said = text(r)
    assert "round 1, table 1: only the director can" in said
    assert "Nothing was changed." in said
    after = night.game(game_id)
    assert after == before  # not deleted, same rules, names, seats, not ended
    with app.app_context():
        assert storage.list_games(get_db(), [game_id])  # still the night's game
    assert len(night.event().round_matches(1)) == 2


@pytest.mark.parametrize("page", ["settings", "delete"])
def test_a_tables_link_does_not_open_the_directors_pages(night, phone, page):
    r = phone.get(f"/games/{_first_game(night)}/{page}")
    assert r.status_code == 403
    assert "only the director can" in text(r)


def test_a_tables_link_bids_plays_fixes_and_undoes_while_its_round_is_played_only(night, phone):
    game_id = _first_game(night)
    _hand(phone, night, game_id)
    _hand(phone, night, game_id, side0=3)  # side 0 set: the game goes on
    r = phone.post(f"/games/{game_id}/hands/1", data=_fix_form(night, game_id))
    assert r.status_code == 302, r.get_data(as_text=True)
    assert night.game(game_id).game.hands[0].side_tricks == (4, 9)
    version = night.game(game_id).versions[1]
    r = phone.post(f"/games/{game_id}/hands/2/delete", data={"number": "2", "version": version})
    assert r.status_code == 302
    assert not night.game(game_id).game.hands[1].played  # its tricks undone, its bids kept
    revision = night.game(game_id).revision
    r = phone.post(f"/games/{game_id}/hands/2/put-back", data={"version": revision})
    assert r.status_code == 302
    assert night.game(game_id).game.hands[1].played
    adjust = {"version": night.game(game_id).versions[0], "adjust_0": "-10", "adjust_1": "0"}
    r = phone.post(f"/games/{game_id}/hands/1/adjust", data=adjust | {"note": "slow play"})
    assert r.status_code == 302, r.get_data(as_text=True)
    assert night.game(game_id).game.hands[0].adjust == (-10, 0)
    before = night.game(game_id)
    r = phone.post(f"/games/{game_id}/delete", data={"version": before.revision})
    assert r.status_code == 403
    assert night.game(game_id) == before


def test_the_tables_game_page_offers_only_what_the_table_may_do(night, phone, client):
    game_id = _first_game(night)
    _hand(phone, night, game_id)
    page = phone.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Save bids" in page and "Fix hand 1" in page and "Undo the tricks of hand 1" in page
    assert "Game settings" not in page and "End the game now" not in page
    directors = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Game settings" in directors and "End the game now" in directors


def test_a_finished_table_offers_no_rematch_and_says_why(night, phone, client):
    game_id = _first_game(night)
    while night.game(game_id).score().status != "finished":
        _hand(phone, night, game_id)
    page = phone.get(f"/games/{game_id}")
    assert "Game over" in text(page)
    assert "A rematch is outside the night" in text(page)
    assert "/rematch" not in page.get_data(as_text=True)
    assert "Rematch (outside the night)" in text(client.get(f"/games/{game_id}"))


def _round_one_over(night):
    """Round 1 played to its end at every table (the director's browser scoring)."""
    night.play_round()


def test_after_its_round_is_done_the_table_saves_nothing(night, phone):
    game_id = _first_game(night)
    _round_one_over(night)
    before = night.game(game_id)
    number = len(before.game.hands)
    sends = [
        (f"/games/{game_id}/hands/1", _fix_form(night, game_id)),
        (
            f"/games/{game_id}/hands/{number}/delete",
            {"number": number, "version": before.versions[-1]},
        ),
        (
            f"/games/{game_id}/hands/1/adjust",
            {"version": before.versions[0], "adjust_0": "5", "adjust_1": "0"},
        ),
        (f"/games/{game_id}/hands/1/dealer", {"version": before.versions[0], "dealer": "1"}),
        (f"/games/{game_id}/bids", bid_form(number + 1, (3, 3, 3, 3))),
    ]
    for path, form in sends:
        r = phone.post(path, data=form)
        assert r.status_code == 403, path
        assert "Round 1 is over: the game of table 1 is closed" in text(r), path
    assert phone.get(f"/games/{game_id}/hands/1").status_code == 403
    assert night.game(game_id) == before
    page = phone.get(f"/games/{game_id}")
    assert page.status_code == 200
    assert "ask the director to reopen this table" in text(page)
    assert "Fix hand 1" not in page.get_data(as_text=True)


def test_a_closed_tables_page_offers_no_seat_links_it_would_refuse(night, phone, client):
    """Seat links are the table's play: a game closed to its phone offers no "Give each
    seat its own link" that answers "closed" (the director's page still offers it)."""
    game_id = _first_game(night)
    _round_one_over(night)
    page = phone.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Give each seat its own link" not in page
    assert f"/games/{game_id}/seats" not in page
    assert phone.post(f"/games/{game_id}/seats", data={"seats": "on"}).status_code == 403
    assert "Give each seat its own link" in text(client.get(f"/games/{game_id}"))


def test_after_the_next_round_is_drawn_an_old_hand_is_not_undone_and_replayed(night, phone):
    game_id = _first_game(night)
    _round_one_over(night)
    night.act("draw", "Round drawn")
    before = night.game(game_id)
    last = len(before.game.hands)
    r = phone.post(
        f"/games/{game_id}/hands/{last}/delete",
        data={"number": last, "version": before.versions[-1]},
    )
    assert r.status_code == 403
    assert night.game(game_id) == before


@pytest.mark.parametrize("action", ACTIONS)
def test_the_director_takes_each_of_the_directors_actions(app, night, client, phone, action):
    game_id = _first_game(night)
    if action == "rematch":
        night.finish(game_id)
    else:
        night.hand(game_id, 9)
    path, form = _directors_actions(app, night, game_id)[action]
    assert phone.post(path, data=form).status_code == 403  # the table's phone: refused
    r = client.post(path, data=form)
    assert r.status_code == 302, r.get_data(as_text=True)
    after = night.game(game_id)
    expected = {
        "delete": lambda: after is None,
        "house rules": lambda: after.game.rules.target == 500,
        "rename": lambda: after.game.table.players[0] == "Stranger",
        "re-seat": lambda: after.game.table.players[:2] == ("Cy", "Ann"),
        "end": lambda: after.score().status == "finished",
        "rematch": lambda: night.game(r.headers["Location"].rsplit("/", 1)[-1]) is not None,
    }
    assert expected[action]()


def test_the_director_fixes_a_finished_rounds_game_its_table_cannot(night, client, phone):
    game_id = _first_game(night)
    _round_one_over(night)
    refused = phone.post(f"/games/{game_id}/hands/1", data=_fix_form(night, game_id, side0=8))
    assert refused.status_code == 403
    r = client.post(f"/games/{game_id}/hands/1", data=_fix_form(night, game_id, side0=8))
    assert r.status_code == 302, r.get_data(as_text=True)
    assert night.game(game_id).game.hands[0].side_tricks == (8, 5)


def _reopen(client, night, number=1, table=1, how="reopen", revision=None):
    revision = night.revision() if revision is None else revision
    path = f"/events/{night.id}/rounds/{number}/tables/{table}/{how}"
    r = client.post(path, data={"revision": revision})
    assert r.status_code == 302
    assert r.headers["Location"].endswith(f"/events/{night.id}#reopened")
    return text(client.get(f"/events/{night.id}"))


def test_the_director_reopens_a_table_its_phone_fixes_and_the_page_says_what_was_drawn(
    night, phone, client
):
    game_id = _first_game(night)
    _round_one_over(night)
    night.act("draw", "Round drawn")
    partial = client.get(f"/events/{night.id}/reopened").get_data(as_text=True)
    assert re.search(
        r'<option value="1-1">Round 1, table 1: Ann & Bo vs', partial.replace("&amp;", "&")
    )
    said = _reopen(client, night)
    assert "Round 1, table 1 is open again" in said
    assert "Round 2 stays as drawn" in said
    partial = client.get(f"/events/{night.id}/reopened")
    assert "Not changed since it was reopened; round 2 drawn since." in text(partial)

    r = phone.post(f"/games/{game_id}/hands/1", data=_fix_form(night, game_id, side0=4))
    assert r.status_code == 302, r.get_data(as_text=True)
    assert night.game(game_id).game.hands[0].side_tricks == (4, 9)
    said = text(client.get(f"/events/{night.id}/reopened"))
    assert "Its game changed since: round 2 was drawn on the standings before the change" in said

    said = _reopen(client, night, how="close")
    assert "Round 1, table 1 is closed again" in said
    r = phone.post(f"/games/{game_id}/hands/1", data=_fix_form(night, game_id, side0=9))
    assert r.status_code == 403
    assert night.game(game_id).game.hands[0].side_tricks == (4, 9)


def test_a_reopen_from_an_older_page_or_of_a_playing_round_does_nothing(night, client):
    old = night.revision()
    said = _reopen(client, night)
    assert "round 1 is still being played" in said
    _round_one_over(night)
    said = _reopen(client, night, revision=old)
    assert "The event changed on another device meanwhile" in said
    said = _reopen(client, night, table=7)
    assert "round 1 has no table 7 with a game" in said
    event = night.event()
    with night.app.app_context():
        assert not table_of_game(get_db(), _first_game(night)).reopened
    assert night.revision() == event.revision


def test_the_reopen_command_is_one_checked_change_with_typed_outcomes(app, night):
    game_id = _first_game(night)
    with app.app_context():
        db = get_db()
        with pytest.raises(event_reopen.StillPlaying):
            event_reopen.reopen_table(db, night.id, night.event().revision, 1, 1)
    _round_one_over(night)
    with app.app_context():
        db = get_db()
        revision = night.event().revision
        with pytest.raises(event_reopen.EventStale):
            event_reopen.reopen_table(db, night.id, revision - 1, 1, 1)
        with pytest.raises(event_reopen.NoTable):
            event_reopen.reopen_table(db, night.id, revision, 1, 3)
        with pytest.raises(event_reopen.NoEvent):
            event_reopen.reopen_table(db, "no-such-event", revision, 1, 1)
        assert table_of_game(db, game_id).closed
        event = event_reopen.reopen_table(db, night.id, revision, 1, 1)
        assert event.revision == revision + 1
        found = table_of_game(db, game_id)
        assert found.reopened and not found.closed and found.round_status == "done"
        again = event_reopen.reopen_table(db, night.id, event.revision, 1, 1)
        assert again.revision == event.revision  # open already: nothing changed
        closed = event_reopen.close_table(db, night.id, again.revision, 1, 1)
        assert closed.revision == again.revision + 1 and table_of_game(db, game_id).closed


@pytest.mark.parametrize("action", ACTIONS)
def test_a_plain_games_scorer_still_does_everything(app, client, action):
    """A guard: outside a club night nothing changed (this passed before as after)."""
    game_id = start(client)
    scorer = app.test_client()  # any phone with the game's link, as before
    for number in (1, 2):
        r = scorer.post(f"/games/{game_id}/bids", data=bid_form(number, (3, 3, 3, 3)))
        assert r.status_code == 302
        version = storage_version(app, game_id)
        r = scorer.post(f"/games/{game_id}/tricks", data=tricks_form(number, version, (4, 3, 3, 3)))
        assert r.status_code == 302
    if action == "rematch":
        r = scorer.post(
            f"/games/{game_id}/end", data={"version": storage_version(app, game_id, "revision")}
        )
        assert r.status_code == 302
    night_less = type("Plain", (), {"game": lambda self, g: _load(app, g)})()
    path, form = _directors_actions(app, night_less, game_id)[action]
    r = scorer.post(path, data=form)
    assert r.status_code == 302, r.get_data(as_text=True)
    page = scorer.get(f"/games/{game_id}")
    if action != "delete":
        assert "Game settings" in page.get_data(as_text=True)


def _load(app, game_id):
    with app.app_context():
        return storage.load_game(get_db(), game_id)


def storage_version(app, game_id, what="hand"):
    stored = _load(app, game_id)
    return stored.revision if what == "revision" else stored.versions[-1]


def test_a_seat_phone_of_a_closed_table_bids_no_more(app, night, phone):
    """A seat link of a finished round's table: once the director undoes its last hand
    (the game open again, the table still closed), the seat's phone cannot bid it."""
    game_id = _first_game(night)
    tokens = seat_links(phone, game_id)  # the table turned seat links on while playing
    seat = app.test_client()
    assert claim_seat(seat, tokens[0]).status_code == 302
    _round_one_over(night)
    stored = night.game(game_id)
    number = len(stored.game.hands)
    undo = {"number": number, "version": stored.versions[-1]}
    assert (
        night.client.post(f"/games/{game_id}/hands/{number}/delete", data=undo).status_code == 302
    )
    before = night.game(game_id)
    assert before.score().status != "finished"  # the director's undo opened the game
    r = seat.post(f"/seat/{tokens[0]}", data={"number": str(number), "bid": "3"})
    assert r.status_code == 403
    assert "closed" in text(r)
    assert night.game(game_id) == before


def test_a_closed_tables_link_turns_no_seat_links_on_or_off(night, phone):
    """Seat links are the table's play: once its round is over, its link cannot turn
    them on, hand a seat over or turn them off (each was a 302 and a write before)."""
    game_id = _first_game(night)
    _round_one_over(night)
    for path, form in (
        (f"/games/{game_id}/seats", {"seats": "on"}),
        (f"/games/{game_id}/seats/0/release", {}),
        (f"/games/{game_id}/seats", {}),
    ):
        r = phone.post(path, data=form)
        assert r.status_code == 403, path
    assert "seat/" not in phone.get(f"/games/{game_id}").get_data(as_text=True)


def test_a_round_that_is_not_there_has_no_table_links(client, night):
    assert client.get(f"/events/{night.id}/rounds/1/tables").status_code == 200
    for number in (0, 2, 999999999):
        assert client.get(f"/events/{night.id}/rounds/{number}/tables").status_code == 404
