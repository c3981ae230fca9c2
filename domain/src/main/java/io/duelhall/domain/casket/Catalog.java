package io.duelhall.domain.casket;

import io.duelhall.domain.Seat;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * casket's data (C-D-*): cards, the Pilot Wound deck, the four starter Caskets, the arena maps and
 * the dice faces, read from the text files beside this class.
 */
public final class Catalog {
    public static final String VERSION = "casket-cards-1";
    public static final int MIN_DECK = 26;
    public static final int MAX_DECK = 50;
    public static final int MAX_COPIES = 4;
    public static final String DAMAGE = "damage";

    /** What a card is. */
    public enum Kind {
        PRIMARY,
        SECONDARY,
        DEFENCE,
        UTILITY,
        DAMAGE
    }

    /** A card of the pool (cards.txt); zero means "none" for every effect. */
    public record Card(
            String id,
            String name,
            Kind kind,
            int cost,
            int damage,
            int minRange,
            int maxRange,
            boolean reactive,
            int reduce,
            int heat,
            int cool,
            int draw,
            int buff,
            int aim,
            int burn) {
        public boolean attack() {
            return damage > 0;
        }
    }

    /** A Pilot Wound card (wounds.txt). */
    public record Wound(String id, String name, String tier, String effect) {}

    /** A starter Casket: its type and deck (caskets.txt). */
    public record Starter(String id, String name, CasketType type, List<String> deck) {}

    /** A face of a custom die: its name and value (attack dice add values). */
    public record Face(String name, int value) {}

    private final Map<String, Card> cards;
    private final List<Wound> wounds;

    /** {@link #wound} by id (the search asks it for every flipped wound of every state). */
    private final Map<String, Wound> woundsById;

    private final List<Starter> starters;
    private final Map<String, ArenaMap> maps;
    private final List<Face> attackDie;
    private final List<Face> defenceDie;

    private static final Catalog STANDARD = load();

    private Catalog(
            Map<String, Card> cards,
            List<Wound> wounds,
            List<Starter> starters,
            Map<String, ArenaMap> maps,
            List<Face> attackDie,
            List<Face> defenceDie) {
        this.cards = cards;
        this.wounds = wounds;
        Map<String, Wound> byId = new HashMap<>();
        wounds.forEach(w -> byId.putIfAbsent(w.id(), w));
        this.woundsById = Map.copyOf(byId);
        this.starters = starters;
        this.maps = maps;
        this.attackDie = attackDie;
        this.defenceDie = defenceDie;
    }

    public static Catalog standard() {
        return STANDARD;
    }

    public String version() {
        return VERSION;
    }

    public Card card(String id) {
        return cards.get(id);
    }

    public List<Card> cards() {
        return List.copyOf(cards.values());
    }

    public List<Wound> wounds() {
        return wounds;
    }

    public Wound wound(String id) {
        return id == null ? null : woundsById.get(id);
    }

    public List<Starter> starters() {
        return starters;
    }

    public Starter starter(String id) {
        return starters.stream().filter(s -> s.id().equals(id)).findFirst().orElse(null);
    }

    /** The maps in file order (C-D-MAP-2 picks one by the seed). */
    public List<ArenaMap> maps() {
        return List.copyOf(maps.values());
    }

    public ArenaMap map(String id) {
        return maps.get(id);
    }

    public List<Face> attackDie() {
        return attackDie;
    }

    public List<Face> defenceDie() {
        return defenceDie;
    }

    /** C-D-DECK-1: 26 to 50 known cards, at most 4 of each, no Damage card; every violation. */
    public List<String> deckViolations(List<String> deck) {
        List<String> out = new ArrayList<>();
        if (deck == null || deck.size() < MIN_DECK || deck.size() > MAX_DECK) {
            out.add(
                    "a deck has "
                            + MIN_DECK
                            + " to "
                            + MAX_DECK
                            + " cards, not "
                            + (deck == null ? 0 : deck.size()));
        }
        Map<String, Integer> counts = new TreeMap<>();
        for (String c : deck == null ? List.<String>of() : deck) {
            counts.merge(String.valueOf(c), 1, Integer::sum);
        }
        counts.forEach(
                (id, n) -> {
                    Card c = cards.get(id);
                    if (c == null) {
                        out.add("unknown card " + id);
                    } else if (c.kind() == Kind.DAMAGE) {
                        out.add("Damage cards are never in a deck");
                    } else if (n > MAX_COPIES) {
                        out.add(id + ": at most " + MAX_COPIES + " copies, not " + n);
                    }
                });
        return out;
    }

    // ---- parsing ----

