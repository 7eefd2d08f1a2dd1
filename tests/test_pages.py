"""The live scoreboard, rules, score sheet, stats and the app shell, through the test client."""

from __future__ import annotations

import json
import re

from tests.helpers import bid_form, play, start, text, tricks_form


def share_token(client, game_id: str) -> str:
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    return re.search(r'/watch/([A-Za-z0-9_-]{22,})"', body).group(1)


def test_game_page_offers_the_share_link_and_its_qr_code(client):
    game_id = start(client)
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    token = share_token(client, game_id)
    assert token != game_id
    assert f"http://localhost/watch/{token}" in body
    # the QR code is an image, fetched only when its section opens
    assert f'<img src="/watch/{token}/qr.svg" alt="QR code of the live scoreboard link"' in body
    assert "<svg" not in body
    image = client.get(f"/watch/{token}/qr.svg")
    assert image.status_code == 200 and image.mimetype == "image/svg+xml"
    svg = image.get_data(as_text=True)
    assert svg.startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in svg
    assert "<title>QR code of the live scoreboard link</title>" in svg
    assert client.get("/watch/not-a-token/qr.svg").status_code == 404
    assert client.get(f"/watch/{game_id}/qr.svg").status_code == 404  # the game's id is no token


def test_watch_page_is_read_only_and_follows_the_game(client, app):
    game_id = start(client)
    token = share_token(client, game_id)
    viewer = app.test_client()
    page = viewer.get(f"/watch/{token}")
    words = text(page)
    assert page.status_code == 200 and "Live score" in words and "refresh" in words
    body = page.get_data(as_text=True)
    assert "<form" not in body and game_id not in body
    assert f'data-poll="/watch/{token}/board"' in body
    board = viewer.get(f"/watch/{token}/board")
    tag = board.headers["ETag"]
    assert viewer.get(f"/watch/{token}/board", headers={"If-None-Match": tag}).status_code == 304
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    changed = viewer.get(f"/watch/{token}/board", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and "Ben & Dev 150" in text(changed)
    # the token opens nothing that writes, and the viewer's list stays empty
    assert viewer.post(f"/games/{token}/bids", data=bid_form(2, [3, 3, 3, 4])).status_code == 404
    assert viewer.get(f"/games/{token}").status_code == 404
    assert "Alice & Cara" not in text(viewer.get("/games"))


def test_watch_shows_the_hand_in_play_and_the_end(client):
    game_id = start(client, target="custom", custom_target="100")
    token = share_token(client, game_id)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, "nil"]))
    assert (
        "Hand 1 is being played: Alice & Cara bid 7 (Alice 4, Cara 3); "
        "Ben & Dev bid 5 (Ben 5, Dev nil)."
    ) in text(client.get(f"/watch/{token}/board"))
    client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 1, [5, 5, 3, 0]))
    words = text(client.get(f"/watch/{token}"))
    assert "Game over: Ben & Dev won." in words
    assert words.count("Ben & Dev won") == 1  # the winner is said once


def test_watch_before_the_first_hand_has_no_empty_box_and_no_dead_links(client):
    game_id = start(client)
    body = client.get(f"/watch/{share_token(client, game_id)}").get_data(as_text=True)
    assert "No hand has been played yet" in body
    assert 'aria-label="Last hand"' not in body
    main_links = re.findall(r'<a [^>]*href="([^"]+)"', body.split("<noscript>")[0])
    assert main_links == []  # the watcher's phone has no game, stats or new game to go to


def test_unknown_share_token_is_404(client):
    response = client.get("/watch/not-a-token")
    assert response.status_code == 404 and "no live scoreboard" in text(response)


def test_history_has_the_chart_with_a_text_alternative(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    body = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert '<svg class="chart"' in body and 'role="img"' in body
    assert (
        "Running totals over 1 hand, target 500: Alice &amp; Cara 71; Ben &amp; Dev 150. "
        "Alice &amp; Cara, hand by hand: 71. Ben &amp; Dev, hand by hand: 150."
    ) in body


def test_rules_page_in_words_follows_the_house_rules(client):
    default = start(client)
    words = text(client.get(f"/games/{default}/rules"))
    assert "Alice & Cara against Ben & Dev" in words
    assert "A nil kept is worth 100" in words and "Blind nil doubles both: 200" in words
    assert "Each time a team reaches 10 bags it loses 100 points and keeps counting" in words
    assert "reaches 500" in words
    custom = start(
        client,
        rule_nil_tricks="partner",
        rule_bag_limit="0",
        rule_missed_contract="zero",
        rule_blind_nil=None,
        rule_loss_threshold="-200",
        rule_suicide="y",
    )
    words = text(client.get(f"/games/{custom}/rules"))
    assert "count towards the partner's bid" in words and "no penalty" in words
    prose = words.split("All house rules, as set")[0]
    assert "Fall short and the bid scores nothing" in prose and "Blind nil" not in prose
    assert "falls to -200" in words and "exactly one player of each team must bid nil" in words


def test_score_sheet_of_a_finished_game(client):
    game_id = start(client, target="250")
    for number in (1, 2, 3):
        play(client, game_id, number, [6, 6, 6, 1], [7, 1, 5, 0])
    page = client.get(f"/games/{game_id}/sheet")
    words = text(page)
    assert "Spades score sheet" in words and "Alice & Cara won : Alice & Cara 360" in words
    assert "Fix" not in words and '<svg class="chart"' in page.get_data(as_text=True)
    assert "Score sheet" in text(client.get(f"/games/{game_id}"))


def test_stats_page_counts_only_this_browsers_games(client, app):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    words = text(client.get("/stats"))
    assert "From the 1 game this phone knows" in words
    assert (
        "Dev Games won – (1 unfinished) Bids made – Nil made 100% (1/1) "
        "Blind nil made – Bags a hand 0.0 Points a hand 150.0"
    ) in words
    assert "No game yet" in text(app.test_client().get("/stats"))


def test_stats_count_finished_games_only_and_skip_an_unplayed_rematch(client):
    game_id = start(client, target="custom", custom_target="100")
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])  # Ben & Dev win 150 to 71
    client.post(f"/games/{game_id}/rematch")  # a new game, no hand played
    words = text(client.get("/stats"))
    assert "Ben Games won 1 of 1 Bids made" in words
    assert "Alice Games won 0 of 1 Bids made" in words  # not 0 of 2: the rematch is no result
    assert "unfinished" not in words


def test_manifest_icons_and_service_worker(client):
    body = client.get("/games").get_data(as_text=True)
    manifest_url = re.search(r'rel="manifest" href="([^"]+)"', body).group(1)
    manifest = json.loads(client.get(manifest_url).data)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/games"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        response = client.get(f"/static/{icon['src']}")
        assert response.status_code == 200
        response.close()
    worker = client.get("/sw.js")
    assert worker.mimetype == "application/javascript"
    assert worker.headers["Cache-Control"] == "no-cache"
    source = worker.get_data(as_text=True)
    assert re.search(r"/static/app\.[0-9a-f]{12}\.css", source) and "Offline: not saved" in source
    assert "/offline" in source and client.get("/offline").status_code == 200


def test_saves_never_trust_navigator_online():
    """A phone on Wi-Fi without a route calls itself online: a save's own request decides."""
    from tests.live import ROOT

    script = (ROOT / "static" / "app.js").read_text()
    assert "navigator.onLine" not in script
    assert "AbortController" in script and 'redirect: "follow"' in script
