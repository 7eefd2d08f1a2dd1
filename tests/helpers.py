"""What the tests share besides fixtures: the worked-example table and hands, posting the
app's forms as a phone would, and reading the pages back."""

from __future__ import annotations

import re

from scorepad.core.rules import RULE_SPECS, Rules
from scorepad.core.scoring import Hand, Table

PLAYERS = ("Alice", "Ben", "Cara", "Dev")

DEFAULT_RULE_FORM = {}
for _spec in RULE_SPECS:
    if _spec.key == "target":
        continue
    if _spec.kind == "switch":
        if _spec.default:
            DEFAULT_RULE_FORM[f"rule_{_spec.key}"] = "y"
    else:
        DEFAULT_RULE_FORM[f"rule_{_spec.key}"] = "" if _spec.default is None else str(_spec.default)


def new_game_form(players=("Alice", "Ben", "Cara", "Dev"), table="partnership", **extra):
    data = {
        "table": table,
        "first_dealer": "0",
        "target": "500",
        "tricks_by": "seat",
        **DEFAULT_RULE_FORM,
    }
    for seat, name in enumerate(players):
        data[f"player_{seat}"] = name
    data.update(extra)
    return {k: v for k, v in data.items() if v is not None}


def start(client, **kwargs) -> str:
    response = client.post("/games/new", data=new_game_form(**kwargs))
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[-1]


def bid_form(number, bids):
    data = {"number": str(number), "version": "0"}
    data.update({f"bid_{seat}": str(bid) for seat, bid in enumerate(bids) if bid is not None})
    return data


def straight_version(number: int) -> int:
    """The version of hand `number`'s bids in a new game played straight through: every
    write takes the game's next revision (bids, tricks, bids...)."""
    return 2 * number - 1


def tricks_form(number, version, tricks, sides=None):
    """Tricks by seat; or, with `sides`, by side (then `tricks` has the nil bidders' only)."""
    data = {"number": str(number), "version": str(version)}
    data.update({f"tricks_{seat}": str(t) for seat, t in enumerate(tricks) if t is not None})
    data.update({f"side_{side}": str(t) for side, t in enumerate(sides or ())})
    return data


def version_on_page(client, game_id) -> int:
    """The version the game's page puts in its hand form (the hand in play, or the last)."""
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    return int(re.search(r'name="version" (?:type="hidden" )?value="(\d+)"', page).group(1))


def play(client, game_id, number, bids, tricks):
    r = client.post(f"/games/{game_id}/bids", data=bid_form(number, bids))
    assert r.status_code == 302, r.get_data(as_text=True)
    version = version_on_page(client, game_id)
    r = client.post(f"/games/{game_id}/tricks", data=tricks_form(number, version, tricks))
    assert r.status_code == 302, r.get_data(as_text=True)


def form_token(page) -> str:
    """The CSRF token a page's form carries (a response or its text)."""
    body = page if isinstance(page, str) else page.get_data(as_text=True)
    found = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', body)
    assert found, "the page has no form token"
    return found.group(1)


def text(response) -> str:
    """The page's visible text, tags stripped and spaces folded."""
    body = response.get_data(as_text=True)
    body = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", body, flags=re.S)
    return (
        re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))
        .replace("&amp;", "&")
        .replace("&#39;", "'")
    )


def chosen(response, name: str) -> list[str]:
    """The values a page has chosen for field `name`: checked boxes and radios, selected
    options, filled text inputs; in page order, whatever the order of the attributes."""
    body = response.get_data(as_text=True)
    values = []
    for tag in re.findall(r"<input\b[^>]*>", body):
        attrs = dict(re.findall(r'(\w[\w-]*)(?:="([^"]*)")?', tag[6:]))
        if attrs.get("name") != name:
            continue
        if attrs.get("type") in ("radio", "checkbox") and "checked" not in attrs:
            continue
        values.append(attrs.get("value", ""))
    return values


def partnership(first_dealer: int = 0) -> Table:
    """The table of RULES.md's worked examples."""
    return Table("partnership", PLAYERS, first_dealer)


def hand(bids, tricks=None) -> Hand:
    """A hand from lists, as the tests write them."""
    return Hand(tuple(bids), None if tricks is None else tuple(tricks))


DEFAULT = Rules()


class Scorings:
    """How many sides the scoring core has scored (calls of `score_side`, one per side
    of each hand scored) since the counter was made or last reset."""

    def __init__(self) -> None:
        self.count = 0

    def reset(self) -> None:
        self.count = 0
