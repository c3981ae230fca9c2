package io.duelhall.domain.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatKnowledge;
import io.duelhall.domain.Viewer;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The arena's measurement hook ({@link Arena.Seeing}, the bench's {@code arena --oracle}): a seeing
 * player is handed, at each of its decisions, the match exactly as it stands — the state its seat's
 * knowledge was made from — and is never asked as a plain player; every other player still gets its
 * seat's knowledge alone.
 */
class ArenaSeeingTest {
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"voidexa", "casket"})
    void aSeeingPlayerIsHandedTheMatchAsItStands(String id) {
        Games g = Games.of(id);
        AiPlayer greedy = g.greedy();
        int[] seen = {0};
        int[] hiddenFromItsSeat = {0};
        Arena.Seeing seeing =
                new Arena.Seeing() {
                    @Override
                    public Intent choose(SeatKnowledge k, GameState truth) {
                        seen[0]++;
                        assertThat(g.rules().toAct(truth)).isEqualTo(k.seat());
                        assertThat(g.rules().view(truth, Viewer.seat(k.seat()), k.version()))
                                .as("the seat's view of the truth is its knowledge's view")
                                .isEqualTo(k.view());
                        if (!g.rules().view(truth, Viewer.EVERYONE, k.version()).equals(k.view())) {
                            hiddenFromItsSeat[0]++;
                        }
                        return greedy.choose(k);
                    }

                    @Override
                    public Intent choose(SeatKnowledge k) {
                        throw new AssertionError("a seeing player is asked with the truth");
                    }

                    @Override
                    public String name() {
                        return "seeing greedy";
                    }
                };
        Map<Seat, AiPlayer> players = new EnumMap<>(Seat.class);
        players.put(Seat.A, seeing);
        players.put(Seat.B, greedy);
        if (id.equals("casket")) {
            players.put(Seat.C, greedy);
        }
        Arena.Game game = new Arena(g.rules(), g.roster()).play(5, players);
        assertThat(seen[0]).isEqualTo(game.decisions().get(Seat.A)).isPositive();
        assertThat(hiddenFromItsSeat[0])
                .as("the truth holds what the seat's view does not (other hands, decks)")
                .isPositive();
    }
}
