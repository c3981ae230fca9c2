package io.duelhall.domain.biome;

import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentSpec;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one file that knows the platform's {@code Intent}, {@code Target}, {@code IntentSpec} and
 * {@code JoinRequest} shapes: it maps them to and from biome's own {@link BiomeMove}. The
 * vocabulary (docs/rulesets.md, "biome"): PLAY, ACTIVATE, CONVERT, ANOMALY, ADVANCE, ATTACK,
 * DEFEND, ORDER_DEFENDERS, PASS, CONCEDE, TIMEOUT; target kinds AGENT, SECTOR, BIOME, PLAYER.
 */
public final class BiomeIntents {
    public static final String PLAY = "PLAY";
    public static final String ACTIVATE = "ACTIVATE";
    public static final String CONVERT = "CONVERT";
    public static final String ANOMALY = "ANOMALY";
    public static final String ADVANCE = "ADVANCE";
    public static final String ATTACK = "ATTACK";
    public static final String DEFEND = "DEFEND";
    public static final String ORDER_DEFENDERS = "ORDER_DEFENDERS";
    public static final String PASS = "PASS";
    public static final String CONCEDE = Intent.CONCEDE;
    public static final String TIMEOUT = Intent.TIMEOUT;

    /** The choice naming X of a void-energy cost. */
    public static final String X = "x";

    /** The choice naming the option of a "pick one" card (0, 1, …). */
    public static final String MODE = "mode";

    public static final List<IntentSpec> SPECS =
            List.of(
                    new IntentSpec(
                            PLAY,
                            "Play a card of the hand into the queue at its Speed (B-SPEED-1); targets as the card"
                                    + " names them; choices.x for X void energy, choices.mode for \"pick one\".",
                            List.of("card"),
                            List.of("targets", "choices.x", "choices.mode")),
                    new IntentSpec(
                            ACTIVATE,
                            "Activate the skill of your agent (card): it is locked, the skill enters the queue.",
                            List.of("card"),
                            List.of("targets")),
                    new IntentSpec(
                            CONVERT,
                            "Convert a card of the hand into energy: active seat, primary phase, empty queue,"
                                    + " once a turn, no queue (B-QUEUE-2).",
                            List.of("card"),
                            List.of()),
                    new IntentSpec(
                            ANOMALY,
                            "Play an anomaly of the hand: active seat, primary phase, empty queue, once a turn,"
                                    + " no queue (B-QUEUE-2).",
                            List.of("card"),
                            List.of("targets")),
                    new IntentSpec(
                            ADVANCE,
                            "Advance step: your agent (card) advances into the biome targets[0] (kind BIOME) with"
                                    + " the gear in cards attached.",
                            List.of("card", "targets"),
                            List.of("cards")),
                    new IntentSpec(
                            ATTACK,
                            "Attack step, active seat, empty queue: cards are the attacking agents (in biomes).",
                            List.of("cards"),
                            List.of()),
                    new IntentSpec(
                            DEFEND,
                            "Defend step, defending seat, empty queue: cards[i] blocks the attacker targets[i]"
                                    + " (kind AGENT).",
                            List.of("cards", "targets"),
                            List.of()),
                    new IntentSpec(
                            ORDER_DEFENDERS,
                            "The attacking seat orders the defenders (cards) of its attacker (card):"
                                    + " damage is assigned in that order.",
                            List.of("card", "cards"),
                            List.of()),
                    new IntentSpec(
                            PASS,
                            "Take no action now; two passes in a row execute the top of the queue, or end the"
                                    + " step when the queue is empty (B-QUEUE-1).",
                            List.of(),
                            List.of()),
                    new IntentSpec(
                            CONCEDE, "Give up the match, at any time.", List.of(), List.of()));
    public static final List<String> TARGET_KINDS =
            List.of(TargetRef.AGENT, TargetRef.SECTOR, TargetRef.BIOME, TargetRef.PLAYER);

    /** What a seat asks for when it joins: a name, its 30 cards, its client seed. */
    public record SeatRequest(
            String name, List<String> cards, String clientSeed, String accountId) {}

    private BiomeIntents() {}

