package io.duelhall.domain.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class SeriesTest {
    @Test
    void twoWinsEndABestOfThree() {
        Series s = Series.start(3).plus("A");
        assertThat(s.decided()).isFalse();
        assertThat(s.nextGame()).isEqualTo(2);
        s = s.plus("A");
        assertThat(s.decided()).isTrue();
        assertThat(s.result()).isEqualTo(new Result(2, 0, 0));
    }

    @Test
    void aDrawnGameCountsAsPlayedSoThreeGamesEndItWhatever() {
        Series s = Series.start(3).plus("A").plus(null);
        assertThat(s.decided()).isFalse();
        s = s.plus("B");
        assertThat(s.decided()).isTrue();
        assertThat(s.result()).isEqualTo(new Result(1, 1, 1));
        assertThat(s.result().winner()).isNull();
        assertThat(Series.start(3).plus("B").plus("A").plus("B").result())
                .isEqualTo(new Result(1, 2, 0));
    }

    @Test
    void theFirstSeatAlternatesGameByGame() {
        assertThat(Series.firstSeatFirst(1)).isTrue();
        assertThat(Series.firstSeatFirst(2)).isFalse();
        assertThat(Series.firstSeatFirst(3)).isTrue();
        // in game 2 the table's second seat sits first: the match's A is the table's B
        assertThat(Series.tableSeat("A", 2)).isEqualTo("B");
        assertThat(Series.tableSeat("B", 2)).isEqualTo("A");
        assertThat(Series.tableSeat("A", 3)).isEqualTo("A");
        assertThat(Series.tableSeat(null, 2)).isNull();
    }

    @Test
    void aBestOfOneIsOneGame() {
        assertThat(Series.start(1).plus(null).decided()).isTrue();
        assertThat(Series.start(1).plus("B").result()).isEqualTo(Result.winB(1));
    }

    /** Whatever the games, a best-of-3 ends when someone has 2 or after 3 games, not before. */
    @Property(tries = 200)
    void aBestOfThreeEndsExactlyWhenItShould(@ForAll("games") java.util.List<String> games) {
        Series s = Series.start(3);
        for (String g : games) {
            if (s.decided()) {
                break;
            }
            s = s.plus(g.equals("D") ? null : g);
        }
        assertThat(s.games().size()).isBetween(2, 3);
        Result r = s.result();
        assertThat(r.winsA() + r.winsB() + r.draws()).isEqualTo(s.games().size());
        assertThat(s.decided()).isTrue();
        assertThat(Math.max(r.winsA(), r.winsB()) == 2 || s.games().size() == 3).isTrue();
        assertThat(r.winsA() <= 2 && r.winsB() <= 2).isTrue();
    }

    @Provide
    net.jqwik.api.Arbitrary<java.util.List<String>> games() {
        return Arbitraries.of("A", "B", "D").list().ofSize(3);
    }
}
