package io.duelhall.domain.biome;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.RulesVersion;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.biome.BiomeEvent.*;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The one place that turns biome's truth into what a viewer may see. Hidden until the end: hands
 * (own seat excepted), every deck order, which card a seat drew (own seat excepted), deck lists
 * (own seat excepted), the server seed. Public: the queue (a card played is shown), the reserve,
 * agents, gear, reactive cards, the cache, sectors.
 */
final class Redaction {
    private final Catalog catalog;

    Redaction(Catalog catalog) {
        this.catalog = catalog;
    }

    static MatchEvent event(MatchEvent e, Viewer viewer) {
        if (e instanceof SeatTokenIssued t) {
            return new SeatTokenIssued(t.seat(), null, null);
        }
        if (viewer.kind() == Viewer.Kind.EVERYONE) {
            return e;
        }
        if (e instanceof MatchCreated c) {
            return new MatchCreated(
                    c.matchId(),
                    c.ruleset(),
                    c.engineVersion(),
                    c.catalogVersion(),
                    c.options(),
                    c.seedCommitment(),
                    null);
        }
        if (e instanceof PlayerJoined j && !viewer.maySeeOwn(j.seat())) {
            return new PlayerJoined(j.seat(), j.name(), null, j.clientSeed(), j.accountId());
        }
        if (e instanceof DeckShuffled d) {
            return new DeckShuffled(d.seat(), d.size(), null);
        }
        if (e instanceof CardDrawn d && !viewer.maySeeOwn(d.seat())) {
            return new CardDrawn(d.seat(), null, d.handCount(), d.deckCount());
        }
        return e;
    }

    /**
     * The state as {@code viewer} may see it; the caller passes EVERYONE once the match has ended.
     */
    BiomeView view(BiomeState s, Viewer viewer, long version) {
        Map<Seat, BiomeView.SeatView> seats = new EnumMap<>(Seat.class);
        for (Map.Entry<Seat, Side> e : s.sides().entrySet()) {
            Side side = e.getValue();
            boolean own = viewer.maySeeOwn(e.getKey());
            seats.put(
                    e.getKey(),
                    new BiomeView.SeatView(
                            side.name(),
                            side.energy(),
                            side.reserve(),
                            side.hand().size(),
                            own ? side.hand() : null,
                            side.deck().size(),
                            side.agents(),
                            side.gear(),
                            side.reactives(),
                            side.cache(),
                            side.sectors(),
                            side.biomesLost(),
                            side.timeouts()));
        }
        RulesVersion rules =
                s.engineVersion() == null || s.catalogVersion() == null
                        ? null
                        : new RulesVersion(s.engineVersion(), s.catalogVersion());
        BiomeView.ResultView result =
                s.over()
                        ? new BiomeView.ResultView(
                                s.winner(),
                                s.losers(),
                                s.winner() == null && s.losers().isEmpty(),
                                s.endReason())
                        : null;
        List<BiomeView.BiomeInfo> biomes =
                catalog.biomes().stream()
                        .map(b -> new BiomeView.BiomeInfo(b.id(), b.name(), b.defense()))
                        .toList();
        Seat toAct = BiomeMoves.toAct(s);
        return new BiomeView(
                s.matchId(),
                Decider.RULESET,
                rules,
                version,
                s.status().name(),
                s.turn(),
                s.active(),
                Steps.phase(s.step()),
                s.step(),
                toAct,
                Steps.speeds(s, toAct),
                decision(s),
                why(s),
                s.queue(),
                biomes,
                s.attackers(),
                s.blocks(),
                result,
                null,
                seats,
                s.seedCommitment(),
                s.options() == null ? 0 : s.options().spectatorDelaySeconds(),
                Decider.timeoutsToLose(s),
                List.of());
    }

    /**
     * The decision owed now: ORDER_DEFENDERS, DECLARE_ATTACKERS, DECLARE_DEFENDERS, ANSWER (a
     * queue) or ACT.
     */
    static String decision(BiomeState s) {
        Seat toAct = BiomeMoves.toAct(s);
        if (toAct == null) {
            return null;
        }
        if (s.pending() != null) {
            return BiomeState.ORDER_DEFENDERS;
        }
        if (!s.queue().isEmpty()) {
            return "ANSWER";
        }
        if (Steps.ATTACK.equals(s.step()) && toAct == s.active() && !s.attacked()) {
            return "DECLARE_ATTACKERS";
        }
        if (Steps.DEFEND.equals(s.step()) && toAct != s.active() && !s.defended()) {
            return "DECLARE_DEFENDERS";
        }
        return "ACT";
    }

    static String why(BiomeState s) {
        Seat toAct = BiomeMoves.toAct(s);
        if (toAct == null) {
            return null;
        }
        if (s.pending() != null) {
            return "Seat "
                    + toAct
                    + " orders the defenders of its attackers: damage is assigned in that order.";
        }
        String speeds =
                Steps.speeds(s, toAct).stream()
                        .map(String::valueOf)
                        .reduce((a, b) -> a + ", " + b)
                        .orElse("none");
        String queue =
                s.queue().isEmpty()
                        ? "the queue is empty"
                        : "the queue holds "
                                + s.queue().size()
                                + " action(s); two passes in a row execute the top one";
        return "Seat "
                + toAct
                + " has priority in "
                + s.step()
                + " ("
                + queue
                + "): Speed "
                + speeds
                + ", or pass"
                + (s.passes() == 1 ? " (the other seat just passed)" : "")
                + ".";
    }
}
