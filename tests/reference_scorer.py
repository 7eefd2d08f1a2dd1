"""An independent reference scorer for scorepad game files, written from /work/shared/RULES.md
and GAMEFILE.md alone (without reading scorepad/core), plainly and naively, so that the
differential test can compare scorepad's numbers against it.

`score(doc)` takes an import document (a dict) and returns
    {"sides": [{"total", "bags"}...], "status", "winner", "how",
     "hands": [{"number", "dealer", "sides": [{"points", "total", "bags"}...] or None}]}
or raises `Refused` with a message (the wording need not match scorepad's).

Where RULES.md is silent or ambiguous the most literal reading is taken; each such
place is marked "READING:" (a few of them, on what a file may hold rather than on the
score, were settled after comparing with scorepad, and say so).
"""

from __future__ import annotations

import unicodedata
from typing import Any


class Refused(Exception):
    """The file breaks a rule of RULES.md or GAMEFILE.md."""


DEFAULTS: dict[str, Any] = {
    "target": 500,
    "nil": True,
    "blind_nil": True,
    "blind_nil_trailing_by": 0,
    "double_nil": True,
    "nil_value": 100,
    "nil_tricks": "bags",
    "bag_limit": 10,
    "bag_penalty": 100,
    "bag_remainder": "carry",
    "bag_points": 1,
    "missed_contract": "minus",
    "ten_for_two_hundred": False,
    "min_side_bid": 0,
    "suicide": False,
    "loss_threshold": None,
    "bidding": "open",
    "deck": "standard",
    "zero_bid": "nil",
    "blind_bid": 0,
    "blind_bid_trailing_by": 100,
    "boston": "off",
    "boston_bonus": 500,
    "set_out": 0,
    "set_out_count": "in_a_row",
    "hand_limit": 0,
    "tie_break": "play_on",
    "renege_tricks": 3,
    "first_hand": "bid",
    "blind_bid_doubles": "always",
    "min_table_bid": 0,
}

CHOICES = {
    "nil_tricks": ["bags", "partner", "none"],
    "bag_remainder": ["carry", "drop"],
    "missed_contract": ["minus", "zero"],
    "bidding": ["open", "mirror", "whiz"],
    "deck": ["standard", "jokers"],
    "zero_bid": ["nil", "bid"],
    "boston": ["off", "win", "bonus"],
    "tie_break": ["play_on", "fewer_bags", "last_bid"],
    "first_hand": ["bid", "bids_itself"],
    "blind_bid_doubles": ["always", "made"],
    "set_out_count": ["in_a_row", "in_game"],
}
SWITCHES = ["nil", "blind_nil", "double_nil", "ten_for_two_hundred", "suicide"]

TOP_KEYS = {"format", "mode", "players", "first_dealer", "rules", "hands", "start", "ended"}
# `tricks_by`, `side_names` and `clock` are docs/gamefile.md's extensions to GAMEFILE.md
# (a game ended on its clock is also written `ended`, which is what the score reads).
TOP_COMPUTED = {"sides", "status", "winner", "tricks_by", "side_names", "clock"}
HAND_KEYS = {"bids", "tricks", "side_tricks", "blind", "dealer", "adjust", "note", "renege"}
HAND_COMPUTED = {"number", "sides"}


def unshowable(text: str) -> bool:
    """README: a control or invisible formatting character is refused in any text."""
    return any(
        unicodedata.category(char) in ("Cc", "Cf", "Cs") and not char.isspace() for char in text
    )


def is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# ---------------------------------------------------------------- the table


