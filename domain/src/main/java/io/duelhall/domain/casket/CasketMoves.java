package io.duelhall.domain.casket;

import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Who owes which decision, and every move a seat may make now. */
public final class CasketMoves {
    public static final String MULLIGAN = "MULLIGAN";
    public static final String ACTION = "ACTION";
    public static final String REACT = "REACT";
    public static final String PAY = "PAY";
    public static final String DISCARD = "DISCARD";

    private final Catalog catalog;
    private final boolean ventAction;

    /** {@code ventAction}: whether VENT is an action every Casket may take (casket-1.0.0 only). */
    CasketMoves(Catalog catalog, boolean ventAction) {
        this.catalog = catalog;
        this.ventAction = ventAction;
    }

    /** The decision owed now, or null when the match is not live. */
    public static String owed(CasketState s) {
        if (s.status() != MatchStatus.LIVE) {
            return null;
        }
        if (CasketState.MULLIGAN.equals(s.phase())) {
            return MULLIGAN;
        }
        if (s.attack() != null) {
            if (s.attack().stage() == null) {
                // declared, its roll not yet known: a state only ever seen between two events of
                // the decision that declared it (the AI driver may be asked there when a batch of
                // events ends inside a decision); nobody owes anything until the roll is in
                return null;
            }
            return Attack.PAY.equals(s.attack().stage()) ? PAY : REACT;
        }
        if (CasketState.DISCARD.equals(s.phase())) {
            return DISCARD;
        }
        return CasketState.ACTION.equals(s.phase()) ? ACTION : null;
    }

    /** The seat owing the decision (the defender owes REACT and PAY, C-REACT-1, C-DMG-1). */
    public static Seat toAct(CasketState s) {
        String owed = owed(s);
        if (owed == null) {
            return null;
        }
        return switch (owed) {
            case MULLIGAN -> Turns.mulliganOwed(s);
            case REACT, PAY -> s.attack().defender();
            default -> s.active();
        };
    }

    /**
     * Every move {@code seat} may make now (each accepted by decide): moves are single hexes and
     * overspending is paid from the deck (see {@link #note}).
     */
    List<Intent> legal(CasketState s, Seat seat) {
        if (toAct(s) != seat || seat == null) {
            return List.of();
        }
        List<Intent> out = new ArrayList<>();
        switch (owed(s)) {
            case MULLIGAN -> {
                out.add(Intent.of(seat, CasketIntents.KEEP));
                out.add(Intent.of(seat, CasketIntents.MULLIGAN));
            }
            case REACT -> {
                out.add(Intent.of(seat, CasketIntents.DECLINE));
                for (CardRef r : Combat.reactives(catalog, s.pilot(seat))) {
                    out.add(
                            new Intent(
                                    seat, CasketIntents.REACT, r.id(), null, List.of(), List.of()));
                }
            }
            case PAY -> {
                out.add(Intent.of(seat, CasketIntents.PAY));
                Pilot p = s.pilot(seat);
                int n = Math.min(s.attack().finalDamage(), p.hand().size());
                if (n > 0) {
                    List<String> ids = p.hand().subList(0, n).stream().map(CardRef::id).toList();
                    out.add(new Intent(seat, CasketIntents.PAY, null, null, List.of(), ids));
                }
            }
            case DISCARD -> {
                Pilot p = s.pilot(seat);
                int n = p.hand().size() - Tables.HAND_LIMIT;
                List<String> ids =
                        p.hand().subList(p.hand().size() - n, p.hand().size()).stream()
                                .map(CardRef::id)
                                .toList();
                out.add(new Intent(seat, CasketIntents.DISCARD, null, null, List.of(), ids));
            }
            default -> action(s, seat, out);
        }
        return out;
    }

    private void action(CasketState s, Seat seat, List<Intent> out) {
        Pilot p = s.pilot(seat);
        DecisionInProgress c = new DecisionInProgress(catalog, Decider.SEEDED, s);
        out.add(Intent.of(seat, CasketIntents.PASS));
        if (!p.rotated()) {
            for (int f = 0; f < 6; f++) {
                if (f != p.facing()) {
                    out.add(
                            new Intent(
                                    seat,
                                    CasketIntents.ROTATE,
                                    null,
                                    null,
                                    List.of(),
                                    List.of(),
                                    Map.of(CasketIntents.FACING, String.valueOf(f))));
                }
            }
        }
        ArenaMap map = c.map();
        int extra = (p.destroyed(Component.LEGS) ? 1 : 0) + p.wounds(catalog, "move");
        // C-D-LOS-2 (casket-1.2.0 on): a step must stay in sight of where the turn began
        Hex anchor =
                CasketRuleset.pathSight(s.engineVersion()) && p.turnStart() != null
                        ? p.turnStart()
                        : null;
        for (Hex h : p.at().neighbours()) {
            if (map.passable(h)
                    && s.occupant(h) == null
                    && (anchor == null || map.lineOfSight(anchor, h))
                    && Combat.checkPay(c, seat, map.enterCost(h) + extra, List.of(), null)
                            == null) {
                out.add(
                        new Intent(
                                seat,
                                CasketIntents.MOVE,
                                null,
                                null,
                                List.of(CasketIntents.hexTarget(h)),
                                List.of()));
            }
        }
        if (ventAction && p.heat() > 0 && Combat.checkPay(c, seat, 2, List.of(), null) == null) {
            out.add(Intent.of(seat, CasketIntents.VENT));
        }
        for (CardRef r : p.hand()) {
            Catalog.Card card = catalog.card(r.card());
            if (card == null
                    || Combat.playable(c, seat, card) != null
                    || Combat.checkPay(c, seat, card.cost(), List.of(), r.id()) != null) {
                continue;
            }
            if (!card.attack()) {
                out.add(new Intent(seat, CasketIntents.PLAY, r.id(), null, List.of(), List.of()));
                continue;
            }
            for (Seat t : s.alive()) {
                if (t != seat && Combat.attackable(c, seat, card, t) == null) {
                    for (Component comp : Component.values()) {
                        out.add(
                                new Intent(
                                        seat,
                                        CasketIntents.PLAY,
                                        r.id(),
                                        null,
                                        List.of(CasketIntents.casketTarget(t, comp)),
                                        List.of()));
                    }
                }
            }
        }
    }

    /** What {@link #legal} leaves out. */
    static String note(CasketState s, Seat seat) {
        if (toAct(s) != seat || seat == null) {
            return null;
        }
        return switch (owed(s)) {
            case ACTION ->
                    "MOVE is listed one hex at a time (a path of several hexes in one MOVE is"
                            + " allowed), and overspent SP is paid from the deck; cards from the"
                            + " hand may pay it instead.";
            case PAY -> "PAY may name any cards of the hand, up to the damage.";
            case DISCARD -> "DISCARD may name any cards of the hand, exactly the excess.";
            default -> null;
        };
    }
}
