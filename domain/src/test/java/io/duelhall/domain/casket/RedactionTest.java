package io.duelhall.domain.casket;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.casket.CasketEvent.*;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** C-D-VIEW-1: nothing hidden reaches a viewer, for any number of seats. */
class RedactionTest {
    static final CasketRuleset RULES = PlayPropertiesTest.RULES;

    @ParameterizedTest(name = "{0} seats")
    @ValueSource(ints = {2, 3, 4, 5, 6})
    @DisplayName(
            "C-D-VIEW-1 no event or view shows a viewer another seat's hand, any deck order or wound deck, or the server seed")
    void noLeaks(int seats) {
        PlayPropertiesTest.Game g =
                PlayPropertiesTest.play(seats * 101L, seats, seats, (s, r) -> {});
        List<Viewer> viewers = new ArrayList<>();
        viewers.add(Viewer.SPECTATOR);
        for (int i = 0; i < seats; i++) {
            viewers.add(Viewer.seat(Seat.values()[i]));
        }
        CasketState truth = RULES.initial();
        long version = 0;
        int checked = 0;
        for (MatchEvent e : g.events()) {
            truth = RULES.evolve(truth, e);
            version++;
            for (Viewer v : viewers) {
                MatchEvent r = RULES.redact(e, v);
                if (r instanceof CasketMatchCreated c) {
                    assertThat(c.serverSeed()).isNull();
                }
                if (r instanceof HpDeckShuffled d) {
                    assertThat(d.order()).isNull();
                }
                if (r instanceof WoundDeckShuffled w) {
                    assertThat(w.order()).isNull();
                }
                if (r instanceof DiscardReshuffled d) {
                    assertThat(d.order()).isNull();
                }
                if (r instanceof PilotJoined j && !v.maySeeOwn(j.seat())) {
                    assertThat(j.deck()).isNull();
                }
                if (r instanceof HpCardDrawn d && !v.maySeeOwn(d.seat())) {
                    assertThat(d.card()).isNull();
                }
                if (r instanceof HandReturned h && !v.maySeeOwn(h.seat())) {
                    assertThat(h.cards()).isNull();
                }
                if (truth.status() == MatchStatus.LIVE && version % 7 == 0) {
                    CasketView view = RULES.view(truth, v, version);
                    view.seats()
                            .forEach(
                                    (seat, sv) -> {
                                        if (!v.maySeeOwn(seat)) {
                                            assertThat(sv.hand()).isNull();
                                        } else {
                                            assertThat(sv.hand()).hasSize(sv.handCount());
                                        }
                                    });
                    assertThat(view)
                            .as("the view does not depend on what %s may not see", v)
                            .isEqualTo(RULES.view(scrambled(truth, v), v, version));
                    checked++;
                }
            }
        }
        assertThat(checked).isGreaterThan(10);
        CasketView end = RULES.view(truth, Viewer.SPECTATOR, version);
        assertThat(end.seats().values()).allMatch(sv -> sv.hand() != null);
    }

    /** The state with every card the viewer may not see turned face down (decks always). */
    private static CasketState scrambled(CasketState s, Viewer v) {
        CasketState out = s;
        for (Seat seat : s.seats()) {
            out =
                    out.withPilot(
                            seat,
                            p -> {
                                p.deck =
                                        new ArrayList<>(
                                                Collections.nCopies(
                                                        p.deck.size(), CardRef.FACE_DOWN));
                                p.wounds =
                                        new ArrayList<>(Collections.nCopies(p.wounds.size(), "?"));
                                if (!v.maySeeOwn(seat)) {
                                    p.hand =
                                            new ArrayList<>(
                                                    Collections.nCopies(
                                                            p.hand.size(), CardRef.FACE_DOWN));
                                }
                            });
        }
        return out.edit(b -> b.serverSeed = null);
    }
}
