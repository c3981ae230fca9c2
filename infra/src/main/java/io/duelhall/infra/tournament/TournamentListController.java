package io.duelhall.infra.tournament;

import io.duelhall.command.tournament.TournamentState;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.projections.tournaments.TournamentListProjection;
import java.util.List;
import java.util.Locale;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/tournaments}: the tournaments, newest first, optionally of one status, a page at
 * a time, read from the tournament-list read model ({@link TournamentListProjection},
 * rm_tournament), which follows the store a moment behind it and can be rebuilt from it like every
 * read model. {@code next} is the offset of the next page of the same filter, null on the last.
 */
@RestController
class TournamentListController {
    static final int DEFAULT_LIMIT = 20;
    static final int MAX_LIMIT = 100;

    private final TournamentListProjection list;

    TournamentListController(TournamentListProjection list) {
        this.list = list;
    }

    /**
     * A page: the read model's rows as they are (their fields are the answer's) and the offset of
     * the next page (null when there is none).
     */
    record Page(List<TournamentListProjection.TournamentSummary> tournaments, Integer next) {}

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
        TournamentListProjection.Page page =
                list.page(wanted == null ? null : wanted.name(), n, from);
        List<TournamentListProjection.TournamentSummary> out = page.tournaments();
        return new Page(out, page.more() ? from + out.size() : null);
    }
}
