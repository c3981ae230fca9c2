package io.duelhall.domain.voidlit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * voidlit's cards and starter decks: data, read from {@code cards.txt} and {@code
 * starter-decks.txt} beside this class (one card a line; the format is in the file's header).
 */
public final class Catalog {
    public static final String VERSION = "voidlit-cards-2026.11.1";
    static final Set<String> TYPES =
            Set.of(VoidlitCard.UNIT, VoidlitCard.EFFECT, VoidlitCard.RELIC, VoidlitCard.UPGRADE);
    static final List<String> RARITIES = List.of("COMMON", "UNCOMMON", "RARE", "EPIC", "LEGENDARY");
    static final Set<String> TARGETS = Set.of("NONE", "ENEMY_ANY", "ENEMY_UNIT", "OWN_UNIT");
    static final Set<String> KINDS = Set.of("DAMAGE", "HEAL", "DRAW", "BUFF", "ENERGY");
    static final Set<String> SCOPES =
            Set.of("TARGET", "ENEMY_PLAYER", "SELF", "BOTH_PLAYERS", "ENEMY_UNITS", "OWN_UNITS");
    static final Set<String> KEYWORDS = Set.of("GUARD", "SWIFT");

    /** A starter deck: its name, Parallel and 40 catalog ids. */
    public record StarterDeck(String name, String parallel, List<String> cards) {}

    private final String version;
    private final Map<String, VoidlitCard> cards;
    private final List<StarterDeck> starterDecks;

    public Catalog(String version, List<VoidlitCard> cards, List<StarterDeck> starterDecks) {
        this.version = version;
        Map<String, VoidlitCard> m = new LinkedHashMap<>();
        for (VoidlitCard c : cards) {
            if (m.put(c.id(), c) != null) {
                throw new IllegalArgumentException("two cards with id " + c.id());
            }
        }
        this.cards = Collections.unmodifiableMap(m);
        this.starterDecks = List.copyOf(starterDecks);
    }

    /** The catalog shipped with this engine. */
    public static Catalog standard() {
        List<VoidlitCard> cards = new ArrayList<>();
        for (String line : lines("cards.txt")) {
            cards.add(parse(line));
        }
        Catalog partial = new Catalog(VERSION, cards, List.of());
        List<StarterDeck> decks = new ArrayList<>();
        for (String line : lines("starter-decks.txt")) {
            String[] p = line.split("\\|");
            List<String> ids = new ArrayList<>();
            for (String entry : p[1].trim().split("\\s+")) {
                String[] ic = entry.split("\\*");
                ids.addAll(Collections.nCopies(Integer.parseInt(ic[1]), ic[0]));
            }
            decks.add(
                    new StarterDeck(
                            p[0].trim(), DeckRules.parallelOf(partial, ids), List.copyOf(ids)));
        }
        return new Catalog(VERSION, cards, decks);
    }

    private static List<String> lines(String file) {
        try (InputStream in = Catalog.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("voidlit catalog file missing: " + file);
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
    static VoidlitCard parse(String line) {
        String[] p = Arrays.stream(line.split("\\|", -1)).map(String::trim).toArray(String[]::new);
        if (p.length != 11) {
            throw new IllegalArgumentException("a card line has 11 fields: " + line);
        }
        List<String> keywords = p[9].isEmpty() ? List.of() : List.of(p[9].split("\\s*,\\s*"));
        List<VoidlitCard.Effect> effects = new ArrayList<>();
        if (!p[10].isEmpty()) {
            for (String block : p[10].split("\\s*;\\s*")) {
                String[] b = block.split("\\s+");
                String[] n = b[1].split("/");
                effects.add(
                        new VoidlitCard.Effect(
                                b[0],
                                Integer.parseInt(n[0]),
                                n.length > 1 ? Integer.parseInt(n[1]) : 0,
                                b[2]));
            }
        }
        VoidlitCard c =
                new VoidlitCard(
                        p[0],
                        p[1],
                        p[2],
                        p[3],
                        p[4],
                        Integer.parseInt(p[5]),
                        Integer.parseInt(p[6]),
                        Integer.parseInt(p[7]),
                        p[8],
                        keywords,
                        effects,
                        "");
        c =
                new VoidlitCard(
                        c.id(),
                        c.name(),
                        c.parallel(),
                        c.type(),
                        c.rarity(),
                        c.cost(),
                        c.attack(),
                        c.health(),
                        c.target(),
                        c.keywords(),
                        c.effects(),
                        text(c));
        List<String> problems = problems(c);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(c.id() + ": " + problems);
        }
        return c;
    }

    static List<String> problems(VoidlitCard c) {
        List<String> out = new ArrayList<>();
        if (!TYPES.contains(c.type())) {
            out.add("type " + c.type());
        }
        if (!RARITIES.contains(c.rarity())) {
            out.add("rarity " + c.rarity());
        }
        if (!TARGETS.contains(c.target())) {
            out.add("target " + c.target());
        }
        if (!KEYWORDS.containsAll(c.keywords())) {
            out.add("keywords " + c.keywords());
        }
        if (c.type().equals(VoidlitCard.UNIT) && c.health() <= 0) {
            out.add("a Unit needs health");
        }
        if (c.type().equals(VoidlitCard.UPGRADE) && !c.target().equals("OWN_UNIT")) {
            out.add("an Upgrade targets OWN_UNIT");
        }
        if (c.type().equals(VoidlitCard.RELIC) && !c.target().equals("NONE")) {
            out.add("a Relic has no target");
        }
        for (VoidlitCard.Effect e : c.effects()) {
            if (!KINDS.contains(e.kind()) || !SCOPES.contains(e.scope())) {
                out.add("effect " + e);
            }
            if (e.scope().equals("TARGET") && c.target().equals("NONE")) {
                out.add("a TARGET effect on a card without target");
            }
            if (e.scope().equals("TARGET") && c.type().equals(VoidlitCard.RELIC)) {
                out.add("a Relic's effect has no TARGET");
            }
        }
        if (c.cost() < 0) {
            out.add("cost below 0");
        }
        return out;
    }

    /** The card's rules text, made from its data. */
    static String text(VoidlitCard c) {
        List<String> parts = new ArrayList<>();
        if (!c.keywords().isEmpty()) {
            parts.add(
                    String.join(
                                    ", ",
                                    c.keywords().stream()
                                            .map(k -> k.charAt(0) + k.substring(1).toLowerCase())
                                            .toList())
                            + ".");
        }
        if (c.type().equals(VoidlitCard.UPGRADE)) {
            parts.add("Equip to one of your Units: +" + c.attack() + "/+" + c.health() + ".");
        }
        String when =
                switch (c.type()) {
                    case VoidlitCard.UNIT -> "When played: ";
                    case VoidlitCard.RELIC -> "At the start of your turn: ";
                    default -> "";
                };
        for (VoidlitCard.Effect e : c.effects()) {
            String what =
                    switch (e.kind()) {
                        case "DAMAGE" -> "deal " + e.amount() + " damage to ";
                        case "HEAL" -> "restore " + e.amount() + " Health to ";
                        case "DRAW" -> "draw " + e.amount() + " card(s) for ";
                        case "BUFF" -> "give +" + e.amount() + "/+" + e.amount2() + " to ";
                        default -> "gain " + e.amount() + " Energy this turn for ";
                    };
            String whom =
                    switch (e.scope()) {
                        case "TARGET" ->
                                switch (c.target()) {
                                    case "ENEMY_ANY" -> "an enemy Unit or the enemy player";
                                    case "ENEMY_UNIT" -> "an enemy Unit";
                                    default -> "one of your Units";
                                };
                        case "ENEMY_PLAYER" -> "the enemy player";
                        case "SELF" -> "you";
                        case "BOTH_PLAYERS" -> "each player";
                        case "ENEMY_UNITS" -> "each enemy Unit";
                        default -> "each of your Units";
                    };
            parts.add(when + what + whom + ".");
        }
        return String.join(" ", parts);
    }

    public String version() {
        return version;
    }

    /** The card with that id, or null. */
    public VoidlitCard card(String id) {
        return id == null ? null : cards.get(id);
    }

    public List<VoidlitCard> cards() {
        return List.copyOf(cards.values());
    }

    public List<StarterDeck> starterDecks() {
        return starterDecks;
    }
}
