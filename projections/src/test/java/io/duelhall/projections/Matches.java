package io.duelhall.projections;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.domain.voidexa.VoidexaMoves;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.CatalogData;
import io.duelhall.domain.voidexa.cards.StarterDeck;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Whole matches played by the real rules engine, recorded as the Match aggregate would store them.
 */
public final class Matches {
    public static final VoidexaRuleset RULES = new VoidexaRuleset(catalog());
    public static final Rulesets RULESETS = new Rulesets(RULES);

    private Matches() {}

    static Catalog catalog() {
        try (InputStream in = VoidexaRuleset.class.getResourceAsStream("catalog.json")) {
            return new Catalog(
                    new ObjectMapper()
                            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true)
                            .readValue(in, CatalogData.class));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A random match to its end (or {@code maxIntents} intents), with stored sequence numbers and
     * times.
     */
    public static List<RecordedEvent> play(String matchId, long seed, int maxIntents) {
        Random rnd = new Random(seed);
        List<MatchEvent> out = new ArrayList<>();
        VoidexaState s = RULES.initial();
        byte[] serverSeed = new byte[32];
        rnd.nextBytes(serverSeed);
        s =
                add(
                        out,
                        s,
                        RULES.create(matchId, new MatchOptions(0, null, null), serverSeed)
                                .events());
        List<StarterDeck> decks = RULES.catalog().starterDecks();
        String[] names = {"Ada", "Bo"};
        for (int i = 0; i < 2; i++) {
            StarterDeck d = decks.get(i % decks.size());
            out.add(new SeatTokenIssued(Seat.values()[i], "hash-" + i));
            s =
                    add(
                            out,
                            s,
                            RULES.join(
                                            s,
                                            new JoinRequest(
                                                    names[i],
                                                    d.pilotClass(),
                                                    d.shipCore(),
                                                    d.cards(),
                                                    "c" + i))
                                    .events());
        }
        VoidexaMoves moves = new VoidexaMoves(RULES.catalog());
        for (int n = 0; n < maxIntents && s.status() == MatchStatus.LIVE; n++) {
            Seat seat = VoidexaMoves.toAct(s);
            List<Intent> legal = moves.legal(s, seat);
            Intent pick = legal.get(rnd.nextInt(legal.size()));
            Decision d = RULES.decide(s, pick);
            out.add(new IntentAccepted("i" + n, seat, "fp", pick, Instant.EPOCH));
            s = add(out, s, d.events());
        }
        List<RecordedEvent> recorded = new ArrayList<>();
        Instant t = Instant.parse("2026-11-21T12:00:00Z");
        for (int i = 0; i < out.size(); i++) {
            recorded.add(new RecordedEvent(i, out.get(i).type(), t.plusMillis(i), out.get(i)));
        }
        return recorded;
    }

    private static VoidexaState add(List<MatchEvent> out, VoidexaState s, List<MatchEvent> events) {
        for (MatchEvent e : events) {
            s = RULES.evolve(s, e);
            out.add(e);
        }
        return s;
    }

    /** An event as the event store hands it to a processor. */
    public static org.axonframework.eventhandling.DomainEventMessage<MatchEvent> message(
            String matchId, RecordedEvent e) {
        return new org.axonframework.eventhandling.GenericDomainEventMessage<>(
                "Match",
                matchId,
                e.seq(),
                e.payload(),
                java.util.Map.of(),
                java.util.UUID.randomUUID().toString(),
                e.at());
    }
}