def read_table(doc: dict) -> dict:
    if doc.get("format") != "scorepad/1":
        raise Refused("format")
    for key in doc:
        if key not in TOP_KEYS and key not in TOP_COMPUTED:
            raise Refused(f"{key}: unknown key")
    mode = doc.get("mode")
    players = doc.get("players")
    if mode not in ("partnership", "cutthroat"):
        raise Refused("mode")
    if not isinstance(players, list):
        raise Refused("players")
    if mode == "partnership" and len(players) != 4:
        raise Refused("players")
    if mode == "cutthroat" and len(players) not in (2, 3, 4):
        raise Refused("players")
    names = []
    for name in players:
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 40 or unshowable(name):
            raise Refused("players: name")
        names.append(name.strip())
    # READING: GAMEFILE.md does not say so, but scorepad refuses two seats of the same name
    # (a game page could not tell them apart); the reference does the same, ignoring case.
    if len({name.casefold() for name in names}) != len(names):
        raise Refused("players: the same name twice")
    seats = len(players)
    first_dealer = doc.get("first_dealer", 0)
    if not is_whole(first_dealer) or not 0 <= first_dealer < seats:
        raise Refused("first_dealer")
    if mode == "partnership":
        side_of_seat = [0, 1, 0, 1]
        side_seats = [[0, 2], [1, 3]]
        side_names = [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]
    else:
        side_of_seat = list(range(seats))
        side_seats = [[seat] for seat in range(seats)]
        side_names = list(names)
    side_names = named_sides(doc, mode, side_names)
    if doc.get("tricks_by", "seat") not in ("seat", "side"):
        raise Refused("tricks_by")
    if doc.get("tricks_by") == "side" and mode != "partnership":
        raise Refused("tricks_by: partnership only")
    tricks = 17 if seats == 3 else 13
    return {
        "mode": mode,
        "seats": seats,
        "sides": len(side_seats),
        "side_of_seat": side_of_seat,
        "side_seats": side_seats,
        "side_names": side_names,
        "tricks": tricks,
        "first_dealer": first_dealer,
    }


def named_sides(doc: dict, mode: str, side_names: list[str]) -> list[str]:
    """docs/gamefile.md's `side_names`: a team's own name, or null for its players' names."""
    raw = doc.get("side_names")
    if raw is None:
        return side_names
    if mode != "partnership" or not isinstance(raw, list) or len(raw) != 2:
        raise Refused("side_names")
    names = list(side_names)
    for side, name in enumerate(raw):
        if name is None:
            continue
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 40 or unshowable(name):
            raise Refused("side_names: name")
        names[side] = name.strip()
    if names[0].casefold() == names[1].casefold():
        raise Refused("side_names: the same name twice")
    return names


def read_rules(raw: Any, table: dict) -> dict:
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise Refused("rules")
    rules = dict(DEFAULTS)
    for key, value in raw.items():
        if key not in DEFAULTS:
            raise Refused(f"rules.{key}: unknown")
        if key in SWITCHES:
            if not isinstance(value, bool):
                raise Refused(f"rules.{key}")
        elif key in CHOICES:
            if value not in CHOICES[key]:
                raise Refused(f"rules.{key}")
        elif key == "loss_threshold":
            if value is not None and (not is_whole(value) or value >= 0):
                raise Refused(f"rules.{key}")
        elif not is_whole(value):
            raise Refused(f"rules.{key}")
        rules[key] = value
    # Ranges RULES.md gives.
    if not 50 <= rules["target"] <= 2000:
        raise Refused("rules.target")
    if not 50 <= rules["boston_bonus"] <= 2000:
        raise Refused("rules.boston_bonus")
    if not 1 <= rules["renege_tricks"] <= 13:
        raise Refused("rules.renege_tricks")
    if rules["set_out"] == 1 or rules["set_out"] < 0:
        raise Refused("rules.set_out")
    # RULES.md: min_table_bid is 0 or 1..13, partnership only.
    if not 0 <= rules["min_table_bid"] <= 13:
        raise Refused("rules.min_table_bid")
    # READING: a "(partnership only)" rule set away from its default in cutthroat is refused
    # (scorepad refuses it; RULES.md could also be read as the rule being ignored).
    if table["mode"] == "cutthroat":
        for key in ("set_out", "suicide", "renege_tricks", "min_table_bid"):
            if rules[key] != DEFAULTS[key]:
                raise Refused(f"rules.{key}: partnership only")
    # READING: the rest only say "N > 0" or "N >= 0"; negatives are refused.
    for key in (
        "blind_nil_trailing_by",
        "nil_value",
        "bag_limit",
        "bag_penalty",
        "bag_points",
        "min_side_bid",
        "blind_bid",
        "blind_bid_trailing_by",
        "hand_limit",
    ):
        if rules[key] < 0:
            raise Refused(f"rules.{key}")
    return rules


