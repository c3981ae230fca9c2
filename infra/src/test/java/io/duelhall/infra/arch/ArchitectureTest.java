package io.duelhall.infra.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The house rules of docs/architecture.md, checked on the main code of every module the app is
 * assembled from (domain, fairness, command, projections, query, edge, infra, and client, which the
 * tests put on the class path). Tests and the benchmarks ({@code bench/}, not on this class path:
 * they drive voidexa directly) are left out.
 *
 * <ul>
 *   <li>Issue 14: a game is a plug-in. Each ruleset lives in its own package {@code
 *       io.duelhall.domain.<id>}; nothing outside it imports it but the wiring that hosts it
 *       ({@link #WIRING_CLASSES}); the core of the domain imports no ruleset.
 *   <li>Issue 22: no two packages depend on each other both ways, at any depth; {@code domain}
 *       depends on the JDK alone; {@code fairness} on the domain (and Jackson 2) alone; and the two
 *       Jackson generations keep to their sides ({@link #JACKSON_2}, {@link #JACKSON_3}).
 * </ul>
 */
class ArchitectureTest {
    static final String DOMAIN = "io.duelhall.domain";

    /**
     * Sub-packages of the domain that are not rulesets: the generator, the matchmaking wave (issue
     * 40, used by the queue in command/) and the tournaments (game-neutral, issue 41).
     */
    static final Set<String> CORE_PACKAGES =
            Set.of(
                    DOMAIN,
                    DOMAIN + ".rng",
                    DOMAIN + ".matchmaking",
                    DOMAIN + ".tournament",
                    // the search every game's AI uses (issue 42): game-neutral, names no ruleset
                    DOMAIN + ".search");

    /**
     * The classes that wire rulesets into the server, the only ones outside a ruleset allowed to
     * import it: the hosted rulesets and their AI rosters ({@code RulesConfig}), every released
     * version ({@code ReleasedRules}), voidexa's catalog reader ({@code CatalogReader}) and the old
     * catalog paths kept for voidexa ({@code VoidexaCatalogAliases}).
     */
    static final List<String> WIRING_CLASSES =
            List.of(
                    "io.duelhall.command.rules.RulesConfig",
                    "io.duelhall.command.rules.ReleasedRules",
                    "io.duelhall.command.rules.CatalogReader",
                    "io.duelhall.query.VoidexaCatalogAliases");

    /**
     * Jackson 2 ({@code com.fasterxml.jackson} core, databind, datatypes): the event store's JSON.
     * Axon serializes events with it, so everything that reads or hashes stored events uses it too:
     * the fairness module (chain, record, audit), the app's Axon configuration and the readers of
     * stored JSON, the card catalogs, the Kafka payloads (made from stored events) and the
     * test/benchmark HTTP client. Its annotations ({@code com.fasterxml.jackson.annotation}) are
     * shared with Jackson 3 and allowed everywhere outside the domain.
     */
    static final String[] JACKSON_2 = {
        "io.duelhall.fairness..",
        "io.duelhall.command.rules",
        // a tournament's record: its stored events written, chained and signed as the store's
        // JSON (issue 41)
        "io.duelhall.command.tournament.record",
        "io.duelhall.infra",
        "io.duelhall.infra.fairness",
        "io.duelhall.infra.history",
        "io.duelhall.infra.kafka",
        "io.duelhall.edge.topic", // a public event's payload is the stored event's JSON
        "io.duelhall.client",
        // the stream's patch frames: zjsonpatch diffs Jackson 2 trees of the views' texts (issue
        // 18)
        "io.duelhall.query.stream.patch"
    };

    /**
     * Jackson 3 ({@code tools.jackson}): HTTP bodies, SSE, the stored read models (Boot 4's own
     * mapper).
     */
    static final String[] JACKSON_3 = {
        "io.duelhall.projections..", "io.duelhall.query..", "io.duelhall.infra", "io.duelhall.edge"
    };

    static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        // from class folders in an IDE or `mvn test`, from the modules' jars in `mvn verify` (the
        // reactor hands the
        // packaged jars to infra's tests); test classes left out either way
        classes =
                new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .withImportOption(
                                location ->
                                        !location.contains("/test-classes/")
                                                && !location.contains("-tests.jar"))
                        .importPackages("io.duelhall");
    }

    /**
     * The ruleset packages: every direct sub-package of the domain that is not core ("voidexa",
     * ...).
     */
    static Set<String> rulesetPackages() {
        Set<String> out = new TreeSet<>();
        for (JavaClass c : classes) {
            String p = c.getPackageName();
            if (p.startsWith(DOMAIN + ".") && !CORE_PACKAGES.contains(p)) {
                String rest = p.substring(DOMAIN.length() + 1);
                String top =
                        DOMAIN
                                + "."
                                + (rest.contains(".")
                                        ? rest.substring(0, rest.indexOf('.'))
                                        : rest);
                if (!CORE_PACKAGES.contains(top)) {
                    out.add(top);
                }
            }
        }
        return out;
    }

    @Test
    void theClassesOfEveryModuleAreImported() {
        for (String module :
                new String[] {
                    "io.duelhall.domain.Ruleset",
                    "io.duelhall.fairness.audit.Auditor",
                    "io.duelhall.command.match.Match",
                    "io.duelhall.projections.list.MatchListProjection",
                    "io.duelhall.query.MatchReadController",
                    "io.duelhall.edge.EdgeApplication",
                    "io.duelhall.infra.DuelhallApplication"
                }) {
            assertThat(classes.contain(module)).as(module).isTrue();
        }
        assertThat(rulesetPackages())
                .contains(DOMAIN + ".voidexa", DOMAIN + ".voidlit", DOMAIN + ".biome");
        for (String wiring : WIRING_CLASSES) {
            assertThat(classes.contain(wiring)).as("wiring class " + wiring).isTrue();
        }
    }

    @Test
    void onlyARulesetsOwnPackageAndTheWiringImportIt() {
        for (String ruleset : rulesetPackages()) {
            ArchRule rule =
                    noClasses()
                            .that()
                            .resideOutsideOfPackage(ruleset + "..")
                            .and()
                            .doNotHaveFullyQualifiedName(WIRING_CLASSES.get(0))
                            .and()
                            .doNotHaveFullyQualifiedName(WIRING_CLASSES.get(1))
                            .and()
                            .doNotHaveFullyQualifiedName(WIRING_CLASSES.get(2))
                            .and()
                            .doNotHaveFullyQualifiedName(WIRING_CLASSES.get(3))
                            .should()
                            .dependOnClassesThat()
                            .resideInAPackage(ruleset + "..")
                            .because(
                                    "a game is a plug-in: nothing outside its own package imports it but the wiring (issue 14)");
            rule.check(classes);
        }
    }

    @Test
    void theCoreOfTheDomainImportsNoRuleset() {
        for (String ruleset : rulesetPackages()) {
            noClasses()
                    .that()
                    .resideInAnyPackage(CORE_PACKAGES.toArray(String[]::new))
                    .should()
                    .dependOnClassesThat()
                    .resideInAPackage(ruleset + "..")
                    .check(classes);
        }
    }

    /**
     * Modules split along packages: {@code io.duelhall.<module>.<package>...}; each package is its
     * own slice.
     */
    @Test
    void noCyclesBetweenPackages() {
        slices().matching("io.duelhall.(**)")
                .should()
                .beFreeOfCycles()
                .because("a newcomer reads a package after the ones it uses (issue 22)")
                .check(classes);
    }

    /**
     * Inside voidexa's engine package, no two classes call each other both ways either ({@code
     * Effects} and {@code Turns} did: damage and drawing moved to {@code Damage} and {@code
     * Draws}). Nested classes count as their top-level class. The facade {@code VoidexaRuleset} is
     * left out: it wires the engine's classes together, and {@code Decider} still asks it for
     * {@code atLeast} (engine version order).
     */
    @Test
    void noCyclesBetweenTheClassesOfVoidexasEngine() {
        String engine = DOMAIN + ".voidexa";
        slices().assignedFrom(
                        new SliceAssignment() {
                            @Override
                            public SliceIdentifier getIdentifierOf(JavaClass c) {
                                if (!c.getPackageName().equals(engine)) {
                                    return SliceIdentifier.ignore();
                                }
                                String name = c.getName().substring(engine.length() + 1);
                                int nested = name.indexOf('$');
                                String top = nested < 0 ? name : name.substring(0, nested);
                                return top.equals("VoidexaRuleset")
                                        ? SliceIdentifier.ignore()
                                        : SliceIdentifier.of(top);
                            }

                            @Override
                            public String getDescription() {
                                return "the top-level classes of " + engine;
                            }
                        })
                .should()
                .beFreeOfCycles()
                .check(classes);
    }

    @Test
    void theDomainDependsOnTheJdkAlone() {
        classes()
                .that()
                .resideInAPackage(DOMAIN + "..")
                .should()
                .onlyDependOnClassesThat()
                .resideInAnyPackage("java..", DOMAIN + "..")
                .because(
                        "the rules engine is pure: no framework, no JSON, no I/O library (STYLE.md 1)")
                .check(classes);
    }

    /**
     * Issue 42, fair by construction: the arena's oracle (handed the truth, a measurement) and the
     * arena's way of handing it are used by nothing the app runs; its AI seats get their seat's
     * knowledge alone.
     */
    @Test
    void noAiOfTheAppIsHandedTheTruth() {
        noClasses()
                .that()
                .resideOutsideOfPackage(DOMAIN + ".search")
                .should()
                .dependOnClassesThat()
                .haveFullyQualifiedName(DOMAIN + ".search.Oracle")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName(DOMAIN + ".search.Arena$Seeing")
                .because("an AI seat sees what its seat sees (issue 42); the oracle is the arena's")
                .check(classes);
    }

    @Test
    void fairnessDependsOnTheDomainAndJackson2Alone() {
        classes()
                .that()
                .resideInAPackage("io.duelhall.fairness..")
                .should()
                .onlyDependOnClassesThat()
                .resideInAnyPackage(
                        "java..",
                        DOMAIN + "..",
                        "io.duelhall.fairness..",
                        "com.fasterxml.jackson..",
                        "org.erdtman.jcs..")
                .because(
                        "an auditor rebuilds and reads the fairness module without the server (docs/fairness.md)")
                .check(classes);
    }

    @Test
    void jackson2OnlyOnTheEventStoresSide() {
        noClasses()
                .that()
                .resideOutsideOfPackages(JACKSON_2)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "com.fasterxml.jackson.core..",
                        "com.fasterxml.jackson.databind..",
                        "com.fasterxml.jackson.datatype..")
                .because(
                        "Jackson 2 is the event store's JSON (Axon); HTTP and read models use Jackson 3"
                                + " (docs/architecture.md, \"Two Jacksons\")")
                .check(classes);
    }

    @Test
    void jackson3OnlyOnTheHttpSide() {
        noClasses()
                .that()
                .resideOutsideOfPackages(JACKSON_3)
                .should()
                .dependOnClassesThat()
                .resideInAPackage("tools.jackson..")
                .because(
                        "Jackson 3 is Boot 4's HTTP, SSE and read-model JSON; stored events use Jackson 2"
                                + " (docs/architecture.md, \"Two Jacksons\")")
                .check(classes);
    }

    /**
     * The edge is a deployable of its own (issue 22): it builds on command, projections and query
     * like an app node, but nothing it holds reaches the app's assembly (infra: the event store,
     * Axon's configuration, the database).
     */
    @Test
    void theEdgeDoesNotDependOnTheAppsAssembly() {
        noClasses()
                .that()
                .resideInAPackage("io.duelhall.edge..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("io.duelhall.infra..")
                .because("the edge runs from its own jar, without infra (docs/architecture.md)")
                .check(classes);
    }

    /**
     * The read side's one fold (issue 18): the per-match reads, the stream and the spectator edge
     * take their states from a {@code domain.Timeline}; none of them starts a fold of its own from
     * the initial state (a loop that re-implements it would have to).
     */
    @Test
    void theReadSideFoldsOnlyThroughTimelines() {
        noClasses()
                .that()
                .resideInAnyPackage("io.duelhall.query..", "io.duelhall.edge..")
                .should()
                .callMethod(io.duelhall.domain.Ruleset.class, "initial")
                .orShould()
                .callMethod(io.duelhall.domain.Ruleset.class, "replay", Iterable.class)
                .because("a state on the read side is a Timeline's (docs/read-models.md)")
                .check(classes);
    }

    /**
     * The app's parts use the edge's module for the public topic's format ({@code edge.topic}) and,
     * in {@code DuelhallApplication.main}, to start an edge when asked ({@code
     * duelhall.mode=edge}); nothing else of the edge.
     */
    @Test
    void theAppUsesOnlyTheTopicsFormatAndTheEdgesStart() {
        noClasses()
                .that()
                .resideOutsideOfPackages("io.duelhall.edge..")
                .and()
                .doNotHaveFullyQualifiedName("io.duelhall.infra.DuelhallApplication")
                .and()
                .doNotHaveFullyQualifiedName("io.duelhall.infra.DuelhallApplication$NotAnEdge")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("io.duelhall.edge")
                .because("an app node publishes the topic; it does not serve from it")
                .check(classes);
    }

    /**
     * Package-private by default (issue 22): a public top-level type of main code is used outside
     * its package, or is listed in {@link #PUBLIC_BY_NEED} with the reason it must stay public.
     */
    @Test
    void aPublicTypeIsUsedOutsideItsPackage() {
        List<String> needless = new java.util.ArrayList<>();
        for (JavaClass c : classes) {
            if (!c.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.PUBLIC)
                    || !c.isTopLevelClass()
                    || PUBLIC_BY_NEED.contains(c.getName())) {
                continue;
            }
            // a use of the type or of a type nested in it, from a class of another package
            boolean usedOutside =
                    classes.stream()
                            .filter(
                                    t ->
                                            t.getName().equals(c.getName())
                                                    || t.getName().startsWith(c.getName() + "$"))
                            .flatMap(t -> t.getDirectDependenciesToSelf().stream())
                            .anyMatch(
                                    d ->
                                            !d.getOriginClass()
                                                    .getPackageName()
                                                    .equals(c.getPackageName()));
            if (!usedOutside) {
                needless.add(c.getName());
            }
        }
        assertThat(needless)
                .as("public types no other package uses: make them package-private")
                .isEmpty();
    }

    /** Public types that no other package of main code uses, and why each stays public. */
    static final Set<String> PUBLIC_BY_NEED =
            Set.of(
                    // named in a file the JVM or a framework reads (ServiceLoader,
                    // spring.factories,
                    // Tomcat's valve class, logback-spring.xml), or started by the launcher
                    "io.duelhall.infra.store.TimeOrderedIdentifiers",
                    "io.duelhall.infra.store.DataDirLock",
                    "io.duelhall.query.http.JsonErrorReportValve",
                    "io.duelhall.infra.logging.EncodedMessageConverter",
                    "io.duelhall.infra.DuelhallApplication",
                    // an Axon aggregate: found by Spring's scan and built by Axon, named by nobody
                    "io.duelhall.command.tournament.Tournament",
                    // run by bench's arena command (issue 42), which this scan does not include
                    "io.duelhall.domain.search.Arena",
                    // played by bench's arena --oracle (a measurement), never by the app
                    "io.duelhall.domain.search.Oracle",
                    // its names are constants the read models of the subpackages put in their
                    // @ProcessingGroup: javac inlines them, so the class files name it nowhere
                    "io.duelhall.projections.Projections",
                    // JSON shapes a mapper reads or writes: stored events' sealed roots, views,
                    // their parts, stored deadline payloads, configuration properties, reports
                    "io.duelhall.domain.voidexa.VoidexaEvent",
                    "io.duelhall.domain.voidlit.VoidlitEvent",
                    "io.duelhall.domain.biome.BiomeEvent",
                    "io.duelhall.domain.casket.CasketEvent",
                    "io.duelhall.domain.casket.CasketView",
                    "io.duelhall.domain.casket.CasketType",
                    "io.duelhall.domain.voidexa.VoidexaView",
                    "io.duelhall.domain.voidlit.VoidlitView",
                    "io.duelhall.domain.biome.BiomeView",
                    "io.duelhall.domain.biome.QueueEntry",
                    "io.duelhall.domain.voidlit.TargetRef",
                    "io.duelhall.domain.voidexa.cards.DeckEntry",
                    "io.duelhall.command.match.ClockExpired",
                    "io.duelhall.command.match.SeatsExpired",
                    "io.duelhall.command.limits.LimitsProperties",
                    "io.duelhall.fairness.audit.AuditReport",
                    // the rulesets' generator, named in Ruleset's contract
                    "io.duelhall.domain.rng.SeededRandom",
                    // used by tests or benchmarks of other packages (self-play, fixtures, clients)
                    "io.duelhall.client.JsonHttp",
                    "io.duelhall.command.ai.AiDriver",
                    "io.duelhall.command.ai.AiPlayers",
                    "io.duelhall.command.api.Requests",
                    "io.duelhall.command.rules.CatalogReader",
                    "io.duelhall.domain.voidexa.DeckRules",
                    "io.duelhall.domain.voidexa.PendingPlay",
                    "io.duelhall.domain.voidexa.ai.GreedyPlayer",
                    "io.duelhall.domain.voidexa.ai.RandomPlayer",
                    "io.duelhall.domain.voidexa.ai.Player",
                    "io.duelhall.domain.voidexa.ai.SelfPlay",
                    "io.duelhall.domain.voidexa.ai.Series",
                    "io.duelhall.domain.voidlit.ai.GreedyPlayer",
                    "io.duelhall.domain.voidlit.ai.RandomPlayer",
                    "io.duelhall.domain.voidlit.ai.SelfPlay",
                    "io.duelhall.domain.biome.ai.SelfPlay",
                    "io.duelhall.domain.casket.ai.SelfPlay",
                    "io.duelhall.domain.casket.ai.RandomPlayer",
                    "io.duelhall.domain.casket.ai.Player",
                    // its constants are compiled into casket.ai (ArchUnit sees no use)
                    "io.duelhall.domain.casket.CasketIntents",
                    "io.duelhall.edge.PublicMatches",
                    "io.duelhall.infra.kafka.PublicEventPublisher",
                    "io.duelhall.projections.ratings.Glicko2",
                    "io.duelhall.projections.view.MatchEvents");
}
