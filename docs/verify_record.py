#!/usr/bin/env python3
"""Checks a duelhall match record without duelhall's code (docs/fairness.md).

usage: python3 docs/verify_record.py record.json [PUBLIC_KEY_HEX]

A tournament's record (its format says so) is checked for its signature, chain, end, seed commitment and
the lines that tie its results to their matches and its rounds to their pairings (verify_tournament).

Checks the Ed25519 signature (needs the `cryptography` package), the hash chain, that the end
event is the last event with the chain head as its chain value, the server's TIMEOUTs against their
clocks and a judge's time extensions (ClockExtended) against the clock they move (a part of
re-simulation that needs no rules engine), the seed commitment, the match seed
(every seat's client seed, A to F), and every random draw of a voidexa, voidlit, biome or casket
match (first seat, deck orders, card instance ids, every card drawn; voidlit's mulligan shuffles and
Waste searches; casket's map and deployments, wound decks, mulligans, discard reshuffles, every card
moved and every die). Re-simulating the rules needs a rules engine: use `java -jar duelhall.jar
audit record.json`, or your own implementation of the rulings. Exit code 0 if all checks pass.
"""
import hashlib
import json
import struct
import sys


def canonical(value) -> bytes:
    """RFC 8785 (JCS). Uses the `rfc8785` package if installed; otherwise json.dumps, which gives the
    same bytes for documents whose numbers are all integers and whose keys are ASCII, as records' are."""
    try:
        import rfc8785
        return rfc8785.dumps(value)
    except ImportError:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