def read_start(raw: Any, table: dict, rules: dict) -> list[dict]:
    if raw is None:
        return [{"total": 0, "bags": 0} for _ in range(table["sides"])]
    if not isinstance(raw, list) or len(raw) != table["sides"]:
        raise Refused("start")
    start = []
    for entry in raw:
        if not isinstance(entry, dict) or set(entry) != {"total", "bags"}:
            raise Refused("start")
        total, bags = entry["total"], entry["bags"]
        if not is_whole(total) or not is_whole(bags):
            raise Refused("start")
        if not -10000 <= total <= 10000 or total >= rules["target"]:
            raise Refused("start.total")
        if rules["loss_threshold"] is not None and total <= rules["loss_threshold"]:
            raise Refused("start.total")
        if bags < 0 or (rules["bag_limit"] > 0 and bags > rules["bag_limit"] - 1):
            raise Refused("start.bags")
        start.append({"total": total, "bags": bags})
    return start


# ---------------------------------------------------------------- one hand's entries


def read_bid(value: Any, rules: dict, table: dict, where: str) -> Any:
    """A bid as an int, "nil" or "blind_nil"; 0 means nil unless zero_bid is bid."""
    if value == "nil" or value == "blind_nil":
        bid = value
    elif is_whole(value):
        if value == 0 and rules["zero_bid"] == "nil":
            bid = "nil"
        elif 0 <= value <= table["tricks"]:
            bid = value
        else:
            raise Refused(f"{where}: bid out of range")
    else:
        raise Refused(f"{where}: not a bid")
    # READING: "nil off: nil bids are refused, bids are 1..tricks per hand" leaves no
    # room for a blind nil either.
    if is_nil(bid) and not rules["nil"]:
        raise Refused(f"{where}: nil is off")
    if bid == "blind_nil" and not rules["blind_nil"]:
        raise Refused(f"{where}: blind nil is off")
    return bid


def is_nil(bid: Any) -> bool:
    return bid == "nil" or bid == "blind_nil"


def optional_list(raw: dict, key: str) -> Any:
    return [] if raw.get(key) is None else raw[key]


def side_list(raw: Any, table: dict, where: str) -> list[int]:
    if not isinstance(raw, list):
        raise Refused(where)
    for side in raw:
        if not is_whole(side) or not 0 <= side < table["sides"]:
            raise Refused(where)
    if len(set(raw)) != len(raw):
        raise Refused(where)
    return list(raw)


def read_hand(raw: Any, number: int, table: dict, rules: dict) -> dict:
    where = f"hand {number}"
    if not isinstance(raw, dict):
        raise Refused(where)
    for key in raw:
        if key not in HAND_KEYS and key not in HAND_COMPUTED:
            raise Refused(f"{where}: {key} unknown")
    if "bids" not in raw or "tricks" not in raw:
        raise Refused(f"{where}: bids and tricks")
    bids_raw = raw["bids"]
    # RULES.md first_hand / GAMEFILE.md: hand 1 of a game under bids_itself has
    # "bids": null, and only that hand; a list of bids there is refused.
    silent = rules["first_hand"] == "bids_itself" and number == 1
    if silent:
        if bids_raw is not None:
            raise Refused(f"{where}: the first hand bids itself, no bids")
        bids = None
    else:
        if bids_raw is None:
            raise Refused(f"{where}: bids null on a hand that does not bid itself")
        if not isinstance(bids_raw, list) or len(bids_raw) != table["seats"]:
            raise Refused(f"{where}: bids")
        bids = [read_bid(b, rules, table, where) for b in bids_raw]
    tricks = read_tricks(raw, bids, table, where)
    hand: dict[str, Any] = {"bids": bids, "tricks": tricks}
    # READING: null for an optional key is as good as leaving it out.
    hand["blind"] = side_list(optional_list(raw, "blind"), table, f"{where}: blind")
    if bids is None and hand["blind"]:
        raise Refused(f"{where}: a blind contract on a hand that bids itself")
    dealer = raw.get("dealer")
    if dealer is not None and (not is_whole(dealer) or not 0 <= dealer < table["seats"]):
        raise Refused(f"{where}: dealer")
    hand["dealer"] = dealer
    adjust = raw.get("adjust")
    if adjust is not None:
        if tricks is None:
            raise Refused(f"{where}: adjust on an unplayed hand")
        if not isinstance(adjust, list) or len(adjust) != table["sides"]:
            raise Refused(f"{where}: adjust")
        for points in adjust:
            if not is_whole(points) or not -1000 <= points <= 1000:
                raise Refused(f"{where}: adjust")
    hand["adjust"] = adjust
    note = raw.get("note")
    if note is not None and (not isinstance(note, str) or len(note) > 200 or unshowable(note)):
        raise Refused(f"{where}: note")
    renege = side_list(optional_list(raw, "renege"), table, f"{where}: renege")
    if renege and table["mode"] != "partnership":
        raise Refused(f"{where}: renege in cutthroat")
    if renege and tricks is None:
        raise Refused(f"{where}: renege on an unplayed hand")
    hand["renege"] = renege
    return hand


