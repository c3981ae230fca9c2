package io.duelhall.domain.casket.ai;

import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Seat;
import io.duelhall.domain.casket.CasketRuleset;
import io.duelhall.domain.casket.CasketState;
import io.duelhall.domain.casket.Catalog;
import io.duelhall.domain.rng.Sha256;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Whole matches of 2 to 6 players, straight through the rules (no server): tests and tuning. */
public final class SelfPlay {
    /** A safety net; the round limit (C-D-END-3) ends every match long before. */
    public static final int MAX_MOVES = 200_000;

    private final CasketRuleset rules;

    public SelfPlay(CasketRuleset rules) {
        this.rules = rules;
    }

    public record Game(List<MatchEvent> events, List<Intent> moves, CasketState state) {
        public Seat winner() {
            return state.winner();
        }
    }

    /**
     * A match from seed {@code seed} with one seat per Casket in {@code caskets} (A first): server
     * seed SHA-256("casket-selfplay:" + seed), client seeds seat letter + seed.
     */
    public Game open(long seed, List<Catalog.Starter> caskets) {
        byte[] serverSeed = Sha256.of(("casket-selfplay:" + seed).getBytes(StandardCharsets.UTF_8));
        List<MatchEvent> events = new ArrayList<>();
        MatchOptions o = new MatchOptions(0, null, null, null, null, caskets.size(), null);
        CasketState s = apply(rules.initial(), rules.open("m" + seed, o, serverSeed), events);
        for (int i = 0; i < caskets.size(); i++) {
            Seat seat = Seat.values()[i];
            s =
                    apply(
                            s,
                            rules.join(
                                    s,
                                    Players.joinRequest(
                                            seat.name(),
                                            caskets.get(i),
                                            seat.name().toLowerCase() + seed)),
                            events);
        }
        return new Game(events, List.of(), s);
    }

    public Game play(long seed, List<Player> players, List<Catalog.Starter> caskets) {
        Game o = open(seed, caskets);
        List<MatchEvent> events = new ArrayList<>(o.events());
        List<Intent> moves = new ArrayList<>();
        CasketState s = o.state();
        for (int i = 0; i < MAX_MOVES && !CasketRuleset.over(s); i++) {
            Seat seat = rules.toAct(s);
            Intent m = players.get(seat.ordinal()).move(s, seat);
            Decision d = rules.decide(s, m);
            if (!d.accepted()) {
                throw new IllegalStateException(m + " refused: " + d.refusal());
            }
            moves.add(m);
            s = apply(s, d, events);
        }
        return new Game(events, moves, s);
    }

    private CasketState apply(CasketState s, Decision d, List<MatchEvent> events) {
        if (!d.accepted()) {
            throw new IllegalStateException("refused: " + d.refusal());
        }
        for (MatchEvent e : d.events()) {
            s = rules.evolve(s, e);
            events.add(e);
        }
        return s;
    }
}
