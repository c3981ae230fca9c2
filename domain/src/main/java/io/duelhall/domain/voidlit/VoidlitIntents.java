package io.duelhall.domain.voidlit;

import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentType;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import io.duelhall.domain.TargetKind;

import java.util.List;

/**
 * The one file that knows the platform's {@code Intent}, {@code Target} and {@code JoinRequest} shapes: it maps them to
 * and from voidlit's own {@link VoidlitMove} and seat request. The vocabulary (docs/rulesets.md, "voidlit"): types
 * MULLIGAN (cards), BANK (card), PLAY_CARD (card, targets[0]), ATTACK (card = the attacking Unit, targets[0]),
 * END_TURN, CONCEDE, TIMEOUT; target kinds UNIT (seat, id) and PLAYER (seat).
 *
 * <p>TEMPORARY (until the core Intent has {@code String type}): the closed {@code IntentType} has no MULLIGAN, BANK or
 * ATTACK, so they travel as DISCARD_DOWN, ACTIVATE ability 1 and ACTIVATE ability 0; UNIT as DRONE and PLAYER as SHIP.
 */
public final class VoidlitIntents {
    public static final String MULLIGAN = "MULLIGAN";
    public static final String BANK = "BANK";
    public static final String PLAY_CARD = "PLAY_CARD";
    public static final String ATTACK = "ATTACK";
    public static final String END_TURN = "END_TURN";
    public static final String CONCEDE = "CONCEDE";
    public static final String TIMEOUT = "TIMEOUT";

    /** What a seat asks for when it joins: a name, its 40 cards, optionally the Parallel, its client seed. */
    public record SeatRequest(String name, String parallel, List<String> cards, String clientSeed, String accountId) {
    }

    private VoidlitIntents() {
    }

    /** The move an intent asks for, or null when it is none of voidlit's (a refusal: MALFORMED_INTENT). */
    public static VoidlitMove move(Intent i) {
        if (i == null || i.type() == null || i.seat() == null) {
            return null;
        }
        Seat seat = i.seat();
        TargetRef target = i.targets().isEmpty() ? null : target(i.targets().get(0));
        return switch (type(i)) {
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
            return new Intent(seat, IntentType.DISCARD_DOWN, null, null, List.of(), x.cards());
        }
        if (m instanceof VoidlitMove.Bank x) {
            return new Intent(seat, IntentType.ACTIVATE, x.card(), 1, List.of(), List.of());
        }
        if (m instanceof VoidlitMove.Play x) {
            return new Intent(seat, IntentType.PLAY_CARD, x.card(), null, targets(x.target()), List.of());
        }
        if (m instanceof VoidlitMove.Attack x) {
            return new Intent(seat, IntentType.ACTIVATE, x.attacker(), 0, targets(x.target()), List.of());
        }
        if (m instanceof VoidlitMove.EndTurn) {
            return Intent.endTurn(seat);
        }
        if (m instanceof VoidlitMove.Concede) {
            return Intent.concede(seat);
        }
        return Intent.timeout(seat);
    }

    private static String type(Intent i) {
        return switch (i.type()) {
            case DISCARD_DOWN -> MULLIGAN;
            case ACTIVATE -> i.ability() != null && i.ability() == 1 ? BANK : ATTACK;
            case PLAY_CARD -> PLAY_CARD;
            case END_TURN -> END_TURN;
            case CONCEDE -> CONCEDE;
            case TIMEOUT -> TIMEOUT;
            default -> "";
        };
    }

    private static List<Target> targets(TargetRef t) {
        if (t == null) {
            return List.of();
        }
        return List.of(t.atPlayer() ? Target.ship(t.seat()) : new Target(TargetKind.DRONE, t.seat(), null, t.id()));
    }

    private static TargetRef target(Target t) {
        if (t == null || t.kind() == null) {
            return null;
        }
        return switch (t.kind()) {
            case SHIP -> TargetRef.player(t.seat());
            case DRONE, CARD -> TargetRef.unit(t.seat(), t.id());
            default -> new TargetRef(t.kind().name(), t.seat(), t.id());
        };
    }

    /** The seat request in a join: the Parallel is optional (from the cards otherwise). */
    public static SeatRequest seatRequest(JoinRequest r) {
        return new SeatRequest(r.name(), r.pilotClass(), r.cards(), r.clientSeed(), r.accountId());
    }

    /** A join with these cards (an AI seat, a starter deck). */
    public static JoinRequest joinRequest(String name, String parallel, List<String> cards, String clientSeed) {
        return new JoinRequest(name, parallel, null, cards, clientSeed);
    }
}
