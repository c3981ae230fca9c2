package io.duelhall.domain.casket;

import io.duelhall.domain.Seat;
import io.duelhall.domain.casket.CasketEvent.*;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The flow of a match: setup, rounds and initiative, the four phases, damage, defeat and end. */
final class Turns {
    /** C-D-END-3: a match still undecided after this many rounds ends; HP decides. */
    static final int MAX_ROUNDS = 40;

    static final int OPENING_HAND = 6;

    private Turns() {}

    // ---- setup ----

    /**
     * C-D-MAP-2, C-D-SETUP-1: map, decks, wound decks, six cards each, SP at the maximum; then the
     * mulligans.
     */
    static void start(DecisionInProgress c) {
        CasketState s = c.state;
        List<ArenaMap> maps = c.catalog.maps();
        ArenaMap map = maps.get(CasketDraws.map(c.seed(), maps.size()));
        List<Deployed> deployed = new ArrayList<>();
        for (Seat seat : s.seats()) {
            ArenaMap.Deployment d = map.deployments().get(seat);
            deployed.add(new Deployed(seat, d.hex(), d.facing()));
        }
        c.emit(new ArenaMatchStarted(map.id(), deployed));
        Map<Seat, List<String>> lists = new TreeMap<>();
        s.pilots().forEach((seat, p) -> lists.put(seat, p.deckList()));
        Map<Seat, List<CardRef>> decks = CasketDraws.decks(c.seed(), lists);
        List<String> woundIds = c.catalog.wounds().stream().map(Catalog.Wound::id).toList();
        for (Seat seat : s.seats()) {
            List<CardRef> deck = decks.get(seat);
            c.emit(new HpDeckShuffled(seat, "SETUP", deck.size(), deck));
            List<String> wounds = CasketDraws.wounds(c.seed(), seat, woundIds);
            c.emit(new WoundDeckShuffled(seat, wounds.size(), wounds));
        }
        for (Seat seat : s.seats()) {
            for (int i = 0; i < OPENING_HAND; i++) {
                draw(c, seat);
            }
        }
        for (Seat seat : s.seats()) {
            int max = c.pilot(seat).maxSp(c.catalog);
            c.emit(new SpRestored(seat, max, max));
        }
    }

    /** The seat that owes its mulligan decision: the first in seat order that has not decided. */
    static Seat mulliganOwed(CasketState s) {
        for (Pilot p : s.pilots().values()) {
            if (p.mulligan() == null && !p.defeated()) {
                return p.seat();
            }
        }
        return null;
    }

    static void mulligan(DecisionInProgress c, Seat seat, boolean take) {
        c.emit(new MulliganDecided(seat, take));
        if (take) {
            Pilot p = c.pilot(seat);
            List<CardRef> all = new ArrayList<>(p.deck());
            all.addAll(p.hand());
            c.emit(new HandReturned(seat, p.hand(), all.size()));
            List<CardRef> order = CasketDraws.mulligan(c.seed(), seat, all);
            c.emit(new HpDeckShuffled(seat, "MULLIGAN", order.size(), order));
            for (int i = 0; i < OPENING_HAND; i++) {
                draw(c, seat);
            }
        }
        if (mulliganOwed(c.state) == null) {
            startRound(c);
        }
    }

    // ---- rounds and turns ----