    /**
     * The move an intent asks for, or null when it is none of biome's (a refusal:
     * MALFORMED_INTENT).
     */
    public static BiomeMove move(Intent i) {
        if (i == null || i.type() == null || i.seat() == null) {
            return null;
        }
        Seat seat = i.seat();
        List<TargetRef> targets = i.targets().stream().map(BiomeIntents::target).toList();
        return switch (i.type()) {
            case PLAY ->
                    new BiomeMove.Play(
                            seat, i.card(), targets, number(i.choice(X)), number(i.choice(MODE)));
            case ACTIVATE -> new BiomeMove.Activate(seat, i.card(), targets);
            case CONVERT -> new BiomeMove.Convert(seat, i.card());
            case ANOMALY -> new BiomeMove.Anomaly(seat, i.card(), targets);
            case ADVANCE ->
                    new BiomeMove.Advance(
                            seat,
                            i.card(),
                            targets.isEmpty() || targets.get(0) == null
                                    ? null
                                    : targets.get(0).id(),
                            i.cards());
            case ATTACK -> new BiomeMove.Attack(seat, i.cards());
            case DEFEND -> {
                List<Block> blocks = new ArrayList<>();
                for (int k = 0; k < i.cards().size(); k++) {
                    TargetRef t = k < targets.size() ? targets.get(k) : null;
                    blocks.add(new Block(i.cards().get(k), t == null ? null : t.id()));
                }
                yield new BiomeMove.Defend(seat, blocks);
            }
            case ORDER_DEFENDERS -> new BiomeMove.OrderDefenders(seat, i.card(), i.cards());
            case PASS -> new BiomeMove.Pass(seat);
            case CONCEDE -> new BiomeMove.Concede(seat);
            case TIMEOUT -> new BiomeMove.Timeout(seat);
            default -> null;
        };
    }

    /** A choice that is not a whole number reads as -1 (refused as INVALID_CHOICE). */
    private static Integer number(String v) {
        if (v == null) {
            return null;
        }
        try {
            return Integer.parseInt(v.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The intent that asks for {@code m}. */
    public static Intent intent(BiomeMove m) {
        Seat seat = m.seat();
        if (m instanceof BiomeMove.Play x) {
            Map<String, String> choices = new TreeMap<>();
            if (x.x() != null) {
                choices.put(X, String.valueOf(x.x()));
            }
            if (x.mode() != null) {
                choices.put(MODE, String.valueOf(x.mode()));
            }
            return new Intent(seat, PLAY, x.card(), null, targets(x.targets()), List.of(), choices);
        }
        if (m instanceof BiomeMove.Activate x) {
            return new Intent(seat, ACTIVATE, x.agent(), null, targets(x.targets()), List.of());
        }
        if (m instanceof BiomeMove.Convert x) {
            return new Intent(seat, CONVERT, x.card(), null, List.of(), List.of());
        }
        if (m instanceof BiomeMove.Anomaly x) {
            return new Intent(seat, ANOMALY, x.card(), null, targets(x.targets()), List.of());
        }
        if (m instanceof BiomeMove.Advance x) {
            return new Intent(
                    seat,
                    ADVANCE,
                    x.agent(),
                    null,
                    targets(List.of(TargetRef.biome(seat, x.biome()))),
                    x.gear());
        }
        if (m instanceof BiomeMove.Attack x) {
            return new Intent(seat, ATTACK, null, null, List.of(), x.attackers());
        }
        if (m instanceof BiomeMove.Defend x) {
            List<Target> ts = new ArrayList<>();
            for (Block b : x.blocks()) {
                ts.add(new Target(TargetRef.AGENT, seat.opponent(), null, b.attacker()));
            }
            return new Intent(
                    seat,
                    DEFEND,
                    null,
                    null,
                    ts,
                    x.blocks().stream().map(Block::defender).toList());
        }
        if (m instanceof BiomeMove.OrderDefenders x) {
            return new Intent(seat, ORDER_DEFENDERS, x.attacker(), null, List.of(), x.defenders());
        }
        if (m instanceof BiomeMove.Pass) {
            return Intent.of(seat, PASS);
        }
        if (m instanceof BiomeMove.Concede) {
            return Intent.concede(seat);
        }
        return Intent.timeout(seat);
    }

    private static List<Target> targets(List<TargetRef> ts) {
        return ts.stream().map(t -> new Target(t.kind(), t.seat(), null, t.id())).toList();
    }

    private static TargetRef target(Target t) {
        return t == null ? null : new TargetRef(t.kind(), t.seat(), t.id());
    }

    public static SeatRequest seatRequest(JoinRequest r) {
        return new SeatRequest(r.name(), r.cards(), r.clientSeed(), r.accountId());
    }

    /** A join with these cards (an AI seat, a starter deck). */
    public static JoinRequest joinRequest(String name, List<String> cards, String clientSeed) {
        return new JoinRequest(name, null, cards, clientSeed, null);
    }
}
