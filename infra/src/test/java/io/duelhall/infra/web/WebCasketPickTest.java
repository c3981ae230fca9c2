package io.duelhall.infra.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/**
 * casket's PAY and DISCARD with the cards a person chooses: /moves lists them only by example (PAY
 * with the first cards of the hand, DISCARD the last ones), while the rules accept any cards of the
 * hand (up to the damage; exactly the excess). Seat A's page offers its hand as toggles; the test
 * chooses cards that are not the listed ones and checks in the match's events (CardsDiscarded from
 * HAND, reason DAMAGE or HAND_LIMIT) that exactly those were paid and discarded. Seat A is driven
 * through the API with moves /moves lists (it passes, so its hand goes over the limit at its first
 * turn's end) and steps out towards B once a turn, never attacking; B is the server's greedy AI,
 * which closes in and attacks it. (A that stayed on its deployment hex, behind a map's walls, was
 * never attacked in 40 rounds in two CI runs, four matches each, whether B was the test's walker or
 * the greedy AI: TIME_LIMIT.) The shuffle is the server's, so a match that ends first is played
 * again with a new one.
 */
class WebCasketPickTest extends WebTest {
    private final Map<String, String> names = new HashMap<>();
    private String aToken;

    @Test
    void aPersonPaysAndDiscardsWithTheCardsChosen() {
        for (JsonNode c : api.get("/api/rulesets/casket/cards", null).body()) {
            names.put(c.get("id").asText(), c.path("name").asText(c.get("id").asText()));
        }
        Browser b = browser(Browser.DESKTOP);
        List<String> tried = new ArrayList<>();
        for (int attempt = 0; attempt < 4; attempt++) {
            Outcome o = play(b);
            tried.add(o.toString());
            if (o.paid && o.discarded) {
                System.out.println("WebCasketPickTest: matches played " + tried);
                return;
            }
        }
        throw new AssertionError("no match reached both a PAY and a DISCARD of A: " + tried);
    }

    private record Outcome(boolean paid, boolean discarded, String how) {}

    /** One match: played until A has paid and discarded by the page, or it ends, or 60 s. */
    private Outcome play(Browser b) {
        WebDriver d = b.driver;
        JsonNode starters = api.get("/api/rulesets/casket/decks/starter", null).body();
        JsonNode created =
                api.post(
                                "/api/matches",
                                Map.of(
                                        "ruleset",
                                        "casket",
                                        "options",
                                        Map.of("seats", 2),
                                        "ai",
                                        Map.of("B", "greedy")),
                                null)
                        .body();
        assertThat(created.has("matchId")).as("created: %s", created).isTrue();
        String id = created.get("matchId").asText();
        Map<String, String> tokens = new HashMap<>();
        ObjectNode body = ((ObjectNode) starters.get(0).deepCopy()).put("name", "Pick Ann");
        JsonNode taken = api.post("/api/matches/" + id + "/seats", body, null).body();
        assertThat(taken.path("seat").asText()).as("seat of Pick Ann: %s", taken).isEqualTo("A");
        tokens.put("A", taken.get("playerToken").asText());
        aToken = tokens.get("A");
        d.get(
                url(
                        "/table.html?id="
                                + id
                                + "#seat=A&token="
                                + URLEncoder.encode(tokens.get("A"), StandardCharsets.UTF_8)));
        boolean paid = false;
        boolean discarded = false;
        int aMovedTurn = -1;
        long until = System.currentTimeMillis() + 60_000;
        while (!(paid && discarded) && System.currentTimeMillis() < until) {
            JsonNode open = api.get("/api/matches/" + id + "/view", null).body();
            if (!"LIVE".equals(open.path("status").asText())) {
                if (open.path("status").asText().equals("ENDED")) {
                    return new Outcome(paid, discarded, "ended: " + open.path("result"));
                }
                sleep(50);
                continue;
            }
            String seat = open.path("toAct").asText();
            if (!tokens.containsKey(seat)) {
                sleep(50);
                continue;
            }
            String token = tokens.get(seat);
            JsonNode view = api.get("/api/matches/" + id + "/view", token).body();
            JsonNode listed = api.get("/api/matches/" + id + "/moves", token).body();
            if (listed.path("version").asLong() != view.path("version").asLong()
                    || listed.path("moves").isEmpty()) {
                sleep(20);
                continue;
            }
            JsonNode moves = listed.get("moves");
            String decision = view.path("decision").asText();
            int hand = view.at("/seats/" + seat + "/hand").size();
            if (seat.equals("A") && decision.equals("PAY") && !paid && hand >= 2) {
                payByPage(b, id, view);
                paid = true;
                continue;
            }
            if (seat.equals("A") && decision.equals("DISCARD") && !discarded) {
                discardByPage(d, id, view, moves);
                discarded = true;
                continue;
            }
            JsonNode move = first(moves, "KEEP");
            if (decision.equals("REACT")) {
                move = first(moves, "DECLINE");
            } else if (decision.equals("ACTION")) {
                move = first(moves, "PASS");
                // A steps out towards B once a turn (never attacks): a seat that stays on its
                // deployment hex may sit behind walls no attack reaches for all 40 rounds
                int turn = view.path("turn").asInt();
                JsonNode step = aMovedTurn == turn ? null : closerTo(view, "A", "B");
                if (step != null) {
                    aMovedTurn = turn;
                    ObjectNode m =
                            JSON.createObjectNode()
                                    .put("type", "MOVE")
                                    .put("expectedVersion", view.get("version").asLong());
                    for (JsonNode hx : step.get("path")) {
                        m.withArray("targets")
                                .addObject()
                                .put("kind", "HEX")
                                .put("id", hx.asText());
                    }
                    move = m;
                }
            } else if (move == null) {
                move = moves.get(0); // PAY (all from the deck first), DISCARD, MULLIGAN's KEEP
            }
            ObjectNode intent =
                    ((ObjectNode) move.deepCopy()).put("intentId", UUID.randomUUID().toString());
            api.post("/api/matches/" + id + "/intents", intent, token); // a refusal: asked again
        }
        return new Outcome(paid, discarded, paid && discarded ? "done" : "not within 60 s");
    }

