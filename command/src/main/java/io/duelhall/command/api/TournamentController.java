package io.duelhall.command.api;

import io.duelhall.command.match.Tokens;
import io.duelhall.command.tournament.TournamentAudit;
import io.duelhall.command.tournament.TournamentCommands;
import io.duelhall.command.tournament.TournamentEvents;
import io.duelhall.command.tournament.TournamentEvents.EntryAdded;
import io.duelhall.command.tournament.TournamentEvents.PairedTable;
import io.duelhall.command.tournament.TournamentEvents.RoundPaired;
import io.duelhall.command.tournament.TournamentEvents.RulingMade;
import io.duelhall.command.tournament.TournamentRatings;
import io.duelhall.command.tournament.TournamentState;
import io.duelhall.command.tournament.TournamentTables;
import io.duelhall.command.tournament.record.TournamentRecords;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.tournament.Format;
import io.duelhall.domain.tournament.PlayedRound;
import io.duelhall.domain.tournament.Ratio;
import io.duelhall.domain.tournament.Result;
import io.duelhall.domain.tournament.Ruling;
import io.duelhall.domain.tournament.Rulings;
import io.duelhall.domain.tournament.Series;
import io.duelhall.domain.tournament.Standing;
import io.duelhall.domain.tournament.Table;
import io.duelhall.domain.tournament.TieBreak;
import io.duelhall.domain.tournament.TournamentRules;
import io.duelhall.fairness.record.EventStoreJson;
import io.duelhall.fairness.record.Release;
import io.duelhall.fairness.signing.ServerKey;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Tournaments of API.md (round 3): create, enter and drop, start, read, "my table", rulings. Thin:
 * checks the shape and who calls (a registered player's {@code X-Player-Token}), sends a command;
 * the tournament decides. Reads fold the tournament's events from the store.
 */
@RestController
@RequestMapping(path = "/api/tournaments", produces = "application/json")
class TournamentController {
    private static final org.slf4j.Logger log =
            org.slf4j.LoggerFactory.getLogger(TournamentController.class);

    /** The turn clock a table gets when the organizer names no match options: clocks are on. */
    static final int DEFAULT_TURN_CLOCK_SECONDS = 120;

    private final CommandGateway commands;
    private final EventStore eventStore;
    private final Rulesets rulesets;
    private final ObjectProvider<PlayerIdentities> identities;
    private final ObjectProvider<ServerKey> serverKey;
    private final ObjectProvider<TournamentRatings> ratings;
    private final TournamentRecords records = new TournamentRecords(EventStoreJson.newMapper());

    TournamentController(
            CommandGateway commands,
            EventStore eventStore,
            Rulesets rulesets,
            ObjectProvider<PlayerIdentities> identities,
            ObjectProvider<ServerKey> serverKey,
            ObjectProvider<TournamentRatings> ratings) {
        this.serverKey = serverKey;
        this.ratings = ratings;
        this.commands = commands;
        this.eventStore = eventStore;
        this.rulesets = rulesets;
        this.identities = identities;
    }

    record CreateBody(
            String name,
            String ruleset,
            String format,
            Integer rounds,
            Integer topCut,
            Integer seatsPerTable,
            Integer bestOf,
            List<String> tieBreaks,
            Requests.Options matchOptions,
            String topCutFormat) {}

    record Created(String tournamentId, String seedCommitment, String status) {}

    record EntryBody(Requests.TakeSeat seat) {}

    record Entered(String entryId) {}

    record Withdrawn(String entryId, String status) {}

    record StartedOut(String status, int round) {}

    record RulingBody(
            String kind,
            String entryId,
            Integer round,
            Integer table,
            Integer minutes,
            Object result,
            String reason,
            Integer seconds) {}

    /**
     * A ruling as recorded; for a {@code TIME_EXTENSION} also its {@code seconds}, the match whose
     * clock moved, the {@code rulingEvent} (its sequence number in the tournament's record, which
     * the match's {@code ClockExtended} names) and the clock's new {@code deadline}.
     */
    record RulingOut(
            String kind,
            String entryId,
            Integer round,
            Integer table,
            String by,
            @com.fasterxml.jackson.annotation.JsonInclude(
                            com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                    Integer seconds,
            @com.fasterxml.jackson.annotation.JsonInclude(
                            com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                    String matchId,
            @com.fasterxml.jackson.annotation.JsonInclude(
                            com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                    Long rulingEvent,
            @com.fasterxml.jackson.annotation.JsonInclude(
                            com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                    java.time.Instant deadline) {
        RulingOut(String kind, String entryId, Integer round, Integer table, String by) {
            this(kind, entryId, round, table, by, null, null, null, null);
        }
    }

    @PostMapping
    ResponseEntity<Created> create(
            @RequestHeader(name = PlayerIdentities.HEADER, required = false) String token,
            @RequestBody(required = false) CreateBody body) {
        PlayerIdentities.Player organizer = player(token);
        if (body == null) {
            throw Requests.bad("MISSING_FIELD", "Send {\"name\", \"ruleset\", \"format\", …}.");
        }
        if (body.name() == null || body.name().isBlank()) {
            throw Requests.bad("MISSING_FIELD", "name is required.");
        }
        Requests.text("name", body.name(), 80);
        String ruleset = body.ruleset() == null ? "voidexa" : body.ruleset();
        Requests.text("ruleset", ruleset, 40);
        if (rulesets.find(ruleset).isEmpty()) {
            throw Requests.bad(
                    "UNKNOWN_RULESET",
                    "Unknown ruleset '" + ruleset + "'; this server hosts " + rulesets.ids() + ".");
        }
        if (body.format() == null) {
            throw Requests.bad(
                    "MISSING_FIELD",
                    "format is required: SWISS, SINGLE_ELIMINATION, DOUBLE_ELIMINATION or ROUND_ROBIN.");
        }
        Format format = enumOf(Format.class, body.format(), "format");
        List<TieBreak> chain = null;
        if (body.tieBreaks() != null) {
            chain = new ArrayList<>();
            for (String t : body.tieBreaks()) {
                if (t == null) {
                    throw Requests.bad("INVALID_FIELD", "tieBreaks holds a null.");
                }
                chain.add(enumOf(TieBreak.class, t, "tieBreaks"));
            }
        }
        int seats = body.seatsPerTable() == null ? 2 : body.seatsPerTable();
        if (seats < 2 || seats > 6) {
            throw Requests.bad("OUT_OF_RANGE", "seatsPerTable must be 2 to 6.");
        }
        int bestOf = body.bestOf() == null ? 1 : body.bestOf();
        Format cutFormat =
                body.topCutFormat() == null
                        ? null
                        : enumOf(Format.class, body.topCutFormat(), "topCutFormat");
        TournamentRules rules =
                new TournamentRules(
                        format,
                        body.rounds() == null ? 0 : body.rounds(),
                        body.topCut() == null ? 0 : body.topCut(),
                        bestOf,
                        chain,
                        cutFormat,
                        seats == 2 ? 0 : seats,
                        0);
        if (body.rounds() != null && body.rounds() < 1) {
            throw Requests.bad("INVALID_FIELD", "rounds must be 1 to 30.");
        }
        Refusal bad = rules.problem();
        if (bad != null) {
            throw new RefusedException(bad);
        }
        if (body.matchOptions() != null && body.matchOptions().invitation() != null) {
            throw Requests.bad(
                    "INVALID_FIELD",
                    "matchOptions.invitation does not apply: a tournament seats its entrants itself.");
        }
        MatchOptions options =
                body.matchOptions() == null
                        ? new MatchOptions(0, DEFAULT_TURN_CLOCK_SECONDS, null, null)
                        : Requests.options(body.matchOptions());
        String id = "t" + UUID.randomUUID();
        byte[] seed = Tokens.randomBytes(32);
        commands.sendAndWait(
                new TournamentCommands.CreateTournament(
                        id,
                        body.name(),
                        ruleset,
                        organizer.accountId(),
                        organizer.name(),
                        rules,
                        options,
                        seed,
                        Tokens.randomBytes(32)));
        TournamentState t = load(id);
        return ResponseEntity.created(URI.create("/api/tournaments/" + id))
                .body(new Created(id, t.created().seedCommitment(), "REGISTERING"));
    }

    @PostMapping("/{id}/entries")
    ResponseEntity<Entered> enter(
            @PathVariable String id,
            @RequestHeader(name = PlayerIdentities.HEADER, required = false) String token,
            @RequestBody(required = false) EntryBody body) {
        PlayerIdentities.Player p = player(token);
        TournamentState t = load(id);
        if (body == null || body.seat() == null) {
            throw Requests.bad(
                    "MISSING_FIELD",
                    "Send {\"seat\": a seat request as POST /api/matches/{id}/seats takes, but for \"name\"}.");
        }
        Requests.TakeSeat s = body.seat();
        Requests.TakeSeat named =
                new Requests.TakeSeat(
                        p.name(), s.pilotClass(), s.deck(), s.clientSeed(), s.picks(), s.cards());
        Requests.seat(named);
        JoinRequest join =
                new JoinRequest(
                                p.name(),
                                s.pilotClass(),
                                s.deck() == null ? null : s.deck().shipCore(),
                                named.deckCards(),
                                s.clientSeed() != null
                                        ? s.clientSeed()
                                        : HexFormat.of().formatHex(Tokens.randomBytes(32)),
                                p.accountId(),
                                s.picks())
                        .seedChosenBy(
                                s.clientSeed() != null
                                        ? JoinRequest.SEED_BY_PLAYER
                                        : JoinRequest.SEED_BY_SERVER);
        String entryId = "e" + UUID.randomUUID().toString().substring(0, 8);
        // a dropped entrant entering again returns under their entry (re-entry): its id comes back
        String entered =
                commands.sendAndWait(
                        new TournamentCommands.Enter(
                                id,
                                entryId,
                                p.accountId(),
                                p.name(),
                                join,
                                ratingOf(t, p.accountId())));
        return ResponseEntity.created(URI.create("/api/tournaments/" + id))
                .body(new Entered(entered != null ? entered : entryId));
    }

    @DeleteMapping("/{id}/entries")
    ResponseEntity<Withdrawn> withdraw(
            @PathVariable String id,
            @RequestHeader(name = PlayerIdentities.HEADER, required = false) String token) {
        PlayerIdentities.Player p = player(token);
        TournamentState before = load(id);
        String entry = before.entryOf(p.accountId());
        commands.sendAndWait(new TournamentCommands.Withdraw(id, p.accountId()));
        return ResponseEntity.ok(
                new Withdrawn(
                        entry,
                        before.status() == TournamentState.Status.REGISTERING
                                ? "WITHDRAWN"
                                : "DROPPED"));
    }

    @PostMapping("/{id}/start")
    ResponseEntity<StartedOut> start(
            @PathVariable String id,
            @RequestHeader(name = PlayerIdentities.HEADER, required = false) String token) {
        PlayerIdentities.Player p = player(token);
        load(id);
        commands.sendAndWait(new TournamentCommands.Start(id, p.accountId()));
        TournamentState t = load(id);
        return ResponseEntity.ok(new StartedOut(t.status().name(), t.rounds().size()));
    }

    record JudgeBody(String name) {}

    record JudgeOut(String name) {}

    @PostMapping("/{id}/judges")
    ResponseEntity<JudgeOut> nameJudge(
            @PathVariable String id,
            @RequestHeader(name = PlayerIdentities.HEADER, required = false) String token,
            @RequestBody(required = false) JudgeBody body) {
        PlayerIdentities.Player p = player(token);
        load(id);
        if (body == null || body.name() == null || body.name().isBlank()) {
            throw Requests.bad("MISSING_FIELD", "Send {\"name\": a registered player's name}.");
        }
        Requests.text("name", body.name(), 64);
        PlayerIdentities ids = identities.getIfAvailable();
        PlayerIdentities.Player judge = ids == null ? null : ids.byName(body.name()).orElse(null);
        if (judge == null) {
            throw new RefusedException(
                    Refusal.notFound(
                            "UNKNOWN_PLAYER",
                            "No registered player is named " + body.name() + "."));
        }
        commands.sendAndWait(
                new TournamentCommands.NameJudge(
                        id, p.accountId(), judge.accountId(), judge.name()));
        return ResponseEntity.status(201).body(new JudgeOut(judge.name()));
    }

    record ForbidBody(List<String> entryIds, String reason) {}

    record ForbidOut(List<String> entryIds) {}

    /** Two entrants the Swiss pairing must keep apart (organizer or judge). */
    @PostMapping("/{id}/forbidden")
    ResponseEntity<ForbidOut> forbid(
            @PathVariable String id,
            @RequestHeader(name = PlayerIdentities.HEADER, required = false) String token,
            @RequestBody(required = false) ForbidBody body) {
        PlayerIdentities.Player p = player(token);
        load(id);
        if (body == null || body.entryIds() == null || body.entryIds().size() != 2) {
            throw Requests.bad(
                    "MISSING_FIELD", "Send {\"entryIds\": [two entry ids], \"reason\"}.");
        }
        Requests.text("entryIds[0]", body.entryIds().get(0), 64);
        Requests.text("entryIds[1]", body.entryIds().get(1), 64);
        Requests.text("reason", body.reason(), 500);
        commands.sendAndWait(
                new TournamentCommands.Forbid(
                        id,
                        p.accountId(),
                        body.entryIds().get(0),
                        body.entryIds().get(1),
                        body.reason()));
        return ResponseEntity.status(201).body(new ForbidOut(List.copyOf(body.entryIds())));
    }

    @PostMapping("/{id}/rulings")
    ResponseEntity<RulingOut> rule(
            @PathVariable String id,
            @RequestHeader(name = PlayerIdentities.HEADER, required = false) String token,
            @RequestBody(required = false) RulingBody body) {
        PlayerIdentities.Player p = player(token);
        TournamentState t = load(id);
        if (body == null || body.kind() == null) {
            throw Requests.bad(
                    "MISSING_FIELD",
                    "Send {\"kind\", \"entryId\"?, \"table\"?, \"result\"?, \"reason\"}.");
        }
        Ruling.Kind kind = enumOf(Ruling.Kind.class, body.kind(), "kind");
        Requests.text("entryId", body.entryId(), 64);
        Requests.text("reason", body.reason(), 500);
        if (body.minutes() != null && (body.minutes() < 1 || body.minutes() > 60)) {
            throw Requests.bad("OUT_OF_RANGE", "minutes must be 1 to 60.");
        }
        if (body.seconds() != null && !io.duelhall.domain.ClockExtensions.inRange(body.seconds())) {
            throw new RefusedException(io.duelhall.domain.ClockExtensions.outOfRange());
        }
        if (body.seconds() != null && body.minutes() != null) {
            throw Requests.bad("INVALID_FIELD", "Send seconds or minutes, not both.");
        }
        Integer round = body.round();
        if (round == null && body.table() != null) {
            round = t.rounds().size();
        }
        boolean pods = t.exists() && t.created().rules().seatsPerTable() > 2;
        Ruling ruling =
                pods && body.result() != null
                        ? new Ruling(
                                kind,
                                body.entryId(),
                                round,
                                body.table(),
                                null,
                                body.reason(),
                                places(body.result()))
                        : new Ruling(
                                kind,
                                body.entryId(),
                                round,
                                body.table(),
                                result(body.result()),
                                body.reason());
        if (kind == Ruling.Kind.TIME_EXTENSION) {
            return extend(id, t, p, body, round);
        }
        if (kind == Ruling.Kind.REPAIR_ROUND
                && t.status() == TournamentState.Status.RUNNING
                && !t.rounds().isEmpty()) {
            for (PairedTable table : t.rounds().get(t.rounds().size() - 1).tables()) {
                if (begun(table.matchId())) {
                    throw new RefusedException(
                            Refusal.conflict(
                                    "ROUND_BEGUN",
                                    null,
                                    "Table "
                                            + table.table()
                                            + "'s match has begun: a round is paired again only"
                                            + " before any of its matches began."));
                }
            }
        }
        commands.sendAndWait(new TournamentCommands.Rule(id, p.accountId(), p.name(), ruling));
        return ResponseEntity.status(201)
                .body(new RulingOut(kind.name(), body.entryId(), round, body.table(), p.name()));
    }

    /**
     * A judge's time extension (issue 41): the tournament records the ruling (who, what, why; its
     * refusals as for every ruling), then the table's match (for a best-of-3 the game it plays now)
     * records a {@code ClockExtended} naming it and its running clock moved. The match is asked
     * first whether its clock can be moved now ({@code 409 TABLE_ENDED}, {@code NO_CLOCK_RUNNING},
     * {@code CLOCK_RAN_OUT}), so a refused extension records nothing anywhere; the tables'
     * processor applies the ruling too (the same ruling acts once), so an extension the server
     * recorded reaches its match after a restart.
     */
    private ResponseEntity<RulingOut> extend(
            String id,
            TournamentState t,
            PlayerIdentities.Player p,
            RulingBody body,
            Integer round) {
        Integer seconds =
                body.seconds() != null
                        ? body.seconds()
                        : body.minutes() != null ? Integer.valueOf(body.minutes() * 60) : null;
        if (body.table() == null || seconds == null) {
            throw Requests.bad(
                    "MISSING_FIELD",
                    "A TIME_EXTENSION needs table and seconds ("
                            + io.duelhall.domain.ClockExtensions.MIN_SECONDS
                            + " to "
                            + io.duelhall.domain.ClockExtensions.MAX_SECONDS
                            + ") or minutes (1 to 60).");
        }
        Ruling ruling = Ruling.timeExtension(round, body.table(), seconds, body.reason());
        boolean judge =
                t.exists()
                        && (t.created().organizerAccountId().equals(p.accountId())
                                || t.judges().containsKey(p.accountId()));
        String matchId = null;
        if (judge
                && t.status() == TournamentState.Status.RUNNING
                && Rulings.problem(t.ledger(), ruling) == null) {
            PairedTable table = t.tableOfMatch(round, body.table());
            matchId = t.gameOf(table, round).matchId();
            Refusal now = clockProblem(matchId, seconds);
            if (now != null) {
                throw new RefusedException(now);
            }
        }
        // the aggregate answers every other refusal (NOT_A_JUDGE, UNKNOWN_TABLE, TABLE_ENDED, …)
        Object recorded =
                commands.sendAndWait(
                        new TournamentCommands.Rule(id, p.accountId(), p.name(), ruling));
        Long seq = recorded instanceof Long l ? l : null;
        java.time.Instant deadline = null;
        if (seq != null && matchId != null) {
            try {
                Object out =
                        commands.sendAndWait(
                                new io.duelhall.command.match.ExtendClock(
                                        matchId, seconds, id, seq));
                if (out instanceof io.duelhall.domain.ClockSet c) {
                    deadline = c.deadline();
                }
            } catch (RuntimeException e) {
                // the ruling is recorded: the tables' processor applies it to the match too (the
                // same ruling acts once), so the answer stands, without the deadline it moved
                log.warn("time extension {} of {}: match {} not reached", seq, id, matchId, e);
            }
        }
        return ResponseEntity.status(201)
                .body(
                        new RulingOut(
                                Ruling.Kind.TIME_EXTENSION.name(),
                                null,
                                round,
                                body.table(),
                                p.name(),
                                seconds,
                                matchId,
                                seq,
                                deadline));
    }

    /**
     * Why a match's clock cannot be extended now, as the match would answer (null: it can), with
     * {@link #EXTENSION_MARGIN} to spare before its deadline.
     */
    private Refusal clockProblem(String matchId, int seconds) {
        boolean ended = false;
        boolean started = false;
        io.duelhall.domain.ClockSet clock = null;
        var stream = eventStore.readEvents(matchId, 0);
        while (stream.hasNext()) {
            Object e = stream.next().getPayload();
            if (e instanceof io.duelhall.domain.ClockSet c) {
                clock = c;
                started = true;
            } else if (e instanceof Lifecycle.Ended) {
                ended = true;
            }
        }
        io.duelhall.domain.MatchStatus status =
                ended
                        ? io.duelhall.domain.MatchStatus.ENDED
                        : started
                                ? io.duelhall.domain.MatchStatus.LIVE
                                : io.duelhall.domain.MatchStatus.WAITING;
        // checked against a moment a little ahead: an extension asked for in the last instants of
        // a clock is refused before the tournament records anything (else the ruling could be
        // recorded and its clock run out before the match takes it, which the record's audit names)
        return io.duelhall.domain.ClockExtensions.problem(
                status, clock, seconds, java.time.Instant.now().plus(EXTENSION_MARGIN));
    }

    /** How long before its deadline a running clock can still be extended by a request. */
    static final java.time.Duration EXTENSION_MARGIN = java.time.Duration.ofSeconds(2);

    /**
     * The entrant's rating now, as the queue reads it (Glicko-2 for a 2-seat tournament, the rating
     * by placing for pods; unrated 1500), rounded: recorded with the entry, an elimination seeds by
     * it. Null (1500) when no ratings are kept.
     */
    private Integer ratingOf(TournamentState t, String accountId) {
        TournamentRatings r = ratings.getIfAvailable();
        if (r == null || !t.exists()) {
            return null;
        }
        return r.of(t.created().ruleset(), accountId, t.created().rules().seatsPerTable());
    }

    /** Whether a table's match has begun: a seat acted (an accepted intent, a clock's timeout). */
    private boolean begun(String matchId) {
        var stream = eventStore.readEvents(matchId, 0);
        while (stream.hasNext()) {
            Object e = stream.next().getPayload();
            if (e instanceof io.duelhall.domain.IntentAccepted || e instanceof Lifecycle.Ended) {
                return true;
            }
        }
        return false;
    }

    /** {@code "A"}, {@code "B"}, {@code "DRAW"}, or {@code {"winsA", "winsB", "draws"}}. */
    private static Result result(Object r) {
        if (r == null) {
            return null;
        }
        if (r instanceof String s) {
            switch (s.trim().toUpperCase(Locale.ROOT)) {
                case "A":
                    return Result.winA(1);
                case "B":
                    return Result.winB(1);
                case "DRAW":
                    return Result.drawn();
                default:
                    break;
            }
        } else if (r instanceof Map<?, ?> m) {
            Integer a = count(m.get("winsA"));
            Integer b = count(m.get("winsB"));
            Integer d = m.get("draws") == null ? Integer.valueOf(0) : count(m.get("draws"));
            if (a != null && b != null && d != null && a + b + d <= 3 && a + b + d > 0) {
                return new Result(a, b, d);
            }
        }
        throw Requests.bad(
                "INVALID_FIELD",
                "result is \"A\", \"B\", \"DRAW\" or {\"winsA\", \"winsB\", \"draws\"} (0 to 3 games).");
    }

    /**
     * A pod's places: {@code {"places": [1, 2, 2, 4]}} in seat order, or {@code {"places": {"A": 1,
     * "B": 2, …}}} by seat (every seat from A on, none skipped).
     */
    private static List<Integer> places(Object r) {
        Object p = r instanceof Map<?, ?> m ? m.get("places") : null;
        List<Integer> out = new ArrayList<>();
        if (p instanceof List<?> list) {
            for (Object o : list) {
                out.add(o instanceof Integer i && i >= 1 && i <= 6 ? i : null);
            }
        } else if (p instanceof Map<?, ?> bySeat) {
            for (int i = 0; i < bySeat.size(); i++) {
                Object o = bySeat.get(String.valueOf((char) ('A' + i)));
                out.add(o instanceof Integer n && n >= 1 && n <= 6 ? n : null);
            }
        }
        if (out.isEmpty() || out.size() > 6 || out.contains(null)) {
            throw Requests.bad(
                    "INVALID_FIELD",
                    "A pod's result is {\"places\": [1, 2, 2, 4]} in seat order or {\"places\":"
                            + " {\"A\": 1, \"B\": 2, …}}: each seat's place, 1 to 6.");
        }
        return out;
    }

    private static Integer count(Object o) {
        return o instanceof Integer i && i >= 0 && i <= 3 ? i : null;
    }

    // --- reads

    record EntryOut(String entryId, String name, boolean dropped, int rating) {}

    /**
     * A table's result: the winning seat and the games; a pod's: the winning seat (null when the
     * first place is shared) and each seat's place.
     */
    record ResultOut(String winner, int winsA, int winsB, int draws, Map<String, Integer> places) {
        static ResultOut of(Result r) {
            return r == null
                    ? null
                    : new ResultOut(r.winner(), r.winsA(), r.winsB(), r.draws(), null);
        }

        static ResultOut ofPlaces(List<Integer> places, List<String> seats) {
            if (places == null) {
                return null;
            }
            Map<String, Integer> bySeat = new LinkedHashMap<>();
            String winner = null;
            int firsts = 0;
            for (int i = 0; i < places.size(); i++) {
                String seat = String.valueOf((char) ('A' + i));
                bySeat.put(seat, places.get(i));
                if (places.get(i) == 1) {
                    winner = seat;
                    firsts++;
                }
            }
            return new ResultOut(firsts == 1 ? winner : null, 0, 0, 0, bySeat);
        }
    }

    /**
     * A played game of a best-of-3 table: its match, who sat first, who won ("A"/"B" of the table's
     * seats, null drawn).
     */
    record GameOut(int game, String matchId, String first, String winner) {}

    /**
     * A table of a round: {@code bracket} names its part of a double-elimination bracket (WINNERS,
     * LOSERS, GRAND_FINAL, RESET), null elsewhere.
     */
    record TableOut(
            int table,
            String matchId,
            Map<String, String> seats,
            ResultOut result,
            List<GameOut> games,
            String bracket) {}

    record RoundOut(int number, List<TableOut> tables, List<String> byes) {}

    record StandingOut(
            int rank,
            String entryId,
            String name,
            int points,
            int wins,
            int losses,
            int draws,
            Map<String, BigDecimal> tieBreaks,
            Map<String, String> exact,
            boolean dropped) {}

    record RulingView(
            String by,
            String kind,
            String entryId,
            Integer round,
            Integer table,
            ResultOut result,
            String reason,
            Instant at,
            @com.fasterxml.jackson.annotation.JsonInclude(
                            com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                    Integer seconds) {}

    @GetMapping("/{id}")
    Map<String, Object> view(@PathVariable String id) {
        TournamentState t = load(id);
        var created = t.created();
        List<EntryOut> entries = new ArrayList<>();
        for (EntryAdded e : t.entries().values()) {
            entries.add(
                    new EntryOut(
                            e.entryId(),
                            e.name(),
                            t.ledger().withdrawn().contains(e.entryId()),
                            e.rating()));
        }
        List<RoundOut> rounds = new ArrayList<>();
        for (RoundPaired r : t.rounds()) {
            PlayedRound played = t.ledger().rounds().get(r.round() - 1);
            List<TableOut> tables = new ArrayList<>();
            for (PairedTable pt : r.tables()) {
                Map<String, String> seats = new LinkedHashMap<>();
                List<String> order = TournamentState.seatsOf(pt);
                for (int i = 0; i < order.size(); i++) {
                    seats.put(String.valueOf((char) ('A' + i)), order.get(i));
                }
                List<GameOut> games = null;
                if (created.rules().bestOf() > 1) {
                    games = new ArrayList<>();
                    List<String> won = t.series(r.round(), pt.table()).games();
                    for (int g = 1; g <= won.size(); g++) {
                        games.add(
                                new GameOut(
                                        g,
                                        g == 1 ? pt.matchId() : pt.matchId() + "-g" + g,
                                        Series.firstSeatFirst(g) ? pt.a() : pt.b(),
                                        won.get(g - 1)));
                    }
                }
                tables.add(
                        new TableOut(
                                pt.table(),
                                pt.matchId(),
                                seats,
                                pt.seats() == null
                                        ? ResultOut.of(played.results().get(pt.table()))
                                        : ResultOut.ofPlaces(
                                                played.places().get(pt.table()), order),
                                games,
                                pt.seats() == null
                                        ? t.ledger()
                                                .bracketPart(
                                                        r.round(),
                                                        new Table(pt.table(), pt.a(), pt.b()))
                                        : null));
            }
            rounds.add(new RoundOut(r.round(), tables, r.byes()));
        }
        List<StandingOut> standings = new ArrayList<>();
        if (t.status() != TournamentState.Status.REGISTERING) {
            for (Standing s : t.ledger().standings()) {
                Map<String, BigDecimal> tb = new LinkedHashMap<>();
                Map<String, String> exact = new LinkedHashMap<>();
                for (TieBreak k : created.rules().tieBreaks()) {
                    Ratio v = s.tieBreaks().get(k);
                    if (v != null) {
                        tb.put(k.name(), v.decimal(4));
                        exact.put(k.name(), v.toString());
                    }
                }
                standings.add(
                        new StandingOut(
                                s.rank(),
                                s.entry(),
                                t.entries().get(s.entry()).name(),
                                s.points(),
                                s.wins(),
                                s.losses(),
                                s.draws(),
                                tb,
                                exact,
                                s.dropped()));
            }
        }
        List<RulingView> rulings = new ArrayList<>();
        for (RulingMade r : t.rulings()) {
            Ruling x = r.ruling();
            rulings.add(
                    new RulingView(
                            r.byName(),
                            x.kind().name(),
                            x.entry(),
                            x.round(),
                            x.table(),
                            x.places() != null
                                    ? ResultOut.ofPlaces(x.places(), null)
                                    : ResultOut.of(x.result()),
                            x.reason(),
                            r.at(),
                            x.seconds()));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("tournamentId", id);
        out.put("name", created.name());
        out.put("ruleset", created.ruleset());
        out.put("format", created.rules().format().name());
        out.put("organizer", created.organizerName());
        out.put("status", t.status().name());
        out.put("round", t.rounds().size());
        out.put(
                "totalRounds",
                t.status() == TournamentState.Status.REGISTERING ? null : t.ledger().totalRounds());
        out.put(
                "swissRounds",
                t.status() == TournamentState.Status.REGISTERING
                                || created.rules().format() != Format.SWISS
                        ? null
                        : t.ledger().swissRounds());
        out.put("topCut", created.rules().topCut());
        if (created.rules().topCut() > 0) {
            out.put("topCutFormat", created.rules().bracketFormat().name());
        }
        out.put("bestOf", created.rules().bestOf());
        out.put("seatsPerTable", created.rules().seatsPerTable());
        out.put("tieBreaks", created.rules().tieBreaks().stream().map(Enum::name).toList());
        out.put("matchOptions", created.matchOptions());
        out.put("judges", List.copyOf(t.judges().values()));
        out.put("seedCommitment", created.seedCommitment());
        out.put("seed", t.revealedSeed());
        out.put("entries", entries);
        out.put("rounds", rounds);
        out.put("standings", standings);
        out.put("rulings", rulings);
        return out;
    }

    record MyTable(
            String entryId,
            String status,
            boolean dropped,
            int round,
            Integer table,
            String matchId,
            String seat,
            String playerToken,
            boolean bye,
            Integer game) {}

    @GetMapping("/{id}/me")
    MyTable me(
            @PathVariable String id,
            @RequestHeader(name = PlayerIdentities.HEADER, required = false) String token) {
        PlayerIdentities.Player p = player(token);
        TournamentState t = load(id);
        String entry = t.entryOf(p.accountId());
        if (entry == null) {
            throw new RefusedException(
                    Refusal.notFound(
                            "NOT_ENTERED", "This player has no entry in this tournament."));
        }
        boolean dropped = t.ledger().withdrawn().contains(entry);
        int round = t.rounds().size();
        if (round == 0 || t.status() == TournamentState.Status.ENDED) {
            return new MyTable(
                    entry, t.status().name(), dropped, round, null, null, null, null, false, null);
        }
        RoundPaired r = t.rounds().get(round - 1);
        for (PairedTable pt : r.tables()) {
            if (pt.seats() != null && pt.seats().contains(entry)) {
                return new MyTable(
                        entry,
                        t.status().name(),
                        dropped,
                        round,
                        pt.table(),
                        pt.matchId(),
                        String.valueOf((char) ('A' + pt.seats().indexOf(entry))),
                        t.seatToken(pt.matchId(), entry),
                        false,
                        null);
            }
            if (pt.a().equals(entry) || pt.b().equals(entry)) {
                // the game the table plays now (a best-of-3 plays game after game)
                TournamentState.Game game = t.gameOf(pt, round);
                String seat = game.first().equals(entry) ? "A" : "B";
                return new MyTable(
                        entry,
                        t.status().name(),
                        dropped,
                        round,
                        pt.table(),
                        game.matchId(),
                        seat,
                        t.seatToken(game.matchId(), entry),
                        false,
                        game.number());
            }
        }
        return new MyTable(
                entry,
                t.status().name(),
                dropped,
                round,
                null,
                null,
                null,
                null,
                r.byes().contains(entry),
                null);
    }

    /**
     * The tournament's signed, hash-chained record once it has ended (the seed is secret until
     * then): docs/fairness.md, "The tournament record". Made from the stored events, so every
     * tournament exports one, however old; written by the event store's Jackson 2 mapper, so the
     * JSON served is exactly the JSON that was signed.
     */
    @GetMapping(path = "/{id}/export", produces = "application/json")
    String export(@PathVariable String id) {
        TournamentState t = load(id);
        if (t.status() != TournamentState.Status.ENDED) {
            throw new RefusedException(
                    Refusal.conflict(
                            "TOURNAMENT_NOT_OVER",
                            null,
                            "The record is exported once the tournament has ended and its seed is revealed."));
        }
        ServerKey key = serverKey.getIfAvailable();
        if (key == null) {
            throw new IllegalStateException("no signing key configured");
        }
        List<TournamentRecords.Stored> events = new ArrayList<>();
        for (var m : TournamentTables.events(eventStore, id)) {
            events.add(
                    new TournamentRecords.Stored(
                            m.getSequenceNumber(),
                            m.getTimestamp(),
                            (TournamentEvents.TournamentEvent) m.getPayload()));
        }
        return records.exportJson(
                id,
                events,
                TournamentTables.matches(eventStore),
                Instant.now(),
                Release.RUNNING,
                key);
    }

    /**
     * Re-derives the tournament from its stored events (TournamentAudit): the seed against its
     * commitment, every pairing, every ruling, the end.
     */
    @GetMapping("/{id}/audit")
    TournamentAudit.Report audit(@PathVariable String id) {
        load(id);
        List<TournamentEvents.TournamentEvent> events = new ArrayList<>();
        for (var m : TournamentTables.events(eventStore, id)) {
            events.add((TournamentEvents.TournamentEvent) m.getPayload());
        }
        return TournamentAudit.check(events);
    }

    private TournamentState load(String id) {
        TournamentState t =
                id == null || id.length() > 100
                        ? new TournamentState()
                        : TournamentTables.load(eventStore, id);
        if (!t.exists()) {
            throw new RefusedException(
                    Refusal.notFound("TOURNAMENT_NOT_FOUND", "No tournament with id " + id + "."));
        }
        return t;
    }

    private PlayerIdentities.Player player(String token) {
        if (token == null || token.isBlank()) {
            throw new RefusedException(
                    Refusal.unauthorized(
                            "MISSING_PLAYER_TOKEN",
                            "Send a registered player's token as '"
                                    + PlayerIdentities.HEADER
                                    + "'."));
        }
        PlayerIdentities ids = identities.getIfAvailable();
        PlayerIdentities.Player p = ids == null ? null : ids.byToken(token).orElse(null);
        if (p == null) {
            throw new RefusedException(
                    Refusal.unauthorized(
                            "INVALID_PLAYER_TOKEN",
                            "The player token is unknown, expired or revoked; log in again."));
        }
        return p;
    }

    private static <E extends Enum<E>> E enumOf(Class<E> type, String value, String field) {
        try {
            return Enum.valueOf(type, value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            List<String> names = new ArrayList<>();
            for (E c : type.getEnumConstants()) {
                names.add(c.name());
            }
            throw Requests.bad(
                    "INVALID_FIELD", field + " '" + value + "' is not one of " + names + ".");
        }
    }
}
