"""The same game file imported twice: said so, the first offered, imported again only when
asked."""

from __future__ import annotations

from tests.helpers import play, start, text


def test_importing_the_same_file_twice_says_so_and_offers_the_first(client):
    import io

    game_id = start(client, target="custom", custom_target="100")
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    exported = client.get(f"/games/{game_id}/export.json").data

    def send(**extra):
        data = {"game_file": (io.BytesIO(exported), "game.json"), **extra}
        return client.post("/games/import", data=data)

    first = send()  # a copy of a game this phone has: the file names the same game
    assert first.status_code == 409
    assert "This game is already on this phone" in text(first)
    assert f'href="/games/{game_id}">Open the game already here' in first.text
    games = text(client.get("/games"))
    assert games.count("Alice & Cara") == 1  # nothing imported, the stats not doubled
    again = send(again="y")  # asked for all the same
    assert again.status_code == 302 and again.headers["Location"] != f"/games/{game_id}"
