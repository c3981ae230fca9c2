package io.duelhall.domain.voidlit;

import io.duelhall.domain.Seat;
import io.duelhall.domain.voidlit.VoidlitEvent.*;
import java.util.ArrayList;
import java.util.List;

/** The steps of a turn, draws, plays, combat and the end of the match, as events. */
final class Turns {

    static byte[] matchSeed(VoidlitState s) {
        return VoidlitDraws.matchSeed(
                s.serverSeed(), s.side(Seat.A).clientSeed(), s.side(Seat.B).clientSeed());
    }

    /**
     * One draw (L-HAND-1, L-WASTE-1): the top card into the hand, or, into a full hand, Wasted face
     * up; from an empty deck a random card of the Waste for 1, 2, 4 … Health.
     */
    void draw(DecisionInProgress c, Seat seat) {
        Side side = c.side(seat);
        if (!side.deck().isEmpty()) {
            CardRef top = side.deck().get(0);
            if (side.hand().size() >= Side.HAND_LIMIT) {
                c.emit(new CardOverdrawn(seat, top, side.deck().size() - 1));
            } else {
                c.emit(new CardDrawn(seat, top, side.hand().size() + 1, side.deck().size() - 1));
            }
            return;
        }
        int n = side.searches() + 1;
        int cost = n > 30 ? 1 << 30 : 1 << (n - 1);
        CardRef card =
                side.waste().isEmpty()
                        ? null
                        : side.waste()
                                .get(
                                        VoidlitDraws.wasteIndex(
                                                matchSeed(c.state), seat, n, side.waste().size()));
        c.emit(
                new WasteSearched(
                        seat,
                        card,
                        n,
                        cost,
                        side.health() - cost,
                        card != null && side.hand().size() < Side.HAND_LIMIT));
    }

    /**
     * L-ENERGY-1, L-START-1: refill, the draw (not the first seat's first turn), then Relics
     * (L-D-RELIC-1).
     */
    void startTurn(DecisionInProgress c, Seat seat) {
        int turn = c.state.turn() + 1;
        c.emit(new TurnStarted(seat, turn));
        Side side = c.side(seat);
        c.emit(new EnergyRefilled(seat, side.maxEnergy(), side.maxEnergy()));
        if (!(turn == 1 && seat == c.state.firstSeat())) {
            draw(c, seat);
            if (checkEnd(c)) {
                return;
            }
        }
        for (CardRef relic : c.side(seat).relics()) {
            c.emit(new RelicTriggered(seat, relic));
            effects(c, seat, c.catalog.card(relic.card()), null, null);
            if (checkEnd(c)) {
                return;
            }
        }
    }

    /** L-ENERGY-1: the seat that banked this turn draws one; then the other seat's turn. */
    void endTurn(DecisionInProgress c, Seat seat) {
        if (c.side(seat).banked()) {
            draw(c, seat);
            if (checkEnd(c)) {
                return;
            }
        }
        c.emit(new TurnEnded(seat, c.state.turn()));
        startTurn(c, seat.opponent());
    }

    void play(DecisionInProgress c, Seat seat, CardRef ref, VoidlitCard card, TargetRef target) {
        c.emit(new CardPlayed(seat, ref, card.type(), card.cost(), target));
        if (card.cost() > 0) {
            c.emit(new EnergySpent(seat, card.cost(), c.side(seat).energy() - card.cost()));
        }
        switch (card.type()) {
            case VoidlitCard.UNIT -> {
                c.emit(
                        new UnitDeployed(
                                seat,
                                new Unit(
                                        ref.id(),
                                        ref.card(),
                                        card.attack(),
                                        card.health(),
                                        card.health(),
                                        card.keywords(),
                                        List.of(),
                                        !card.has("SWIFT"),
                                        false)));
                effects(c, seat, card, target, ref.id());
            }
            case VoidlitCard.RELIC -> c.emit(new RelicPlaced(seat, ref));
            case VoidlitCard.UPGRADE -> {
                Unit u = c.side(seat).unit(target.id());
                List<String> kw = new ArrayList<>(u.keywords());
                card.keywords().stream().filter(k -> !kw.contains(k)).forEach(kw::add);
                c.emit(
                        new UpgradeEquipped(
                                seat,
                                ref,
                                u.id(),
                                u.attack() + card.attack(),
                                u.health() + card.health(),
                                u.maxHealth() + card.health(),
                                kw));
            }
            default -> {
                effects(c, seat, card, target, null);
                c.emit(new CardWasted(seat, ref));
            }
        }
        checkEnd(c);
    }

