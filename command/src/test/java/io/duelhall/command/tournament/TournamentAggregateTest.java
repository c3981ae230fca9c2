package io.duelhall.command.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.command.rules.CatalogReader;
import io.duelhall.command.tournament.TournamentCommands.CreateTournament;
import io.duelhall.command.tournament.TournamentCommands.Enter;
import io.duelhall.command.tournament.TournamentCommands.RecordResult;
import io.duelhall.command.tournament.TournamentCommands.Rule;
import io.duelhall.command.tournament.TournamentCommands.Start;
import io.duelhall.command.tournament.TournamentCommands.Withdraw;
import io.duelhall.command.tournament.TournamentEvents.PairedTable;
import io.duelhall.command.tournament.TournamentEvents.RoundPaired;
import io.duelhall.command.tournament.TournamentEvents.TournamentEvent;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.tournament.Format;
import io.duelhall.domain.tournament.Result;
import io.duelhall.domain.tournament.Ruling;
import io.duelhall.domain.tournament.Table;
import io.duelhall.domain.tournament.TournamentRules;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.cards.StarterDeck;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Tournament aggregate: given events, when a command, then events or a refusal. */
class TournamentAggregateTest {
    static final VoidexaRuleset RULES = new VoidexaRuleset(CatalogReader.voidexa());
    static final String ID = "t-1";
    static final Instant AT = Instant.parse("2026-11-28T12:00:00Z");
    static final byte[] SEED = new byte[32];
    static final TournamentRules SWISS2 =
            new TournamentRules(Format.SWISS, 2, 0, 1, null, null, 0, 0);

    /** SHA-256 of 32 zero bytes ({@code head -c 32 /dev/zero | sha256sum}), not from this code. */
    static final String SEED_COMMITMENT =
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925";

