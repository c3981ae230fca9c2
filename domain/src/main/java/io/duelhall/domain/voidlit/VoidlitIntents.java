package io.duelhall.domain.voidlit;

import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentSpec;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import java.util.List;
import java.util.Map;

/**
 * The one file that knows the platform's {@code Intent}, {@code Target}, {@code IntentSpec} and
 * {@code JoinRequest} shapes: it maps them to and from voidlit's own {@link VoidlitMove} and seat
 * request. The vocabulary (docs/rulesets.md, "voidlit"): types MULLIGAN (cards), BANK (card),
 * PLAY_CARD (card, targets[0] when the card names one), ATTACK (card = the attacking Unit,
 * targets[0]), END_TURN, CONCEDE, TIMEOUT; target kinds UNIT (seat, id) and PLAYER (seat).
 */
public final class VoidlitIntents {
    public static final String MULLIGAN = "MULLIGAN";
    public static final String BANK = "BANK";
    public static final String PLAY_CARD = "PLAY_CARD";
    public static final String ATTACK = "ATTACK";
    public static final String END_TURN = "END_TURN";
    public static final String CONCEDE = Intent.CONCEDE;
    public static final String TIMEOUT = Intent.TIMEOUT;

    /** The pick of a seat request that names the deck's Parallel (optional, L-D-DECK-1). */
    public static final String PARALLEL = "parallel";

    /**
     * The intent types a client may send (TIMEOUT is the server's), as {@code GET /api/rulesets}
     * lists them.
     */
    public static final List<IntentSpec> SPECS =
            List.of(
                    new IntentSpec(
                            MULLIGAN,
                            "Return any of the five cards shown (none keeps the hand), once (L-START-1).",
                            List.of(),
                            List.of("cards")),
                    new IntentSpec(
                            BANK,
                            "Put a card of the hand into the Bank: +1 Energy, once a turn (L-ENERGY-1).",
                            List.of("card"),
                            List.of()),
                    new IntentSpec(
                            PLAY_CARD,
                            "Play a card of the hand; targets[0] when the card names a target.",
                            List.of("card"),
                            List.of("targets")),
                    new IntentSpec(
                            ATTACK,
                            "A Unit (card) attacks an enemy Unit or the enemy player (targets[0]).",
                            List.of("card", "targets"),
                            List.of()),
                    new IntentSpec(
                            END_TURN, "End the turn (the Bank draw first).", List.of(), List.of()),
                    new IntentSpec(
                            CONCEDE,
                            "Give up the match, at any time (L-END-1).",
                            List.of(),
                            List.of()));

    public static final List<String> TARGET_KINDS = List.of(TargetRef.UNIT, TargetRef.PLAYER);

    /**
     * What a seat asks for when it joins: a name, its 40 cards, optionally the Parallel, its client
     * seed.
     */
    public record SeatRequest(
            String name,
            String parallel,
            List<String> cards,
            String clientSeed,
            String accountId) {}

    private VoidlitIntents() {}

    /**
     * The move an intent asks for, or null when it is none of voidlit's (a refusal:
     * MALFORMED_INTENT).
     */
    public static VoidlitMove move(Intent i) {
        if (i == null || i.type() == null || i.seat() == null) {
            return null;
        }
        Seat seat = i.seat();
        TargetRef target = i.targets().isEmpty() ? null : target(i.targets().get(0));
        return switch (i.type()) {
            case MULLIGAN -> new VoidlitMove.Mulligan(seat, i.cards());
            case BANK -> new VoidlitMove.Bank(seat, i.card());
            case PLAY_CARD -> new VoidlitMove.Play(seat, i.card(), target);
            case ATTACK -> new VoidlitMove.Attack(seat, i.card(), target);
            case END_TURN -> new VoidlitMove.EndTurn(seat);
            case CONCEDE -> new VoidlitMove.Concede(seat);
            case TIMEOUT -> new VoidlitMove.Timeout(seat);
            default -> null;
        };
    }

    /** The intent that asks for {@code m}. */
    public static Intent intent(VoidlitMove m) {
        Seat seat = m.seat();
        if (m instanceof VoidlitMove.Mulligan x) {
            return new Intent(seat, MULLIGAN, null, null, List.of(), x.cards());
        }
        if (m instanceof VoidlitMove.Bank x) {
            return new Intent(seat, BANK, x.card(), null, List.of(), List.of());
        }
        if (m instanceof VoidlitMove.Play x) {
            return new Intent(seat, PLAY_CARD, x.card(), null, targets(x.target()), List.of());
        }
        if (m instanceof VoidlitMove.Attack x) {
            return new Intent(seat, ATTACK, x.attacker(), null, targets(x.target()), List.of());
        }
        if (m instanceof VoidlitMove.EndTurn) {
            return Intent.of(seat, END_TURN);
        }
        if (m instanceof VoidlitMove.Concede) {
            return Intent.concede(seat);
        }
        return Intent.timeout(seat);
    }

    private static List<Target> targets(TargetRef t) {
        return t == null ? List.of() : List.of(new Target(t.kind(), t.seat(), null, t.id()));
    }

    private static TargetRef target(Target t) {
        return t == null ? null : new TargetRef(t.kind(), t.seat(), t.id());
    }

    /**
     * The seat request in a join: the Parallel is the optional pick {@value #PARALLEL} (from the
     * cards otherwise).
     */
    public static SeatRequest seatRequest(JoinRequest r) {
        return new SeatRequest(
                r.name(), r.pick(PARALLEL), r.cards(), r.clientSeed(), r.accountId());
    }

    /** A join with these cards (an AI seat, a starter deck); {@code parallel} may be null. */
    public static JoinRequest joinRequest(
            String name, String parallel, List<String> cards, String clientSeed) {
        return new JoinRequest(
                name,
                parallel == null ? null : Map.of(PARALLEL, parallel),
                cards,
                clientSeed,
                null);
    }
}
