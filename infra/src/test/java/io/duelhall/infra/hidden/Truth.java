package io.duelhall.infra.hidden;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.CardRef;
import io.duelhall.domain.voidexa.Drone;
import io.duelhall.domain.voidexa.Ship;
import io.duelhall.domain.voidexa.VoidexaEvent.DeckShuffled;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchCreated;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchEnded;
import io.duelhall.domain.voidexa.VoidexaEvent.PlayerJoined;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.domain.voidexa.cards.Card;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;

/**
 * The whole truth of one match, read straight from the event store and folded through the rules,
 * and what each viewer (the spectator, seat A, seat B) has been entitled to know, and since when: a
 * card instance id or catalog id becomes known to everyone once it has been in a public zone
 * (discard, exile, in play, drones, field, the card waiting in a response window, a ship core), to
 * a seat once it has been in its own hand (its own deck list from the start), and to everyone when
 * the match ends. "Hidden from a viewer at version H" is then: part of the match and not known to
 * that viewer by H. Known sets only grow, so a payload is checked against the version at which it
 * was produced.
 */
final class Truth {
    static final String SPECTATOR = "SPECTATOR";
    static final List<String> VIEWERS = List.of(SPECTATOR, "A", "B");
    private static final Pattern INSTANCE_ID = Pattern.compile("c[0-9a-f]{8}");

    final String matchId;
    private final VoidexaRuleset rules;
    private final EventStore store;
    VoidexaState state;
    long version = -1;
    String serverSeed;
    long endSeq = Long.MAX_VALUE;

    /** Versions a client could observe: the last event of each committed command. */
    final TreeSet<Long> commits = new TreeSet<>();

    final Set<String> ids = new HashSet<>();
    final Set<String> cards = new HashSet<>();
    private final Map<String, String> names = new HashMap<>();
    private final Map<String, Map<String, Long>> knownIds = new HashMap<>();
    private final Map<String, Map<String, Long>> knownCards = new HashMap<>();

    /**
     * What of a text does not depend on the viewer or the version (issue 47: the scan was a third
     * of the test's CPU, the same texts come again in every view): the cards of the match whose
     * name it contains, and the card instance ids inside it. Emptied when the match's cards change.
     */
    private final Map<String, List<String>> namesIn = new HashMap<>();

    private final Map<String, List<String>> idsIn = new HashMap<>();

    Truth(String matchId, VoidexaRuleset rules, EventStore store) {
        this.matchId = matchId;
        this.rules = rules;
        this.store = store;
        this.state = rules.initial();
        for (Card c : rules.catalog().cards()) {
            names.put(c.id(), c.name());
        }
        VIEWERS.forEach(
                v -> {
                    knownIds.put(v, new HashMap<>());
                    knownCards.put(v, new HashMap<>());
                });
    }

    /** Reads what a command just stored; its last event is an observable version. */
    void commit() {
        DomainEventStream s = store.readEvents(matchId, version + 1);
        while (s.hasNext()) {
            DomainEventMessage<?> m = s.next();
            apply(m.getSequenceNumber(), (MatchEvent) m.getPayload());
        }
        commits.add(version);
    }

    /** The first observable version at or after {@code seq}. */
    long commitAtOrAfter(long seq) {
        Long c = commits.ceiling(seq);
        return c == null ? version : c;
    }

    boolean ended() {
        return endSeq != Long.MAX_VALUE;
    }

    private void apply(long seq, MatchEvent e) {
        state = rules.evolve(state, e);
        version = seq;
        if (e instanceof MatchCreated c) {
            serverSeed = c.serverSeed();
        } else if (e instanceof PlayerJoined j) {
            cards.addAll(j.deck());
            cards.add(j.shipCore());
            namesIn.clear();
            j.deck().forEach(card -> knowCard(j.seat().name(), card, seq));
            VIEWERS.forEach(v -> knowCard(v, j.shipCore(), seq));
        } else if (e instanceof DeckShuffled d) {
            d.order().forEach(ref -> ids.add(ref.id()));
        } else if (e instanceof MatchEnded) {
            endSeq = seq;
            for (String v : VIEWERS) {
                ids.forEach(id -> know(v, id, seq));
                cards.forEach(c -> knowCard(v, c, seq));
            }
        }
        for (Entry<Seat, Ship> entry : state.ships().entrySet()) {
            Ship ship = entry.getValue();
            List<CardRef> open = new ArrayList<>(ship.discard());
            open.addAll(ship.exile());
            open.addAll(ship.inPlay());
            if (ship.field() != null) {
                open.add(ship.field());
            }
            for (Drone d : ship.drones()) {
                open.add(new CardRef(d.id(), d.card()));
            }
            for (CardRef ref : open) {
                VIEWERS.forEach(v -> know(v, ref, seq));
            }
            for (CardRef ref : ship.hand()) {
                know(entry.getKey().name(), ref, seq);
            }
        }
        if (state.pending() != null) {
            VIEWERS.forEach(v -> know(v, state.pending().card(), seq));
        }
    }

