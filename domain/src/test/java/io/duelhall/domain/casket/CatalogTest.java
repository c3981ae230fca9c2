package io.duelhall.domain.casket;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Seat;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The data files (C-D-*). */
class CatalogTest {
    private static final Catalog CATALOG = Catalog.standard();

    @Test
    @DisplayName("C-D-DICE-1 two six-faced custom dice; the document's faces are on them")
    void dice() {
        assertThat(CATALOG.attackDie()).hasSize(6);
        assertThat(CATALOG.defenceDie()).hasSize(6);
        assertThat(CATALOG.attackDie())
                .contains(new Catalog.Face("STRIKE", 3), new Catalog.Face("DEATH_BLOW", 5));
        assertThat(CATALOG.defenceDie().stream().map(Catalog.Face::name))
                .containsExactly("SHIELD", "ABSORB", "BLOOD", "CRITICAL", "HEAT", "PIERCE");
        int max = CATALOG.attackDie().stream().mapToInt(Catalog.Face::value).max().orElseThrow();
        assertThat(2 * max).as("two DEATH BLOWs are the EXECUTION, 10").isEqualTo(10);
    }

    @Test
    @DisplayName(
            "C-D-MAP-1 at least two arenas: walls, difficult, water, elevation, six deployments, all reachable")
    void maps() {
        assertThat(CATALOG.maps()).hasSizeGreaterThanOrEqualTo(2);
        for (ArenaMap m : CATALOG.maps()) {
            assertThat(m.walls()).isNotEmpty();
            assertThat(m.difficult()).isNotEmpty();
            assertThat(m.water()).isNotEmpty();
            assertThat(m.elevation()).isNotEmpty();
            assertThat(m.deployments().keySet()).containsExactlyInAnyOrder(Seat.values());
            Set<Hex> reach = reachable(m, m.deployments().get(Seat.A).hex());
            for (ArenaMap.Deployment d : m.deployments().values()) {
                assertThat(m.passable(d.hex())).isTrue();
                assertThat(reach).contains(d.hex());
            }
            for (Hex h : m.walls()) {
                assertThat(m.onMap(h)).isTrue();
            }
        }
    }

    private static Set<Hex> reachable(ArenaMap m, Hex from) {
        Set<Hex> seen = new HashSet<>(List.of(from));
        Deque<Hex> todo = new ArrayDeque<>(seen);
        while (!todo.isEmpty()) {
            for (Hex n : todo.pop().neighbours()) {
                if (m.passable(n) && seen.add(n)) {
                    todo.add(n);
                }
            }
        }
        return seen;
    }

    @Test
    @DisplayName(
            "C-D-CARD-1 primary weapons, secondary equipment, defence/reactive and utility cards; the named ones")
    void cards() {
        for (Catalog.Kind k : Catalog.Kind.values()) {
            assertThat(CATALOG.cards()).anyMatch(c -> c.kind() == k);
        }
        assertThat(CATALOG.card("faithful-thrust").damage()).isEqualTo(4);
        assertThat(CATALOG.card("faithful-thrust").cost()).isEqualTo(2);
        assertThat(CATALOG.card("blood-offering").burn()).isEqualTo(2);
        assertThat(CATALOG.card("blood-offering").buff()).isEqualTo(3);
        assertThat(CATALOG.card("brace-for-impact").reduce()).isEqualTo(2);
        assertThat(CATALOG.card("deflect").reduce()).isEqualTo(1);
        assertThat(CATALOG.card("unyielding-bulwark").reduce()).isEqualTo(3);
        assertThat(CATALOG.card("unyielding-bulwark").heat()).isEqualTo(1);
        assertThat(CATALOG.card("emergency-vent").cost()).isEqualTo(2);
        assertThat(CATALOG.card("emergency-vent").cool()).isEqualTo(3);
        assertThat(CATALOG.cards())
                .filteredOn(Catalog.Card::reactive)
                .allMatch(c -> c.kind() == Catalog.Kind.DEFENCE);
    }

    @Test
    @DisplayName("C-D-WOUND-2 ten wound cards: 5 minor, 3 severe, 2 trauma")
    void wounds() {
        assertThat(CATALOG.wounds()).hasSize(10);
        assertThat(CATALOG.wounds()).filteredOn(w -> w.tier().equals("MINOR")).hasSize(5);
        assertThat(CATALOG.wounds()).filteredOn(w -> w.tier().equals("SEVERE")).hasSize(3);
        assertThat(CATALOG.wounds()).filteredOn(w -> w.tier().equals("TRAUMA")).hasSize(2);
        assertThat(CATALOG.wound("internal-bleeding").effect()).isEqualTo("bleed");
    }

    @Test
    @DisplayName("C-D-CASKET-1 four starter Caskets, one per type, each deck legal (C-D-DECK-1)")
    void starters() {
        assertThat(CATALOG.starters().stream().map(Catalog.Starter::type))
                .containsExactlyInAnyOrder(CasketType.values());
        for (Catalog.Starter s : CATALOG.starters()) {
            assertThat(CATALOG.deckViolations(s.deck())).as(s.id()).isEmpty();
        }
    }

    @Test
    @DisplayName(
            "C-D-DECK-1 26 to 50 known cards, at most 4 copies, no Damage card; every violation listed")
    void deckRules() {
        List<String> bad = new java.util.ArrayList<>(java.util.Collections.nCopies(5, "deflect"));
        bad.add("damage");
        bad.add("nope");
        assertThat(CATALOG.deckViolations(bad)).hasSize(4);
    }
}
