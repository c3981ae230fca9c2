package io.duelhall.domain.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.GameState;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatKnowledge;
import io.duelhall.domain.Viewer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 42, "fair by construction", per game: an AI's input is the seat's knowledge alone. A real
 * match is stopped at a decision; its twin is another whole state that differs only in what the
 * seat cannot see — drawn by the ruleset's own {@code hiddenState} (other hands, every deck order,
 * the server seed all different) — with the history as that seat received it. The seat's view of
 * both is the same, so is its knowledge, and every AI (the search, greedy) decides the same on
 * both, while the hidden parts of the two differ.
 */
class FairByConstructionTest {
    /** A match between greedy players, played on the truth up to its {@code at}-th decision. */
    static Arena.Position stopAt(Games g, int seats, int at) {
        Arena arena = new Arena(g.rules(), g.roster());
        List<Seat> taken = new ArrayList<>();
        for (int i = 0; i < seats; i++) {
            taken.add(Seat.values()[i]);
        }
        Arena.Position p = arena.open(77, taken);
        AiPlayer greedy = g.greedy();
        for (int n = 0; n < at; n++) {
            Seat seat = g.rules().toAct(p.state());
            SeatKnowledge k =
                    SeatKnowledge.of(g.rules(), p.state(), p.events(), seat, p.events().size() - 1);
            p = arena.after(p, greedy.choose(k).by(seat));
        }
        // stop where the seat to act has a real choice
        while (g.rules().legalMoves(p.state(), g.rules().toAct(p.state())).size() < 2) {
            Seat seat = g.rules().toAct(p.state());
            p = arena.after(p, g.rules().legalMoves(p.state(), seat).get(0));
        }
        return p;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"voidexa", "voidlit", "biome", "casket"})
    void sameKnowledgeSameDecision(String id) {
        Games g = Games.of(id);
        int seats = id.equals("casket") ? 3 : 2;
        Arena.Position truth = stopAt(g, seats, 41);
        Seat seat = g.rules().toAct(truth.state());
        long version = truth.events().size() - 1;
        SeatKnowledge known =
                SeatKnowledge.of(g.rules(), truth.state(), truth.events(), seat, version);

        // the twin: a whole other state with the same knowledge for this seat
        GameState twin = g.rules().hiddenState(known).sample(new SplittableRandom(99));
        List<MatchEvent> twinEvents = new ArrayList<>(known.events());
        SeatKnowledge twinKnown = SeatKnowledge.of(g.rules(), twin, twinEvents, seat, version);

        assertThat(twin)
                .as("the twin differs in what the seat cannot see")
                .isNotEqualTo(truth.state());
        assertThat(hidden(g, twin, seat)).isNotEqualTo(hidden(g, truth.state(), seat));
        assertThat(twinKnown.view())
                .as(id + ": the seat's view of the twin is its view of the truth")
                .isEqualTo(known.view());
        assertThat(twinKnown).isEqualTo(known);

        AiPlayer search = g.search(24, -1, 5);
        AiPlayer greedy = g.greedy();
        assertThat(search.choose(twinKnown)).isEqualTo(search.choose(known)).isNotNull();
        assertThat(greedy.choose(twinKnown)).isEqualTo(greedy.choose(known)).isNotNull();
    }

    /** What the other seats hold, as everyone may see it once the match has ended. */
    static Object hidden(Games g, GameState s, Seat seat) {
        return g.rules().view(s, Viewer.EVERYONE, 0).toString();
    }
}
