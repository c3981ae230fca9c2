package io.duelhall.domain.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatKnowledge;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.casket.CasketState;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
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
                    public Intent choose(SeatKnowledge k, Arena.Position position) {
                        GameState truth = position.state();
                        seen[0]++;
                        assertThat(position.events()).hasSize((int) k.version() + 1);
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
        int[] plain = {0};
        AiPlayer others =
                new AiPlayer() {
                    @Override
                    public Intent choose(SeatKnowledge k) {
                        plain[0]++;
                        return greedy.choose(k);
                    }

                    @Override
                    public String name() {
                        return "greedy, counted";
                    }
                };
        Map<Seat, AiPlayer> players = new EnumMap<>(Seat.class);
        players.put(Seat.A, seeing);
        players.put(Seat.B, others);
        if (id.equals("casket")) {
            players.put(Seat.C, others);
        }
        Arena.Game game = new Arena(g.rules(), g.roster()).play(5, players);
        assertThat(seen[0]).isEqualTo(game.decisions().get(Seat.A)).isPositive();
        assertThat(plain[0])
                .as("every other seat's decision asked with its knowledge alone")
                .isEqualTo(
                        game.decisions().entrySet().stream()
                                .filter(e -> e.getKey() != Seat.A)
                                .mapToInt(Map.Entry::getValue)
                                .sum())
                .isPositive();
        assertThat(hiddenFromItsSeat[0])
                .as("the truth holds what the seat's view does not (other hands, decks)")
                .isPositive();
    }

    /**
     * What {@code --oracle every-event} hands the search in casket: the ruleset's own sampler over
     * every raw event deals nothing face down (every hand, deck order and wound deck is in the
     * events), so a sample is the truth but for the server seed: every card known, no die.
     */
    @Test
    void everyRawEventLeavesCasketOnlyTheDiceToSample() {
        Games g = Games.of("casket");
        Arena.Position truth = FairByConstructionTest.stopAt(g, 3, 41);
        Seat seat = g.rules().toAct(truth.state());
        long version = truth.events().size() - 1;
        SeatKnowledge own =
                SeatKnowledge.of(g.rules(), truth.state(), truth.events(), seat, version);
        SeatKnowledge all = new SeatKnowledge(seat, version, own.view(), truth.events());
        SplittableRandom random = new SplittableRandom(3);
        GameState fromAll = g.rules().hiddenState(all).sample(random);
        GameState fromOwn = g.rules().hiddenState(own).sample(random);
        assertThat(fromAll).as("the server seed is sampled").isNotEqualTo(truth.state());
        assertThat(((CasketState) fromAll).pilots())
                .as("every hand, deck order and wound deck as the truth has it")
                .isEqualTo(((CasketState) truth.state()).pilots());
        assertThat(g.rules().view(fromOwn, Viewer.EVERYONE, version))
                .as("the seat's own knowledge deals the others' hands and decks anew")
                .isNotEqualTo(g.rules().view(truth.state(), Viewer.EVERYONE, version));
    }

    /**
     * The oracle plays whole matches in the arena with either sight, reproducibly (a budget in
     * iterations), and refuses to play where only a seat's knowledge is given (the server's way).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"TRUTH", "EVERY_EVENT"})
    void theOraclePlaysInTheArenaOnly(String sight) {
        Games g = Games.of("voidexa");
        Budget budget = Budget.iterations(12);
        Map<Seat, AiPlayer> players = new EnumMap<>(Seat.class);
        players.put(
                Seat.A, new Oracle(g.rules(), g.game(), budget, 9, Oracle.Sight.valueOf(sight)));
        players.put(Seat.B, g.greedy());
        Arena arena = new Arena(g.rules(), g.roster());
        Arena.Game first = arena.play(21, players);
        players.put(
                Seat.A, new Oracle(g.rules(), g.game(), budget, 9, Oracle.Sight.valueOf(sight)));
        Arena.Game again = arena.play(21, players);
        assertThat(first.finished()).isTrue();
        assertThat(again.places()).isEqualTo(first.places());
        assertThat(again.decisions()).isEqualTo(first.decisions());
        assertThat(again.events()).isEqualTo(first.events());
        Arena.Position p = arena.open(21, List.of(Seat.A, Seat.B));
        SeatKnowledge k =
                SeatKnowledge.of(
                        g.rules(),
                        p.state(),
                        p.events(),
                        g.rules().toAct(p.state()),
                        p.events().size() - 1);
        assertThatThrownBy(() -> players.get(Seat.A).choose(k))
                .isInstanceOf(IllegalStateException.class);
    }
}
