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


def test_import_it_again_takes_the_file_the_page_kept(client):
    """The page that says the game is here already keeps the file chosen: ticking "import
    it again" and tapping Import imports it without choosing it again; a file chosen then
    is the one imported."""
    import html
    import io
    import re

    game_id = start(client, target="custom", custom_target="100")
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    exported = client.get(f"/games/{game_id}/export.json").data
    refused = client.post("/games/import", data={"game_file": (io.BytesIO(exported), "g.json")})
    assert refused.status_code == 409
    assert "The file chosen is kept: tick the box" in text(refused)
    # the phone may tap Import with no file chosen: the field does not ask for one
    assert re.search(r'<input[^>]*type="file"[^>]*>', refused.text)[0].count("required") == 0
    assert (
        "required"
        in re.search(r'<input[^>]*type="file"[^>]*>', client.get("/games/import").text)[0]
    )
    hidden = re.findall(r'<input[^>]*type="hidden"[^>]*>', refused.text)
    sent = {
        re.search(r'name="([^"]+)"', tag)[1]: html.unescape(re.search(r'value="([^"]*)"', tag)[1])
        for tag in hidden
    }
    assert sent["kept"].encode() == exported
    again = client.post("/games/import", data={**sent, "again": "y"})  # no file chosen
    assert again.status_code == 302 and again.headers["Location"] != f"/games/{game_id}"
    copy = again.headers["Location"]
    assert text(client.get(copy)).count("Alice & Cara") >= 1
    assert (
        client.get(f"{copy}/export.json").json["hands"]
        == client.get(f"/games/{game_id}/export.json").json["hands"]
    )
    # kept but not ticked: the same refusal; nothing chosen and nothing kept: choose a file
    assert client.post("/games/import", data=sent).status_code == 409
    empty = client.post("/games/import", data={"again": "y"})
    assert empty.status_code == 400 and "Choose a game file" in text(empty)