def read_tricks(raw: dict, bids: list, table: dict, where: str) -> dict | None:
    """Tricks as {"seat": per-seat list or None, "side": per-side totals}."""
    tricks = raw["tricks"]
    side_tricks = raw.get("side_tricks")
    if tricks is None:
        if side_tricks is not None:
            raise Refused(f"{where}: side_tricks on an unplayed hand")
        return None
    if not isinstance(tricks, list) or len(tricks) != table["seats"]:
        raise Refused(f"{where}: tricks")
    if side_tricks is None:
        for count in tricks:
            if not is_whole(count) or count < 0:
                raise Refused(f"{where}: tricks")
        if sum(tricks) != table["tricks"]:
            raise Refused(f"{where}: tricks add up to {sum(tricks)}")
        side = [sum(tricks[s] for s in seats) for seats in table["side_seats"]]
        return {"seat": list(tricks), "side": side}
    if table["mode"] != "partnership":
        raise Refused(f"{where}: side_tricks in cutthroat")
    if not isinstance(side_tricks, list) or len(side_tricks) != 2:
        raise Refused(f"{where}: side_tricks")
    for count in side_tricks:
        if not is_whole(count) or count < 0:
            raise Refused(f"{where}: side_tricks")
    if sum(side_tricks) != table["tricks"]:
        raise Refused(f"{where}: side_tricks add up")
    for seat, count in enumerate(tricks):
        if is_nil(bid_at(bids, seat)):
            if not is_whole(count) or count < 0:
                raise Refused(f"{where}: tricks of a nil bidder")
        elif count is not None:
            raise Refused(f"{where}: tricks of a bidder with side_tricks")
    for side, seats in enumerate(table["side_seats"]):
        nil_seats = [s for s in seats if is_nil(bid_at(bids, s))]
        nil_tricks = sum(tricks[s] for s in nil_seats)
        if nil_tricks > side_tricks[side]:
            raise Refused(f"{where}: nil tricks above side_tricks")
        if len(nil_seats) == len(seats) and nil_tricks != side_tricks[side]:
            raise Refused(f"{where}: side_tricks of a double nil")
    return {"seat": None, "side": list(side_tricks), "nil": list(tricks)}


def bid_at(bids: list | None, seat: int) -> Any:
    """A seat's bid; in a hand that bids itself every seat counts as having bid 1 (a
    number, never a nil) so that all its tricks are its side's."""
    return 1 if bids is None else bids[seat]


def seat_tricks(tricks: dict, seat: int) -> int:
    if tricks["seat"] is not None:
        return tricks["seat"][seat]
    return tricks["nil"][seat]


# ---------------------------------------------------------------- checks at bid time


def behind_best_other(totals: list[int], side: int) -> int:
    best_other = max(t for s, t in enumerate(totals) if s != side)
    return best_other - totals[side]


def contract_of(hand: dict, table: dict, side: int) -> int:
    if hand["bids"] is None:  # RULES.md tie_break: a hand that bid itself, a contract of 0
        return 0
    return sum(hand["bids"][s] for s in table["side_seats"][side] if not is_nil(hand["bids"][s]))