    FixtureConfiguration<Tournament> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Tournament.class);
        fixture.registerInjectableResource(
                new Rulesets(RULES, new io.duelhall.domain.casket.CasketRuleset()));
        fixture.registerInjectableResource(Clock.fixed(AT, ZoneOffset.UTC));
    }

    static JoinRequest seat(String name, int deck) {
        StarterDeck d = RULES.catalog().starterDecks().get(deck);
        return new JoinRequest(name, d.pilotClass(), d.shipCore(), d.cards(), name + "-seed");
    }

    static final TournamentRules BO3 = new TournamentRules(Format.SWISS, 2, 0, 3, null, null, 0, 0);

    /** A Swiss of 4-seat pods as the aggregate records it for casket (fewest seats 2). */
    static final TournamentRules PODS =
            new TournamentRules(Format.SWISS, 2, 0, 1, null, null, 4, 2);

    static final TournamentRules DOUBLE =
            new TournamentRules(Format.DOUBLE_ELIMINATION, 0, 0, 1, null, null, 0, 0);

    static TournamentEvents.Created created() {
        return created(SWISS2);
    }

    static TournamentEvents.Created created(TournamentRules rules) {
        return new TournamentEvents.Created(
                ID,
                "Friday",
                "voidexa",
                "org",
                "Organizer",
                rules,
                MatchOptions.defaults(),
                SEED_COMMITMENT,
                "00".repeat(32),
                "11".repeat(32),
                AT);
    }

    static List<Object> registered(int n) {
        return registered(SWISS2, n);
    }

    static List<Object> registered(TournamentRules rules, int n) {
        List<Object> events = new ArrayList<>();
        events.add(created(rules));
        for (int i = 0; i < n; i++) {
            events.add(
                    new TournamentEvents.EntryAdded(
                            "e" + i, "acc" + i, "P" + i, 1500, seat("P" + i, i % 2), AT));
        }
        return events;
    }

    /** The round the tournament pairs after {@code events}, as the aggregate must pair it. */
    static RoundPaired nextRound(List<Object> events) {
        TournamentState s = new TournamentState();
        events.forEach(e -> s.apply((TournamentEvent) e));
        var next = s.ledger().pairNext(SEED);
        List<PairedTable> tables = new ArrayList<>();
        for (io.duelhall.domain.tournament.Pod p : next.pairing().pods()) {
            tables.add(
                    new PairedTable(
                            p.number(),
                            s.tableMatchId(next.pairing().round(), p.number()),
                            p.seats().get(0),
                            p.seats().get(1),
                            p.seats()));
        }
        for (Table t : next.pairing().tables()) {
            tables.add(
                    new PairedTable(
                            t.number(),
                            s.tableMatchId(next.pairing().round(), t.number()),
                            t.a(),
                            t.b(),
                            null));
        }
        return new RoundPaired(
                next.pairing().round(), tables, next.pairing().byes(), next.bracketSeeds(), AT);
    }

    static List<Object> started(int n) {
        return started(SWISS2, n);
    }

    static List<Object> started(TournamentRules rules, int n) {
        List<Object> events = registered(rules, n);
        events.add(new TournamentEvents.Started(n, AT));
        events.add(nextRound(events));
        return events;
    }

    @Test
    void creationCommitsToTheSeed() {
        fixture.givenNoPriorActivity()
                .when(
                        new CreateTournament(
                                ID,
                                "Friday",
                                "voidexa",
                                "org",
                                "Organizer",
                                SWISS2,
                                MatchOptions.defaults(),
                                SEED,
                                Util.bytes(0x11)))
                .expectEvents(created());
    }

    @Test
    void aDeckTheRulesRefuseIsRefusedAtEntry() {
        JoinRequest good = seat("P9", 0);
        JoinRequest bad =
                new JoinRequest(
                        "P9",
                        good.pilotClass(),
                        good.shipCore(),
                        good.cards().subList(1, good.cards().size()),
                        "s");
        fixture.given(registered(0))
                .when(new Enter(ID, "e9", "acc9", "P9", bad))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("DECK_INVALID"));
    }

    @Test
    void aPlayerEntersOnce() {
        fixture.given(registered(2))
                .when(new Enter(ID, "e9", "acc0", "P0", seat("P0", 0)))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("ALREADY_ENTERED"));
    }

    @Test
    void onlyTheOrganizerStarts() {
        fixture.given(registered(4))
                .when(new Start(ID, "acc0"))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("NOT_ORGANIZER"));
    }

    @Test
    void theStartPairsRoundOneWithATableMatchEach() {
        List<Object> given = registered(4);
        List<Object> expected = new ArrayList<>(given);
        expected.add(new TournamentEvents.Started(4, AT));
        RoundPaired one = nextRound(expected);
        assertThat(one.tables()).hasSize(2);
        assertThat(one.tables().get(0).matchId()).isEqualTo(ID + "-r1-t1");
        fixture.given(given)
                .when(new Start(ID, "org"))
                .expectEvents(new TournamentEvents.Started(4, AT), one);
    }

    @Test
    void theLastResultOfARoundPairsTheNext() {
        List<Object> given = started(4);
        RoundPaired one = (RoundPaired) given.get(given.size() - 1);
        PairedTable t1 = one.tables().get(0);
        PairedTable t2 = one.tables().get(1);
        given.add(
                new TournamentEvents.TableResultRecorded(
                        1, 1, t1.matchId(), Result.winA(1), "CONCEDED", AT, null));
        TournamentEvents.TableResultRecorded last =
                new TournamentEvents.TableResultRecorded(
                        1, 2, t2.matchId(), Result.winB(1), "CONCEDED", AT, null);
        List<Object> after = new ArrayList<>(given);
        after.add(last);
        fixture.given(given)
                .when(new RecordResult(ID, 1, 2, t2.matchId(), "B", "CONCEDED", 1, null))
                .expectEvents(last, nextRound(after));
    }

    @Test
    void theLastResultOfTheLastRoundEndsTheTournamentAndRevealsTheSeed() {
        List<Object> given = started(2);
        RoundPaired one = (RoundPaired) given.get(given.size() - 1);
        given.add(
                new TournamentEvents.TableResultRecorded(
                        1, 1, one.tables().get(0).matchId(), Result.winA(1), "CONCEDED", AT, null));
        RoundPaired two = nextRound(given);
        given.add(two);
        PairedTable t = two.tables().get(0);
        fixture.given(given)
                .when(new RecordResult(ID, 2, 1, t.matchId(), null, "BOTH_LOST", 1, null))
                .expectEvents(
                        new TournamentEvents.TableResultRecorded(
                                2, 1, t.matchId(), Result.drawn(), "BOTH_LOST", AT, null),
                        new TournamentEvents.Ended("00".repeat(32), AT));
    }

    @Test
    void aResultOfAnotherMatchOrASettledTableChangesNothing() {
        List<Object> given = started(4);
        RoundPaired one = (RoundPaired) given.get(given.size() - 1);
        PairedTable t1 = one.tables().get(0);
        fixture.given(given)
                .when(new RecordResult(ID, 1, 1, "someone-elses-match", "A", "CONCEDED", 1, null))
                .expectNoEvents();
        given.add(
                new TournamentEvents.RulingMade(
                        "org",
                        "Organizer",
                        new Ruling(Ruling.Kind.MATCH_LOSS, t1.a(), null, null, null, "late"),
                        AT));
        fixture.given(given)
                .when(new RecordResult(ID, 1, 1, t1.matchId(), "A", "CONCEDED", 1, null))
                .expectNoEvents();
    }

    @Test
    void aRulingOnAnEntrantWhoDroppedIsRefused() {
        List<Object> given = started(4);
        given.add(new TournamentEvents.EntryWithdrawn("e1", "acc1", AT));
        fixture.given(given)
                .when(
                        new Rule(
                                ID,
                                "org",
                                "Organizer",
                                new Ruling(Ruling.Kind.MATCH_LOSS, "e1", null, null, null, "x")))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("ENTRANT_DROPPED"));
        fixture.given(given)
                .when(new Withdraw(ID, "acc1"))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("ENTRANT_DROPPED"));
    }

    @Test
    void aJudgeTheOrganizerNamedRulesAndNobodyElseDoes() {
        List<Object> given = started(4);
        Ruling warning = new Ruling(Ruling.Kind.WARNING, "e0", null, null, null, "slow play");
        fixture.given(given)
                .when(new Rule(ID, "acc3", "P3", warning))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("NOT_A_JUDGE"));
        fixture.given(given)
                .when(new TournamentCommands.NameJudge(ID, "acc3", "acc2", "P2"))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("NOT_ORGANIZER"));
        fixture.given(given)
                .when(new TournamentCommands.NameJudge(ID, "org", "judge", "Judy"))
                .expectEvents(new TournamentEvents.JudgeNamed("judge", "Judy", "org", AT));
        given.add(new TournamentEvents.JudgeNamed("judge", "Judy", "org", AT));
        fixture.given(given)
                .when(new Rule(ID, "judge", "Judy", warning))
                .expectEvents(new TournamentEvents.RulingMade("judge", "Judy", warning, AT));
    }

    /**
     * A time extension (issue 41) is recorded like every ruling (who, what, why, and its seconds)
     * and changes nothing else in the tournament; the match's clock is moved by the tables'
     * processor. A table that does not exist, one with its result, seconds out of range and a
     * caller who is not a judge are refused with nothing recorded.
     */
    @Test
    void aTimeExtensionIsRecordedForAnOpenTable() {
        List<Object> given = started(4);
        Ruling ext = Ruling.timeExtension(1, 1, 300, "judge call at the table");
        fixture.given(given)
                .when(new Rule(ID, "org", "Organizer", ext))
                .expectEvents(new TournamentEvents.RulingMade("org", "Organizer", ext, AT));
        fixture.given(given)
                .when(new Rule(ID, "acc1", "P1", ext))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("NOT_A_JUDGE"));
        fixture.given(given)
                .when(new Rule(ID, "org", "Organizer", Ruling.timeExtension(1, 9, 300, "x")))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("UNKNOWN_TABLE"));
        fixture.given(given)
                .when(new Rule(ID, "org", "Organizer", Ruling.timeExtension(1, 1, 5, "x")))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("OUT_OF_RANGE"));
        RoundPaired one = (RoundPaired) given.get(given.size() - 1);
        PairedTable first = one.tables().get(0);
        given.add(
                new TournamentEvents.TableResultRecorded(
                        1, first.table(), first.matchId(), Result.winA(1), "CONCEDED", AT, null));
        fixture.given(given)
                .when(
                        new Rule(
                                ID,
                                "org",
                                "Organizer",
                                Ruling.timeExtension(1, first.table(), 60, "x")))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("TABLE_ENDED"));
    }

    @Test
    void aSwissTakesLateEntriesOnlyWhileRoundOneIsPlayed() {
        List<Object> given = started(4);
        JoinRequest late = seat("P8", 0);
        fixture.given(given)
                .when(new Enter(ID, "e8", "acc8", "P8", late))
                .expectEvents(new TournamentEvents.EntryAdded("e8", "acc8", "P8", 1500, late, AT));
        RoundPaired one = (RoundPaired) given.get(given.size() - 1);
        given.add(
                new TournamentEvents.TableResultRecorded(
                        1, 1, one.tables().get(0).matchId(), Result.winA(1), "CONCEDED", AT, null));
        given.add(
                new TournamentEvents.TableResultRecorded(
                        1, 2, one.tables().get(1).matchId(), Result.winA(1), "CONCEDED", AT, null));
        given.add(nextRound(given));
        fixture.given(given)
                .when(new Enter(ID, "e8", "acc8", "P8", late))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("REGISTRATION_CLOSED"));
    }

    @Test
    void aForbiddenPairNeedsTwoEntriesAndAJudge() {
        List<Object> given = registered(4);
        fixture.given(given)
                .when(new TournamentCommands.Forbid(ID, "acc0", "e0", "e1", "siblings"))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("NOT_A_JUDGE"));
        fixture.given(given)
                .when(new TournamentCommands.Forbid(ID, "org", "e0", "e9", "siblings"))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("UNKNOWN_ENTRY"));
        fixture.given(given)
                .when(new TournamentCommands.Forbid(ID, "org", "e0", "e1", "siblings"))
                .expectEvents(
                        new TournamentEvents.PairingForbidden("e0", "e1", "org", "siblings", AT));
    }

    @Test
    void aDoubleEliminationStartsWithItsWinnersBracketSeeded() {
        List<Object> given = registered(DOUBLE, 5);
        List<Object> expected = new ArrayList<>(given);
        expected.add(new TournamentEvents.Started(5, AT));
        RoundPaired one = nextRound(expected);
        // 5 entrants in a bracket of 8: seeds 4 and 5 play, 1 to 3 have byes
        assertThat(one.bracketSeeds()).hasSize(5);
        assertThat(one.tables()).hasSize(1);
        assertThat(one.byes()).hasSize(3);
        fixture.given(given)
                .when(new Start(ID, "org"))
                .expectEvents(new TournamentEvents.Started(5, AT), one);
    }

    @Test
    void aDisqualificationInADoubleEliminationBracketSendsTheOpponentOn() {
        List<Object> given = started(DOUBLE, 4);
        RoundPaired one = (RoundPaired) given.get(given.size() - 1);
        PairedTable t1 = one.tables().get(0);
        PairedTable t2 = one.tables().get(1);
        given.add(
                new TournamentEvents.TableResultRecorded(
                        1, 1, t1.matchId(), Result.winA(1), "CONCEDED", AT, null));
        Ruling dq = new Ruling(Ruling.Kind.DISQUALIFICATION, t2.a(), null, null, null, "cheating");
        List<Object> after = new ArrayList<>(given);
        after.add(new TournamentEvents.RulingMade("org", "Organizer", dq, AT));
        RoundPaired two = nextRound(after);
        // the winners' final t1.a v t2.b; the losers' round 1 is t1.b's bye (t2.a is out)
        assertThat(two.tables()).hasSize(1);
        assertThat(List.of(two.tables().get(0).a(), two.tables().get(0).b()))
                .containsExactlyInAnyOrder(t1.a(), t2.b());
        assertThat(two.byes()).containsExactly(t1.b());
        fixture.given(given)
                .when(new Rule(ID, "org", "Organizer", dq))
                .expectEvents(new TournamentEvents.RulingMade("org", "Organizer", dq, AT), two);
    }

    @Test
    void theLosersChampionWinningTheGrandFinalPairsAResetAndItsResultEndsIt() {
        List<Object> given = started(DOUBLE, 2);
        RoundPaired one = (RoundPaired) given.get(given.size() - 1);
        PairedTable t = one.tables().get(0);
        given.add(
                new TournamentEvents.TableResultRecorded(
                        1, 1, t.matchId(), Result.winA(1), "CONCEDED", AT, null));
        RoundPaired grandFinal = nextRound(given);
        given.add(grandFinal);
        PairedTable gf = grandFinal.tables().get(0);
        assertThat(List.of(gf.a(), gf.b())).containsExactly(t.a(), t.b());
        // the losers' champion (t.b) wins the grand final: a reset
        TournamentEvents.TableResultRecorded lost =
                new TournamentEvents.TableResultRecorded(
                        2, 1, gf.matchId(), Result.winB(1), "CONCEDED", AT, null);
        List<Object> after = new ArrayList<>(given);
        after.add(lost);
        RoundPaired reset = nextRound(after);
        assertThat(reset.round()).isEqualTo(3);
        assertThat(reset.tables()).hasSize(1);
        fixture.given(given)
                .when(new RecordResult(ID, 2, 1, gf.matchId(), "B", "CONCEDED", 1, null))
                .expectEvents(lost, reset);
        after.add(reset);
        fixture.given(after)
                .when(
                        new RecordResult(
                                ID,
                                3,
                                1,
                                reset.tables().get(0).matchId(),
                                "A",
                                "CONCEDED",
                                1,
                                null))
                .expectEvents(
                        new TournamentEvents.TableResultRecorded(
                                3,
                                1,
                                reset.tables().get(0).matchId(),
                                Result.winA(1),
                                "CONCEDED",
                                AT,
                                null),
                        new TournamentEvents.Ended("00".repeat(32), AT));
    }

    @Test
    void aBestOfThreeGameIsRecordedAndNamesTheNextGamesMatch() {
        List<Object> given = started(BO3, 2);
        PairedTable t = ((RoundPaired) given.get(given.size() - 1)).tables().get(0);
        assertThat(t.matchId()).isEqualTo(ID + "-r1-t1");
        fixture.given(given)
                .when(new RecordResult(ID, 1, 1, t.matchId(), "A", "CONCEDED", 1, null))
                .expectEvents(
                        new TournamentEvents.GameRecorded(
                                1, 1, 1, t.matchId(), "A", "CONCEDED", ID + "-r1-t1-g2", AT));
    }

    @Test
    void gameTwoSeatsTheTableTheOtherWayRoundAndTwoWinsDecideTheTable() {
        List<Object> given = started(BO3, 2);
        PairedTable t = ((RoundPaired) given.get(given.size() - 1)).tables().get(0);
        given.add(
                new TournamentEvents.GameRecorded(
                        1, 1, 1, t.matchId(), "A", "CONCEDED", ID + "-r1-t1-g2", AT));
        // game 2: the table's first entrant sits second, so the match's B winning is the table's A
        TournamentEvents.GameRecorded two =
                new TournamentEvents.GameRecorded(
                        1, 1, 2, ID + "-r1-t1-g2", "A", "CONCEDED", null, AT);
        TournamentEvents.TableResultRecorded result =
                new TournamentEvents.TableResultRecorded(
                        1, 1, ID + "-r1-t1-g2", new Result(2, 0, 0), "CONCEDED", AT, null);
        List<Object> after = new ArrayList<>(given);
        after.add(two);
        after.add(result);
        fixture.given(given)
                .when(new RecordResult(ID, 1, 1, ID + "-r1-t1-g2", "B", "CONCEDED", 2, null))
                .expectEvents(two, result, nextRound(after));
    }

    @Test
    void aDrawnGameCountsAsPlayedAndThreeGamesEndTheTable() {
        List<Object> given = started(BO3, 2);
        PairedTable t = ((RoundPaired) given.get(given.size() - 1)).tables().get(0);
        given.add(
                new TournamentEvents.GameRecorded(
                        1, 1, 1, t.matchId(), "A", "CONCEDED", ID + "-r1-t1-g2", AT));
        given.add(
                new TournamentEvents.GameRecorded(
                        1, 1, 2, ID + "-r1-t1-g2", null, "BOTH_LOST", ID + "-r1-t1-g3", AT));
        TournamentEvents.GameRecorded three =
                new TournamentEvents.GameRecorded(
                        1, 1, 3, ID + "-r1-t1-g3", "B", "CONCEDED", null, AT);
        TournamentEvents.TableResultRecorded result =
                new TournamentEvents.TableResultRecorded(
                        1, 1, ID + "-r1-t1-g3", new Result(1, 1, 1), "CONCEDED", AT, null);
        List<Object> after = new ArrayList<>(given);
        after.add(three);
        after.add(result);
        fixture.given(given)
                .when(new RecordResult(ID, 1, 1, ID + "-r1-t1-g3", "B", "CONCEDED", 3, null))
                .expectEvents(three, result, nextRound(after));
    }

    @Test
    void aGameThatIsNotTheOneTheTablePlaysChangesNothing() {
        List<Object> given = started(BO3, 2);
        PairedTable t = ((RoundPaired) given.get(given.size() - 1)).tables().get(0);
        fixture.given(given)
                .when(new RecordResult(ID, 1, 1, ID + "-r1-t1-g2", "A", "CONCEDED", 2, null))
                .expectNoEvents();
        fixture.given(given)
                .when(new RecordResult(ID, 1, 1, t.matchId() + "-x", "A", "CONCEDED", 1, null))
                .expectNoEvents();
    }

    @Test
    void aPodSwissRecordsTheRulesetsFewestSeatsAndRefusesARulesetThatCannotSeatIt() {
        TournamentRules asked = new TournamentRules(Format.SWISS, 2, 0, 1, null, null, 4, 0);
        TournamentEvents.Created c = created(PODS);
        fixture.givenNoPriorActivity()
                .when(
                        new CreateTournament(
                                ID,
                                "Friday",
                                "casket",
                                "org",
                                "Organizer",
                                asked,
                                MatchOptions.defaults(),
                                SEED,
                                Util.bytes(0x11)))
                .expectEvents(
                        new TournamentEvents.Created(
                                ID,
                                "Friday",
                                "casket",
                                "org",
                                "Organizer",
                                PODS,
                                c.matchOptions(),
                                c.seedCommitment(),
                                c.seed(),
                                c.tableKey(),
                                AT));
        fixture.givenNoPriorActivity()
                .when(
                        new CreateTournament(
                                ID,
                                "Friday",
                                "voidexa",
                                "org",
                                "Organizer",
                                asked,
                                MatchOptions.defaults(),
                                SEED,
                                Util.bytes(0x11)))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("SEATS_NOT_SUPPORTED"));
    }

    @Test
    void aPodsPlacesAreItsResultAndTheLastPodPairsTheNextRound() {
        List<Object> given = started(PODS, 8);
        RoundPaired one = (RoundPaired) given.get(given.size() - 1);
        assertThat(one.tables()).hasSize(2);
        assertThat(one.tables().get(0).seats()).hasSize(4);
        PairedTable p1 = one.tables().get(0);
        PairedTable p2 = one.tables().get(1);
        given.add(
                new TournamentEvents.TableResultRecorded(
                        1, 1, p1.matchId(), null, "LAST_STANDING", AT, List.of(1, 2, 3, 4)));
        TournamentEvents.TableResultRecorded last =
                new TournamentEvents.TableResultRecorded(
                        1, 2, p2.matchId(), null, "LAST_STANDING", AT, List.of(4, 1, 2, 2));
        List<Object> after = new ArrayList<>(given);
        after.add(last);
        RoundPaired two = nextRound(after);
        // the two winners of round 1 (9 points) open round 2's first pod
        assertThat(two.tables().get(0).seats()).contains(p1.seats().get(0), p2.seats().get(1));
        fixture.given(given)
                .when(
                        new RecordResult(
                                ID,
                                1,
                                2,
                                p2.matchId(),
                                "B",
                                "LAST_STANDING",
                                1,
                                List.of(4, 1, 2, 2)))
                .expectEvents(last, two);
    }

    @Test
    void aPodsMatchThatNamesNoPlacesPutsItsWinnerFirstAndTheRestSecond() {
        List<Object> given = started(PODS, 4);
        PairedTable p = ((RoundPaired) given.get(given.size() - 1)).tables().get(0);
        TournamentEvents.TableResultRecorded placed =
                new TournamentEvents.TableResultRecorded(
                        1, 1, p.matchId(), null, "CONCEDED", AT, List.of(2, 2, 1, 2));
        List<Object> after = new ArrayList<>(given);
        after.add(placed);
        fixture.given(given)
                .when(new RecordResult(ID, 1, 1, p.matchId(), "C", "CONCEDED", 1, null))
                .expectEvents(placed, nextRound(after));
    }

    @Test
    void aGameLossInAPodIsNotOffered() {
        List<Object> given = started(PODS, 4);
        fixture.given(given)
                .when(
                        new Rule(
                                ID,
                                "org",
                                "Organizer",
                                new Ruling(Ruling.Kind.GAME_LOSS, "e0", null, null, null, "x")))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("RULING_NOT_SUPPORTED"));
    }

    @Test
    void aMatchLossInAPodPlacesTheEntrantLastWhenThePodsMatchEnds() {
        List<Object> given = started(PODS, 4);
        PairedTable p = ((RoundPaired) given.get(given.size() - 1)).tables().get(0);
        String loser = p.seats().get(0);
        Ruling ruling = new Ruling(Ruling.Kind.MATCH_LOSS, loser, null, null, null, "slow play");
        TournamentEvents.RulingMade made =
                new TournamentEvents.RulingMade("org", "Organizer", ruling, AT);
        fixture.given(given).when(new Rule(ID, "org", "Organizer", ruling)).expectEvents(made);
        // the match places seat A first; the ruling puts it last, the others move up
        given.add(made);
        TournamentEvents.TableResultRecorded placed =
                new TournamentEvents.TableResultRecorded(
                        1, 1, p.matchId(), null, "LAST_STANDING", AT, List.of(4, 1, 2, 3));
        List<Object> after = new ArrayList<>(given);
        after.add(placed);
        fixture.given(given)
                .when(
                        new RecordResult(
                                ID,
                                1,
                                1,
                                p.matchId(),
                                "A",
                                "LAST_STANDING",
                                1,
                                List.of(1, 2, 3, 4)))
                .expectEvents(placed, nextRound(after));
        // once the pod is placed there is nothing to lose
        fixture.given(after)
                .when(new Rule(ID, "org", "Organizer", ruling))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("NO_OPEN_TABLE"));
    }

    @Test
    void aPodsResultIsCorrectedWithPlacesAndBadPlacesAreRefused() {
        List<Object> given = started(PODS, 4);
        PairedTable p = ((RoundPaired) given.get(given.size() - 1)).tables().get(0);
        given.add(
                new TournamentEvents.TableResultRecorded(
                        1, 1, p.matchId(), null, "LAST_STANDING", AT, List.of(1, 2, 3, 4)));
        given.add(nextRound(given));
        Ruling fix =
                new Ruling(
                        Ruling.Kind.RESULT_CORRECTION,
                        null,
                        1,
                        1,
                        null,
                        "wrong order",
                        List.of(2, 1, 3, 3));
        fixture.given(given)
                .when(new Rule(ID, "org", "Organizer", fix))
                .expectEvents(new TournamentEvents.RulingMade("org", "Organizer", fix, AT));
        TournamentState s = new TournamentState();
        given.forEach(e -> s.apply((TournamentEvent) e));
        s.apply(new TournamentEvents.RulingMade("org", "Organizer", fix, AT));
        assertThat(s.ledger().rounds().get(0).places().get(1)).containsExactly(2, 1, 3, 3);
        for (List<Integer> bad :
                List.of(List.of(1, 1, 2, 4), List.of(1, 2, 3), List.of(0, 1, 2, 3))) {
            fixture.given(given)
                    .when(
                            new Rule(
                                    ID,
                                    "org",
                                    "Organizer",
                                    new Ruling(
                                            Ruling.Kind.RESULT_CORRECTION,
                                            null,
                                            1,
                                            1,
                                            null,
                                            "x",
                                            bad)))
                    .expectNoEvents()
                    .expectExceptionMessage(org.hamcrest.Matchers.startsWith("INVALID_FIELD"));
        }
        fixture.given(given)
                .when(
                        new Rule(
                                ID,
                                "org",
                                "Organizer",
                                new Ruling(
                                        Ruling.Kind.RESULT_CORRECTION,
                                        null,
                                        1,
                                        7,
                                        null,
                                        "x",
                                        List.of(1, 2, 3, 4))))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("UNKNOWN_TABLE"));
    }

    @Test
    void aGameLossInABestOfThreeRecordsTheGameAndTwoDecideTheTable() {
        List<Object> given = started(BO3, 2);
        PairedTable t = ((RoundPaired) given.get(given.size() - 1)).tables().get(0);
        Ruling loss = new Ruling(Ruling.Kind.GAME_LOSS, t.a(), null, null, null, "marked cards");
        TournamentEvents.RulingMade made =
                new TournamentEvents.RulingMade("org", "Organizer", loss, AT);
        TournamentEvents.GameRecorded one =
                new TournamentEvents.GameRecorded(
                        1, 1, 1, t.matchId(), "B", "GAME_LOSS", ID + "-r1-t1-g2", AT);
        fixture.given(given).when(new Rule(ID, "org", "Organizer", loss)).expectEvents(made, one);
        // a second game loss decides the series 0-2, and the next round is paired
        given.add(made);
        given.add(one);
        TournamentEvents.GameRecorded two =
                new TournamentEvents.GameRecorded(
                        1, 1, 2, ID + "-r1-t1-g2", "B", "GAME_LOSS", null, AT);
        TournamentEvents.TableResultRecorded result =
                new TournamentEvents.TableResultRecorded(
                        1, 1, ID + "-r1-t1-g2", new Result(0, 2, 0), "GAME_LOSS", AT, null);
        List<Object> after = new ArrayList<>(given);
        after.add(made);
        after.add(two);
        after.add(result);
        fixture.given(given)
                .when(new Rule(ID, "org", "Organizer", loss))
                .expectEvents(made, two, result, nextRound(after));
        // game 1's match ending later changes nothing: the table plays game 2 now
        fixture.given(given)
                .when(new RecordResult(ID, 1, 1, t.matchId(), "A", "CONCEDED", 1, null))
                .expectNoEvents();
    }

    @Test
    void aRoundIsPairedAgainBeforeItsMatchesBeganWithNewMatches() {
        List<Object> given = started(SWISS2, 4);
        RoundPaired first = (RoundPaired) given.get(given.size() - 1);
        PairedTable t1 = first.tables().get(0);
        // the judge learns table 1's two are siblings: forbidden, then the round paired again
        given.add(new TournamentEvents.PairingForbidden(t1.a(), t1.b(), "org", "siblings", AT));
        Ruling repair = new Ruling(Ruling.Kind.REPAIR_ROUND, null, null, null, null, "siblings");
        TournamentEvents.RulingMade made =
                new TournamentEvents.RulingMade("org", "Organizer", repair, AT);
        List<Object> after = new ArrayList<>(given);
        after.add(made);
        RoundPaired again = nextRound(after);
        assertThat(again.round()).isEqualTo(1);
        assertThat(again.tables().get(0).matchId()).isEqualTo(ID + "-r1-t1-p2");
        for (PairedTable t : again.tables()) {
            assertThat(List.of(t.a(), t.b()))
                    .as("siblings apart")
                    .isNotEqualTo(List.of(t1.a(), t1.b()));
            assertThat(List.of(t.b(), t.a())).isNotEqualTo(List.of(t1.a(), t1.b()));
        }
        fixture.given(given)
                .when(new Rule(ID, "org", "Organizer", repair))
                .expectEvents(made, again);
        // the voided table's match ending changes nothing
        after.add(again);
        fixture.given(after)
                .when(new RecordResult(ID, 1, 1, t1.matchId(), "A", "CONCEDED", 1, null))
                .expectNoEvents();
        // once a table has a result the round stands
        after.add(
                new TournamentEvents.TableResultRecorded(
                        1,
                        1,
                        again.tables().get(0).matchId(),
                        Result.winA(1),
                        "CONCEDED",
                        AT,
                        null));
        fixture.given(after)
                .when(new Rule(ID, "org", "Organizer", repair))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("ROUND_BEGUN"));
        // play it out: the audit re-derives the voided and the new pairing alike
        TournamentState s = new TournamentState();
        after.forEach(e -> s.apply((TournamentEvent) e));
        while (!s.ledger().over()) {
            if (s.ledger().current().finished()) {
                RoundPaired r = nextRound(after);
                after.add(r);
                s.apply(r);
                continue;
            }
            for (PairedTable t : s.rounds().get(s.rounds().size() - 1).tables()) {
                if (!s.settled(s.rounds().size(), t.table())) {
                    var res =
                            new TournamentEvents.TableResultRecorded(
                                    s.rounds().size(),
                                    t.table(),
                                    t.matchId(),
                                    Result.winA(1),
                                    "CONCEDED",
                                    AT,
                                    null);
                    after.add(res);
                    s.apply(res);
                }
            }
        }
        after.add(new TournamentEvents.Ended("00".repeat(32), AT));
        List<TournamentEvent> all = new ArrayList<>();
        after.forEach(e -> all.add((TournamentEvent) e));
        TournamentAudit.Report ok = TournamentAudit.check(all);
        assertThat(ok.firstDifference()).isNull();
        assertThat(ok.roundsChecked()).isEqualTo(3);
        // a re-pairing that reuses the voided matches is caught
        List<TournamentEvent> reused = new ArrayList<>(all);
        int k = reused.indexOf(again);
        reused.set(
                k,
                new RoundPaired(
                        1,
                        again.tables().stream()
                                .map(
                                        t ->
                                                new PairedTable(
                                                        t.table(),
                                                        ID + "-r1-t" + t.table(),
                                                        t.a(),
                                                        t.b(),
                                                        null))
                                .toList(),
                        again.byes(),
                        null,
                        AT));
        TournamentAudit.Report bad = TournamentAudit.check(reused);
        assertThat(bad.passed()).isFalse();
        assertThat(bad.event()).isEqualTo(k);
    }

    @Test
    void aBracketRoundIsNotPairedAgain() {
        fixture.given(started(DOUBLE, 4))
                .when(
                        new Rule(
                                ID,
                                "org",
                                "Organizer",
                                new Ruling(Ruling.Kind.REPAIR_ROUND, null, null, null, null, "x")))
                .expectNoEvents()
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("RULING_NOT_SUPPORTED"));
    }

    @Test
    void anEntrysRatingIsRecordedAndAnEliminationSeedsByIt() {
        List<Object> given = new ArrayList<>();
        given.add(created(DOUBLE));
        fixture.given(given)
                .when(new Enter(ID, "e0", "acc0", "P0", seat("P0", 0), 1712))
                .expectEvents(
                        new TournamentEvents.EntryAdded(
                                "e0", "acc0", "P0", 1712, seat("P0", 0), AT));
        int[] ratings = {1450, 1720, 1500, 1633};
        for (int i = 0; i < 4; i++) {
            given.add(
                    new TournamentEvents.EntryAdded(
                            "e" + i, "acc" + i, "P" + i, ratings[i], seat("P" + i, i % 2), AT));
        }
        given.add(new TournamentEvents.Started(4, AT));
        RoundPaired first = nextRound(given);
        // the seeds by rating, highest first: e1 (1720), e3 (1633), e2 (1500), e0 (1450); the
        // bracket meets 1 v 4 and 2 v 3
        assertThat(first.bracketSeeds()).containsExactly("e1", "e3", "e2", "e0");
        assertThat(first.tables().get(0).a()).isEqualTo("e1");
        assertThat(first.tables().get(0).b()).isEqualTo("e0");
    }

    /** Small helpers. */
    static final class Util {
        static byte[] bytes(int b) {
            byte[] out = new byte[32];
            java.util.Arrays.fill(out, (byte) b);
            return out;
        }
    }
}
