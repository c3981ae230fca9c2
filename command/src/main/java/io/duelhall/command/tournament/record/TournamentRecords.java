package io.duelhall.command.tournament.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.command.tournament.TableResults;
import io.duelhall.command.tournament.TournamentAudit;
import io.duelhall.command.tournament.TournamentCommands;
import io.duelhall.command.tournament.TournamentEvents;
import io.duelhall.command.tournament.TournamentEvents.Created;
import io.duelhall.command.tournament.TournamentEvents.Ended;
import io.duelhall.command.tournament.TournamentEvents.GameRecorded;
import io.duelhall.command.tournament.TournamentEvents.PairedTable;
import io.duelhall.command.tournament.TournamentEvents.RoundPaired;
import io.duelhall.command.tournament.TournamentEvents.TableResultRecorded;
import io.duelhall.command.tournament.TournamentEvents.TournamentEvent;
import io.duelhall.command.tournament.TournamentMatches;
import io.duelhall.command.tournament.TournamentState;
import io.duelhall.command.tournament.TournamentTables;
import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.tournament.Ratio;
import io.duelhall.domain.tournament.Standing;
import io.duelhall.domain.tournament.TieBreak;
import io.duelhall.fairness.audit.AuditReport.Check;
import io.duelhall.fairness.audit.Auditor;
import io.duelhall.fairness.chain.CanonicalJson;
import io.duelhall.fairness.chain.EventChain;
import io.duelhall.fairness.record.Release;
import io.duelhall.fairness.signing.RecordSignature;
import io.duelhall.fairness.signing.ServerKey;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The signed, hash-chained tournament record (docs/fairness.md, "The tournament record") and its
 * audit. The record is made at export from the stored events, so every tournament, however old,
 * exports chained and signed: the chain and the signature are the match record's own ({@link
 * EventChain}, {@link RecordSignature}, Ed25519 by the {@link ServerKey}); the checks are the
 * pairing re-derivation of {@link TournamentAudit}, each result against its match, and the
 * standings recomputed from the events. One class for the export, {@code POST /api/audit} and the
 * command-line audit.
 */
public final class TournamentRecords {
    /** The record's {@code format}. */
    public static final String FORMAT = "duelhall-tournament-record/1";

    /** The checks, in the order they are reported. */
    public static final List<String> CHECKS =
            List.of(
                    "record",
                    "signature",
                    "chain",
                    "end",
                    "seedCommitment",
                    "pairings",
                    "results",
                    "rounds",
                    "standings");

    /** One stored event: its sequence number, storage time and payload. */
    public record Stored(long seq, Instant at, TournamentEvent payload) {}

    /**
     * What the audit found: each check passed or failed with details ({@code event}: the sequence
     * number it names); {@code firstDifference} the first failed check's details, {@code
     * firstEvent} the smallest event a failed check names, {@code round} the round of the first
     * pairing or round input that differs.
     */
    public record Report(
            String format,
            String tournamentId,
            String signedBy,
            boolean passed,
            String firstDifference,
            Long firstEvent,
            Integer round,
            int roundsChecked,
            List<Check> checks) {}

    private final ObjectMapper mapper;