def check_bids(hand: dict, table: dict, rules: dict, totals: list[int], where: str) -> None:
    bids = hand["bids"]
    if bids is None:  # RULES.md first_hand: suicide, min_side_bid, ... do not apply to it
        return
    # RULES.md min_table_bid: the four bids, a nil counting 0, at least N.
    if table["mode"] == "partnership" and rules["min_table_bid"] > 0:
        table_bid = sum(b for b in bids if not is_nil(b))
        if table_bid < rules["min_table_bid"]:
            raise Refused(f"{where}: the table bid {table_bid}, at least {rules['min_table_bid']}")
    for side, seats in enumerate(table["side_seats"]):
        nils = [s for s in seats if is_nil(bids[s])]
        for seat in seats:
            if bids[seat] == "blind_nil" and rules["blind_nil_trailing_by"] > 0:
                if behind_best_other(totals, side) < rules["blind_nil_trailing_by"]:
                    raise Refused(f"{where}: blind nil not far enough behind")
        if table["mode"] == "partnership":
            if not rules["double_nil"] and len(nils) == 2:
                raise Refused(f"{where}: double nil is off")
            if rules["suicide"] and len(nils) != 1:
                raise Refused(f"{where}: suicide needs one nil per side")
        # READING: min_side_bid applies to every side, a cutthroat player too.
        if rules["min_side_bid"] > 0 and contract_of(hand, table, side) < rules["min_side_bid"]:
            raise Refused(f"{where}: contract below min_side_bid")
    for side in hand["blind"]:
        if rules["blind_bid"] <= 0:
            raise Refused(f"{where}: blind contracts are off")
        if contract_of(hand, table, side) < rules["blind_bid"]:
            raise Refused(f"{where}: blind contract too small")
        trailing = rules["blind_bid_trailing_by"]
        if trailing > 0 and behind_best_other(totals, side) < trailing:
            raise Refused(f"{where}: blind contract not far enough behind")


# ---------------------------------------------------------------- scoring one hand


def contract_tricks(hand: dict, table: dict, rules: dict, side: int) -> int:
    """The tricks the side's numeric bidders took (nil bidders' too under `partner`)."""
    bids, tricks = hand["bids"], hand["tricks"]
    seats = table["side_seats"][side]
    nil_taken = sum(seat_tricks(tricks, s) for s in seats if is_nil(bids[s]))
    taken = tricks["side"][side] - nil_taken
    # `partner`: a nil bidder's tricks count towards the partner's contract, even a
    # contract of 0 bid as a number (zero_bid = bid); a side of nil bidders only has no
    # contract, and its nil tricks are bags (in score_side).
    if rules["nil_tricks"] == "partner" and not all(is_nil(bids[s]) for s in seats):
        taken += nil_taken
    return taken


def after_renege(hand: dict, table: dict, rules: dict) -> list[int]:
    if hand["bids"] is None:  # every trick of a side counts as a contract trick
        played = list(hand["tricks"]["side"])
    else:
        played = [contract_tricks(hand, table, rules, side) for side in range(table["sides"])]
    result = list(played)
    for side in hand["renege"]:
        other = 1 - side
        moved = min(rules["renege_tricks"], played[side])
        result[side] -= moved
        all_nil = all(is_nil(bid_at(hand["bids"], s)) for s in table["side_seats"][other])
        if not all_nil:
            result[other] += moved
    return result