    /** Rolls {@code n} dice (0..5 each) for {@code seat}, recorded. */
    static List<Integer> roll(DecisionInProgress c, Seat seat, String purpose, String die, int n) {
        int index = c.state.dice();
        List<Integer> rolls = new ArrayList<>();
        List<String> faces = new ArrayList<>();
        List<Integer> values = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int r = c.dice.roll(c.seed(), index + i);
            rolls.add(r);
            switch (die) {
                case "attack" -> {
                    Catalog.Face f = c.catalog.attackDie().get(r);
                    faces.add(f.name());
                    values.add(f.value());
                }
                case "defence" -> {
                    Catalog.Face f = c.catalog.defenceDie().get(r);
                    faces.add(f.name());
                    values.add(f.value());
                }
                default -> {
                    faces.add(String.valueOf(r + 1));
                    values.add(r + 1);
                }
            }
        }
        c.emit(new DiceRolled(seat, purpose, die, index, rolls, faces, values));
        return values;
    }

    /**
     * C-SEATS-1: every living seat rolls 1d6; the tied highest re-roll until one is highest; then
     * clockwise (seat order) from it. C-D-END-3: after the last round the match is drawn.
     */
    static void startRound(DecisionInProgress c) {
        if (c.over()) {
            return;
        }
        if (c.state.round() >= MAX_ROUNDS) {
            endMatch(c, "TIME_LIMIT");
            return;
        }
        List<Seat> alive = c.state.alive();
        List<Seat> tied = alive;
        while (tied.size() > 1 && !c.over()) {
            int best = 0;
            List<Seat> top = new ArrayList<>();
            for (Seat seat : tied) {
                int v = roll(c, seat, "INITIATIVE", "d6", 1).get(0);
                if (v > best) {
                    best = v;
                    top.clear();
                }
                if (v == best) {
                    top.add(seat);
                }
            }
            tied = top;
        }
        int first = alive.indexOf(tied.get(0));
        List<Seat> order = new ArrayList<>();
        for (int i = 0; i < alive.size(); i++) {
            order.add(alive.get((first + i) % alive.size()));
        }
        c.emit(new RoundStarted(c.state.round() + 1, order));
        startTurn(c, order.get(0));
    }

    /** Phase 1, refresh: SP (C-SP-1), the Heat check (C-HEAT-1), start-of-turn wounds. */
    static void startTurn(DecisionInProgress c, Seat seat) {
        if (c.over()) {
            return;
        }
        c.emit(new CasketTurnStarted(seat, c.state.turn() + 1, c.state.round()));
        int max = c.pilot(seat).maxSp(c.catalog);
        c.emit(new SpRestored(seat, max, max));
        int heat = c.pilot(seat).heat();
        if (heat >= Tables.CRITICAL_HEAT) {
            strain(c, seat, 0, Tables.Strain.CRITICAL_FAILURE);
        } else if (heat >= Tables.DANGER_HEAT) {
            int total = roll(c, seat, "STRAIN", "d6", 1).get(0) + heat;
            strain(c, seat, total, Tables.strain(total));
        }
        Pilot p = c.pilot(seat);
        if (!p.defeated()) {
            for (int i = 0; i < p.wounds(c.catalog, "heat"); i++) {
                heat(c, seat, 1, "WOUND");
            }
            for (int i = 0; i < p.wounds(c.catalog, "bleed") && !c.pilot(seat).defeated(); i++) {
                damageFromDeck(c, seat, 1, "WOUND");
            }
        }
        settle(c);
    }

    /** C-D-STRAIN-1: the strain row; its discards are damage from the top of the deck. */
    static void strain(DecisionInProgress c, Seat seat, int total, Tables.Strain row) {
        c.emit(new StrainApplied(seat, total, row));
        switch (row) {
            case MINOR_OVERLOAD -> heat(c, seat, 1, "STRAIN");
            case SP_DRAIN -> {
                loseSp(c, seat, 1);
                damageFromDeck(c, seat, 1, "STRAIN");
            }
            case SYSTEM_DAMAGE -> {
                damageFromDeck(c, seat, 3, "STRAIN");
                loseSp(c, seat, 1);
            }
            case CRITICAL_FAILURE -> {
                damageFromDeck(c, seat, 4, "STRAIN");
                if (!c.pilot(seat).defeated()) {
                    int d = roll(c, seat, "COMPONENT", "d6", 1).get(0);
                    componentDamage(c, seat, Component.ofRoll(d), 1, "STRAIN");
                }
            }
        }
    }

    static void loseSp(DecisionInProgress c, Seat seat, int n) {
        Pilot p = c.pilot(seat);
        int lost = Math.min(n, p.sp());
        if (lost > 0) {
            c.emit(new SpSpent(seat, lost, p.sp() - lost, p.spent(), p.overspent(), "STRAIN"));
        }
    }

    static void heat(DecisionInProgress c, Seat seat, int delta, String reason) {
        Pilot p = c.pilot(seat);
        int to = Math.max(0, p.heat() + delta);
        if (to != p.heat()) {
            c.emit(new HeatChanged(seat, to - p.heat(), to, reason));
        }
    }

    /** Phase 3 and 4 after the action phase: draw (C-DRAW-1), end-of-turn effects, hand limit. */
    static void endActionPhase(DecisionInProgress c, Seat seat) {
        Pilot p = c.pilot(seat);
        c.emit(new ActionPhaseEnded(seat, p.sp()));
        int n = Tables.draws(p.played());
        for (int i = 0; i < n && !c.pilot(seat).defeated() && !c.over(); i++) {
            draw(c, seat);
        }
        if (c.over() || c.pilot(seat).defeated()) {
            settle(c);
            return;
        }
        p = c.pilot(seat);
        for (int i = 0; i < p.wounds(c.catalog, "rage"); i++) {
            heat(c, seat, 1, "WOUND");
        }
        if (c.map().water().contains(p.at())) {
            heat(c, seat, -2, "WATER");
        }
        if (p.spent() == 0 && p.played() == 0) {
            heat(c, seat, -1, "IDLE");
        }
        int over = c.pilot(seat).hand().size() - Tables.HAND_LIMIT;
        if (over > 0) {
            c.emit(new HandLimitExceeded(seat, over));
        } else {
            endTurn(c, seat);
        }
    }

    static void endTurn(DecisionInProgress c, Seat seat) {
        c.emit(new CasketTurnEnded(seat));
        nextTurn(c, seat);
    }

    /** The next living seat after {@code seat} in this round's order, or a new round. */
    static void nextTurn(DecisionInProgress c, Seat seat) {
        List<Seat> order = c.state.order();
        for (int i = order.indexOf(seat) + 1; i < order.size(); i++) {
            if (!c.pilot(order.get(i)).defeated()) {
                startTurn(c, order.get(i));
                return;
            }
        }
        startRound(c);
    }

    // ---- cards ----

    /** Draws one card; C-DRAW-2 reshuffles an empty deck; both empty: decked out. */
    static boolean draw(DecisionInProgress c, Seat seat) {
        Pilot p = c.pilot(seat);
        if (p.deck().isEmpty()) {
            if (p.discard().isEmpty()) {
                defeat(c, seat, "DECKED_OUT");
                return false;
            }
            int k = p.damageCards() + 1;
            List<CardRef> order = CasketDraws.reshuffle(c.seed(), seat, k, p.discard());
            c.emit(
                    new DiscardReshuffled(
                            seat, CasketDraws.damageCard(seat, k), order.size(), order));
            p = c.pilot(seat);
        }
        c.emit(new HpCardDrawn(seat, p.deck().get(0), p.hand().size() + 1, p.deck().size() - 1));
        return true;
    }

    /**
     * Damage paid from the top of the deck (strain, wounds). C-D-HP-1: a Casket whose HP deck is
     * empty after taking damage is destroyed.
     */
    static void damageFromDeck(DecisionInProgress c, Seat seat, int n, String reason) {
        Pilot p = c.pilot(seat);
        List<CardRef> cards = p.deck().subList(0, Math.min(n, p.deck().size()));
        if (!cards.isEmpty()) {
            c.emit(
                    new CardsDiscarded(
                            seat,
                            "DECK",
                            List.copyOf(cards),
                            reason,
                            p.hand().size(),
                            p.deck().size() - cards.size()));
        }
        if (n > 0 && c.pilot(seat).deck().isEmpty()) {
            defeat(c, seat, "DESTROYED");
        }
    }

    /** Component Damage; at 3 the component is destroyed (its effect); neural feedback wounds. */
    static void componentDamage(
            DecisionInProgress c, Seat seat, Component component, int n, String reason) {
        if (n <= 0 || c.pilot(seat).defeated()) {
            return;
        }
        Pilot p = c.pilot(seat);
        int before = p.damageOf(component);
        int totalBefore = p.totalComponentDamage();
        boolean destroyed = before < Component.DESTROYED_AT && before + n >= Component.DESTROYED_AT;
        c.emit(new ComponentDamaged(seat, component, n, before + n, destroyed));
        if (destroyed) {
            Catalog.Kind lost =
                    component == Component.RIGHT_ARM
                            ? Catalog.Kind.PRIMARY
                            : component == Component.LEFT_ARM ? Catalog.Kind.SECONDARY : null;
            if (lost != null) {
                Pilot q = c.pilot(seat);
                List<CardRef> gone =
                        q.hand().stream()
                                .filter(
                                        r ->
                                                r.card() != null
                                                        && c.catalog.card(r.card()).kind() == lost)
                                .toList();
                if (!gone.isEmpty()) {
                    c.emit(
                            new CardsDiscarded(
                                    seat,
                                    "HAND",
                                    gone,
                                    component + "_DESTROYED",
                                    q.hand().size() - gone.size(),
                                    q.deck().size()));
                }
            }
        }
        // C-D-WOUND-1: neural feedback, one wound per point of component damage from the fifth on
        int wounds = Math.max(0, totalBefore + n - Math.max(totalBefore, 4));
        for (int i = 0; i < wounds && !c.pilot(seat).defeated(); i++) {
            wound(c, seat, "NEURAL_FEEDBACK");
        }
    }

    /** The top wound card face up; the tenth kills the pilot (defeat). */
    static void wound(DecisionInProgress c, Seat seat, String reason) {
        Pilot p = c.pilot(seat);
        if (p.wounds().isEmpty()) {
            return;
        }
        c.emit(new WoundFlipped(seat, p.wounds().get(0), p.flipped().size() + 1, reason));
        if (c.pilot(seat).wounds().isEmpty()) {
            defeat(c, seat, "PILOT_DEAD");
        }
    }

    // ---- defeat and end ----

    /**
     * A seat out of the match; it takes the place of the number of seats standing before it fell.
     * C-D-END-1: the match ends at once when one seat (or none) stands.
     */
    static void defeat(DecisionInProgress c, Seat seat, String reason) {
        if (c.over() || c.pilot(seat).defeated()) {
            return;
        }
        c.emit(new CasketDefeated(seat, reason, c.state.alive().size()));
        if (c.state.alive().size() <= 1) {
            endMatch(c, c.state.alive().isEmpty() ? "ALL_FALLEN" : "LAST_STANDING");
        }
    }

    /**
     * C-D-END-1, C-D-END-2: the placings, first to last (the fallen by the place they fell in;
     * seats still standing, only at the time limit, by their HP, C-D-END-3); a single first place
     * wins, a shared one draws; everyone else lost.
     */
    static void endMatch(DecisionInProgress c, String reason) {
        CasketState s = c.state;
        Map<Integer, List<Seat>> byPlace = new TreeMap<>();
        for (Pilot p : s.pilots().values()) {
            int place = p.place();
            if (!p.defeated()) {
                // C-D-END-3: seats standing are placed by their Casket HP (cards in the deck)
                place = 1;
                for (Pilot q : s.pilots().values()) {
                    if (!q.defeated() && q.deck().size() > p.deck().size()) {
                        place++;
                    }
                }
            }
            byPlace.computeIfAbsent(place, k -> new ArrayList<>()).add(p.seat());
        }
        List<List<Seat>> placings = new ArrayList<>();
        byPlace.values().forEach(g -> placings.add(List.copyOf(g)));
        List<Seat> first = placings.get(0);
        Seat winner = first.size() == 1 ? first.get(0) : null;
        List<Seat> losers = new ArrayList<>();
        for (int i = 1; i < placings.size(); i++) {
            losers.addAll(placings.get(i));
        }
        losers.sort(null);
        c.emit(new CasketMatchEnded(winner, losers, reason, s.serverSeed(), placings));
    }

    /**
     * After anything that may have defeated a seat: an attack whose attacker or defender fell is
     * over; a turn whose seat fell ends; a mulligan round with nobody left to decide starts.
     */
    static void settle(DecisionInProgress c) {
        if (c.over()) {
            return;
        }
        CasketState s = c.state;
        Attack a = s.attack();
        if (a != null && (c.pilot(a.attacker()).defeated() || c.pilot(a.defender()).defeated())) {
            c.emit(new AttackResolved(a.attacker(), a.defender()));
        }
        s = c.state;
        if (CasketState.MULLIGAN.equals(s.phase())) {
            if (mulliganOwed(s) == null) {
                startRound(c);
            }
            return;
        }
        if (s.active() != null
                && c.pilot(s.active()).defeated()
                && !CasketState.BETWEEN.equals(s.phase())) {
            endTurn(c, s.active());
        }
    }
}
