package io.duelhall.domain;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The rulesets this server hosts, by id and by version. Each id has one <em>current</em> version,
 * which new matches take, and any number of older released versions still <em>served</em>: a match
 * is played to its end, replayed and audited under the version it was created with ({@link
 * #forMatch}), whatever the current one is now.
 */
public final class Rulesets {
    private final Map<String, Ruleset> current = new LinkedHashMap<>();
    private final Map<String, Map<RulesVersion, Ruleset>> served = new LinkedHashMap<>();

    /** Hosts these rulesets, each as the current (and only) version of its id. */
    public Rulesets(Ruleset... current) {
        this(List.of(current), List.of());
    }

    /**
     * @param current one ruleset per id: the version new matches take
     * @param older older released versions still served (of ids in {@code current})
     */
    public Rulesets(Collection<? extends Ruleset> current, Collection<? extends Ruleset> older) {
        for (Ruleset r : current) {
            if (this.current.putIfAbsent(r.id(), r) != null) {
                throw new IllegalArgumentException("two current versions of ruleset " + r.id());
            }
            add(r);
        }
        for (Ruleset r : older) {
            if (!this.current.containsKey(r.id())) {
                throw new IllegalArgumentException(
                        "an older version of ruleset " + r.id() + " without a current one");
            }
            add(r);
        }
    }

    private void add(Ruleset r) {
        if (served.computeIfAbsent(r.id(), k -> new LinkedHashMap<>()).putIfAbsent(r.version(), r)
                != null) {
            throw new IllegalArgumentException(
                    "ruleset " + r.id() + " " + r.version() + " is hosted twice");
        }
    }

    /** The current version of a ruleset: the one new matches are created with. */
    public Optional<Ruleset> find(String id) {
        return Optional.ofNullable(id == null ? null : current.get(id));
    }

    public Ruleset get(String id) {
        return find(id).orElseThrow(() -> new IllegalArgumentException("unknown ruleset " + id));
    }

    /** One version of a ruleset, if this server serves it. */
    public Optional<Ruleset> find(String id, RulesVersion version) {
        Map<RulesVersion, Ruleset> versions = id == null ? null : served.get(id);
        return Optional.ofNullable(
                versions == null || version == null ? null : versions.get(version));
    }

    /**
     * The ruleset, at the version it was created with, of the match this event opens; empty if not
     * served here.
     */
    public Optional<Ruleset> findForMatch(MatchOpening opening) {
        if (opening == null
                || opening.engineVersion() == null
                || opening.catalogVersion() == null) {
            return Optional.empty();
        }
        return find(opening.ruleset(), RulesVersion.of(opening));
    }

    /**
     * The ruleset, at the version it was created with, of the match this event opens.
     *
     * @throws UnservedVersionException if this server does not serve that ruleset or that version
     *     of it (a match written by a later release, or by a build that altered a released version)
     */
    public Ruleset forMatch(MatchOpening opening) {
        return findForMatch(opening)
                .orElseThrow(
                        () ->
                                new UnservedVersionException(
                                        opening.matchId(),
                                        opening.ruleset(),
                                        opening.engineVersion(),
                                        opening.catalogVersion(),
                                        served(opening.ruleset())));
    }

    public Set<String> ids() {
        return current.keySet();
    }

    /** The current version of every ruleset hosted, in the order given. */
    public Collection<Ruleset> all() {
        return Collections.unmodifiableCollection(current.values());
    }

    /**
     * Every version of a ruleset this server serves, the current one first; empty for an unknown
     * id.
     */
    public List<Ruleset> served(String id) {
        Map<RulesVersion, Ruleset> versions = id == null ? null : served.get(id);
        return versions == null ? List.of() : List.copyOf(new ArrayList<>(versions.values()));
    }

    /** A match names a ruleset version this server does not serve. */
    public static final class UnservedVersionException extends IllegalStateException {
        public UnservedVersionException(
                String matchId,
                String ruleset,
                String engine,
                String catalog,
                List<Ruleset> served) {
            super(
                    "match "
                            + matchId
                            + " was created under "
                            + ruleset
                            + " "
                            + engine
                            + " with "
                            + catalog
                            + ", which this build does not serve (it serves "
                            + (served.isEmpty()
                                    ? "no version of " + ruleset
                                    : served.stream().map(r -> r.version().toString()).toList())
                            + ")");
        }
    }
}