def score_side(hand: dict, table: dict, rules: dict, side: int, taken: int) -> dict:
    """Points before bag penalties, new bags and whether the side was set."""
    bids = hand["bids"]
    seats = table["side_seats"][side]
    contract = contract_of(hand, table, side)
    blind = side in hand["blind"]
    points = 0
    bags = 0
    made = None
    boston = False
    if contract > 0:
        if taken >= contract:
            made = True
            if rules["boston"] != "off" and contract == table["tricks"] and taken == contract:
                boston = True
            if boston and rules["boston"] == "bonus":
                base = rules["boston_bonus"]
            elif rules["ten_for_two_hundred"] and contract >= 10:
                base = 200
            else:
                base = 10 * contract
            if blind:
                base *= 2
            over = taken - contract
            points += base + rules["bag_points"] * over
            bags += over
        else:
            made = False
            if rules["ten_for_two_hundred"] and contract >= 10:
                base = -200
            elif rules["missed_contract"] == "zero":
                base = 0
            else:
                base = -10 * contract
            # RULES.md blind_bid_doubles: `made` leaves a missed blind contract undoubled.
            if blind and rules["blind_bid_doubles"] == "always":
                base *= 2
            points += base
    else:
        # Contract 0: a numeric 0 bid (zero_bid = bid) makes every contract trick a bag;
        # all members on nil: there is no contract and nothing to score for it.
        if any(not is_nil(bids[s]) for s in seats):
            points += rules["bag_points"] * taken
            bags += taken
    for seat in seats:
        if not is_nil(bids[seat]):
            continue
        value = rules["nil_value"] * (2 if bids[seat] == "blind_nil" else 1)
        took = seat_tricks(hand["tricks"], seat)
        points += value if took == 0 else -value
        if rules["nil_tricks"] == "bags":
            points += rules["bag_points"] * took
            bags += took
        elif rules["nil_tricks"] == "partner" and all(is_nil(bids[s]) for s in seats):
            points += rules["bag_points"] * took
            bags += took
    return {"points": points, "bags": bags, "set": made is False, "boston": boston}


def apply_bags(rules: dict, held: int, new: int) -> tuple[int, int]:
    """The bag count after the hand and the penalty points (positive) lost."""
    count = held + new
    limit = rules["bag_limit"]
    penalty = 0
    if limit > 0:
        if rules["bag_remainder"] == "drop":
            if count >= limit:
                penalty = rules["bag_penalty"]
                count = 0
        else:
            while count >= limit:
                penalty += rules["bag_penalty"]
                count -= limit
    return count, penalty


# ---------------------------------------------------------------- the end of the game


def single_leader(
    totals: list[int], bags: list[int], rules: dict, last_bids: list[int] | None = None
) -> int | None:
    best = max(totals)
    leaders = [s for s, t in enumerate(totals) if t == best]
    if len(leaders) == 1:
        return leaders[0]
    if rules["tie_break"] == "fewer_bags":
        fewest = min(bags[s] for s in leaders)
        holders = [s for s in leaders if bags[s] == fewest]
        if len(holders) == 1:
            return holders[0]
    # RULES.md last_bid: the leader whose contract in the last hand played was highest.
    if rules["tie_break"] == "last_bid" and last_bids is not None:
        highest = max(last_bids[s] for s in leaders)
        holders = [s for s in leaders if last_bids[s] == highest]
        if len(holders) == 1:
            return holders[0]
    return None


def game_end(state: dict, rules: dict, table: dict, number: int, bostons: list[int]):
    """(winner, how) when the game ends after this hand, else None."""
    totals, bags = state["totals"], state["bags"]
    if rules["boston"] == "win" and bostons:
        return bostons[0], "boston"
    if rules["set_out"] >= 2 and table["mode"] == "partnership":
        out = [s for s in range(2) if state["sets"][s] >= rules["set_out"]]
        if len(out) == 1:
            return 1 - out[0], "set_out"
        if len(out) == 2 and totals[0] != totals[1]:
            return (0 if totals[0] > totals[1] else 1), "set_out"
    reached = any(t >= rules["target"] for t in totals)
    lost = rules["loss_threshold"] is not None and any(t <= rules["loss_threshold"] for t in totals)
    if reached or lost:
        winner = single_leader(totals, bags, rules, state["last_bids"])
        if winner is not None:
            return winner, "target" if reached else "loss_threshold"
    if rules["hand_limit"] > 0 and number >= rules["hand_limit"]:
        winner = single_leader(totals, bags, rules, state["last_bids"])
        if winner is not None:
            return winner, "hand_limit"
    return None


# ---------------------------------------------------------------- the whole file


