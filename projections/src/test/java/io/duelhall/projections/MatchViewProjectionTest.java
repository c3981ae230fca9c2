package io.duelhall.projections;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.GameState;
import io.duelhall.domain.IntentRefused;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Viewer;
import io.duelhall.projections.view.MatchEvents;
import io.duelhall.projections.view.MatchViewProjection;
import io.duelhall.projections.view.MatchViewProjection.StoredView;
import io.duelhall.projections.view.Views;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The match-views projection fed with recorded matches, without Spring: H2 in memory and the app's
 * migrations.
 */
class MatchViewProjectionTest {
    final JdbcTemplate db = TestDb.fresh();
    final JsonMapper json = JsonMapper.builder().build();
    final Map<String, List<RecordedEvent>> store = new HashMap<>();
    final AtomicInteger reads = new AtomicInteger();
    final MatchEvents source =
            (id, last) -> {
                reads.incrementAndGet();
                return store.get(id).stream().filter(e -> e.seq() <= last).toList();
            };

    MatchViewProjection projection(int cacheSize) {
        return new MatchViewProjection(
                db, Matches.RULESETS, source, json::writeValueAsString, cacheSize);
    }

    /** The spectator view after event {@code upTo}, folded here through the same ruleset. */
    String expected(List<RecordedEvent> events, long upTo) {
        GameState s = Matches.RULES.initial();
        for (RecordedEvent e : events.subList(0, (int) upTo + 1)) {
            s = Matches.RULES.evolve(s, e.payload());
        }
        List<RecordedEvent> upToNow = events.subList(0, (int) upTo + 1);
        return json.writeValueAsString(
                Views.render(
                        Matches.RULES,
                        s,
                        Viewer.SPECTATOR,
                        upTo,
                        upToNow,
                        Views.clockAfter(upToNow)));
    }

    @Test
    void afterEveryEventTheRowIsTheSpectatorViewOfTheFoldedState() {
        List<RecordedEvent> events = Matches.play("m1", 1, 5000);
        store.put("m1", events);
        MatchViewProjection p = projection(10);
        for (RecordedEvent e : events) {
            p.on(e.payload(), Matches.message("m1", e));
            StoredView row = p.find("m1").orElseThrow();
            assertThat(row.version()).isEqualTo(e.seq());
            assertThat(row.lastEventAt()).isEqualTo(e.at());
            // every event: the row's JSON is assembled from kept per-event JSON and must equal a
            // whole render
            assertThat(row.json())
                    .as("view after event %d", e.seq())
                    .isEqualTo(expected(events, e.seq()));
        }
        StoredView end = p.find("m1").orElseThrow();
        assertThat(end.status()).isEqualTo(MatchStatus.ENDED.name());
        JsonNode view = json.readTree(end.json());
        assertThat(view.at("/seats/A/hand").isArray()).as("an ended match is shown whole").isTrue();
        assertThat(view.get("recentEvents").size()).isEqualTo(Views.RECENT);
        assertThat(reads.get()).as("folded from the events fed, never re-read").isZero();
    }

    @Test
    void whileLiveNoHandIsShown() {
        List<RecordedEvent> events = Matches.play("m2", 2, 30);
        store.put("m2", events);
        MatchViewProjection p = projection(10);
        events.forEach(e -> p.apply("m2", e));
        JsonNode view = json.readTree(p.find("m2").orElseThrow().json());
        assertThat(view.get("status").asString()).isEqualTo("LIVE");
        assertThat(view.at("/seats/A/hand").isNull()).isTrue();
        assertThat(view.at("/seats/B/hand").isNull()).isTrue();
        assertThat(view.at("/seats/A/handCount").asInt()).isPositive();
    }

    @Test
    void replayingTheEventsAgainChangesNothing() {
        List<RecordedEvent> events = Matches.play("m3", 3, 60);
        store.put("m3", events);
        projection(10).apply("m3", events.get(0));
        MatchViewProjection p = projection(10);
        events.forEach(e -> p.apply("m3", e));
        StoredView once = p.find("m3").orElseThrow();
        events.forEach(e -> p.apply("m3", e));
        MatchViewProjection fresh = projection(10);
        events.forEach(e -> fresh.apply("m3", e));
        assertThat(fresh.find("m3")).contains(once);
        assertThat(p.all()).hasSize(1);
    }

    @Test
    void aMatchMissingFromTheCacheIsFoldedAgainFromTheStore() {
        List<RecordedEvent> a = Matches.play("ma", 4, 80);
        List<RecordedEvent> b = Matches.play("mb", 5, 80);
        store.put("ma", a);
        store.put("mb", b);
        MatchViewProjection p = projection(1); // every other event evicts the other match
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            if (i < a.size()) {
                p.apply("ma", a.get(i));
            }
            if (i < b.size()) {
                p.apply("mb", b.get(i));
            }
        }
        assertThat(reads.get()).as("evicted matches were read again").isPositive();
        assertThat(p.find("ma").orElseThrow().json()).isEqualTo(expected(a, a.size() - 1));
        assertThat(p.find("mb").orElseThrow().json()).isEqualTo(expected(b, b.size() - 1));
    }

    @Test
    void refusedIntentsAndStreamsThatAreNoMatchAreIgnored() {
        MatchViewProjection p = projection(10);
        p.apply(
                "x",
                new RecordedEvent(
                        0,
                        "IntentRefused",
                        Instant.EPOCH,
                        new IntentRefused(
                                "x", "i", null, "BAD_TOKEN", null, "no", null, Instant.EPOCH)));
        assertThat(p.all()).isEmpty();
    }

    @Test
    void resetEmptiesTheModel() {
        List<RecordedEvent> events = Matches.play("m4", 6, 10);
        store.put("m4", events);
        MatchViewProjection p = projection(10);
        events.forEach(e -> p.apply("m4", e));
        p.reset();
        assertThat(p.all()).isEmpty();
        events.forEach(e -> p.apply("m4", e));
        assertThat(p.find("m4").orElseThrow().json())
                .isEqualTo(expected(events, events.size() - 1));
    }
}
