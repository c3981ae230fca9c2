package io.duelhall.domain.casket;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * casket's states copy on write (issue 47, docs/testing.md round 18): a change to one seat's pilot
 * leaves the state it came from as it was (the search keeps every state it folded), copies only
 * what it changes, and the states' maps cannot be changed from outside.
 */
class CopyOnWriteTest {
    @Test
    void anEditLeavesTheStateItCameFromAsItWasAndSharesWhatItDidNotChange() {
        CasketState before = Scenario.started(2).state;
        Pilot a = before.pilot(A);
        Pilot b = before.pilot(B);
        String aBefore = a.toString();
        String bBefore = b.toString();
        assertThat(a.hand()).as("a hand to play from").isNotEmpty();

        CasketState after =
                before.withPilot(
                        A,
                        p -> {
                            p.discard().add(p.hand().remove(0));
                            p.damage().put(Component.LEGS, 2);
                        });

        assertThat(a.toString()).as("seat A's pilot before the edit").isEqualTo(aBefore);
        assertThat(before.pilot(A)).isSameAs(a);
        assertThat(b.toString()).isEqualTo(bBefore);
        Pilot changed = after.pilot(A);
        assertThat(changed.hand()).hasSize(a.hand().size() - 1);
        assertThat(changed.discard()).hasSize(a.discard().size() + 1);
        assertThat(changed.damageOf(Component.LEGS)).isEqualTo(2);
        assertThat(a.damageOf(Component.LEGS)).isZero();
        // what the edit did not touch is the very same object: the other seat, the deck, the
        // wounds
        assertThat(after.pilot(B)).isSameAs(b);
        assertThat(changed.deck()).isSameAs(a.deck());
        assertThat(changed.wounds()).isSameAs(a.wounds());
        assertThat(changed.flipped()).isSameAs(a.flipped());
        // a pilot edited without a change gives back its lists and damage as they were
        Pilot same = a.edit().build();
        assertThat(same).isEqualTo(a);
        assertThat(same.hand()).isSameAs(a.hand());
        assertThat(same.damage()).isSameAs(a.damage());
    }

    @Test
    void theStatesMapsCannotBeChangedFromOutside() {
        CasketState s = Scenario.started(2).state;
        assertThatThrownBy(() -> s.pilots().put(A, s.pilot(B)))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> s.pilots().entrySet().iterator().next().setValue(s.pilot(B)))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> s.pilots().keySet().remove(A))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> s.pilot(A).damage().put(Component.LEGS, 9))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> s.pilot(A).hand().clear())
                .isInstanceOf(UnsupportedOperationException.class);
        // equal to any map of the same entries, in seat order
        assertThat(s.pilots()).isEqualTo(new java.util.HashMap<>(s.pilots()));
        assertThat(s.pilots().keySet()).containsExactly(A, B);
    }
}
