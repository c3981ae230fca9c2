package io.duelhall.domain.voidlit;

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
 * voidlit's hidden state from one seat's knowledge: the seat's redacted events folded as a
 * spectator folds them (every hidden card face down, the seat's own draws and mulligan face up); a
 * sample deals the face-down hand and deck cards — the seat's own from its deck list less every
 * card of it in sight, another seat's from the starter deck of its parallel (public) holding most
 * of what it has shown, less that — in random order, with a random server seed.
 */
final class VoidlitHidden implements HiddenState {
    private final VoidlitState known;
    private final Map<Seat, List<String>> lists = new EnumMap<>(Seat.class);
    private final Map<Seat, List<String>> seen = new EnumMap<>(Seat.class);

    VoidlitHidden(VoidlitRuleset rules, SeatKnowledge knowledge) {
        GameState s = VoidlitState.EMPTY;
        for (MatchEvent e : knowledge.events()) {
            s = rules.evolvePublic(s, e);
        }
        this.known = (VoidlitState) s;
        for (Map.Entry<Seat, Side> e : known.sides().entrySet()) {
            Side side = e.getValue();
            List<String> shown = shown(side);
            seen.put(e.getKey(), shown);
            List<List<String>> same = new ArrayList<>();
            List<List<String>> all = new ArrayList<>();
            for (Catalog.StarterDeck d : rules.catalog().starterDecks()) {
                all.add(d.cards());
                if (d.parallel().equals(side.parallel())) {
                    same.add(d.cards());
                }
            }
            lists.put(
                    e.getKey(),
                    side.deckList() != null && !side.deckList().isEmpty()
                            ? side.deckList()
                            : Unseen.likeliest(same.isEmpty() ? all : same, shown));
        }
    }

    private static List<String> shown(Side side) {
        List<String> out = new ArrayList<>();
        for (List<CardRef> zone : List.of(side.hand(), side.bank(), side.relics(), side.waste())) {
            zone.forEach(c -> out.add(c.card()));
        }
        side.units().forEach(u -> out.add(u.card()));
        out.removeIf(c -> c == null);
        return out;
    }

    @Override
    public GameState sample(RandomGenerator random) {
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
        VoidlitState k = known;
        return new VoidlitState(
                k.matchId(),
                k.status(),
                k.options(),
                k.engineVersion(),
                k.catalogVersion(),
                k.seedCommitment(),
                Unseen.seedHex(random),
                sides,
                k.firstSeat(),
                k.phase(),
                k.active(),
                k.turn(),
                k.winner(),
                k.losers(),
                k.endReason());
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
