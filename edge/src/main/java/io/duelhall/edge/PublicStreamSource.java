package io.duelhall.edge;

import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.query.log.MatchLog;
import io.duelhall.query.stream.EventForm;
import io.duelhall.query.stream.StreamSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The spectator edge's source for {@link io.duelhall.query.stream.MatchStreams}: the matches read
 * from the public Kafka topic ({@link PublicMatches}), each match's events handed over as they are
 * put in order (repeats dropped, gaps waited for), folded by the public fold. Events are queued
 * only once the dispatcher runs (its first poll): before, nobody watches, and a match is read whole
 * when its first subscriber comes.
 */
final class PublicStreamSource implements StreamSource {
    private record Pending(String matchId, RecordedEvent event) {}

    private final PublicMatches matches;
    private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private volatile boolean polling;

    PublicStreamSource(PublicMatches matches) {
        this.matches = matches;
        matches.listen(
                (matchId, events) -> {
                    if (polling) {
                        events.forEach(e -> queue.add(new Pending(matchId, e)));
                    }
                });
    }

    @Override
    public EventForm form() {
        return EventForm.PUBLIC;
    }

    @Override
    public MatchLog load(String matchId) {
        PublicMatch m =
                matches.find(matchId)
                        .orElseThrow(
                                () ->
                                        new RefusedException(
                                                Refusal.notFound(
                                                        "MATCH_NOT_FOUND",
                                                        "No match with id "
                                                                + matchId
                                                                + " (yet) on this edge.")));
        return new MatchLog(matchId, m.timeline());
    }

    @Override
    public void poll(long waitMillis, Sink sink) throws InterruptedException {
        polling = true;
        Pending first = queue.poll(waitMillis, TimeUnit.MILLISECONDS);
        if (first == null) {
            return;
        }
        List<Pending> batch = new ArrayList<>();
        batch.add(first);
        queue.drainTo(batch, 10_000);
        for (Pending p : batch) {
            if (sink.wants(p.matchId())) {
                sink.accept(p.matchId(), p.event());
            }
        }
    }

    @Override
    public void close() {
        polling = false;
        queue.clear();
    }
}
