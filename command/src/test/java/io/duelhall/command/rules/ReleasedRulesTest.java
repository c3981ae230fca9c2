package io.duelhall.command.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.RulesVersion;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * An old rules version is never altered (issue 25): every released catalog file keeps the bytes it
 * was released with, every release stays loadable and served, and the current version is the last
 * one listed.
 */
class ReleasedRulesTest {
    @Test
    void everyReleasedCatalogKeepsItsBytes() throws NoSuchAlgorithmException {
        for (ReleasedRules.Release r : ReleasedRules.voidexa()) {
            String sha =
                    HexFormat.of()
                            .formatHex(
                                    MessageDigest.getInstance("SHA-256")
                                            .digest(ReleasedRules.catalogBytes(r)));
            assertThat(sha)
                    .as(
                            "%s (%s) was released with these bytes: a change needs a new catalog version, the old"
                                    + " file kept under released/ (docs/upgrading.md)",
                            r.file(), r.catalog())
                    .isEqualTo(r.sha256());
        }
    }

    @Test
    void everyReleaseIsServedAndTheLastIsCurrent() {
        List<ReleasedRules.Release> releases = ReleasedRules.voidexa();
        Rulesets hosted = ReleasedRules.hosted();
        ReleasedRules.Release last = releases.get(releases.size() - 1);
        assertThat(hosted.get("voidexa").version())
                .isEqualTo(new RulesVersion(last.engine(), last.catalog()));
        assertThat(last.engine()).isEqualTo(VoidexaRuleset.ENGINE_VERSION);
        assertThat(last.file()).as("the current catalog is catalog.json").isEqualTo("catalog.json");
        assertThat(hosted.served("voidexa"))
                .extracting(Ruleset::version)
                .containsExactlyInAnyOrderElementsOf(
                        releases.stream()
                                .map(r -> new RulesVersion(r.engine(), r.catalog()))
                                .toList());
        assertThat(releases).extracting(ReleasedRules.Release::catalog).doesNotHaveDuplicates();
        assertThat(releases)
                .extracting(ReleasedRules.Release::engine)
                .allMatch(VoidexaRuleset.ENGINE_VERSIONS::contains);
        assertThat(VoidexaRuleset.ENGINE_VERSIONS)
                .as("every engine version ever released is still listed")
                .contains("voidexa-1.0.0");
        for (Ruleset r : hosted.served("voidexa")) {
            assertThat(((VoidexaRuleset) r).catalog().starterDecks()).isNotEmpty();
        }
    }

    @Test
    void aRollingUpgradeKeepsCreatingMatchesUnderTheOldVersion() {
        Rulesets pinned = ReleasedRules.hosted("voidexa-cards-2026.11.1");
        assertThat(pinned.get("voidexa").catalogVersion()).isEqualTo("voidexa-cards-2026.11.1");
        assertThat(pinned.served("voidexa"))
                .extracting(Ruleset::version)
                .containsExactlyInAnyOrderElementsOf(
                        ReleasedRules.hosted().served("voidexa").stream()
                                .map(Ruleset::version)
                                .toList());
        assertThat(
                        ReleasedRules.hosted("voidexa-1.0.0/voidexa-cards-2026.11.1")
                                .get("voidexa")
                                .catalogVersion())
                .isEqualTo("voidexa-cards-2026.11.1");
        assertThat(ReleasedRules.hosted(" ").get("voidexa").version())
                .isEqualTo(ReleasedRules.hosted().get("voidexa").version());
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> ReleasedRules.hosted("voidexa-cards-1999.1.1"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not a served version");
    }

    @Test
    void everyCatalogFileIsAReleaseAndNoneIsDropped() throws IOException {
        // the sources (the class path may be the domain's jar)
        Path dir =
                Path.of(
                        "..",
                        "domain",
                        "src",
                        "main",
                        "resources",
                        "io",
                        "duelhall",
                        "domain",
                        "voidexa");
        assertThat(dir.resolve("released-rules.txt")).isRegularFile();
        List<String> listed =
                ReleasedRules.voidexa().stream().map(ReleasedRules.Release::file).toList();
        try (Stream<Path> files = Files.list(dir.resolve("released"))) {
            assertThat(files.map(p -> "released/" + p.getFileName()))
                    .as("every file under released/ is listed")
                    .allMatch(listed::contains);
        }
        // the first released catalog: matches played before versioned rules name it, and the golden
        // history too
        assertThat(ReleasedRules.voidexa())
                .extracting(ReleasedRules.Release::catalog)
                .contains("voidexa-cards-2026.11.1");
    }

    /**
     * Issue 44: casket-1.2.0 (movement in sight of the turn's start, C-D-LOS-2) is current;
     * casket-1.1.0 (no VENT action) and casket-1.0.0 stay served for the matches created under
     * them, with the same catalog.
     */
    @Test
    void everyCasketEngineIsServedAndTheNewestIsCurrent() {
        Rulesets hosted = ReleasedRules.hosted();
        assertThat(hosted.get("casket").version())
                .isEqualTo(new io.duelhall.domain.RulesVersion("casket-1.2.0", "casket-cards-1"));
        assertThat(hosted.served("casket"))
                .extracting(r -> r.engineVersion())
                .containsExactly(
                        "casket-1.2.0", "casket-1.0.0", "casket-1.1.0"); // current, then older
        assertThat(
                        hosted.find(
                                "casket",
                                new io.duelhall.domain.RulesVersion(
                                        "casket-1.0.0", "casket-cards-1")))
                .isPresent();
        assertThat(ReleasedRules.hosted("").served("casket")).hasSize(3);
    }
}
