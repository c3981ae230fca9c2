package io.duelhall.domain.biome;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * biome's cards, biomes and starter decks: data, read from {@code cards.txt} and {@code
 * starter-decks.txt} beside this class (one card a line; the format is in the file's header).
 * B-D-CAT-1, B-D-DECK-1.
 */
public final class Catalog {
    public static final String VERSION = "biome-cards-2026.11.1";
    public static final int DECK_SIZE = 30;
    public static final int MAX_COPIES = 3;
    static final Set<String> TYPES =
            Set.of(
                    BiomeCard.AGENT,
                    BiomeCard.GEAR,
                    BiomeCard.SKILL,
                    BiomeCard.MODIFICATION,
                    BiomeCard.REACTIVE,
                    BiomeCard.ANOMALY,
                    BiomeCard.BIOME);
    static final Set<String> TARGETS =
            Set.of(
                    BiomeCard.NONE,
                    "OWN_AGENT",
                    "ENEMY_AGENT",
                    "ANY_AGENT",
                    "OWN_SECTOR",
                    "ENEMY_SECTOR",
                    "PLAYER");
    static final Set<String> KINDS =
            Set.of("DAMAGE", "BOOST", "MOD", "DRAW", "REPAIR", "ENERGY", "LOCK");
    static final Set<String> SCOPES =
            Set.of("TARGET", "SELF", "ENEMY", "OWN_AGENTS", "ENEMY_AGENTS", "OWN_SECTORS");
    static final Set<String> KEYWORDS = Set.of("X", "PICK", "START", "END");

    /** A starter deck: its name and 30 catalog ids. */
    public record StarterDeck(String name, List<String> cards) {}

    private final String version;
    private final Map<String, BiomeCard> cards;
    private final List<StarterDeck> starterDecks;

    public Catalog(String version, List<BiomeCard> cards, List<StarterDeck> starterDecks) {
        this.version = version;
        Map<String, BiomeCard> m = new LinkedHashMap<>();
        for (BiomeCard c : cards) {
            if (m.put(c.id(), c) != null) {
                throw new IllegalArgumentException("two cards with id " + c.id());
            }
        }
        this.cards = Collections.unmodifiableMap(m);
        this.starterDecks = List.copyOf(starterDecks);
    }

    /** The catalog shipped with this engine. */
    public static Catalog standard() {
        List<BiomeCard> cards = new ArrayList<>();
        for (String line : lines("cards.txt")) {
            cards.add(parse(line));
        }
        List<StarterDeck> decks = new ArrayList<>();
        for (String line : lines("starter-decks.txt")) {
            String[] p = line.split("\\|");
            List<String> ids = new ArrayList<>();
            for (String entry : p[1].trim().split("\\s+")) {
                String[] ic = entry.split("\\*");
                ids.addAll(Collections.nCopies(Integer.parseInt(ic[1]), ic[0]));
            }
            decks.add(new StarterDeck(p[0].trim(), List.copyOf(ids)));
        }
        return new Catalog(VERSION, cards, decks);
    }

    private static List<String> lines(String file) {
        try (InputStream in = Catalog.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("biome catalog file missing: " + file);
            }
            List<String> out = new ArrayList<>();
            BufferedReader r =
                    new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String l = r.readLine(); l != null; l = r.readLine()) {
                if (!l.isBlank() && !l.startsWith("#")) {
                    out.add(l);
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses one card line; throws on anything the engine does not know. */
    static BiomeCard parse(String line) {
        String[] p = Arrays.stream(line.split("\\|", -1)).map(String::trim).toArray(String[]::new);
        if (p.length != 11) {
            throw new IllegalArgumentException("a card line has 11 fields: " + line);
        }
        String[] target = target(p[7]);
        List<String> keywords = p[8].isEmpty() ? List.of() : List.of(p[8].split("\\s*,\\s*"));
        BiomeCard.Skill skill = null;
        if (!p[10].isEmpty()) {
            String[] head = p[10].split(":", 2);
            String[] h = head[0].trim().split("\\s+");
            String[] st = target(h[2]);
            skill =
                    new BiomeCard.Skill(
                            Integer.parseInt(h[0].substring(1)),
                            Integer.parseInt(h[1].substring(1)),
                            st[0],
                            Integer.parseInt(st[1]),
                            effects(head[1].trim()));
        }
        BiomeCard c =
                new BiomeCard(
                        p[0],
                        p[1],
                        p[2],
                        Integer.parseInt(p[3]),
                        Integer.parseInt(p[4]),
                        Integer.parseInt(p[5]),
                        Integer.parseInt(p[6]),
                        target[0],
                        Integer.parseInt(target[1]),
                        keywords,
                        effects(p[9]),
                        skill,
                        "");
        c =
                new BiomeCard(
                        c.id(),
                        c.name(),
                        c.type(),
                        c.cost(),
                        c.speed(),
                        c.power(),
                        c.defense(),
                        c.target(),
                        c.targets(),
                        c.keywords(),
                        c.effects(),
                        c.skill(),
                        text(c));
        List<String> problems = problems(c);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(c.id() + ": " + problems);
        }
        return c;
    }

    private static String[] target(String t) {
        String[] tc = t.split("\\*");
        String kind = tc[0];
        int n = BiomeCard.NONE.equals(kind) ? 0 : tc.length > 1 ? Integer.parseInt(tc[1]) : 1;
        return new String[] {kind, String.valueOf(n)};
    }

    private static List<BiomeCard.Effect> effects(String s) {
        List<BiomeCard.Effect> out = new ArrayList<>();
        if (s.isEmpty()) {
            return out;
        }
        for (String block : s.split("\\s*;\\s*")) {
            String[] b = block.split("\\s+");
            String[] n = b[1].split("/");
            int amount = n[0].equals("X") ? BiomeCard.Effect.X : Integer.parseInt(n[0]);
            out.add(
                    new BiomeCard.Effect(
                            b[0], amount, n.length > 1 ? Integer.parseInt(n[1]) : 0, b[2]));
        }
        return out;
    }

    static List<String> problems(BiomeCard c) {
        List<String> out = new ArrayList<>();
        if (!TYPES.contains(c.type())) {
            out.add("type " + c.type());
        }
        if (!TARGETS.contains(c.target())) {
            out.add("target " + c.target());
        }
        if (!KEYWORDS.containsAll(c.keywords())) {
            out.add("keywords " + c.keywords());
        }
        boolean queued = !c.type().equals(BiomeCard.ANOMALY) && !c.type().equals(BiomeCard.BIOME);
        if (queued && (c.speed() < 1 || c.speed() > 3)) {
            out.add("speed must be 1, 2 or 3");
        }
        if (c.type().equals(BiomeCard.AGENT) && c.defense() <= 0) {
            out.add("an agent needs defense");
        }
        if (c.type().equals(BiomeCard.BIOME) && c.defense() <= 0) {
            out.add("a biome needs durability");
        }
        if (c.type().equals(BiomeCard.MODIFICATION) && !c.target().equals("OWN_AGENT")) {
            out.add("a modification targets OWN_AGENT (modifications need a target)");
        }
        if (c.type().equals(BiomeCard.REACTIVE) && !(c.has("START") ^ c.has("END"))) {
            out.add("a reactive card reacts at START or at END");
        }
        if (c.type().equals(BiomeCard.REACTIVE) && !c.target().equals(BiomeCard.NONE)) {
            out.add("a reactive card has no target");
        }
        if (c.skill() != null && !c.type().equals(BiomeCard.AGENT)) {
            out.add("only agents have activated skills");
        }
        List<BiomeCard.Effect> all = new ArrayList<>(c.effects());
        if (c.skill() != null) {
            all.addAll(c.skill().effects());
        }
        for (BiomeCard.Effect e : all) {
            if (!KINDS.contains(e.kind()) || !SCOPES.contains(e.scope())) {
                out.add("effect " + e);
            }
            if (e.amount() == BiomeCard.Effect.X && !c.has("X")) {
                out.add("an X amount on a card without X");
            }
        }
        for (BiomeCard.Effect e : c.effects()) {
            if (e.scope().equals("TARGET") && c.target().equals(BiomeCard.NONE)) {
                out.add("a TARGET effect on a card without target");
            }
        }
        if (c.cost() < 0) {
            out.add("cost below 0");
        }
        return out;
    }

    /** The card's rules text, made from its data. */
    static String text(BiomeCard c) {
        List<String> parts = new ArrayList<>();
        if (c.type().equals(BiomeCard.BIOME)) {
            return "Each seat's sector here has durability " + c.defense() + ".";
        }
        if (c.speed() > 0) {
            parts.add("Speed " + c.speed() + ".");
        }
        if (c.type().equals(BiomeCard.GEAR)) {
            parts.add("Attach to an advancing agent: +" + c.power() + "/+" + c.defense() + ".");
        }
        if (c.has("START") || c.has("END")) {
            parts.add(c.has("START") ? "At the start of your turn:" : "At the end of your turn:");
        }
        if (c.has("PICK")) {
            parts.add("Pick one:");
        }
        for (BiomeCard.Effect e : c.effects()) {
            parts.add(effect(e, c.target()) + ".");
        }
        if (c.skill() != null) {
            BiomeCard.Skill s = c.skill();
            List<String> fx = s.effects().stream().map(e -> effect(e, s.target())).toList();
            parts.add(
                    "Skill (Speed "
                            + s.speed()
                            + ", "
                            + s.cost()
                            + " energy, locks): "
                            + String.join("; ", fx)
                            + ".");
        }
        return String.join(" ", parts);
    }

    private static String effect(BiomeCard.Effect e, String target) {
        String n = e.amount() == BiomeCard.Effect.X ? "X" : String.valueOf(e.amount());
        String what =
                switch (e.kind()) {
                    case "DAMAGE" -> "deal " + n + " damage to ";
                    case "BOOST" -> "give +" + n + "/+" + e.amount2() + " until the reset to ";
                    case "MOD" -> "give +" + n + "/+" + e.amount2() + " for good to ";
                    case "DRAW" -> "draw " + n + " card(s): ";
                    case "REPAIR" -> "repair " + n + " durability of ";
                    case "ENERGY" -> "gain " + n + " energy: ";
                    default -> "lock ";
                };
        String whom =
                switch (e.scope()) {
                    case "TARGET" -> "target " + target.toLowerCase().replace('_', ' ');
                    case "SELF" -> "you";
                    case "ENEMY" -> "your opponent";
                    case "OWN_AGENTS" -> "each of your agents";
                    case "ENEMY_AGENTS" -> "each enemy agent";
                    default -> "each of your sectors";
                };
        return what + whom;
    }

    public String version() {
        return version;
    }

    /** The card with that id, or null. */
    public BiomeCard card(String id) {
        return id == null ? null : cards.get(id);
    }

    public List<BiomeCard> cards() {
        return List.copyOf(cards.values());
    }

    /** The biomes every match is played on, in catalog order (B-D-BIOME-1). */
    public List<BiomeCard> biomes() {
        return cards.values().stream().filter(c -> c.type().equals(BiomeCard.BIOME)).toList();
    }

    public List<StarterDeck> starterDecks() {
        return starterDecks;
    }

    /**
     * B-D-DECK-1: exactly 30 known cards, no biome, at most 3 copies of each; every violation
     * listed.
     */
    public List<String> deckViolations(List<String> deck) {
        List<String> out = new ArrayList<>();
        if (deck == null) {
            return List.of("a deck is required");
        }
        if (deck.size() != DECK_SIZE) {
            out.add("a deck has exactly " + DECK_SIZE + " cards, not " + deck.size());
        }
        Map<String, Integer> counts = new HashMap<>();
        for (String id : deck) {
            BiomeCard c = card(id);
            if (c == null) {
                out.add("unknown card " + id);
            } else if (c.type().equals(BiomeCard.BIOME)) {
                out.add(id + " is a biome: biomes are not in decks");
            }
            counts.merge(String.valueOf(id), 1, Integer::sum);
        }
        counts.entrySet().stream()
                .filter(e -> e.getValue() > MAX_COPIES)
                .sorted(Map.Entry.comparingByKey())
                .forEach(
                        e ->
                                out.add(
                                        e.getKey()
                                                + ": "
                                                + e.getValue()
                                                + " copies (at most "
                                                + MAX_COPIES
                                                + ")"));
        return out;
    }
}
