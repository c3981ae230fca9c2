package io.duelhall.domain.biome;

import io.duelhall.domain.Seat;
import java.util.List;

/**
 * biome's moves, independent of the platform's {@code Intent} shape ({@link BiomeIntents} maps the
 * two, the one file that knows that shape). The vocabulary is in docs/rulesets.md ("biome").
 */
public sealed interface BiomeMove {
    Seat seat();

    /**
     * Play a card of the hand into the queue; {@code x} the X of a void-energy cost, {@code mode} a
     * "pick one".
     */
    record Play(Seat seat, String card, List<TargetRef> targets, Integer x, Integer mode)
            implements BiomeMove {
        public Play {
            targets = targets == null ? List.of() : List.copyOf(targets);
        }
    }

    /** Activate an agent's skill (it is locked, the skill enters the queue). */
    record Activate(Seat seat, String agent, List<TargetRef> targets) implements BiomeMove {
        public Activate {
            targets = targets == null ? List.of() : List.copyOf(targets);
        }
    }

    /** Convert a card of the hand into energy (no queue, once a turn, B-D-ENERGY-1). */
    record Convert(Seat seat, String card) implements BiomeMove {}

    /** Play an anomaly (no queue, once a turn). */
    record Anomaly(Seat seat, String card, List<TargetRef> targets) implements BiomeMove {
        public Anomaly {
            targets = targets == null ? List.of() : List.copyOf(targets);
        }
    }

    /** Advance an agent into a biome, attaching gear of the staging area to it. */
    record Advance(Seat seat, String agent, String biome, List<String> gear) implements BiomeMove {
        public Advance {
            gear = gear == null ? List.of() : List.copyOf(gear);
        }
    }

    /** Declare attackers (once a turn, empty queue). */
    record Attack(Seat seat, List<String> attackers) implements BiomeMove {
        public Attack {
            attackers = attackers == null ? List.of() : List.copyOf(attackers);
        }
    }

    /** Declare defenders, each blocking one attacker (once a turn, empty queue). */
    record Defend(Seat seat, List<Block> blocks) implements BiomeMove {
        public Defend {
            blocks = blocks == null ? List.of() : List.copyOf(blocks);
        }
    }

    /** The attacking seat orders the defenders of one attacker. */
    record OrderDefenders(Seat seat, String attacker, List<String> defenders) implements BiomeMove {
        public OrderDefenders {
            defenders = defenders == null ? List.of() : List.copyOf(defenders);
        }
    }

    /** Take no action now (B-QUEUE-1). */
    record Pass(Seat seat) implements BiomeMove {}

    record Concede(Seat seat) implements BiomeMove {}

    /** The seat's clock ran out (made by the server). */
    record Timeout(Seat seat) implements BiomeMove {}
}
