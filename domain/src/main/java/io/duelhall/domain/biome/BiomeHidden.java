package io.duelhall.domain.biome;

import io.duelhall.domain.GameState;
import io.duelhall.domain.HiddenState;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatKnowledge;
import io.duelhall.domain.search.Unseen;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * biome's hidden state from one seat's knowledge: the seat's redacted events folded as a spectator
 * folds them (every hidden card face down, the seat's own draws face up); a sample deals the
 * face-down hand and deck cards — the seat's own from its deck list less every card of it in sight,
 * another seat's from the starter deck holding most of what it has shown, less that — in random
 * order, with a random server seed.
 */
final class BiomeHidden implements HiddenState {
    private final BiomeState known;
    private final Map<Seat, List<String>> lists = new EnumMap<>(Seat.class);
    private final Map<Seat, List<String>> seen = new EnumMap<>(Seat.class);

    BiomeHidden(BiomeRuleset rules, SeatKnowledge knowledge) {
        GameState s = BiomeState.EMPTY;
        for (MatchEvent e : knowledge.events()) {
            s = rules.evolvePublic(s, e);
        }
        this.known = (BiomeState) s;
        List<List<String>> priors = new ArrayList<>();
        rules.catalog().starterDecks().forEach(d -> priors.add(d.cards()));
        for (Map.Entry<Seat, Side> e : known.sides().entrySet()) {
            List<String> shown = shown(known, e.getKey(), e.getValue());
            seen.put(e.getKey(), shown);
            lists.put(
                    e.getKey(),
                    e.getValue().deckList() != null && !e.getValue().deckList().isEmpty()
                            ? e.getValue().deckList()
                            : Unseen.likeliest(priors, shown));
        }
    }

    private static List<String> shown(BiomeState s, Seat seat, Side side) {
        List<String> out = new ArrayList<>();
        for (List<CardRef> zone :
                List.of(side.hand(), side.reserve(), side.gear(), side.reactives(), side.cache())) {
            zone.forEach(c -> out.add(c.card()));
        }
        for (Agent a : side.agents()) {
            out.add(a.card());
            a.gear().forEach(c -> out.add(c.card()));
            a.mods().forEach(c -> out.add(c.card()));
        }
        for (QueueEntry q : s.queue()) {
            if (q.seat() == seat && q.card() != null) {
                out.add(q.card().card());
            }
        }
        out.removeIf(c -> c == null);
        return out;
    }

    @Override
    public GameState sample(RandomGenerator random) {
        BiomeState.Builder b = known.edit();
        Map<Seat, Side> sides = new EnumMap<>(Seat.class);
        Unseen.Ids ids = new Unseen.Ids("hidden-", Set.of());
        for (Map.Entry<Seat, Side> e : known.sides().entrySet()) {
            Side side = e.getValue();
            int handDown = count(side.hand());
            int deckDown = count(side.deck());
            if (handDown + deckDown == 0) {
                sides.put(e.getKey(), side);
                continue;
            }
            List<String> cards =
                    Unseen.deal(
                            lists.get(e.getKey()),
                            seen.get(e.getKey()),
                            handDown + deckDown,
                            random);
            int[] next = {0};
            Side.Builder sb = side.edit();
            sb.hand = fill(side.hand(), cards, next, ids);
            sb.deck = fill(side.deck(), cards, next, ids);
            sides.put(e.getKey(), sb.build());
        }
        b.sides = sides;
        b.serverSeed = Unseen.seedHex(random);
        return b.build();
    }

    private static List<CardRef> fill(
            List<CardRef> zone, List<String> cards, int[] next, Unseen.Ids ids) {
        List<CardRef> out = new ArrayList<>(zone.size());
        for (CardRef c : zone) {
            out.add(c.card() == null ? new CardRef(ids.next(), cards.get(next[0]++)) : c);
        }
        return out;
    }

    private static int count(List<CardRef> zone) {
        int n = 0;
        for (CardRef c : zone) {
            if (c.card() == null) {
                n++;
            }
        }
        return n;
    }
}