    private static Catalog load() {
        Map<String, Card> cards = new LinkedHashMap<>();
        for (String line : lines("cards.txt")) {
            Card c = parseCard(line);
            cards.put(c.id(), c);
        }
        List<Wound> wounds = new ArrayList<>();
        for (String line : lines("wounds.txt")) {
            String[] p = fields(line, 4);
            wounds.add(new Wound(p[0], p[1], p[2], p[3]));
        }
        List<Starter> starters = new ArrayList<>();
        for (String line : lines("caskets.txt")) {
            String[] p = fields(line, 4);
            List<String> deck = new ArrayList<>();
            for (String entry : p[3].split(",")) {
                String[] e = entry.strip().split("\\s+x");
                for (int i = 0; i < Integer.parseInt(e[1]); i++) {
                    deck.add(e[0]);
                }
            }
            deck.sort(null);
            starters.add(new Starter(p[0], p[1], CasketType.valueOf(p[2]), List.copyOf(deck)));
        }
        List<Face> attack = null;
        List<Face> defence = null;
        for (String line : lines("dice.txt")) {
            String[] p = line.split("\\s+");
            List<Face> faces = new ArrayList<>();
            for (int i = 1; i < p.length; i++) {
                String[] f = p[i].split(":");
                faces.add(new Face(f[0], f.length > 1 ? Integer.parseInt(f[1]) : 0));
            }
            if (p[0].equals("attack")) {
                attack = List.copyOf(faces);
            } else {
                defence = List.copyOf(faces);
            }
        }
        return new Catalog(
                cards,
                List.copyOf(wounds),
                List.copyOf(starters),
                parseMaps(lines("maps.txt")),
                attack,
                defence);
    }

    static Card parseCard(String line) {
        String[] p = fields(line, 5);
        Map<String, String> fx = new HashMap<>();
        for (String w : p[4].isBlank() ? new String[0] : p[4].strip().split("\\s+")) {
            String[] kv = w.split("=", 2);
            fx.put(kv[0], kv.length > 1 ? kv[1] : "1");
        }
        int min = 0;
        int max = 0;
        if (fx.containsKey("range")) {
            String[] r = fx.get("range").split("-");
            min = Integer.parseInt(r[0]);
            max = Integer.parseInt(r[1]);
        }
        return new Card(
                p[0],
                p[1],
                Kind.valueOf(p[2]),
                Integer.parseInt(p[3]),
                num(fx, "dmg"),
                min,
                max,
                fx.containsKey("reactive"),
                num(fx, "reduce"),
                num(fx, "heat"),
                num(fx, "cool"),
                num(fx, "draw"),
                num(fx, "buff"),
                num(fx, "aim"),
                num(fx, "burn"));
    }

    private static int num(Map<String, String> fx, String key) {
        return fx.containsKey(key) ? Integer.parseInt(fx.get(key)) : 0;
    }

    static Map<String, ArenaMap> parseMaps(List<String> lines) {
        Map<String, ArenaMap> out = new LinkedHashMap<>();
        String id = null;
        String name = null;
        int radius = 0;
        Set<Hex> walls = new HashSet<>();
        Set<Hex> difficult = new HashSet<>();
        Set<Hex> water = new HashSet<>();
        Map<Hex, Integer> elevation = new HashMap<>();
        Map<Seat, ArenaMap.Deployment> deploy = new EnumMap<>(Seat.class);
        for (String line : lines) {
            String[] p = line.split("\\s+");
            switch (p[0]) {
                case "map" -> {
                    id = p[1];
                    name = line.substring(line.indexOf(p[1]) + p[1].length()).strip();
                    radius = 0;
                    walls = new HashSet<>();
                    difficult = new HashSet<>();
                    water = new HashSet<>();
                    elevation = new HashMap<>();
                    deploy = new EnumMap<>(Seat.class);
                }
                case "radius" -> radius = Integer.parseInt(p[1]);
                case "wall" -> hexes(p, 1).forEach(walls::add);
                case "difficult" -> hexes(p, 1).forEach(difficult::add);
                case "water" -> hexes(p, 1).forEach(water::add);
                case "elevation" -> {
                    int h = Integer.parseInt(p[1]);
                    for (Hex x : hexes(p, 2)) {
                        elevation.put(x, h);
                    }
                }
                case "deploy" ->
                        deploy.put(
                                Seat.valueOf(p[1]),
                                new ArenaMap.Deployment(Hex.parse(p[2]), Integer.parseInt(p[3])));
                case "end" ->
                        out.put(
                                id,
                                new ArenaMap(
                                        id, name, radius, walls, difficult, water, elevation,
                                        deploy));
                default -> throw new IllegalStateException("maps.txt: unknown line " + line);
            }
        }
        return out;
    }

    private static List<Hex> hexes(String[] p, int from) {
        List<Hex> out = new ArrayList<>();
        for (int i = from; i < p.length; i++) {
            out.add(Hex.parse(p[i]));
        }
        return out;
    }

    private static String[] fields(String line, int n) {
        String[] p = line.split("\\|", -1);
        if (p.length != n) {
            throw new IllegalStateException("expected " + n + " fields: " + line);
        }
        for (int i = 0; i < p.length; i++) {
            p[i] = p[i].strip();
        }
        return p;
    }

    private static List<String> lines(String file) {
        try (InputStream in = Catalog.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