    /**
     * A owes PAY with cards in hand: the page's hand toggles choose the last cards of the hand (the
     * listed PAY names the first ones), the page pays, and the events show exactly those paid.
     */
    private void payByPage(Browser b, String id, JsonNode view) {
        WebDriver d = b.driver;
        long version = view.get("version").asLong();
        int damage = view.at("/attack/finalDamage").asInt();
        List<String> hand = ids(view.at("/seats/A/hand"));
        // fewer than the damage when it is 2 or more (the rest from the deck), never the first card
        int k = Math.max(1, Math.min(damage - 1, hand.size() - 1));
        List<String> chosen = hand.subList(hand.size() - k, hand.size());
        String send = ".ck-decision button.ck-send[data-type='PAY']";
        waitFor(d, x -> shownVersion(x) == version && has(x, send));
        WebElement button = d.findElement(By.cssSelector(send));
        assertThat(button.isEnabled()).as("nothing chosen yet: %s", button.getText()).isFalse();
        // the first card of the hand toggled on and off again (by the keyboard): not chosen
        WebElement firstCard = pick(d, hand.get(0));
        firstCard.click();
        waitFor(d, x -> "true".equals(pick(x, hand.get(0)).getDomAttribute("aria-pressed")));
        pick(d, hand.get(0)).sendKeys(Keys.SPACE);
        waitFor(d, x -> "false".equals(pick(x, hand.get(0)).getDomAttribute("aria-pressed")));
        for (String c : chosen) {
            pick(d, c).click();
            waitFor(d, x -> "true".equals(pick(x, c).getDomAttribute("aria-pressed")));
        }
        // the same cards are marked in the seat's hand beside the map
        for (String c : chosen) {
            assertThat(
                            d.findElement(
                                            By.cssSelector(
                                                    ".ck-seat[data-seat='A'] .ck-hand button.ck-pick[data-id='"
                                                            + c
                                                            + "']"))
                                    .getDomAttribute("class"))
                    .contains("selected");
        }
        shot(b, "casket-pick.png"); // the cards chosen to pay with, ringed, and the Pay button
        String label = d.findElement(By.cssSelector(send)).getText();
        assertThat(label).startsWith("Pay " + k + " from the hand (");
        if (damage > k) {
            assertThat(label).endsWith("), " + (damage - k) + " from the deck");
        } else {
            assertThat(label).endsWith(")").doesNotContain("from the deck");
        }
        for (String c : chosen) {
            assertThat(label).contains(names.get(card(view, c)));
        }
        d.findElement(By.cssSelector(send)).click();
        settled(d, id, version);
        List<JsonNode> discards = discards(id, version, "DAMAGE");
        assertThat(fromHand(discards))
                .as(
                        "the cards paid from A's hand (damage %d, hand %s, chosen %s)",
                        damage, hand, chosen)
                .containsExactlyInAnyOrderElementsOf(chosen);
        int fromDeck = 0;
        for (JsonNode e : discards) {
            if (e.at("/payload/from").asText().equals("DECK")) {
                fromDeck += e.at("/payload/cards").size();
            }
        }
        assertThat(fromDeck)
                .as("the rest from the deck")
                .isEqualTo(Math.min(damage - k, view.at("/seats/A/deckCount").asInt()));
    }

