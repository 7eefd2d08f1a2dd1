"""Every housekeeping form at once: its CSRF token, its page weight, junk in any field."""

from __future__ import annotations

import pytest

from tests.helpers import (
    HAND_1,
    bid_form,
    budget_of,
    form_token,
    load,
    page_weight,
    played_game,
    settings_data,
    start,
    tricks_form,
    ver,
)


def test_every_housekeeping_post_needs_the_csrf_token(guarded_app, guarded):
    app, client = guarded_app, guarded
    token = form_token(client.get("/games/new"))
    from tests.helpers import new_game_form

    r = client.post("/games/new", data={**new_game_form(), "csrf_token": token})
    game_id = r.headers["Location"].rsplit("/", 1)[-1]
    client.post(f"/games/{game_id}/bids", data={**bid_form(1, HAND_1[0]), "csrf_token": token})
    client.post(
        f"/games/{game_id}/tricks", data={**tricks_form(1, 1, HAND_1[1]), "csrf_token": token}
    )
    before = load(app, game_id)
    assert before.score().hands[0].sides is not None
    posts = {
        f"/games/{game_id}/settings": settings_data(app, game_id, player_0="Zed"),
        f"/games/{game_id}/delete": {},
        f"/games/{game_id}/end": {"version": str(before.revision)},
        f"/games/{game_id}/hands/1/dealer": {"version": "1", "dealer": "2"},
        f"/games/{game_id}/hands/1/adjust": {
            "version": "1",
            "adjust_0": "30",
            "adjust_1": "-30",
            "note": "renege",
        },
    }
    for path, data in posts.items():
        r = client.post(path, data=data)
        assert r.status_code == 400 and "expired or came from elsewhere" in r.text, path
    assert load(app, game_id) == before
    assert client.post(f"/games/{game_id}/delete", data={"csrf_token": token}).status_code == 302


def test_housekeeping_pages_fit_the_page_budget(client, app):
    game_id = played_game(client)
    for _ in range(12):
        start(client)
    for path in (
        f"/games/{game_id}/settings",
        f"/games/{game_id}/delete",
        f"/games/{game_id}/hands/1/dealer",
        f"/games/{game_id}/hands/1/adjust",
        "/games/new",
        f"/games/new?rules_from={game_id}",
    ):
        assert page_weight(client, path) <= budget_of(path), path


JUNK = ["", "-", "1e9", "\x00", "😀" * 50, "99999999999999999999"]


HUGE = "99999999999999999999"


HOUSEKEEPING = {
    "settings": [
        "version",
        "player_0",
        "side_1",
        "rule_target",
        "rule_nil_tricks",
        "rule_loss_threshold",
    ],
    "hands/1/dealer": ["version", "dealer"],
    "hands/1/adjust": ["version", "adjust_0", "note"],
    "end": ["version"],
}


# What a person may really mean by one of the junk values: saved as the game's new state.
MEANT = {
    ("settings", "player_0"): {"-", "1e9", HUGE},  # odd, but names
    ("settings", "side_1"): {"", "-", "1e9", HUGE},  # "": the side goes by its players
    ("settings", "rule_loss_threshold"): {""},  # "": no losing score
    ("hands/1/adjust", "adjust_0"): {""},  # "": no points
    # a note is optional; any text up to 200 characters but control characters
    ("hands/1/adjust", "note"): set(JUNK) - {"\x00"},
}


def _outcome(path: str, name: str, junk: str) -> str:
    return "saved" if junk in MEANT.get((path, name), ()) else "refused"


@pytest.mark.parametrize("junk", JUNK)
def test_junk_in_any_housekeeping_field_is_saved_as_meant_or_refused(client, app, junk):
    game_id = played_game(client)

    def good(path: str) -> dict:  # the form as its page fills it now
        return {
            "settings": lambda: settings_data(app, game_id),
            "hands/1/dealer": lambda: {"version": ver(app, game_id), "dealer": "1"},
            "hands/1/adjust": lambda: {
                "version": ver(app, game_id),
                **{"adjust_0": "5", "adjust_1": "0", "note": "x"},
            },
            "end": lambda: {"version": str(load(app, game_id).revision)},
        }[path]()

    for path, names in HOUSEKEEPING.items():
        for name in names:
            before = load(app, game_id)
            r = client.post(f"/games/{game_id}/{path}", data={**good(path), name: junk})
            after = load(app, game_id)
            where, outcome = (path, name, repr(junk)), _outcome(path, name, junk)
            if outcome == "refused":
                assert r.status_code == 400, where
                assert 'class="error"' in r.text or 'role="alert"' in r.text, where
                assert after.revision == before.revision, where
            else:
                assert r.status_code == 302, where
                assert "flash-ok" in client.get(r.headers["Location"]).text, where
                if name == "note":
                    assert after.game.hands[0].note == junk
                if name == "player_0":
                    assert after.game.table.players[0] == junk