    /**
     * @param mapper the event store's Jackson 2 mapper ({@code EventStoreJson}): payloads are
     *     written and read as the store does
     */
    public TournamentRecords(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public ObjectMapper mapper() {
        return mapper;
    }

    /** Whether a parsed JSON value claims to be a tournament record. */
    public static boolean isTournamentRecord(JsonNode record) {
        return record != null
                && record.isObject()
                && record.path("format").asText("").startsWith("duelhall-tournament");
    }

    // ---------------------------------------------------------------------------------------
    // export

    /** The signed record of an ended tournament from its stored events. */
    public ObjectNode export(
            String tournamentId,
            List<Stored> events,
            TournamentMatches matches,
            Instant now,
            Release release,
            ServerKey key) {
        TournamentState state = new TournamentState();
        ArrayNode nodes = JsonNodeFactory.instance.arrayNode();
        String previous = EventChain.GENESIS;
        for (Stored s : events) {
            TournamentEvent p = s.payload();
            state.apply(p);
            ObjectNode e = nodes.addObject();
            String type = TournamentEvents.NAMESPACE + "." + p.getClass().getSimpleName();
            JsonNode payload = mapper.valueToTree(redacted(p));
            e.put("seq", s.seq());
            e.put("type", type);
            e.put("at", s.at() == null ? null : s.at().toString());
            e.set("payload", payload);
            previous = link(previous, s.seq(), type, payload);
            e.put("chain", previous);
        }
        Created c = state.created();
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        r.put("format", FORMAT);
        r.put("tournamentId", c.tournamentId());
        r.put("name", c.name());
        r.put("ruleset", c.ruleset());
        r.put("seedCommitment", c.seedCommitment());
        r.put("seed", state.revealedSeed());
        r.set("events", nodes);
        r.put("chainHead", previous);
        r.set("matches", matchHeads(nodes, matches));
        r.set("rounds", rounds(decode(nodes)));
        r.set("standings", standings(state));
        r.put("exportedAt", now.toString());
        r.set("release", release.json());
        return RecordSignature.sign(r, key);
    }

    /** {@link #export} written as the text that was signed. */
    public String exportJson(
            String tournamentId,
            List<Stored> events,
            TournamentMatches matches,
            Instant now,
            Release release,
            ServerKey key) {
        try {
            return mapper.writeValueAsString(
                    export(tournamentId, events, matches, now, release, key));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The creation's secrets left out: the seed (revealed by the end) and the table key. */
    private static TournamentEvent redacted(TournamentEvent p) {
        if (p instanceof Created c) {
            return new Created(
                    c.tournamentId(),
                    c.name(),
                    c.ruleset(),
                    c.organizerAccountId(),
                    c.organizerName(),
                    c.rules(),
                    c.matchOptions(),
                    c.seedCommitment(),
                    null,
                    null,
                    c.at());
        }
        return p;
    }

    /**
     * chain(n) = SHA-256(chain(n−1) ‖ JCS({"payload", "seq", "type"})): the match record's chain,
     * the type being the stored name ({@code tournament.RoundPaired}).
     */
    public static String link(String previous, long seq, String type, JsonNode payload) {
        ObjectNode env = JsonNodeFactory.instance.objectNode();
        env.set("payload", payload);
        env.put("seq", seq);
        env.put("type", type);
        try {
            return EventChain.link(previous, CanonicalJson.utf8(env));
        } catch (IOException e) {
            throw new IllegalArgumentException("not canonicalizable: " + e.getMessage(), e);
        }
    }

    /**
     * One line per result and per game that names a match: the event's seq, round, table, game, the
     * match and its record's chain head (null when the store has no such match).
     */
    private static ArrayNode matchHeads(ArrayNode events, TournamentMatches matches) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        for (JsonNode e : events) {
            String type = e.path("type").asText();
            if (!type.equals("tournament.TableResultRecorded")
                    && !type.equals("tournament.GameRecorded")) {
                continue;
            }
            JsonNode p = e.path("payload");
            String matchId = p.path("matchId").asText(null);
            if (matchId == null) {
                continue;
            }
            ObjectNode m = out.addObject();
            m.put("event", e.path("seq").asLong());
            m.put("round", p.path("round").asInt());
            m.put("table", p.path("table").asInt());
            m.put("game", type.endsWith("GameRecorded") ? p.path("game").asInt() : 0);
            m.put("matchId", matchId);
            m.put("chainHead", matches == null ? null : matches.chainHead(matchId));
        }
        return out;
    }

    /**
     * Every round's inputs and pairing, derived from the events: at each {@code RoundPaired}, every
     * entrant (entry order) with their match points, byes had and whether they have left, then the
     * tables (entry ids in seat order) and byes.
     */
    static ArrayNode rounds(List<TournamentEvent> events) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        TournamentState s = new TournamentState();
        Map<String, Integer> byes = new HashMap<>();
        for (int i = 0; i < events.size(); i++) {
            TournamentEvent e = events.get(i);
            if (e instanceof RoundPaired r && s.ledger() != null) {
                ObjectNode round = out.addObject();
                round.put("round", r.round());
                round.put("event", i);
                Map<String, Integer> points = new HashMap<>();
                Set<String> left = new HashSet<>();
                for (Standing st : s.ledger().standings()) {
                    points.put(st.entry(), st.points());
                    if (st.dropped()) {
                        left.add(st.entry());
                    }
                }
                ArrayNode inputs = round.putArray("entrants");
                for (var entry : s.ledger().entries()) {
                    if (s.ledger().withdrawn().contains(entry.id()) && !s.ledger().started()) {
                        continue;
                    }
                    ObjectNode in = inputs.addObject();
                    in.put("entryId", entry.id());
                    in.put("points", points.getOrDefault(entry.id(), 0));
                    in.put("byes", byes.getOrDefault(entry.id(), 0));
                    in.put(
                            "left",
                            left.contains(entry.id())
                                    || s.ledger().withdrawn().contains(entry.id()));
                }
                ArrayNode tables = round.putArray("tables");
                for (PairedTable t : r.tables()) {
                    ArrayNode seats = tables.addArray();
                    TournamentState.seatsOf(t).forEach(seats::add);
                }
                ArrayNode b = round.putArray("byes");
                r.byes().forEach(b::add);
                r.byes().forEach(x -> byes.merge(x, 1, Integer::sum));
            }
            s.apply(e);
        }
        return out;
    }

    /**
     * The standings as the record holds them: rank, entry, name, points, record, every tie-break of
     * the chain as an exact fraction ("11/27"), whether the entrant has left.
     */
    static ArrayNode standings(TournamentState t) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        if (t.ledger() == null || !t.ledger().started()) {
            return out;
        }
        for (Standing s : t.ledger().standings()) {
            ObjectNode n = out.addObject();
            n.put("rank", s.rank());
            n.put("entryId", s.entry());
            var entry = t.entries().get(s.entry());
            n.put("name", entry == null ? null : entry.name());
            n.put("points", s.points());
            n.put("wins", s.wins());
            n.put("losses", s.losses());
            n.put("draws", s.draws());
            ObjectNode tb = n.putObject("tieBreaks");
            for (TieBreak k : t.created().rules().tieBreaks()) {
                Ratio v = s.tieBreaks().get(k);
                if (v != null) {
                    tb.put(k.name(), v.toString());
                }
            }
            n.put("dropped", s.dropped());
        }
        return out;
    }

