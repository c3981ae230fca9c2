package io.duelhall.domain.biome;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Seat;
import io.duelhall.domain.biome.ai.SelfPlay;
import io.duelhall.domain.rng.Sha256;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A compact builder of live biome states for scenario tests, and helpers to decide and apply moves.
 */
final class Scenario {
    static final BiomeRuleset RULES = new BiomeRuleset();
    static final Catalog CATALOG = RULES.catalog();
    static final String SERVER_SEED = Sha256.hex(new byte[32]);

    BiomeState state;
    final List<MatchEvent> events = new ArrayList<>();
    private int next;

    /**
     * {@code active}'s turn 3 (A went first), in {@code step} with the active seat's priority; 10
     * energy each.
     */
    static Scenario at(Seat active, String step) {
        Scenario sc = new Scenario();
        List<Sector> sectors =
                CATALOG.biomes().stream()
                        .map(b -> new Sector(b.id(), b.defense(), b.defense(), false))
                        .toList();
        Side a =
                new Side(
                        "Alice", null, List.of(), "alice", 10, List.of(), List.of(), List.of(),
                        List.of(), List.of(), List.of(), List.of(), sectors, 0);
        Side b =
                new Side(
                        "Bob", null, List.of(), "bob", 10, List.of(), List.of(), List.of(),
                        List.of(), List.of(), List.of(), List.of(), sectors, 0);
        BiomeState.Builder x = BiomeState.EMPTY.edit();
        x.matchId = "m1";
        x.status = MatchStatus.LIVE;
        x.options = MatchOptions.defaults();
        x.engineVersion = BiomeRuleset.ENGINE_VERSION;
        x.catalogVersion = Catalog.VERSION;
        x.seedCommitment = "commit";
        x.serverSeed = SERVER_SEED;
        x.sides = Map.of(Seat.A, a, Seat.B, b);
        x.firstSeat = Seat.A;
        x.step = step;
        x.active = active;
        x.turn = 3;
        x.priority = active;
        sc.state = x.build();
        return sc;
    }

    Scenario edit(Seat seat, Consumer<Side.Builder> f) {
        Side.Builder b = state.side(seat).edit();
        f.accept(b);
        state = state.withSide(seat, b.build());
        return this;
    }

    Scenario state(Consumer<BiomeState.Builder> f) {
        BiomeState.Builder b = state.edit();
        f.accept(b);
        state = b.build();
        return this;
    }

    CardRef ref(Seat seat, String card) {
        return new CardRef(seat + "-" + (next++), card);
    }

    /** Puts a card into the hand; its instance id. */
    String hand(Seat seat, String card) {
        CardRef r = ref(seat, card);
        edit(seat, b -> b.hand = Evolver.plus(b.hand, r));
        return r.id();
    }

    Scenario deck(Seat seat, int n) {
        List<CardRef> refs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            refs.add(ref(seat, "scout-drone"));
        }
        return edit(seat, b -> b.deck = refs);
    }

    /** An agent in play (not fresh, unlocked) in {@code biome} (null: the staging area); its id. */
    String agent(Seat seat, String card, String biome) {
        CardRef r = ref(seat, card);
        Agent a = Agent.arrived(r, CATALOG.card(card)).refreshed().at(biome);
        edit(seat, b -> b.agents = Evolver.plus(b.agents, a));
        return r.id();
    }

    String gear(Seat seat, String card) {
        CardRef r = ref(seat, card);
        edit(seat, b -> b.gear = Evolver.plus(b.gear, r));
        return r.id();
    }

    Scenario energy(Seat seat, int n) {
        return edit(seat, b -> b.energy = n);
    }

    Agent agentOf(String id) {
        return state.agent(id);
    }

    /** Decides the move, asserts it is accepted, folds its events; the events. */
    List<MatchEvent> ok(BiomeMove m) {
        Decision d = RULES.decide(state, m);
        assertThat(d.accepted()).as("%s refused: %s", m, d.refusal()).isTrue();
        for (MatchEvent e : d.events()) {
            state = RULES.evolve(state, e);
            events.add(e);
        }
        return d.events();
    }

    Refusal no(BiomeMove m) {
        Decision d = RULES.decide(state, m);
        assertThat(d.accepted()).as("%s should be refused", m).isFalse();
        return d.refusal();
    }

    /** Both seats pass, the seat with priority first. */
    List<MatchEvent> bothPass() {
        List<MatchEvent> out = new ArrayList<>(ok(new BiomeMove.Pass(state.priority())));
        out.addAll(ok(new BiomeMove.Pass(state.priority())));
        return out;
    }

    static BiomeMove.Play play(Seat seat, String card, TargetRef... targets) {
        return new BiomeMove.Play(seat, card, List.of(targets), null, null);
    }

    static BiomeMove.Pass pass(Seat seat) {
        return new BiomeMove.Pass(seat);
    }

    static String biome(int i) {
        return CATALOG.biomes().get(i).id();
    }

    <T> List<T> of(Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** A real opening: both starter decks seated from {@code seed}. */
    static SelfPlay.Opening open(long seed) {
        List<Catalog.StarterDeck> d = CATALOG.starterDecks();
        return new SelfPlay(RULES).open(seed, d.get(0), d.get(1 % d.size()));
    }

    static BiomeState fold(BiomeState s, Decision d, List<MatchEvent> events) {
        assertThat(d.accepted()).as("refused: %s", d.refusal()).isTrue();
        for (MatchEvent e : d.events()) {
            s = RULES.evolve(s, e);
            events.add(e);
        }
        return s;
    }
}
