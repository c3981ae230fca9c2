package io.duelhall.domain;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The rulesets this server hosts, by id. */
public final class Rulesets {
    private final Map<String, Ruleset> byId = new LinkedHashMap<>();

    public Rulesets(Ruleset... rulesets) {
        for (Ruleset r : rulesets) {
            byId.put(r.id(), r);
        }
    }

    public Optional<Ruleset> find(String id) {
        return Optional.ofNullable(id == null ? null : byId.get(id));
    }

    public Ruleset get(String id) {
        return find(id).orElseThrow(() -> new IllegalArgumentException("unknown ruleset " + id));
    }

    public Set<String> ids() {
        return byId.keySet();
    }

    /** Every ruleset hosted, in the order given. */
    public java.util.Collection<Ruleset> all() {
        return java.util.Collections.unmodifiableCollection(byId.values());
    }
}