    private void know(String viewer, CardRef ref, long seq) {
        know(viewer, ref.id(), seq);
        knowCard(viewer, ref.card(), seq);
    }

    private void know(String viewer, String id, long seq) {
        knownIds.get(viewer).putIfAbsent(id, seq);
    }

    private void knowCard(String viewer, String card, long seq) {
        knownCards.get(viewer).putIfAbsent(card, seq);
    }

    boolean hiddenId(String viewer, String id, long at) {
        if (!ids.contains(id)) {
            return false;
        }
        Long since = knownIds.get(viewer).get(id);
        return since == null || since > at;
    }

    boolean hiddenCard(String viewer, String card, long at) {
        if (!cards.contains(card)) {
            return false;
        }
        Long since = knownCards.get(viewer).get(card);
        return since == null || since > at;
    }

    /**
     * A card instance id hidden from {@code viewer} at version {@code at}, from its hand, or null.
     */
    String hiddenHandCardOf(Seat seat, String viewer, long at) {
        Ship ship = state.ship(seat);
        if (ship == null) {
            return null;
        }
        for (CardRef ref : ship.hand()) {
            if (hiddenId(viewer, ref.id(), at)) {
                return ref.id();
            }
        }
        return null;
    }

    /**
     * Everything in {@code payload} that {@code viewer} may not see at version {@code at}: hidden
     * card instance ids (as a value or inside a text), hidden catalog ids (as a value), names of
     * hidden cards (inside a text), the server seed before the end. {@code echoes} are strings the
     * viewer itself sent, which an answer may repeat.
     */
    List<String> leaks(String viewer, JsonNode payload, long at, Set<String> echoes) {
        List<String> out = new ArrayList<>();
        walk(payload, text -> check(viewer, text, at, echoes, out));
        return out;
    }

    private void check(String viewer, String text, long at, Set<String> echoes, List<String> out) {
        if (echoes.contains(text)) {
            return;
        }
        if (hiddenId(viewer, text, at)) {
            out.add("card instance " + text);
        }
        if (hiddenCard(viewer, text, at)) {
            out.add("card " + text);
        }
        if (text.length() > 9) {
            for (String id : idsIn.computeIfAbsent(text, Truth::instanceIds)) {
                if (!echoes.contains(id) && hiddenId(viewer, id, at)) {
                    out.add("card instance " + id + " in \"" + text + "\"");
                }
            }
        }
        if (serverSeed != null && at < endSeq && text.contains(serverSeed)) {
            out.add("the server seed");
        }
        if (text.length() >= 6) {
            for (String card : namesIn.computeIfAbsent(text, this::cardsNamedIn)) {
                if (hiddenCard(viewer, card, at)) {
                    out.add("name of " + card + " in \"" + text + "\"");
                }
            }
        }
    }

    /** Every card instance id inside {@code text}, in order. */
    private static List<String> instanceIds(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = INSTANCE_ID.matcher(text);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    /** The cards of the match whose name {@code text} contains. */
    private List<String> cardsNamedIn(String text) {
        List<String> out = new ArrayList<>();
        for (String card : cards) {
            String name = names.get(card);
            if (name != null && text.contains(name)) {
                out.add(card);
            }
        }
        return out;
    }

    private static void walk(JsonNode node, java.util.function.Consumer<String> texts) {
        if (node == null) {
            return;
        }
        if (node.isTextual()) {
            texts.accept(node.asText());
        } else if (node.isObject()) {
            for (Iterator<Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Entry<String, JsonNode> f = it.next();
                texts.accept(f.getKey());
                walk(f.getValue(), texts);
            }
        } else if (node.isArray()) {
            node.forEach(n -> walk(n, texts));
        }
    }
}