class Sha256CounterRandom:
    def __init__(self, seed: bytes, label: str):
        self.prefix = seed + label.encode("utf-8") + b"\x00"
        self.counter = 0
        self.words = []

    def next_word(self) -> int:
        if not self.words:
            block = hashlib.sha256(self.prefix + struct.pack(">Q", self.counter)).digest()
            self.counter += 1
            self.words = list(struct.unpack(">8I", block))
        return self.words.pop(0)

    def next_int(self, bound: int) -> int:
        limit = 2**32 - (2**32 % bound)
        while True:
            w = self.next_word()
            if w < limit:
                return w % bound

    def shuffle(self, items):
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.next_int(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


def voidexa_setup(match_seed: bytes, deck_a, deck_b):
    first = "A" if Sha256CounterRandom(match_seed, "first-seat").next_int(2) == 0 else "B"
    ids, used, decks = Sha256CounterRandom(match_seed, "card-ids"), set(), {}
    for seat, deck in (("A", deck_a), ("B", deck_b)):
        order = Sha256CounterRandom(match_seed, "shuffle:" + seat).shuffle(sorted(deck))
        refs = []
        for card in order:
            cid = "c%08x" % ids.next_word()
            while cid in used:
                cid = "c%08x" % ids.next_word()
            used.add(cid)
            refs.append({"id": cid, "card": card})
        decks[seat] = refs
    return first, decks

END_EVENTS = ("MatchEnded", "CasketMatchEnded", "MatchExpired")
SEATS = "ABCDEF"

# casket's catalog data (docs/fairness.md, "Casket's random choices"), catalog casket-cards-1
CASKET_MAPS = ["foundry", "reservoir"]  # in catalog order: the map is CASKET_MAPS[next_int(2)] of stream "map"
CASKET_DEPLOY = {"A": ({"q": 0, "r": -6}, 3), "B": ({"q": 0, "r": 6}, 0), "C": ({"q": 6, "r": -6}, 4),
                 "D": ({"q": -6, "r": 6}, 1), "E": ({"q": 6, "r": 0}, 5), "F": ({"q": -6, "r": 0}, 2)}  # both maps
CASKET_WOUNDS = ["internal-bleeding", "concussion", "cracked-ribs", "burned-hands", "blurred-vision",
                 "shattered-arm", "lost-eye", "spinal-damage", "panic", "berserker-rage"]
CASKET_DICE = {  # die -> face of roll 0..5 as (name, value)
    "attack": [("MISS", 0), ("GLANCE", 2), ("STRIKE", 3), ("STRIKE", 3), ("HEAVY", 4), ("DEATH_BLOW", 5)],
    "defence": [("SHIELD", 0), ("ABSORB", 0), ("BLOOD", 0), ("CRITICAL", 0), ("HEAT", 0), ("PIERCE", 0)],
    "d6": [(str(r + 1), r + 1) for r in range(6)],
}


def casket_deal(match_seed: bytes, decks):
    """Each seat's HP deck, top first: voidexa's steps 2 and 3 for every seat in seat order."""
    ids, used, out = Sha256CounterRandom(match_seed, "card-ids"), set(), {}
    for seat in SEATS:
        if seat not in decks:
            continue
        refs = []
        for card in Sha256CounterRandom(match_seed, "shuffle:" + seat).shuffle(sorted(decks[seat])):
            cid = "c%08x" % ids.next_word()
            while cid in used:
                cid = "c%08x" % ids.next_word()
            used.add(cid)
            refs.append({"id": cid, "card": card})
        out[seat] = refs
    return out


def casket_draws(record, events, joined, match_seed, check, results):
    """Folds a casket record's events: map and deployments, deals, wound decks, mulligans, reshuffles, every
    die, and every card that enters or leaves a deck, hand or discard pile."""
    def by_id(cards):
        return sorted(cards, key=lambda c: c["id"])

    def take(pile, card):
        for i, c in enumerate(pile):
            if c["id"] == card.get("id"):
                return pile.pop(i)
        return None

    deals = casket_deal(match_seed, {s: p["deck"] for s, p in joined.items()})
    deck, hand, discard, wounds = ({s: [] for s in joined} for _ in range(4))
    reshuffles, dice, wrong, deploy_wrong, counts = {s: 0 for s in joined}, 0, None, None, {"dice": 0, "draws": 0}

    def casket_event(e):
        nonlocal dice, deploy_wrong
        t, p = e["type"], e["payload"]
        seat = p.get("seat") if isinstance(p, dict) else None
        ok = True
        if t == "ArenaMatchStarted":
            ok = p.get("map") == CASKET_MAPS[Sha256CounterRandom(match_seed, "map").next_int(len(CASKET_MAPS))]
            seats = [s for s in SEATS if s in joined]
            placed = [{"seat": s, "hex": CASKET_DEPLOY[s][0], "facing": CASKET_DEPLOY[s][1]} for s in seats]
            if p.get("deployments") != placed and deploy_wrong is None:
                deploy_wrong = e
        elif t == "HpDeckShuffled":
            if p.get("reason") == "SETUP":
                expected = deals.get(seat)
            elif p.get("reason") == "MULLIGAN":  # after HandReturned: the deck (hand included) sorted by id, shuffled
                expected = Sha256CounterRandom(match_seed, "mulligan:" + seat).shuffle(by_id(deck[seat] + hand[seat]))
                hand[seat] = []
            else:
                expected = None
            ok = expected is not None and p.get("order") == expected and p.get("size") == len(expected)
            deck[seat] = list(p.get("order") or [])
        elif t == "WoundDeckShuffled":
            expected = Sha256CounterRandom(match_seed, "wounds:" + seat).shuffle(CASKET_WOUNDS)
            ok = p.get("order") == expected
            wounds[seat] = list(expected)
        elif t == "HpCardDrawn":
            ok = bool(deck[seat]) and p.get("card") == deck[seat][0]
            hand[seat].append(p.get("card"))
            deck[seat] = deck[seat][1:]
            counts["draws"] += 1
        elif t == "HandReturned":  # the hand goes back into the deck; the MULLIGAN shuffle follows
            ok = by_id(p.get("cards") or []) == by_id(hand[seat])
            deck[seat], hand[seat] = deck[seat] + hand[seat], []
        elif t == "DiscardReshuffled":  # the k-th of the seat: discard by id, then Damage card dmg-<seat>-<k>
            reshuffles[seat] += 1
            k = reshuffles[seat]
            damage = {"id": "dmg-%s-%d" % (seat, k), "card": "damage"}
            expected = Sha256CounterRandom(match_seed, "reshuffle:%s:%d" % (seat, k)).shuffle(by_id(discard[seat]) + [damage])
            ok = p.get("damageCard") == damage and p.get("order") == expected and not deck[seat]
            deck[seat], discard[seat] = list(p.get("order") or []), []
        elif t == "CardsDiscarded":  # from the hand (any cards of it) or from the deck (always its top cards)
            cards = p.get("cards") or []
            if p.get("from") == "DECK":
                ok = deck[seat][:len(cards)] == cards
                deck[seat] = deck[seat][len(cards):]
            else:
                ok = all(take(hand[seat], c) is not None for c in cards)
            discard[seat] += cards
        elif t == "CasketCardPlayed":  # from the hand to the discard pile
            ok = take(hand[seat], p.get("card") or {}) is not None
            discard[seat].append(p.get("card"))
        elif t == "WoundFlipped":  # the top wound card, face up
            ok = bool(wounds[seat]) and p.get("wound") == wounds[seat][0]
            wounds[seat] = wounds[seat][1:]
        elif t == "DiceRolled":  # die n of the match (n from 0) is next_int(6) of stream "die:<n>"
            rolls = [Sha256CounterRandom(match_seed, "die:%d" % (dice + i)).next_int(6) for i in range(len(p.get("rolls") or []))]
            table = CASKET_DICE.get(p.get("die"))
            ok = table is not None and p.get("index") == dice and p.get("rolls") == rolls \
                and p.get("faces") == [table[r][0] for r in rolls] and p.get("values") == [table[r][1] for r in rolls]
            dice += len(rolls)
            counts["dice"] += len(rolls)
        return ok

    for e in events:
        try:
            ok = casket_event(e)
        except (KeyError, IndexError, TypeError, AttributeError):  # a seat, card or die no rule makes
            ok = False
        if not ok and wrong is None:
            wrong = e
    # deployments are not a random choice of their own (each seat's place on both maps), so the audit checks
    # them in re-simulation: this is the script's share of it, as for TIMEOUTs
    check("deployments", deploy_wrong is None,
          "at event %d: ArenaMatchStarted.deployments are not the seats' deployment hexes" % deploy_wrong["seq"]
          if deploy_wrong else "every seat on its deployment hex and facing")
    check("randomDraws", wrong is None,
          ("casket: wrong from event %d (%s)" % (wrong["seq"], wrong["type"]) if wrong else
           "casket: map, %d HP decks and wound decks, mulligans, reshuffles, %d cards drawn, %d dice"
           % (len(joined), counts["draws"], counts["dice"])) + " from matchSeed " + match_seed.hex())
    return 0 if all(results) else 1


def verify_tournament(record, trusted_key=None):
    """A tournament's record (docs/fairness.md, "The tournament record"): the signature, the chain, the end,
    the seed commitment, one `matches` line per result and game, and `rounds` against the RoundPaired events.
    Re-deriving every pairing and standing needs the pairing rules of docs/tournaments.md: use
    `java -jar duelhall.jar audit record.json`, or your own implementation of them."""
    results = []

    def check(name, ok, details):
        results.append(ok)
        print(("PASS " if ok else "FAIL ") + name + ": " + details)

    sig = record["signature"]
    key_hex = trusted_key or sig["publicKey"]
    unsigned = {k: v for k, v in record.items() if k != "signature"}
    try:
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(key_hex)).verify(bytes.fromhex(sig["value"]), canonical(unsigned))
        check("signature", sig["publicKey"] == key_hex, "valid, key " + key_hex)
    except ImportError:
        print("SKIP signature: install the `cryptography` package to check it")
    except Exception as e:  # InvalidSignature, bad hex
        check("signature", False, "does not verify: %r" % e)

    events = record["events"]
    prev, broken = bytes(32), None
    for i, e in enumerate(events):
        link = hashlib.sha256(prev + canonical({"payload": e["payload"], "seq": e["seq"], "type": e["type"]})).digest()
        if e["seq"] != i or link.hex() != e["chain"]:
            broken = "event %d (%s)" % (i, e["type"])
            break
        prev = link
    check("chain", broken is None and prev.hex() == record["chainHead"],
          "broken at " + broken if broken else "%d events, head %s" % (len(events), prev.hex()))

    ends = [i for i, e in enumerate(events) if e["type"] == "tournament.Ended"]
    check("end", ends == [len(events) - 1], "tournament.Ended is the last event" if ends == [len(events) - 1]
          else "at event %d: the end is not the one last event" % (ends[0] + 1 if ends else len(events) - 1))

    created, seed = events[0]["payload"], events[-1]["payload"].get("seed") or ""
    ok = events[0]["type"] == "tournament.Created" and created.get("seed") is None and len(seed) == 64 \
        and hashlib.sha256(bytes.fromhex(seed)).hexdigest() == created.get("seedCommitment") == record["seedCommitment"] \
        and record["seed"] == seed
    check("seedCommitment", ok, "SHA-256(seed) = seedCommitment" if ok else "the revealed seed is not the committed one")

    lines = [(i, e["payload"]) for i, e in enumerate(events)
             if e["type"] in ("tournament.TableResultRecorded", "tournament.GameRecorded") and e["payload"].get("matchId")]
    wrong = None
    for n, (i, p) in enumerate(lines):
        m = record["matches"][n] if n < len(record["matches"]) else {}
        game = p.get("game", 0) if events[i]["type"] == "tournament.GameRecorded" else 0
        if (m.get("event"), m.get("matchId"), m.get("round"), m.get("table"), m.get("game")) != (i, p["matchId"], p["round"], p["table"], game):
            wrong = i
            break
    if wrong is None and len(record["matches"]) != len(lines):
        wrong = len(events) - 1
    check("results", wrong is None, "%d results and games name their match's chain head (compare each with its"
          " match record's chainHead)" % len(lines) if wrong is None else "event %d has no line of its own in matches" % wrong)

    paired = [(i, e["payload"]) for i, e in enumerate(events) if e["type"] == "tournament.RoundPaired"]
    wrong = None
    for n, (i, p) in enumerate(paired):
        r = record["rounds"][n] if n < len(record["rounds"]) else {}
        tables = [t["seats"] if t.get("seats") else [t["a"], t["b"]] for t in p["tables"]]
        if (r.get("round"), r.get("event"), r.get("tables"), r.get("byes")) != (p["round"], i, tables, p["byes"]):
            wrong = p["round"]
            break
    check("rounds", wrong is None and len(record["rounds"]) == len(paired),
          "%d rounds as their RoundPaired events" % len(paired) if wrong is None else "round %d differs from its RoundPaired" % wrong)
    print("(each pairing and standing re-derived: java -jar duelhall.jar audit, or docs/tournaments.md by hand)")
    return 0 if all(results) else 1


