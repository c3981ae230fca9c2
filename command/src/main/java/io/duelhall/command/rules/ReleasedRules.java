package io.duelhall.command.rules;

import io.duelhall.domain.Rulesets;
import io.duelhall.domain.biome.BiomeRuleset;
import io.duelhall.domain.casket.CasketRuleset;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidlit.VoidlitRuleset;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Every released version of the hosted rulesets, read from the list kept beside each ruleset's
 * catalog ({@code voidexa/released-rules.txt}): engine version, catalog version, the catalog's file
 * and its SHA-256. The last line is the current version (new matches take it); every earlier one
 * stays served, so a match created under it plays to its end, replays and audits under it.
 */
public final class ReleasedRules {
    /**
     * One released version: the engine, the catalog version and the file that holds that catalog.
     */
    public record Release(String engine, String catalog, String file, String sha256) {}

    private static final String VOIDEXA_LIST = "released-rules.txt";

    private ReleasedRules() {}

    /** voidexa's released versions, oldest first. */
    public static List<Release> voidexa() {
        try (InputStream in = VoidexaRuleset.class.getResourceAsStream(VOIDEXA_LIST)) {
            if (in == null) {
                throw new IllegalStateException(
                        "voidexa " + VOIDEXA_LIST + " missing from the class path");
            }
            List<Release> out = new ArrayList<>();
            BufferedReader r =
                    new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) {
                String t = line.strip();
                if (t.isEmpty() || t.startsWith("#")) {
                    continue;
                }
                String[] f = t.split("\\s+");
                if (f.length != 4) {
                    throw new IllegalStateException(
                            "voidexa "
                                    + VOIDEXA_LIST
                                    + ": a line needs engine, catalog, file"
                                    + " and SHA-256: '"
                                    + t
                                    + "'");
                }
                out.add(new Release(f[0], f[1], f[2], f[3]));
            }
            if (out.isEmpty()) {
                throw new IllegalStateException("voidexa " + VOIDEXA_LIST + " names no release");
            }
            return List.copyOf(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The bytes of a released catalog file (as named in the list). */
    public static byte[] catalogBytes(Release release) {
        try (InputStream in = VoidexaRuleset.class.getResourceAsStream(release.file())) {
            if (in == null) {
                throw new IllegalStateException(
                        "voidexa catalog "
                                + release.file()
                                + " ("
                                + release.catalog()
                                + ") missing from the class path");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The voidexa ruleset of one release. */
    public static VoidexaRuleset voidexa(Release release) {
        Catalog catalog =
                CatalogReader.read(new java.io.ByteArrayInputStream(catalogBytes(release)));
        if (!catalog.version().equals(release.catalog())) {
            throw new IllegalStateException(
                    "voidexa "
                            + release.file()
                            + " holds catalog "
                            + catalog.version()
                            + ", but "
                            + VOIDEXA_LIST
                            + " names "
                            + release.catalog());
        }
        return new VoidexaRuleset(catalog, release.engine());
    }

    /**
     * Every hosted ruleset: {@code current} as the version new matches take (it must be the last
     * release listed), and every earlier release, each with its own catalog, still served.
     */
    public static Rulesets hosted(VoidexaRuleset current) {
        List<Release> releases = voidexa();
        Release last = releases.get(releases.size() - 1);
        if (!last.engine().equals(current.engineVersion())
                || !last.catalog().equals(current.catalogVersion())) {
            throw new IllegalStateException(
                    "the current voidexa rules are "
                            + current.version()
                            + ", but the last"
                            + " release in "
                            + VOIDEXA_LIST
                            + " is "
                            + last.engine()
                            + " with "
                            + last.catalog()
                            + ": add a line for a new version (docs/upgrading.md)");
        }
        List<io.duelhall.domain.Ruleset> older = new ArrayList<>();
        for (Release r : releases.subList(0, releases.size() - 1)) {
            older.add(voidexa(r));
        }
        older.addAll(olderCaskets());
        return new Rulesets(List.of(current, voidlit(), biome(), casket()), older);
    }

    /**
     * voidlit (issue 14) at its one released version, its catalog bundled as data beside its
     * classes.
     */
    public static VoidlitRuleset voidlit() {
        return new VoidlitRuleset();
    }

    /**
     * biome (issue 15) at its one released version, its catalog bundled as data beside its classes.
     */
    public static BiomeRuleset biome() {
        return new BiomeRuleset();
    }

    /**
     * casket (issue 16) at its one released version, its catalog, maps and dice bundled as data
     * beside its classes.
     */
    public static CasketRuleset casket() {
        return new CasketRuleset();
    }

    /**
     * casket's older engines, still served for the matches created under them (issue 44:
     * casket-1.0.0, with the VENT action every Casket had).
     */
    static List<CasketRuleset> olderCaskets() {
        List<String> versions = CasketRuleset.ENGINE_VERSIONS;
        return versions.subList(0, versions.size() - 1).stream().map(CasketRuleset::new).toList();
    }

    /**
     * Every hosted ruleset with the current version read from the bundled data (the audit CLI,
     * tools).
     */
    public static Rulesets hosted() {
        return hosted(new VoidexaRuleset(CatalogReader.voidexa()));
    }

    /**
     * Every hosted ruleset, new matches taking {@code newMatches} (a served catalog version, or
     * {@code <engine>/<catalog>}) instead of the newest release: during a rolling upgrade the new
     * nodes keep creating matches under the version the old nodes play, until the last old node is
     * gone. Blank: the newest release.
     *
     * @throws IllegalStateException if that version is not served (a typo must stop the start, not
     *     create matches under other rules)
     */
    public static Rulesets hosted(String newMatches) {
        Rulesets all = hosted();
        if (newMatches == null || newMatches.isBlank()) {
            return all;
        }
        String pin = newMatches.strip();
        List<io.duelhall.domain.Ruleset> served = all.served(VoidexaRuleset.RULESET);
        io.duelhall.domain.Ruleset chosen =
                served.stream()
                        .filter(
                                r ->
                                        pin.equals(r.catalogVersion())
                                                || pin.equals(
                                                        r.engineVersion()
                                                                + "/"
                                                                + r.catalogVersion()))
                        .reduce((a, b) -> a)
                        .orElseThrow(
                                () ->
                                        new IllegalStateException(
                                                "duelhall.rules.voidexa.new-matches="
                                                        + pin
                                                        + " is not a served version;"
                                                        + " served: "
                                                        + served.stream()
                                                                .map(
                                                                        r ->
                                                                                r.engineVersion()
                                                                                        + "/"
                                                                                        + r
                                                                                                .catalogVersion())
                                                                .toList()));
        List<io.duelhall.domain.Ruleset> older = new ArrayList<>(served);
        older.remove(chosen);
        older.addAll(olderCaskets());
        return new Rulesets(List.of(chosen, voidlit(), biome(), casket()), older);
    }
}