    /**
     * A owes DISCARD: the page's hand toggles choose the first cards of the hand (the listed
     * DISCARD names the last ones), the button is enabled only at exactly the excess, and the
     * events show exactly those discarded.
     */
    private void discardByPage(WebDriver d, String id, JsonNode view, JsonNode moves) {
        long version = view.get("version").asLong();
        List<String> hand = ids(view.at("/seats/A/hand"));
        int excess = first(moves, "DISCARD").get("cards").size();
        assertThat(excess).isGreaterThan(0).isLessThan(hand.size());
        List<String> chosen = hand.subList(0, excess);
        String send = ".ck-decision button.ck-send[data-type='DISCARD']";
        waitFor(d, x -> shownVersion(x) == version && has(x, send));
        for (int i = 0; i < chosen.size(); i++) {
            assertThat(d.findElement(By.cssSelector(send)).isEnabled())
                    .as("%d of %d chosen", i, excess)
                    .isFalse();
            String c = chosen.get(i);
            pick(d, c).click();
            waitFor(d, x -> "true".equals(pick(x, c).getDomAttribute("aria-pressed")));
        }
        WebElement button = d.findElement(By.cssSelector(send));
        assertThat(button.isEnabled()).as("exactly the excess chosen").isTrue();
        List<String> chosenNames = new ArrayList<>();
        for (String c : chosen) {
            chosenNames.add(names.get(card(view, c)));
        }
        assertThat(button.getText()).isEqualTo("Discard " + String.join(", ", chosenNames));
        button.click();
        settled(d, id, version);
        assertThat(fromHand(discards(id, version, "HAND_LIMIT")))
                .as("the cards A discarded (hand %s, chosen %s)", hand, chosen)
                .containsExactlyInAnyOrderElementsOf(chosen);
    }

    /** Waits until the match has left {@code version}; no refusal shown. */
    private void settled(WebDriver d, String id, long version) {
        waitFor(
                d,
                Duration.ofSeconds(20),
                x ->
                        api.get("/api/matches/" + id + "/view", null)
                                                .body()
                                                .path("version")
                                                .asLong()
                                        > version
                                || !x.findElement(By.id("refusal")).getText().isEmpty());
        assertThat(d.findElement(By.id("refusal")).getText()).as("refusal shown").isEmpty();
    }

    /** A's CardsDiscarded events after {@code version} for {@code reason}. */
    private List<JsonNode> discards(String id, long version, String reason) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode e :
                api.get("/api/matches/" + id + "/events?from=" + version + "&limit=5000", aToken)
                        .body()
                        .get("events")) {
            if (e.get("seq").asLong() > version
                    && e.get("type").asText().equals("CardsDiscarded")
                    && e.at("/payload/seat").asText().equals("A")
                    && e.at("/payload/reason").asText().equals(reason)) {
                out.add(e);
            }
        }
        return out;
    }

    private static Set<String> fromHand(List<JsonNode> discards) {
        Set<String> out = new LinkedHashSet<>();
        for (JsonNode e : discards) {
            if (e.at("/payload/from").asText().equals("HAND")) {
                for (JsonNode c : e.at("/payload/cards")) {
                    out.add(c.get("id").asText());
                }
            }
        }
        return out;
    }

    /** The toggle of hand card {@code id} in the decision box. */
    private static WebElement pick(WebDriver d, String id) {
        return d.findElement(By.cssSelector(".ck-decision button.ck-pick[data-id='" + id + "']"));
    }

    private static List<String> ids(JsonNode hand) {
        List<String> out = new ArrayList<>();
        for (JsonNode c : hand) {
            out.add(c.get("id").asText());
        }
        return out;
    }

    private static String card(JsonNode view, String instance) {
        for (JsonNode c : view.at("/seats/A/hand")) {
            if (c.get("id").asText().equals(instance)) {
                return c.get("card").asText();
            }
        }
        return instance;
    }

    private static JsonNode first(JsonNode moves, String type) {
        for (JsonNode m : moves) {
            if (m.path("type").asText().equals(type)) {
                return m;
            }
        }
        return null;
    }

    /**
     * The hex {@code mover} can reach this turn ({@code reach} of its view) nearest {@code other}'s
     * casket, if one is nearer than where it stands; else null (it stays).
     */
    private static JsonNode closerTo(JsonNode view, String mover, String other) {
        int[] to = hex(view.at("/seats/" + other + "/hex").asText());
        int best = distance(hex(view.at("/seats/" + mover + "/hex").asText()), to);
        JsonNode found = null;
        for (JsonNode st : view.path("reach")) {
            int dist = distance(hex(st.get("hex").asText()), to);
            if (dist < best) {
                best = dist;
                found = st;
            }
        }
        return found;
    }

    private static int distance(int[] x, int[] y) {
        int dq = x[0] - y[0];
        int dr = x[1] - y[1];
        return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
    }

    private static int[] hex(String s) {
        String[] p = s.split(",");
        return new int[] {Integer.parseInt(p[0].trim()), Integer.parseInt(p[1].trim())};
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
            new com.fasterxml.jackson.databind.ObjectMapper();

    /** The whole page from its top (the driver may have scrolled to what it clicked). */
    private static void shot(Browser b, String name) {
        ((org.openqa.selenium.JavascriptExecutor) b.driver).executeScript("window.scrollTo(0, 0)");
        b.fullScreenshot(name, Browser.DESKTOP.getWidth());
    }

    private static boolean has(WebDriver d, String css) {
        return !d.findElements(By.cssSelector(css)).isEmpty();
    }
}
