package io.duelhall.domain.voidexa;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.DrawCheck;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchSetup;
import io.duelhall.domain.Seat;
import io.duelhall.domain.rng.Sha256;
import io.duelhall.domain.voidexa.VoidexaEvent.DeckShuffled;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchCreated;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchStarted;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A whole match setup through the real ruleset against the vector of docs/fairness.md (computed
 * there in Python): server seed 00 01 … 1f, client seeds "alice" and "bob", the two decks listed in
 * the doc. Pins the commitment, the match seed, the first seat (V-SETUP-2), the deck orders and the
 * card instance ids.
 */
class SetupVectorsTest {
    static final byte[] SERVER_SEED = new byte[32];

    static {
        for (int i = 0; i < 32; i++) {
            SERVER_SEED[i] = (byte) i;
        }
    }

    static List<String> deck(Object... cardAndCount) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < cardAndCount.length; i += 2) {
            for (int n = 0; n < (Integer) cardAndCount[i + 1]; n++) {
                out.add((String) cardAndCount[i]);
            }
        }
        return out;
    }

    /**
     * "Hot Barrage", listed in the doc (not read from the catalog, so a catalog change cannot move
     * the vector).
     */
    static final List<String> DECK_A =
            deck(
                    "pulse-tap",
                    4,
                    "laser-volley",
                    4,
                    "scatter-shot",
                    4,
                    "piercing-round",
                    4,
                    "rail-lance",
                    4,
                    "reactor-strike",
                    4,
                    "ion-torpedo",
                    3,
                    "cascade-missiles",
                    2,
                    "singularity-lance",
                    1,
                    "counter-battery",
                    4,
                    "coolant-vent",
                    4,
                    "coolant-burst",
                    4,
                    "quick-shield",
                    4,
                    "emergency-shunt",
                    4,
                    "heat-sink",
                    2,
                    "strafe-burn",
                    4,
                    "overcharge-coupling",
                    2,
                    "reactor-boost",
                    2);

    /** "Hive Swarm". */
    static final List<String> DECK_B =
            deck(
                    "scout-drone",
                    4,
                    "strike-drone",
                    4,
                    "guardian-drone",
                    4,
                    "lancer-drone",
                    2,
                    "drone-boost",
                    4,
                    "hangar-refit",
                    3,
                    "targeting-ai",
                    2,
                    "point-defense",
                    4,
                    "emergency-shunt",
                    4,
                    "deflector-surge",
                    4,
                    "hull-patch",
                    4,
                    "tactical-ai",
                    2,
                    "field-medic-ai",
                    2,
                    "plasma-storm",
                    2,
                    "auxiliary-power-cell",
                    3,
                    "evasive-roll",
                    4,
                    "afterburner",
                    4,
                    "life-support-backup",
                    2,
                    "reactor-shielding",
                    2);

    static final String COMMITMENT =
            "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd";
    static final String MATCH_SEED =
            "cd879860bf9636adb0029f9443093e1cb710701a49396ff3d9e8679c18c08b91";

    static final List<String> ORDER_A =
            List.of(
                    "c3a552ba8 piercing-round",
                    "c38e20704 strafe-burn",
                    "cf14b2bcc coolant-burst",
                    "c0205a694 reactor-boost",
                    "cb9bc3b63 ion-torpedo",
                    "caaab59cb scatter-shot",
                    "cd4bbb639 emergency-shunt",
                    "c27574e35 pulse-tap",
                    "c87ea4a2f emergency-shunt",
                    "c98cba9ce piercing-round",
                    "ca9bfd2b5 counter-battery",
                    "c53b43912 laser-volley",
                    "c35d65772 quick-shield",
                    "c2e5f0c08 coolant-vent",
                    "c62c3aea0 coolant-burst",
                    "c8e1a099c counter-battery",
                    "c73bb228f coolant-vent",
                    "c9ed4d831 quick-shield",
                    "cde0a674b scatter-shot",
                    "c279e2853 rail-lance",
                    "c018f9681 quick-shield",
                    "c2ecb97a1 singularity-lance",
                    "cbd02df5b overcharge-coupling",
                    "c06e59e30 coolant-burst",
                    "c6421027c reactor-boost",
                    "cb7ceef0f emergency-shunt",
                    "c7de86cb1 cascade-missiles",
                    "c82764093 laser-volley",
                    "c833b33b1 heat-sink",
                    "c72cfdb0e counter-battery",
                    "c6a72b1a0 scatter-shot",
                    "c18de60e7 coolant-burst",
                    "c4cce2116 heat-sink",
                    "c123cfdc3 ion-torpedo",
                    "c01edb070 laser-volley",
                    "cd75ce93b cascade-missiles",
                    "c25ae399f piercing-round",
                    "c5f1af1f5 pulse-tap",
                    "cc4baf3f4 scatter-shot",
                    "c074b807c reactor-strike",
                    "cfd455e02 reactor-strike",
                    "c06a12467 rail-lance",
                    "ced8d4516 ion-torpedo",
                    "c3e0b7a9e piercing-round",
                    "c971ccf55 laser-volley",
                    "ce08c7838 pulse-tap",
                    "c069756de strafe-burn",
                    "c2b27dd69 rail-lance",
                    "cfc869792 strafe-burn",
                    "c4cb05fdf coolant-vent",
                    "cb429b60c emergency-shunt",
                    "c86bb855d coolant-vent",
                    "c6768dede reactor-strike",
                    "c1fa04e4b reactor-strike",
                    "cb0c64a19 rail-lance",
                    "c1daa135d strafe-burn",
                    "ca5ac1380 overcharge-coupling",
                    "c21d0653d counter-battery",
                    "cb047d7d3 quick-shield",
                    "cf9b4c4db pulse-tap");

    /** Deck B in full, as docs/fairness.md lists it since issue 26. */
    static final List<String> ORDER_B =
            List.of(
                    "c102d6843 scout-drone",
                    "c61faa07a tactical-ai",
                    "ca4788d45 deflector-surge",
                    "ca6ab835d strike-drone",
                    "c3232be69 guardian-drone",
                    "cf4a6299f guardian-drone",
                    "cd8a5f6d9 evasive-roll",
                    "c942b3b67 hangar-refit",
                    "c4db62fd0 scout-drone",
                    "c3ead3886 strike-drone",
                    "c822d8bff reactor-shielding",
                    "c39409003 emergency-shunt",
                    "cee6c9ff2 strike-drone",
                    "c4b5e4ac1 drone-boost",
                    "c5d44492f point-defense",
                    "c1bf845b2 evasive-roll",
                    "cb39781d4 afterburner",
                    "c81fd2095 hull-patch",
                    "ce4c6b0e5 field-medic-ai",
                    "ccea9eebf evasive-roll",
                    "c6d67a79e guardian-drone",
                    "c5a20ae51 evasive-roll",
                    "cd4e4fda5 scout-drone",
                    "cbacd8a19 drone-boost",
                    "c607480f7 deflector-surge",
                    "cf0d1802d drone-boost",
                    "c82c6a001 hangar-refit",
                    "c1d9bc225 strike-drone",
                    "c67448461 auxiliary-power-cell",
                    "c50642e16 plasma-storm",
                    "c6d8803e1 auxiliary-power-cell",
                    "cf456a96e life-support-backup",
                    "c7750a6b2 field-medic-ai",
                    "ce724a209 auxiliary-power-cell",
                    "c09ebddae lancer-drone",
                    "c188118b1 targeting-ai",
                    "c3db221e7 tactical-ai",
                    "cdf89a206 hull-patch",
                    "c3b0a9230 reactor-shielding",
                    "cc7c1a656 deflector-surge",
                    "c732fd67a hull-patch",
                    "c92a52dde drone-boost",
                    "c3832fd68 emergency-shunt",
                    "c4a6337d3 life-support-backup",
                    "c872c5e84 guardian-drone",
                    "cfc283dc2 afterburner",
                    "cf09f67bb point-defense",
                    "c6ddcf432 point-defense",
                    "c5596c6c1 scout-drone",
                    "c34bac729 deflector-surge",
                    "c8cf01a8d emergency-shunt",
                    "c33dec777 point-defense",
                    "c6a9ebc95 hull-patch",
                    "c1275eaff afterburner",
                    "c09b0f52d afterburner",
                    "c6276a7d6 lancer-drone",
                    "cb31a4a86 emergency-shunt",
                    "c4472d60d targeting-ai",
                    "c47f416b2 hangar-refit",
                    "c5e2cc185 plasma-storm");

    static final List<String> TOP_B =
            List.of(
                    "c102d6843 scout-drone",
                    "c61faa07a tactical-ai",
                    "ca4788d45 deflector-surge",
                    "ca6ab835d strike-drone",
                    "c3232be69 guardian-drone");

    @Test
    void matchSetupReproducesTheDocumentedVector() {
        VoidexaRuleset rules = Fixtures.RULES;
        List<MatchEvent> events =
                new ArrayList<>(
                        rules.create("m-vector", MatchOptions.defaults(), SERVER_SEED).events());
        VoidexaState s = (VoidexaState) rules.replay(events);
        events.addAll(
                rules.join(s, new JoinRequest("Ada", "gunner", "vanguard-core", DECK_A, "alice"))
                        .events());
        s = (VoidexaState) rules.replay(events);
        // the seat sends its deck in any order: the shuffle starts from the sorted deck
        List<String> reversed = new ArrayList<>(DECK_B);
        java.util.Collections.reverse(reversed);
        events.addAll(
                rules.join(s, new JoinRequest("Bo", "commander", "hive-core", reversed, "bob"))
                        .events());

        MatchCreated created = (MatchCreated) events.get(0);
        assertThat(created.seedCommitment()).isEqualTo(COMMITMENT);
        assertThat(Sha256.hex(SetupDraws.matchSeed(created.serverSeed(), "alice", "bob")))
                .isEqualTo(MATCH_SEED);
        assertThat(events)
                .filteredOn(MatchStarted.class::isInstance)
                .singleElement()
                .isEqualTo(new MatchStarted(Seat.A));
        List<DeckShuffled> shuffles =
                events.stream()
                        .filter(DeckShuffled.class::isInstance)
                        .map(DeckShuffled.class::cast)
                        .toList();
        assertThat(shuffles).extracting(DeckShuffled::seat).containsExactly(Seat.A, Seat.B);
        assertThat(shuffles.get(0).order())
                .extracting(r -> r.id() + " " + r.card())
                .containsExactlyElementsOf(ORDER_A);
        assertThat(shuffles.get(1).order().subList(0, 5))
                .extracting(r -> r.id() + " " + r.card())
                .containsExactlyElementsOf(TOP_B);
        assertThat(shuffles.get(1).order().get(59))
                .isEqualTo(new CardRef("c5e2cc185", "plasma-storm"));
        assertThat(shuffles.get(1).order())
                .extracting(r -> r.id() + " " + r.card())
                .containsExactlyElementsOf(ORDER_B);
    }

    @Test
    void anIdAlreadyGivenIsSkippedAsTheDocumentedVectorSays() {
        // docs/fairness.md, "An id already given is skipped": client seed B "bob-96028" makes word
        // 117 of "card-ids"
        // repeat word 42 (20992493, deck A's position 42), so deck B's position 57 takes word 118
        byte[] matchSeed = SetupDraws.matchSeed(Sha256.hex(SERVER_SEED), "alice", "bob-96028");
        assertThat(Sha256.hex(matchSeed))
                .isEqualTo("b935d842ff957b2ae07c520e7b83078c99c688a3251bd16beeec1b2f097c2f51");
        SetupDraws.Draws draws = SetupDraws.draw(matchSeed, DECK_A, DECK_B);
        assertThat(draws.firstSeat()).isEqualTo(Seat.B);
        assertThat(draws.decks().get(Seat.A).get(42))
                .isEqualTo(new CardRef("c20992493", "reactor-boost"));
        assertThat(draws.decks().get(Seat.B).subList(56, 60))
                .containsExactly(
                        new CardRef("cc98b2604", "deflector-surge"),
                        new CardRef("c0d2cf890", "field-medic-ai"),
                        new CardRef("c5ee48c54", "tactical-ai"),
                        new CardRef("c7cbb151f", "evasive-roll"));
        List<String> ids = new ArrayList<>();
        draws.decks().values().forEach(d -> d.forEach(r -> ids.add(r.id())));
        assertThat(ids).hasSize(120).doesNotHaveDuplicates();
    }

    @Test
    void aCardDrawnThatIsNotTheNextCardOfItsOrderIsNamed() {
        // docs/fairness.md, "Draws after setup": the k-th CardDrawn of a seat holds the k-th card
        // of its order
        Fixtures.Game g = new Fixtures.Game(8);
        g.act(io.duelhall.domain.Intent.concede(Seat.A));
        List<MatchEvent> forged = new ArrayList<>();
        boolean[] done = {false};
        for (MatchEvent e : g.events) {
            if (!done[0] && e instanceof VoidexaEvent.CardDrawn d && d.seat() == Seat.B) {
                e =
                        new VoidexaEvent.CardDrawn(
                                d.seat(),
                                new CardRef(
                                        d.card().id(),
                                        "hull-patch".equals(d.card().card())
                                                ? "afterburner"
                                                : "hull-patch"),
                                d.handCount(),
                                d.deckCount());
                done[0] = true;
            }
            forged.add(e);
        }
        assertThat(g.rules.reproduceDraws(g.events)).allMatch(DrawCheck::reproduced);
        List<DrawCheck> checks = g.rules.reproduceDraws(forged);
        assertThat(checks)
                .filteredOn(c -> !c.reproduced())
                .singleElement()
                .satisfies(
                        c -> {
                            assertThat(c.draw()).isEqualTo("cards drawn by seat B");
                            assertThat(c.expected()).startsWith("draw 1:");
                        });
    }

    @Test
    void theAuditRedoesTheDrawsFromTheRevealedSeed() {
        Fixtures.Game g = new Fixtures.Game(7);
        g.act(io.duelhall.domain.Intent.concede(VoidexaMoves.toAct(g.state)));
        List<DrawCheck> checks = g.rules.reproduceDraws(g.events);
        assertThat(checks).hasSize(5).allMatch(DrawCheck::reproduced);
        MatchSetup setup = g.rules.setup(g.events);
        assertThat(setup.revealedServerSeed()).isEqualTo(setup.committedServerSeed());
        assertThat(setup.clientSeeds()).containsEntry(Seat.A, "a-7").containsEntry(Seat.B, "b-7");
        assertThat(setup.seats().get(Seat.A).deck()).hasSize(60).isSorted();
    }

    @Test
    void aDeckOrderTheSeedsDoNotGiveIsNamed() {
        Fixtures.Game g = new Fixtures.Game(8);
        g.act(io.duelhall.domain.Intent.concede(Seat.A));
        List<MatchEvent> forged = new ArrayList<>();
        for (MatchEvent e : g.events) {
            if (e instanceof DeckShuffled d && d.seat() == Seat.B) {
                List<CardRef> order = new ArrayList<>(d.order());
                java.util.Collections.swap(order, 3, 40);
                e = new DeckShuffled(d.seat(), d.size(), order);
            }
            forged.add(e);
        }
        List<DrawCheck> checks = g.rules.reproduceDraws(forged);
        assertThat(checks)
                .filteredOn(c -> !c.reproduced())
                .singleElement()
                .satisfies(
                        c -> {
                            assertThat(c.draw()).contains("seat B");
                            assertThat(c.expected()).startsWith("position 3:");
                        });
    }

    @Test
    void aClientSeedLongerThan64BytesIsRefused() {
        VoidexaRuleset rules = Fixtures.RULES;
        VoidexaState s =
                (VoidexaState)
                        rules.replay(
                                rules.create("m", MatchOptions.defaults(), SERVER_SEED).events());
        String tooLong = "é".repeat(33); // 66 bytes of UTF-8 in 33 characters
        assertThat(
                        rules.join(
                                        s,
                                        new JoinRequest(
                                                "Ada", "gunner", "vanguard-core", DECK_A, tooLong))
                                .refusal()
                                .code())
                .isEqualTo("OUT_OF_RANGE");
        assertThat(
                        rules.join(
                                        s,
                                        new JoinRequest(
                                                "Ada", "gunner", "vanguard-core", DECK_A, null))
                                .refusal()
                                .code())
                .isEqualTo("OUT_OF_RANGE");
        assertThat(
                        rules.join(
                                        s,
                                        new JoinRequest(
                                                "Ada",
                                                "gunner",
                                                "vanguard-core",
                                                DECK_A,
                                                "é".repeat(32)))
                                .accepted())
                .isTrue();
    }
}
