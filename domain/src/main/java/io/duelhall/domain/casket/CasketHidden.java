package io.duelhall.domain.casket;

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
 * casket's hidden state from one seat's knowledge: the seat's redacted events folded as a spectator
 * folds them (every HP deck and hand not seen face down, every wound deck "?"), the seat's own
 * draws face up. A sample deals the face-down cards — the seat's own from its deck list less every
 * card of it in sight, another seat's from its Casket's starter deck (the Casket is public) less
 * what it has shown — the wound decks from the wounds not yet flipped, each in random order, and a
 * random server seed: so every die the search rolls ahead is a guess, as it is for the seat.
 */
final class CasketHidden implements HiddenState {
    private final CasketState known;
    private final List<String> woundIds = new ArrayList<>();
    private final Map<Seat, List<String>> lists = new EnumMap<>(Seat.class);
    private final Map<Seat, List<String>> seen = new EnumMap<>(Seat.class);

    CasketHidden(CasketRuleset rules, SeatKnowledge knowledge) {
        GameState s = CasketState.EMPTY;
        for (MatchEvent e : knowledge.events()) {
            s = rules.evolvePublic(s, e);
        }
        this.known = (CasketState) s;
        rules.catalog().wounds().forEach(w -> woundIds.add(w.id()));
        List<List<String>> all = new ArrayList<>();
        rules.catalog().starters().forEach(st -> all.add(st.deck()));
        for (Pilot p : known.pilots().values()) {
            List<String> shown = new ArrayList<>();
            p.hand().forEach(c -> shown.add(c.card()));
            p.discard().forEach(c -> shown.add(c.card()));
            shown.removeIf(c -> c == null);
            seen.put(p.seat(), shown);
            List<String> list = p.deckList();
            if (list == null || list.isEmpty()) {
                list =
                        rules.catalog().starters().stream()
                                .filter(st -> st.id().equals(p.casket()))
                                .map(Catalog.Starter::deck)
                                .findFirst()
                                .orElse(Unseen.likeliest(all, shown));
            }
            lists.put(p.seat(), list);
        }
    }

    @Override
    public GameState sample(RandomGenerator random) {
        Map<Seat, Pilot> pilots = new EnumMap<>(Seat.class);
        Unseen.Ids ids = new Unseen.Ids("hidden-", Set.of());
        for (Pilot p : known.pilots().values()) {
            int handDown = count(p.hand());
            int deckDown = count(p.deck());
            int woundsDown = (int) p.wounds().stream().filter("?"::equals).count();
            if (handDown + deckDown + woundsDown == 0) {
                pilots.put(p.seat(), p);
                continue;
            }
            Pilot.Builder b = p.edit();
            if (handDown + deckDown > 0) {
                List<String> cards =
                        Unseen.deal(
                                lists.get(p.seat()),
                                seen.get(p.seat()),
                                handDown + deckDown,
                                random);
                int[] next = {0};
                b.hand = fill(p.hand(), cards, next, ids);
                b.deck = fill(p.deck(), cards, next, ids);
            }
            if (woundsDown > 0) {
                List<String> w = Unseen.deal(woundIds, p.flipped(), woundsDown, random);
                List<String> wounds = new ArrayList<>(p.wounds().size());
                int n = 0;
                for (String x : p.wounds()) {
                    wounds.add("?".equals(x) ? w.get(n++) : x);
                }
                b.wounds = wounds;
            }
            pilots.put(p.seat(), b.build());
        }
        String seed = Unseen.seedHex(random);
        return known.edit(
                e -> {
                    e.pilots = pilots;
                    e.serverSeed = seed;
                });
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
