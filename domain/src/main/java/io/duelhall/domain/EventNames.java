package io.duelhall.domain;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The names events are stored under: a logical name and a revision, never a Java class name
 * (docs/upgrading.md). Core events are {@code core.<Type>} ({@code core.IntentAccepted}), a
 * ruleset's are {@code <ruleset id>.<Type>} ({@code voidexa.CardDrawn}), all at revision {@value
 * #REVISION} until an event's payload changes (then an upcaster turns each older revision into the
 * newer one). The type is the event's {@link MatchEvent#type()} name when it was first stored: a
 * class that is renamed later keeps its stored name (the pinned list in the tests says so).
 *
 * <p>Rows written before names were logical carry the class name the event had then, with no
 * revision. Each plug-in keeps the table of those names beside its classes, in {@code
 * legacy-event-types.txt} ({@code <stored class name> <logical name>} a line): frozen text, never
 * derived from today's classes, so a class can move without touching it.
 */
public final class EventNames {
    /** The revision of every event type that has not changed since names became logical. */
    public static final String REVISION = "1";

    /** The namespace of the events every ruleset's matches share. */
    public static final String CORE = "core";

    /**
     * The file, beside a plug-in's ruleset class (core: beside this class), naming its events as
     * first stored.
     */
    public static final String LEGACY_FILE = "legacy-event-types.txt";

    private final Map<Class<?>, String> byClass = new HashMap<>();
    private final Map<String, Class<?>> byName = new LinkedHashMap<>();
    private final Map<String, String> legacy = new HashMap<>();

    public EventNames(Collection<? extends Ruleset> rulesets) {
        for (Class<? extends MatchEvent> c : CoreEvents.IN_MATCH_STREAM) {
            add(CORE, c);
        }
        add(CORE, IntentRefused.class);
        readLegacy(EventNames.class);
        for (Ruleset r : rulesets) {
            for (Class<? extends MatchEvent> c : r.eventTypes()) {
                add(r.id(), c);
            }
            readLegacy(r.getClass());
        }
    }

    /**
     * Adds the events of a part of the server that is not a ruleset (the matchmaking queue's, the
     * tournaments'), each stored as {@code <namespace>.<simple class name>}, at revision {@value
     * #REVISION}; returns this.
     */
    public EventNames with(String namespace, Collection<Class<?>> types) {
        types.forEach(t -> add(namespace, t));
        return this;
    }

    private void add(String namespace, Class<?> type) {
        String name = namespace + "." + type.getSimpleName();
        Class<?> before = byName.putIfAbsent(name, type);
        if (before != null && before != type) {
            throw new IllegalStateException(
                    "two event types named " + name + ": " + before + " and " + type);
        }
        byClass.put(type, name);
    }

    private void readLegacy(Class<?> owner) {
        try (InputStream in = owner.getResourceAsStream(LEGACY_FILE)) {
            if (in == null) {
                return; // a plug-in that never stored class names
            }
            BufferedReader r =
                    new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String l = line.strip();
                if (l.isEmpty() || l.startsWith("#")) {
                    continue;
                }
                String[] parts = l.split("\\s+");
                if (parts.length != 2 || !byName.containsKey(parts[1])) {
                    throw new IllegalStateException(
                            owner.getPackageName()
                                    + "/"
                                    + LEGACY_FILE
                                    + ": '"
                                    + l
                                    + "' does not name a stored class and a known event name");
                }
                legacy.put(parts[0], parts[1]);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The logical name {@code type} is stored under, if it is an event. */
    public Optional<String> nameOf(Class<?> type) {
        return Optional.ofNullable(byClass.get(type));
    }

    /** The class of a logical name, if known. */
    public Optional<Class<?>> classOf(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /**
     * The logical name of a row stored under a class name by an earlier release, if it was an
     * event.
     */
    public Optional<String> fromLegacy(String storedClassName) {
        return Optional.ofNullable(legacy.get(storedClassName));
    }

    /** Every logical name with its class, core first. */
    public Map<String, Class<?>> all() {
        return Collections.unmodifiableMap(byName);
    }

    /** Every legacy (class) name with its logical name. */
    public Map<String, String> legacy() {
        return Collections.unmodifiableMap(legacy);
    }
}