    // ---------------------------------------------------------------------------------------
    // audit

    /**
     * Audits a record: the signature (by {@code trustedKeyHex}, or without one the key it names),
     * the chain, the end, the seed, every pairing and ruling re-derived, every result against its
     * match ({@code matches}: null offline, where only the heads' form is checked), every round's
     * inputs and the standings recomputed.
     */
    public Report audit(JsonNode record, String trustedKeyHex, TournamentMatches matches) {
        List<Check> checks = new ArrayList<>();
        String id = record == null ? null : record.path("tournamentId").asText(null);
        String shape = shapeProblem(record);
        if (shape != null) {
            checks.add(fail("record", shape, null));
            return report(record, id, checks, 0, null);
        }
        JsonNode events = record.get("events");
        checks.add(pass("record", "a " + FORMAT + " record of " + events.size() + " events"));
        checks.add(Auditor.signatureOf(record, trustedKeyHex));
        checks.add(chain(record, events));
        List<TournamentEvent> decoded = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            JsonNode e = events.get(i);
            try {
                decoded.add(decode(e));
            } catch (RuntimeException ex) {
                checks.add(
                        fail(
                                "end",
                                "event " + i + " cannot be read: " + ex.getMessage(),
                                (long) i));
                return report(record, id, checks, 0, null);
            }
        }
        checks.add(end(record, decoded));
        checks.add(seed(record, decoded));
        TournamentAudit.Report pairings = TournamentAudit.check(decoded);
        checks.add(
                pairings.passed()
                        ? pass(
                                "pairings",
                                pairings.roundsChecked()
                                        + " rounds re-derived from the seed and the events before"
                                        + " each: every table, seat and bye; every ruling and game"
                                        + " as the state allowed")
                        : fail(
                                "pairings",
                                pairings.firstDifference(),
                                pairings.event() == null ? null : (long) pairings.event()));
        checks.add(results(record, decoded, matches));
        Integer round = pairings.passed() ? null : pairings.round();
        Check rounds = compare("rounds", record.get("rounds"), rounds(decoded), "round");
        checks.add(rounds);
        if (round == null && !rounds.passed() && rounds.event() != null) {
            round = (int) (long) rounds.event() + 1;
        }
        TournamentState end = new TournamentState();
        decoded.forEach(end::apply);
        checks.add(compare("standings", record.get("standings"), standings(end), "rank"));
        return report(record, id, checks, pairings.roundsChecked(), round);
    }

    private Report report(
            JsonNode record, String id, List<Check> checks, int roundsChecked, Integer round) {
        Check first = null;
        Long firstEvent = null;
        for (Check c : checks) {
            if (!c.passed()) {
                if (first == null) {
                    first = c;
                }
                if (c.event() != null
                        && !c.name().equals("rounds")
                        && !c.name().equals("standings")
                        && (firstEvent == null || c.event() < firstEvent)) {
                    firstEvent = c.event();
                }
            }
        }
        String signedBy =
                record == null ? null : record.path("signature").path("keyId").asText(null);
        return new Report(
                FORMAT,
                id,
                signedBy,
                first == null,
                first == null ? null : first.name() + ": " + first.details(),
                firstEvent,
                round,
                roundsChecked,
                List.copyOf(checks));
    }

    private static String shapeProblem(JsonNode record) {
        if (record == null || !record.isObject()) {
            return "the record is not one JSON object";
        }
        if (!FORMAT.equals(record.path("format").asText())) {
            return "format '"
                    + record.path("format").asText()
                    + "' is not "
                    + FORMAT
                    + " (an unsigned export of an older release: export it again, the server"
                    + " signs every tournament's record now)";
        }
        JsonNode events = record.get("events");
        if (events == null || !events.isArray() || events.isEmpty()) {
            return "the record has no events";
        }
        for (String m : List.of("matches", "rounds", "standings")) {
            if (!record.path(m).isArray()) {
                return "the record has no '" + m + "' list";
            }
        }
        for (int i = 0; i < events.size(); i++) {
            JsonNode e = events.get(i);
            if (!e.isObject()
                    || !e.path("type").isTextual()
                    || !e.path("payload").isObject()
                    || !e.path("seq").canConvertToLong()) {
                return "event " + i + " is not {seq, type, at, payload, chain}";
            }
        }
        return null;
    }

    private TournamentEvent decode(JsonNode e) {
        String type = e.path("type").asText();
        String prefix = TournamentEvents.NAMESPACE + ".";
        if (type.startsWith(prefix)) {
            for (Class<?> c : TournamentEvents.TYPES) {
                if (c.getSimpleName().equals(type.substring(prefix.length()))) {
                    try {
                        return (TournamentEvent) mapper.treeToValue(e.get("payload"), c);
                    } catch (IOException ex) {
                        throw new IllegalArgumentException(type + ": " + ex.getMessage(), ex);
                    }
                }
            }
        }
        throw new IllegalArgumentException("'" + type + "' is no tournament event");
    }

    private List<TournamentEvent> decode(ArrayNode events) {
        List<TournamentEvent> out = new ArrayList<>();
        events.forEach(e -> out.add(decode(e)));
        return out;
    }

    private static Check chain(JsonNode record, JsonNode events) {
        String previous = EventChain.GENESIS;
        for (int i = 0; i < events.size(); i++) {
            JsonNode e = events.get(i);
            if (e.path("seq").asLong() != i) {
                return fail(
                        "chain",
                        "event " + i + " has seq " + e.path("seq").asText() + ", not " + i,
                        (long) i);
            }
            try {
                previous = link(previous, i, e.path("type").asText(), e.get("payload"));
            } catch (RuntimeException ex) {
                return fail("chain", "event " + i + ": " + ex.getMessage(), (long) i);
            }
            if (!previous.equals(e.path("chain").asText())) {
                return fail(
                        "chain",
                        "event "
                                + i
                                + " ("
                                + e.path("type").asText()
                                + "): its chain value is not SHA-256 of the one before and the"
                                + " event: the event or one before it was changed",
                        (long) i);
            }
        }
        if (!previous.equals(record.path("chainHead").asText())) {
            return fail(
                    "chain",
                    "chainHead is not the last event's chain value",
                    (long) events.size() - 1);
        }
        return pass("chain", events.size() + " events chained; head " + previous);
    }

    private static Check end(JsonNode record, List<TournamentEvent> events) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i) instanceof Ended && i != events.size() - 1) {
                return fail("end", "event " + (i + 1) + " comes after the end", (long) i + 1);
            }
        }
        if (!(events.get(events.size() - 1) instanceof Ended)) {
            return fail(
                    "end",
                    "the last event is not the end: the tournament had not ended",
                    (long) events.size() - 1);
        }
        return pass("end", "the end is the last event and its chain value the head");
    }

    private static Check seed(JsonNode record, List<TournamentEvent> events) {
        if (!(events.get(0) instanceof Created c)) {
            return fail("seedCommitment", "event 0 is not the tournament's creation", 0L);
        }
        Ended e = (Ended) events.get(events.size() - 1);
        if (c.seed() != null || c.tableKey() != null) {
            return fail("seedCommitment", "the creation shows its secrets", 0L);
        }
        String revealed = e.seed();
        if (revealed == null || !revealed.matches("[0-9a-f]{64}")) {
            return fail(
                    "seedCommitment",
                    "the end reveals no seed of 32 bytes",
                    (long) events.size() - 1);
        }
        String hash =
                io.duelhall.domain.rng.Sha256.hex(
                        io.duelhall.domain.rng.Sha256.of(
                                java.util.HexFormat.of().parseHex(revealed)));
        if (!hash.equals(c.seedCommitment())) {
            return fail(
                    "seedCommitment",
                    "the revealed seed does not hash to the commitment of the creation",
                    (long) events.size() - 1);
        }
        if (!revealed.equals(record.path("seed").asText())
                || !c.seedCommitment().equals(record.path("seedCommitment").asText())
                || !c.tournamentId().equals(record.path("tournamentId").asText())) {
            return fail(
                    "seedCommitment",
                    "the record's tournamentId, seedCommitment or seed is not its events'",
                    null);
        }
        return pass("seedCommitment", "SHA-256(seed) = " + hash);
    }

    /**
     * Every result and game that names a match has one line in {@code matches} with that match's
     * chain head; where the match is at hand its head must be the stored one and its end must make
     * exactly the recorded event (the code the tournament ran: {@link TableResults}).
     */
    private static Check results(
            JsonNode record, List<TournamentEvent> events, TournamentMatches matches) {
        JsonNode heads = record.get("matches");
        int k = 0;
        int checked = 0;
        TournamentState s = new TournamentState();
        String tid = ((Created) events.get(0)).tournamentId();
        List<TournamentEvent> byRuling = new ArrayList<>();
        // each TIME_EXTENSION ruling's event: the match its table played then, and its seconds
        java.util.Map<Long, Object[]> extensions = new java.util.TreeMap<>();
        for (int i = 0; i < events.size(); i++) {
            TournamentEvent e = events.get(i);
            boolean ruled = false;
            if (!byRuling.isEmpty()
                    && (e instanceof GameRecorded || e instanceof TableResultRecorded)) {
                // what a game loss ruling records: exactly what the ruling makes
                TournamentEvent due = byRuling.remove(0);
                if (!untimed(due).equals(untimed(e))) {
                    return fail(
                            "results",
                            "event "
                                    + i
                                    + ": the game loss ruled before it makes "
                                    + untimed(due)
                                    + ", the record holds "
                                    + untimed(e),
                            (long) i);
                }
                ruled = true;
            } else {
                byRuling.clear();
            }
            String matchId = null;
            int game = 0;
            int round = 0;
            int table = 0;
            if (e instanceof TableResultRecorded t && t.matchId() != null) {
                matchId = t.matchId();
                round = t.round();
                table = t.table();
            } else if (e instanceof GameRecorded g) {
                matchId = g.matchId();
                game = g.game();
                round = g.round();
                table = g.table();
            }
            if (matchId != null) {
                JsonNode h = k < heads.size() ? heads.get(k) : null;
                k++;
                if (h == null
                        || h.path("event").asLong(-1) != i
                        || !matchId.equals(h.path("matchId").asText())
                        || h.path("round").asInt() != round
                        || h.path("table").asInt() != table
                        || h.path("game").asInt() != game) {
                    return fail(
                            "results",
                            "event "
                                    + i
                                    + " (round "
                                    + round
                                    + " table "
                                    + table
                                    + ", match "
                                    + matchId
                                    + ") has no line of its own in 'matches'",
                            (long) i);
                }
                String head = h.path("chainHead").asText(null);
                if (head != null && !head.matches("[0-9a-f]{64}")) {
                    return fail(
                            "results",
                            "event " + i + ": the match's chain head is not 64 hex digits",
                            (long) i);
                }
                if (matches != null && !ruled) {
                    String stored = matches.chainHead(matchId);
                    if (!Objects.equals(stored, head)) {
                        return fail(
                                "results",
                                "event "
                                        + i
                                        + ": match "
                                        + matchId
                                        + " has the chain head "
                                        + stored
                                        + " here, the record says "
                                        + head,
                                (long) i);
                    }
                    Lifecycle.Ended end = matches.end(matchId);
                    // a best-of-3 table's result is its games (the pairings check holds it to
                    // them), each game checked against its own match here
                    boolean series = ((Created) events.get(0)).rules().bestOf() > 1;
                    if (end != null && (game > 0 || !series)) {
                        String bad = resultProblem(s, tid, e, end, matchId, round, table, game);
                        if (bad != null) {
                            return fail("results", "event " + i + ": " + bad, (long) i);
                        }
                        checked++;
                    }
                }
            }
            if (e instanceof TournamentEvents.RulingMade r
                    && r.ruling().kind()
                            == io.duelhall.domain.tournament.Ruling.Kind.TIME_EXTENSION) {
                int at = r.ruling().round() != null ? r.ruling().round() : s.rounds().size();
                TournamentEvents.PairedTable pt = s.tableOfMatch(at, r.ruling().table());
                extensions.put(
                        (long) i,
                        new Object[] {
                            pt == null ? null : s.gameOf(pt, at).matchId(), r.ruling().seconds()
                        });
            }
            s.apply(e);
            if (e instanceof TournamentEvents.RulingMade r
                    && r.ruling().kind() == io.duelhall.domain.tournament.Ruling.Kind.GAME_LOSS
                    && s.created().rules().bestOf() > 1) {
                byRuling.addAll(TableResults.gameLoss(s, tid, r.ruling(), null));
            }
        }
        if (k != heads.size()) {
            return fail("results", "'matches' lists " + heads.size() + " lines, not " + k, null);
        }
        String extended = matches == null ? null : extensionProblem(tid, extensions, matches);
        if (extended != null) {
            long at = Long.parseLong(extended.substring(0, extended.indexOf(':')));
            return fail("results", "event " + extended, at);
        }
        return pass(
                "results",
                matches == null
                        ? k
                                + " results and games name their match's chain head (check each"
                                + " against its match record: GET /api/matches/{id}/export)"
                        : k
                                + " results and games name their match's chain head, as stored; "
                                + checked
                                + " are exactly what their match's end makes"
                                + (extensions.isEmpty()
                                        ? ""
                                        : "; each of the "
                                                + extensions.size()
                                                + " time extensions is its match's ClockExtended"));
    }

    /**
     * Ties each time extension ruling (issue 41) to its match: the match its table played when the
     * ruling was made holds exactly one {@code ClockExtended} naming this tournament and the
     * ruling's event, with the ruling's seconds; and every {@code ClockExtended} naming this
     * tournament in those matches names one of its rulings. Null when all agree, else "{@code
     * <event> …}" (the ruling's event first).
     */
    private static String extensionProblem(
            String tid, java.util.Map<Long, Object[]> rulings, TournamentMatches matches) {
        for (var r : rulings.entrySet()) {
            String matchId = (String) r.getValue()[0];
            Integer seconds = (Integer) r.getValue()[1];
            java.util.List<io.duelhall.domain.ClockExtended> held =
                    matchId == null ? null : matches.extensions(matchId);
            if (held == null) {
                continue; // the match is not at hand
            }
            long mine = 0;
            for (io.duelhall.domain.ClockExtended x : held) {
                if (!tid.equals(x.tournamentId())) {
                    continue;
                }
                Object[] ruling = rulings.get(x.rulingEvent());
                if (ruling == null || !matchId.equals(ruling[0])) {
                    return r.getKey()
                            + ": match "
                            + matchId
                            + " holds a time extension naming event "
                            + x.rulingEvent()
                            + ", which is no time extension ruling for it";
                }
                if (x.rulingEvent() == r.getKey()) {
                    mine++;
                    if (!java.util.Objects.equals(seconds, x.seconds())) {
                        return r.getKey()
                                + ": the ruling extends by "
                                + seconds
                                + " s, its match "
                                + matchId
                                + " by "
                                + x.seconds()
                                + " s";
                    }
                }
            }
            if (mine != 1) {
                return r.getKey()
                        + ": the time extension ruling is "
                        + (mine == 0 ? "not" : mine + " times")
                        + " in its match "
                        + matchId
                        + " (a ClockExtended naming it)";
            }
        }
        return null;
    }

    /** The event without its time, to compare what a ruling makes with what was recorded. */
    private static TournamentEvent untimed(TournamentEvent e) {
        if (e instanceof GameRecorded g) {
            return new GameRecorded(
                    g.round(),
                    g.table(),
                    g.game(),
                    g.matchId(),
                    g.winner(),
                    g.reason(),
                    g.nextMatchId(),
                    null);
        }
        if (e instanceof TableResultRecorded t) {
            return new TableResultRecorded(
                    t.round(), t.table(), t.matchId(), t.result(), t.reason(), null, t.places());
        }
        return e;
    }

    private static String resultProblem(
            TournamentState s,
            String tid,
            TournamentEvent recorded,
            Lifecycle.Ended end,
            String matchId,
            int round,
            int table,
            int game) {
        TournamentCommands.RecordResult cmd =
                new TournamentCommands.RecordResult(
                        tid,
                        round,
                        table,
                        matchId,
                        end.winner() == null ? null : end.winner().name(),
                        end.reason(),
                        game == 0 ? 1 : game,
                        TournamentTables.places(end));
        Instant at =
                recorded instanceof TableResultRecorded t ? t.at() : ((GameRecorded) recorded).at();
        List<TournamentEvent> due = TableResults.of(s, tid, cmd, at);
        TournamentEvent expected = null;
        for (TournamentEvent d : due) {
            if (d.getClass() == recorded.getClass()) {
                expected = d;
            }
        }
        if (expected == null) {
            return "round "
                    + round
                    + " table "
                    + table
                    + ": its match "
                    + matchId
                    + " makes no result here";
        }
        if (expected instanceof TableResultRecorded x
                && recorded instanceof TableResultRecorded y
                && !(Objects.equals(x.result(), y.result())
                        && Objects.equals(x.places(), y.places()))) {
            return "round "
                    + round
                    + " table "
                    + table
                    + " is recorded "
                    + (y.places() == null ? y.result() : "places " + y.places())
                    + " but its match "
                    + matchId
                    + " ended "
                    + (x.places() == null ? x.result() : "places " + x.places());
        }
        if (expected instanceof GameRecorded x
                && recorded instanceof GameRecorded y
                && !Objects.equals(x.winner(), y.winner())) {
            return "round "
                    + round
                    + " table "
                    + table
                    + " game "
                    + game
                    + " is recorded won by "
                    + y.winner()
                    + " but its match "
                    + matchId
                    + " makes "
                    + x.winner();
        }
        return null;
    }

    /**
     * A derived list of the record against the same list derived again: the first line that differs
     * ({@code event} = its index), named by its {@code key} member.
     */
    private static Check compare(String name, JsonNode recorded, JsonNode derived, String key) {
        for (int i = 0; i < Math.max(recorded.size(), derived.size()); i++) {
            JsonNode r = recorded.get(i);
            JsonNode d = derived.get(i);
            if (!Objects.equals(r, d)) {
                String which = (d != null ? key + " " + d.path(key).asText() : "line " + (i + 1));
                return new Check(
                        name,
                        false,
                        which + " differs: the record says " + r + ", the events make " + d,
                        (long) i,
                        null);
            }
        }
        return pass(name, derived.size() + " lines, each as the events make it");
    }

    private static Check pass(String name, String details) {
        return new Check(name, true, details, null, null);
    }

    private static Check fail(String name, String details, Long event) {
        return new Check(name, false, details, event, null);
    }
}
