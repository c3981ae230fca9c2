package io.duelhall.infra.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.command.tournament.TournamentEvents;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.tournament.Format;
import io.duelhall.domain.tournament.TournamentRules;
import io.duelhall.projections.tournaments.TournamentListProjection;
import io.duelhall.projections.tournaments.TournamentListProjection.TournamentSummary;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The tournament-list read model's SQL on both stores the app runs on: H2 and a real PostgreSQL,
 * each migrated by the app's Flyway migrations (V34), fed the command side's own event records: the
 * rows, their order, a status filter with paging, a redelivered event, and a reset.
 */
@Tag("postgres")
class TournamentListProjectionDbTest {
    static final Instant AT = Instant.parse("2026-11-29T01:02:03.123456789Z");

    static JdbcTemplate migrated(String url, String user, String password, String vendor) {
        DriverManagerDataSource ds = new DriverManagerDataSource(url, user, password);
        Flyway.configure()
                .dataSource(ds)
                .locations("classpath:db/migration", "classpath:db/vendor/" + vendor)
                .load()
                .migrate();
        return new JdbcTemplate(ds);
    }

    static TournamentEvents.Created created(String id, String name) {
        return new TournamentEvents.Created(
                id,
                name,
                "voidexa",
                "acc-org",
                "Org",
                new TournamentRules(Format.SWISS, 3, 0, 1, null, null, 0, 0),
                new MatchOptions(0, 120, null, null, null, null, null),
                "00".repeat(32),
                null,
                null,
                AT);
    }

    void check(JdbcTemplate jdbc) {
        TournamentListProjection p = new TournamentListProjection(jdbc);
        // a: registering, 2 entries of which one withdrew; b: running, round 2, a drop kept; c:
        // ended
        p.apply("a", 0, 10, created("a", "Alpha"));
        p.apply("a", 1, 11, new TournamentEvents.EntryAdded("e1", "x", "X", 1500, null, AT));
        p.apply("a", 2, 12, new TournamentEvents.EntryAdded("e2", "y", "Y", 1500, null, AT));
        p.apply("a", 3, 13, new TournamentEvents.EntryWithdrawn("e2", "y", AT));
        p.apply("b", 0, 20, created("b", "Beta"));
        p.apply("b", 1, 21, new TournamentEvents.EntryAdded("e1", "x", "X", 1500, null, AT));
        p.apply("b", 2, 22, new TournamentEvents.EntryAdded("e2", "y", "Y", 1500, null, AT));
        p.apply("b", 3, 23, new TournamentEvents.Started(2, AT));
        p.apply("b", 4, 24, new TournamentEvents.RoundPaired(1, List.of(), List.of(), null, AT));
        p.apply("b", 5, 25, new TournamentEvents.EntryWithdrawn("e2", "y", AT));
        p.apply("b", 6, 26, new TournamentEvents.RoundPaired(2, List.of(), List.of(), null, AT));
        p.apply("c", 0, 30, created("c", "Gamma"));
        p.apply("c", 1, 31, new TournamentEvents.Started(0, AT));
        p.apply("c", 2, 32, new TournamentEvents.Ended("00".repeat(32), AT));
        // redelivered: nothing changes
        p.apply("a", 2, 12, new TournamentEvents.EntryAdded("e2", "y", "Y", 1500, null, AT));
        p.apply("b", 0, 20, created("b", "Beta again"));

        assertThat(p.find("a"))
                .isEqualTo(
                        new TournamentSummary(
                                "a", "Alpha", "voidexa", "SWISS", "REGISTERING", 0, 1, "Org", AT));
        assertThat(p.find("b"))
                .isEqualTo(
                        new TournamentSummary(
                                "b", "Beta", "voidexa", "SWISS", "RUNNING", 2, 2, "Org", AT));
        assertThat(p.find("c").status()).isEqualTo("ENDED");
        assertThat(p.all())
                .extracting(TournamentSummary::tournamentId)
                .containsExactly("c", "b", "a");
        TournamentListProjection.Page first = p.page(null, 2, 0);
        assertThat(first.tournaments())
                .extracting(TournamentSummary::tournamentId)
                .containsExactly("c", "b");
        assertThat(first.more()).isTrue();
        TournamentListProjection.Page last = p.page(null, 2, 2);
        assertThat(last.tournaments())
                .extracting(TournamentSummary::tournamentId)
                .containsExactly("a");
        assertThat(last.more()).isFalse();
        assertThat(p.page("RUNNING", 10, 0).tournaments())
                .extracting(TournamentSummary::tournamentId)
                .containsExactly("b");
        p.reset();
        assertThat(p.all()).isEmpty();
    }

    @Test
    void onH2() {
        check(
                migrated(
                        "jdbc:h2:mem:tl-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1",
                        "sa",
                        "",
                        "h2"));
    }

    @Test
    void onPostgres() {
        TestPostgres.Database db = TestPostgres.freshDatabase("tournamentlist");
        check(migrated(db.url(), db.user(), db.password(), "postgresql"));
    }
}
