package io.duelhall.infra.arch;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.TreeSet;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 14: a game is a plug-in. Each ruleset lives in its own package {@code io.duelhall.domain.<id>}; nothing
 * outside it imports it but the wiring that hosts it (the beans in {@code command.rules} and the old catalog paths
 * kept for voidexa, {@code query.VoidexaCatalogAliases}); the core of the domain imports no ruleset; and no two
 * packages of the server depend on each other both ways. Main code of every module the app is assembled from
 * (domain, command, projections, query, infra; tests and the benchmarks' voidexa drivers are left out).
 */
class ArchitectureTest {
    static final String DOMAIN = "io.duelhall.domain";
    /** Sub-packages of the domain that are not rulesets. */
    static final Set<String> CORE_PACKAGES = Set.of(DOMAIN, DOMAIN + ".rng");
    /** The classes that wire rulesets into the server, allowed to import them. */
    static final String[] WIRING = {"io.duelhall.command.rules.."};
    static final String[] WIRING_CLASSES = {"io.duelhall.query.VoidexaCatalogAliases"};

    static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        // from class folders in an IDE or `mvn test`, from the modules' jars in `mvn verify` (the reactor hands the
        // packaged jars to infra's tests); test classes left out either way
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("/test-classes/") && !location.contains("-tests.jar"))
                .importPackages("io.duelhall");
    }

    /** The ruleset packages: every direct sub-package of the domain that is not core ("voidexa", ...). */
    static Set<String> rulesetPackages() {
        Set<String> out = new TreeSet<>();
        for (JavaClass c : classes) {
            String p = c.getPackageName();
            if (p.startsWith(DOMAIN + ".") && !CORE_PACKAGES.contains(p)) {
                String rest = p.substring(DOMAIN.length() + 1);
                String top = DOMAIN + "." + (rest.contains(".") ? rest.substring(0, rest.indexOf('.')) : rest);
                if (!CORE_PACKAGES.contains(top)) {
                    out.add(top);
                }
            }
        }
        return out;
    }

    @Test
    void theClassesOfEveryModuleAreImported() {
        for (String module : new String[] {"io.duelhall.domain.Ruleset", "io.duelhall.command.match.Match",
                "io.duelhall.projections.list.MatchListProjection", "io.duelhall.query.MatchReadController",
                "io.duelhall.infra.DuelhallApplication"}) {
            assertThat(classes.contain(module)).as(module).isTrue();
        }
        assertThat(rulesetPackages()).contains(DOMAIN + ".voidexa");
    }

    @Test
    void onlyARulesetsOwnPackageAndTheWiringImportIt() {
        for (String ruleset : rulesetPackages()) {
            ArchRule rule = noClasses().that().resideOutsideOfPackages(concat(WIRING, ruleset + ".."))
                    .and().doNotHaveFullyQualifiedName(WIRING_CLASSES[0])
                    .should().dependOnClassesThat().resideInAPackage(ruleset + "..")
                    .because("a game is a plug-in: nothing outside its own package imports it (issue 14)");
            rule.check(classes);
        }
    }

    @Test
    void theCoreOfTheDomainImportsNoRuleset() {
        for (String ruleset : rulesetPackages()) {
            noClasses().that().resideInAnyPackage(CORE_PACKAGES.toArray(String[]::new))
                    .should().dependOnClassesThat().resideInAPackage(ruleset + "..")
                    .check(classes);
        }
    }

    /**
     * No two packages of a module depend on each other both ways ({@code command.ai} and {@code command.api} did:
     * the token helper moved to {@code command.match}). Each package is taken with its sub-packages; classes directly
     * in a module's root package (the Spring configuration, shared constants) are left out of this rule: several
     * modules' configurations sit above the packages they assemble (issue 22 is to move them).
     */
    @Test
    void noCyclesBetweenThePackagesOfAModule() {
        slices().matching("io.duelhall.(*).(*)..").should().beFreeOfCycles().check(classes);
    }

    private static String[] concat(String[] a, String b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + 1);
        out[a.length] = b;
        return out;
    }
}
