package io.duelhall.infra.tournament;

import io.duelhall.command.tournament.TournamentEvents;
import io.duelhall.command.tournament.TournamentState;
import io.duelhall.command.tournament.TournamentTables;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/tournaments}: the tournaments, newest first, optionally of one status, a page at
 * a time. The tournaments are found by their creation events in the event store (newest first) and
 * each is folded from its events for its status, so the list is as current as the store; a page
 * reads at most {@link #SCAN} creations (beyond that a status filter may return a short page with
 * {@code next} to go on from).
 */
@RestController
class TournamentListController {
    static final int DEFAULT_LIMIT = 20;
    static final int MAX_LIMIT = 100;
    static final int SCAN = 500;

    private final JdbcTemplate jdbc;
    private final EventStore eventStore;

    TournamentListController(JdbcTemplate jdbc, EventStore eventStore) {
        this.jdbc = jdbc;
        this.eventStore = eventStore;
    }

    record Item(
            String tournamentId,
            String name,
            String ruleset,
            String format,
            String status,
            int round,
            int entrants,
            String organizer,
            Instant createdAt) {}

    /** A page: the items and the offset of the next page (null when there is none). */
    record Page(List<Item> tournaments, Integer next) {}

    @GetMapping(path = "/api/tournaments", produces = "application/json")
    Page list(
            @RequestParam(name = "status", required = false) String status,
            @RequestParam(name = "limit", required = false) Integer limit,
            @RequestParam(name = "offset", required = false) Integer offset) {
        TournamentState.Status wanted = null;
        if (status != null) {
            try {
                wanted = TournamentState.Status.valueOf(status.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new RefusedException(
                        Refusal.malformed(
                                "INVALID_FIELD",
                                "status is REGISTERING, RUNNING or ENDED, not '" + status + "'."));
            }
        }
        int n = limit == null ? DEFAULT_LIMIT : limit;
        int from = offset == null ? 0 : offset;
        if (n < 1 || n > MAX_LIMIT || from < 0) {
            throw new RefusedException(
                    Refusal.malformed(
                            "OUT_OF_RANGE", "limit is 1 to " + MAX_LIMIT + ", offset 0 or more."));
        }
        List<String> ids =
                jdbc.queryForList(
                        "select aggregate_identifier from domain_event_entry where payload_type in"
                                + " (?, ?) and sequence_number = 0 order by global_index desc"
                                + " limit ? offset ?",
                        String.class,
                        TournamentEvents.NAMESPACE + ".Created",
                        TournamentEvents.Created.class.getName(),
                        SCAN + 1,
                        from);
        List<Item> out = new ArrayList<>();
        int scanned = 0;
        for (String id : ids) {
            if (out.size() == n || scanned == SCAN) {
                break;
            }
            scanned++;
            TournamentState t = TournamentTables.load(eventStore, id);
            if (!t.exists() || (wanted != null && t.status() != wanted)) {
                continue;
            }
            var c = t.created();
            out.add(
                    new Item(
                            id,
                            c.name(),
                            c.ruleset(),
                            c.rules().format().name(),
                            t.status().name(),
                            t.rounds().size(),
                            t.entries().size(),
                            c.organizerName(),
                            c.at()));
        }
        boolean more = scanned < ids.size();
        return new Page(out, more ? from + scanned : null);
    }
}