def score(doc: Any) -> dict:
    """Score an import document the way RULES.md says; raise Refused for a bad one."""
    if not isinstance(doc, dict):
        raise Refused("not an object")
    table = read_table(doc)
    rules = read_rules(doc.get("rules"), table)
    start = read_start(doc.get("start"), table, rules)
    raw_hands = doc.get("hands", [])
    if not isinstance(raw_hands, list):
        raise Refused("hands")
    if len(raw_hands) > 500:
        raise Refused("hands: more than 500")
    ended = doc.get("ended", False)
    if not isinstance(ended, bool):
        raise Refused("ended")
    state = {
        "totals": [s["total"] for s in start],
        "bags": [s["bags"] for s in start],
        "sets": [0] * table["sides"],
        "last_bids": None,
    }
    result: dict[str, Any] = {"hands": [], "status": "playing", "winner": None, "how": None}
    dealer = table["first_dealer"]
    finished = False
    for index, raw in enumerate(raw_hands):
        number = index + 1
        where = f"hand {number}"
        if finished:
            raise Refused(f"{where}: the game is over")
        hand = read_hand(raw, number, table, rules)
        if hand["dealer"] is not None:
            dealer = hand["dealer"]
        check_bids(hand, table, rules, state["totals"], where)
        if hand["tricks"] is None:
            if number != len(raw_hands):
                raise Refused(f"{where}: only the last hand may be unplayed")
            result["hands"].append({"number": number, "dealer": dealer, "sides": None})
            break
        sides_out = play_hand(hand, table, rules, state)
        result["hands"].append({"number": number, "dealer": dealer, "sides": sides_out})
        bostons = [s for s in range(table["sides"]) if sides_out[s]["boston"]]
        end = game_end(state, rules, table, number, bostons)
        if end is not None:
            finished = True
            result["status"] = "finished"
            result["winner"], result["how"] = end
        dealer = (dealer + 1) % table["seats"]
    if ended:
        last = result["hands"][-1] if result["hands"] else None
        if last is None:
            raise Refused("ended: no hand has been played")
        if last["sides"] is None:
            raise Refused("ended: the last hand is not played")
        # READING: `ended` records a game the table stopped early; a game that the rules
        # had already finished cannot also be stopped early (scorepad refuses it too).
        if finished:
            raise Refused("ended: the game was already over")
        result["status"] = "finished"
        result["winner"] = single_leader(state["totals"], state["bags"], rules, state["last_bids"])
        result["how"] = "ended" if result["winner"] is not None else "draw"
    for hand_out in result["hands"]:
        if hand_out["sides"] is not None:
            for side in hand_out["sides"]:
                del side["boston"]
    result["sides"] = [
        {
            "name": table["side_names"][s],
            "seats": table["side_seats"][s],
            "total": state["totals"][s],
            "bags": state["bags"][s],
        }
        for s in range(table["sides"])
    ]
    return result


def play_hand(hand: dict, table: dict, rules: dict, state: dict) -> list[dict]:
    taken = after_renege(hand, table, rules)
    state["last_bids"] = [contract_of(hand, table, side) for side in range(table["sides"])]
    out = []
    for side in range(table["sides"]):
        if hand["bids"] is None:
            # RULES.md first_hand: 10 a trick, no bags, never a set (nor a count cleared)
            points = 10 * taken[side]
            if hand["adjust"] is not None:
                points += hand["adjust"][side]
            state["totals"][side] += points
            out.append(
                {
                    "points": points,
                    "total": state["totals"][side],
                    "bags": state["bags"][side],
                    "boston": False,
                }
            )
            continue
        scored = score_side(hand, table, rules, side, taken[side])
        bags, penalty = apply_bags(rules, state["bags"][side], scored["bags"])
        points = scored["points"] - penalty
        if hand["adjust"] is not None:
            points += hand["adjust"][side]
        state["bags"][side] = bags
        state["totals"][side] += points
        contract = contract_of(hand, table, side)
        if scored["set"] and contract > 0:
            state["sets"][side] += 1
        elif rules["set_out_count"] == "in_a_row":
            state["sets"][side] = 0
        # `in_game`: a hand that is not a set (or has a contract of 0) keeps the count.
        out.append(
            {
                "points": points,
                "total": state["totals"][side],
                "bags": bags,
                "boston": scored["boston"],
            }
        )
    return out
