package io.duelhall.domain;

/**
 * One released version of a ruleset's rules: the engine's (the code that decides and evolves) and
 * the card catalog's (the rules data). A match is played, replayed and audited under the version
 * its opening event names, for ever; new matches take the ruleset's current version.
 */
public record RulesVersion(String engine, String catalog) {
    public RulesVersion {
        if (engine == null || engine.isBlank() || catalog == null || catalog.isBlank()) {
            throw new IllegalArgumentException(
                    "a rules version needs an engine and a catalog version");
        }
    }

    /** The version a match was created under. */
    public static RulesVersion of(MatchOpening opening) {
        return new RulesVersion(opening.engineVersion(), opening.catalogVersion());
    }

    @Override
    public String toString() {
        return engine + " with " + catalog;
    }
}