    /**
     * L-FATIGUE-1: unit combat is simultaneous: both deal their attack, then both are destroyed at
     * 0 or less.
     */
    void attack(DecisionInProgress c, Seat seat, String attackerId, TargetRef target) {
        Unit attacker = c.side(seat).unit(attackerId);
        c.emit(
                new UnitAttacked(
                        seat, attackerId, target.seat(), target.atPlayer() ? null : target.id()));
        if (target.atPlayer()) {
            loseHealth(c, target.seat(), attacker.attack(), "ATTACK");
        } else {
            Unit defender = c.side(target.seat()).unit(target.id());
            c.emit(
                    new UnitDamaged(
                            target.seat(),
                            defender.id(),
                            attacker.attack(),
                            defender.health() - attacker.attack()));
            if (defender.attack() > 0) {
                c.emit(
                        new UnitDamaged(
                                seat,
                                attacker.id(),
                                defender.attack(),
                                attacker.health() - defender.attack()));
            }
            destroyDead(c, target.seat());
            destroyDead(c, seat);
        }
        checkEnd(c);
    }

    /** A card's effect blocks in order; {@code self} is the Unit that was played, if any. */
    void effects(DecisionInProgress c, Seat seat, VoidlitCard card, TargetRef target, String self) {
        Seat enemy = seat.opponent();
        for (VoidlitCard.Effect e : card.effects()) {
            switch (e.kind()) {
                case "DAMAGE" -> damage(c, seat, enemy, e, target);
                case "HEAL" -> {
                    for (Seat who : players(seat, e.scope())) {
                        int h = c.side(who).health();
                        int after = Math.max(h, Math.min(Side.START_HEALTH, h + e.amount()));
                        if (after > h) {
                            c.emit(new HealthRestored(who, after - h, after));
                        }
                    }
                }
                case "DRAW" -> {
                    for (Seat who : players(seat, e.scope())) {
                        for (int i = 0; i < e.amount(); i++) {
                            draw(c, who);
                        }
                    }
                }
                case "BUFF" -> {
                    List<Unit> units =
                            "TARGET".equals(e.scope())
                                    ? listOf(c.side(target.seat()).unit(target.id()))
                                    : c.side(seat).units();
                    for (Unit u : units) {
                        c.emit(
                                new UnitBuffed(
                                        seat,
                                        u.id(),
                                        u.attack() + e.amount(),
                                        u.health() + e.amount2(),
                                        u.maxHealth() + e.amount2()));
                    }
                }
                default ->
                        c.emit(
                                new EnergyGained(
                                        seat, e.amount(), c.side(seat).energy() + e.amount()));
            }
        }
    }

    private static List<Unit> listOf(Unit u) {
        return u == null ? List.of() : List.of(u);
    }

    private static List<Seat> players(Seat seat, String scope) {
        return switch (scope) {
            case "ENEMY_PLAYER" -> List.of(seat.opponent());
            case "BOTH_PLAYERS" -> List.of(seat.opponent(), seat);
            default -> List.of(seat);
        };
    }

    private void damage(
            DecisionInProgress c, Seat seat, Seat enemy, VoidlitCard.Effect e, TargetRef target) {
        switch (e.scope()) {
            case "TARGET" -> {
                if (target.atPlayer()) {
                    loseHealth(c, target.seat(), e.amount(), "EFFECT");
                } else {
                    Unit u = c.side(target.seat()).unit(target.id());
                    if (u != null) {
                        c.emit(
                                new UnitDamaged(
                                        target.seat(),
                                        u.id(),
                                        e.amount(),
                                        u.health() - e.amount()));
                        destroyDead(c, target.seat());
                    }
                }
            }
            case "ENEMY_UNITS", "OWN_UNITS" -> {
                Seat owner = "ENEMY_UNITS".equals(e.scope()) ? enemy : seat;
                for (Unit u : c.side(owner).units()) {
                    c.emit(new UnitDamaged(owner, u.id(), e.amount(), u.health() - e.amount()));
                }
                destroyDead(c, owner);
            }
            default -> {
                for (Seat who : players(seat, e.scope())) {
                    loseHealth(c, who, e.amount(), "EFFECT");
                }
            }
        }
    }

    private void loseHealth(DecisionInProgress c, Seat seat, int amount, String cause) {
        c.emit(new HealthLost(seat, amount, c.side(seat).health() - amount, cause));
    }

    /** Units at 0 Health or less go to the Waste with their Upgrades, in Field order. */
    private void destroyDead(DecisionInProgress c, Seat owner) {
        for (Unit u : c.side(owner).units()) {
            if (u.health() <= 0) {
                c.emit(new UnitDestroyed(owner, new CardRef(u.id(), u.card()), u.upgrades()));
            }
        }
    }

    /**
     * L-END-1, L-D-END-1: after an action has resolved: Health ≤ 0 loses; both at once is a draw.
     */
    boolean checkEnd(DecisionInProgress c) {
        if (c.over()) {
            return true;
        }
        boolean a = c.side(Seat.A).health() <= 0;
        boolean b = c.side(Seat.B).health() <= 0;
        if (a && b) {
            end(c, null, "DRAW", List.of());
        } else if (a || b) {
            Seat loser = a ? Seat.A : Seat.B;
            end(c, loser.opponent(), "HEALTH", List.of(loser));
        }
        return c.over();
    }

    void end(DecisionInProgress c, Seat winner, String reason, List<Seat> losers) {
        c.emit(new MatchEnded(winner, reason, losers, c.state.serverSeed()));
    }
}