def main(path, trusted_key=None):
    with open(path, encoding="utf-8") as f:
        record = json.load(f)
    if str(record.get("format", "")).startswith("duelhall-tournament-record/"):
        return verify_tournament(record, trusted_key)
    results = []

    def check(name, ok, details):
        results.append(ok)
        print(("PASS " if ok else "FAIL ") + name + ": " + details)

    # 1. signature: Ed25519 over the canonical record without its "signature" member
    sig = record["signature"]
    key_hex = trusted_key or sig["publicKey"]
    unsigned = {k: v for k, v in record.items() if k != "signature"}
    try:
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(key_hex)).verify(bytes.fromhex(sig["value"]), canonical(unsigned))
        check("signature", sig["publicKey"] == key_hex, "valid, key " + key_hex)
    except ImportError:
        print("SKIP signature: install the `cryptography` package to check it")
    except Exception as e:  # InvalidSignature, bad hex
        check("signature", False, "does not verify: %r" % e)

    # 2. hash chain: chain(n) = SHA-256(chain(n-1) || JCS({"payload", "seq", "type"})), chain(-1) = 32 zero bytes
    prev, broken = bytes(32), None
    for i, e in enumerate(record["events"]):
        link = hashlib.sha256(prev + canonical({"payload": e["payload"], "seq": e["seq"], "type": e["type"]})).digest()
        if e["seq"] != i or link.hex() != e["chain"]:
            broken = "event %d (%s)" % (e["seq"], e["type"])
            break
        prev = link
    check("chain", broken is None and prev.hex() == record["chainHead"],
          "broken at " + broken if broken else "%d events, head %s" % (len(record["events"]), prev.hex()))

    # 3. the end: MatchEnded is the last event and its chain value is chainHead. Clock policy 1 (no
    # MatchCreated.options.clockPolicy: matches opened before it existed) may have the cleared ClockSet after it.
    events = record["events"]
    # MatchExpired: the core's end of a match whose seats were not all taken by its SeatDeadlineSet (issue 19)
    ends = [i for i, e in enumerate(events) if e["type"] in END_EVENTS]
    policy = (events[0]["payload"].get("options") or {}).get("clockPolicy") or 1
    if not ends:
        check("end", False, "the record has no end event (MatchEnded, CasketMatchEnded or MatchExpired)")
    else:
        end = last = ends[0]
        cleared = {"seat": None, "kind": None, "turn": 0, "deadline": None, "turnLeftMillis": 0}
        if policy == 1 and end + 1 < len(events) and events[end + 1]["type"] == "ClockSet" and \
                {k: events[end + 1]["payload"].get(k, v if v == 0 else None) for k, v in cleared.items()} == cleared:
            last = end + 1
        if last + 1 < len(events):
            check("end", False, "at event %d: %s follows the end event (event %d) under clock policy %d"
                  % (events[last + 1]["seq"], events[last + 1]["type"], events[end]["seq"], policy))
        else:
            check("end", events[last]["chain"] == record["chainHead"],
                  "the end event (event %d) is the last%s, clock policy %d; chainHead %s its chain value"
                  % (events[end]["seq"], "" if last == end else " but the cleared ClockSet", policy,
                     "is" if events[last]["chain"] == record["chainHead"] else "is NOT"))

    # the TIMEOUT rule (docs/fairness.md, "Clocks"): the server's TIMEOUT names the last ClockSet before it
    # (intentId "clock-<n>", n its seq), is for that clock's seat, and is recorded at or after its deadline
    from datetime import datetime
    def instant(text):  # ISO-8601 UTC, 0 to 9 fraction digits (microseconds are enough to compare)
        whole, _, frac = text.rstrip("Z").partition(".")
        return datetime.fromisoformat(whole + "." + (frac + "000000")[:6] + "+00:00")
    last_clock, late = None, None
    for e in events:
        p = e["payload"]
        if e["type"] == "ClockSet":
            last_clock = e
        elif e["type"] == "IntentAccepted" and (p.get("intent") or {}).get("type") == "TIMEOUT":
            c = last_clock["payload"] if last_clock else {}
            if not last_clock or p["intentId"] != "clock-%d" % last_clock["seq"] or p["seat"] != c.get("seat") \
                    or c.get("deadline") is None or instant(p["at"]) < instant(c["deadline"]):
                late = e
                break
    check("timeouts", late is None, "at event %d: a TIMEOUT that is not the last clock's, or before its deadline"
          % late["seq"] if late else "every TIMEOUT is the last clock's, at or after its deadline")

    # time extensions (docs/fairness.md, "Time extensions"; issue 41): a judge's ClockExtended comes while the match
    # runs (before its end event), for the seat of the last ClockSet, 10 to 3600 seconds, before that clock's
    # deadline, and is followed at once by the same clock (seat, kind, turn, turnLeftMillis) with its deadline that
    # many seconds later; the TIMEOUT rule above then holds each TIMEOUT to that later clock. The tournament's record
    # names the ruling (tournamentId, rulingEvent: its RulingMade's seq).
    def nanos(text):  # ISO-8601 UTC to integer nanoseconds since the epoch
        whole, _, frac = text.rstrip("Z").partition(".")
        return int(datetime.fromisoformat(whole + "+00:00").timestamp()) * 10**9 + int((frac + "0" * 9)[:9])
    end_at = next((i for i, e in enumerate(events) if e["type"] in END_EVENTS), len(events))
    extensions, bad_ext, running = 0, None, None
    for i, e in enumerate(events):
        if e["type"] == "ClockSet":
            running = e["payload"]
        if e["type"] != "ClockExtended":
            continue
        extensions += 1
        x, nxt = e["payload"], events[i + 1] if i + 1 < len(events) else None
        try:
            ok = i < end_at and running is not None and running.get("seat") is not None \
                and running.get("deadline") is not None and x.get("seat") == running["seat"] \
                and isinstance(x.get("seconds"), int) and 10 <= x["seconds"] <= 3600 \
                and bool(x.get("tournamentId")) and nanos(x["at"]) < nanos(running["deadline"]) \
                and nxt is not None and nxt["type"] == "ClockSet" \
                and all(nxt["payload"].get(k) == running.get(k) for k in ("seat", "kind", "turn")) \
                and (nxt["payload"].get("turnLeftMillis") or 0) == (running.get("turnLeftMillis") or 0) \
                and nanos(nxt["payload"]["deadline"]) == nanos(running["deadline"]) + x["seconds"] * 10**9
        except (KeyError, TypeError, ValueError):
            ok = False
        if not ok:
            bad_ext = e
            break
    if extensions:
        check("extensions", bad_ext is None,
              "at event %d: a time extension that is not the running clock's, or not followed by it moved that much"
              % bad_ext["seq"] if bad_ext else
              "%d time extension(s), each the running clock's, followed by it moved that much" % extensions)

    # the expiry rule (docs/fairness.md, "Seats' deadline"): a MatchExpired names the SeatDeadlineSet recorded after
    # the opening, comes at or after it, and only while a seat is free (no MatchStarted before it)
    expiries = [e for e in events if e["type"] == "MatchExpired"]
    if expiries:
        x = expiries[0]["payload"]
        set_ = [e["payload"] for e in events if e["type"] == "SeatDeadlineSet"]
        ok = bool(set_) and x.get("deadline") == set_[0].get("deadline") and x.get("winner") is None \
            and not x.get("losers") and instant(x["at"]) >= instant(set_[0]["deadline"]) \
            and not any(e["type"] == "MatchStarted" for e in events) and bool(x.get("freeSeats"))
        check("expiry", ok, "the match expired at %s, %s its seats' deadline %s, with seats %s free"
              % (x.get("at"), "at or after" if ok else "NOT as the rule says for", x.get("deadline"), x.get("freeSeats")))

    # the invitation (docs/fairness.md, "Invitations"): a match by invitation holds one InvitationIssued, right after
    # the opening events and the seats' deadline, before any seat is taken; its payload is the secret's SHA-256 only
    invites = [i for i, e in enumerate(events) if e["type"] == "InvitationIssued"]
    if invites:
        import re
        first_seat = next((i for i, e in enumerate(events) if e["type"] == "SeatTokenIssued"), len(events))
        p = events[invites[0]]["payload"]
        ok = len(invites) == 1 and invites[0] < first_seat and set(p) == {"secretHash"} \
            and re.fullmatch("[0-9a-f]{64}", p.get("secretHash") or "") is not None
        check("invitation", ok, "event %d: %s" % (events[invites[0]]["seq"],
              "one invitation, before the first seat, its secret's hash only" if ok
              else "NOT one invitation before the first seat with its secret's hash only (%d found)" % len(invites)))

    # 4. seed commitment: SHA-256(serverSeed revealed in MatchEnded) == seedCommitment of MatchCreated
    by_type = {}
    for e in record["events"]:
        by_type.setdefault(e["type"], []).append(e["payload"])
    created = (by_type.get("MatchCreated") or by_type.get("CasketMatchCreated"))[0]
    ended = next(by_type[t][0] for t in END_EVENTS if t in by_type)
    server_seed = bytes.fromhex(ended["serverSeed"])
    check("seedCommitment", hashlib.sha256(server_seed).hexdigest() == created["seedCommitment"],
          "SHA-256(serverSeed) = " + hashlib.sha256(server_seed).hexdigest())

    # 5. random draws: matchSeed = SHA-256(serverSeed || UTF-8(clientSeed A) || UTF-8(clientSeed B)); the first
    # seat and both decks as docs/fairness.md's setup steps say (voidexa and voidlit alike); then a fold over the
    # events that move cards in and out of decks (and, for voidlit, the Waste), checking every random draw
    ruleset = record.get("ruleset") or created.get("ruleset") or "voidexa"
    if "MatchExpired" in by_type and "MatchStarted" not in by_type:
        check("randomDraws", True, "no random draws: the match expired before it began (the deal is made when it begins)")
        return 0 if all(results) else 1
    # every seat's client seed in seat order A to F (two for voidexa, voidlit and biome; 2 to 6 for casket)
    joined = {p["seat"]: p for p in by_type.get("PlayerJoined", []) + by_type.get("PilotJoined", [])}
    match_seed = hashlib.sha256(server_seed + b"".join(joined[s]["clientSeed"].encode("utf-8")
                                                       for s in SEATS if s in joined)).digest()
    if ruleset == "casket":
        return casket_draws(record, events, joined, match_seed, check, results)
    first, decks = voidexa_setup(match_seed, joined["A"]["deck"], joined["B"]["deck"])
    deck, waste, dealt, mulligan_owed = {}, {"A": [], "B": []}, set(), set()
    drawn, wrong = {"A": 0, "B": 0}, None
    for e in events:
        t, p = e["type"], e["payload"]
        seat = p.get("seat") if isinstance(p, dict) else None
        if t == "MatchStarted":
            ok = p.get("firstSeat") == first
        elif t == "DeckShuffled":
            if seat not in dealt:  # the setup shuffle (voidexa: the only one)
                dealt.add(seat)
                expected = decks.get(seat)
            elif ruleset == "voidlit" and seat in mulligan_owed:  # L-D-MULLIGAN-2: returned cards at the bottom, then
                mulligan_owed.discard(seat)                     # the whole deck shuffled on stream "mulligan:<seat>"
                expected = Sha256CounterRandom(match_seed, "mulligan:" + seat).shuffle(deck[seat])
            else:
                expected = None  # a shuffle no rule makes
            ok = expected is not None and p.get("order") == expected
            deck[seat] = list(expected or [])
        elif t == "CardDrawn" or (ruleset == "voidlit" and t == "CardOverdrawn"):
            # every draw takes the top card of its seat's deck; voidlit's draw into a full hand Wastes it face up
            ok = bool(deck.get(seat)) and p.get("card") == deck[seat][0]
            deck[seat] = deck.get(seat, [])[1:]
            drawn[seat] += 1
            if t == "CardOverdrawn":
                waste[seat].append(p.get("card"))
        elif ruleset == "voidlit" and t == "MulliganTaken":
            deck[seat] = deck.get(seat, []) + list(p.get("returned") or [])
            if p.get("count", 0) > 0:
                mulligan_owed.add(seat)
            ok = True
        elif ruleset == "voidlit" and t == "WasteSearched":
            # L-WASTE-1: the n-th search takes position next_int(size) of stream "waste:<seat>:<n>", oldest first
            w = waste[seat]
            pick = w[Sha256CounterRandom(match_seed, "waste:%s:%d" % (seat, p["searches"])).next_int(len(w))] if w else None
            ok = p.get("card") == pick
            if p.get("card") is not None and p.get("toHand") and p["card"] in w:
                w.remove(p["card"])
        elif ruleset == "voidlit" and t == "UnitDestroyed":  # the Unit and its Upgrades go to the Waste
            waste[seat] += [p.get("unit")] + list(p.get("upgrades") or [])
            ok = True
        elif ruleset == "voidlit" and t == "CardWasted":
            waste[seat].append(p.get("card"))
            ok = True
        else:
            ok = True
        if not ok and wrong is None:
            wrong = e
    check("randomDraws", wrong is None,
          ("%s: wrong from event %d (%s)" % (ruleset, wrong["seq"], wrong["type"]) if wrong else
           "%s: first seat %s, both deck orders and the %d + %d cards drawn" % (ruleset, first, drawn["A"], drawn["B"]))
          + " from matchSeed " + match_seed.hex())
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
