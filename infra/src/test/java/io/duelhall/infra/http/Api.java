package io.duelhall.infra.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp;
import java.time.Duration;
import java.util.Map;

/**
 * The HTTP tests' client: the shared JSON-over-HTTP client ({@link JsonHttp}, also the benchmarks'
 * client) on 127.0.0.1:{@code port}, plus helpers that create matches and take seats.
 */
public final class Api extends JsonHttp {
    public Api(int port) {
        super("http://127.0.0.1:" + port, Duration.ofSeconds(30));
    }

    // ---- match helpers ----

    public String createMatch() {
        Res r = post("/api/matches", Map.of("ruleset", "voidexa"), null);
        if (r.status() != 201) {
            throw new AssertionError("create failed: " + r.raw());
        }
        return r.body().get("matchId").asText();
    }

    /**
     * Creates a match of {@code ruleset} whose seats named in {@code ai} are the server's AI at
     * those levels (e.g. {@code {"A": "greedy", "B": "random"}}); returns its id.
     */
    public String aiMatch(String ruleset, Map<String, String> ai) {
        Res r = post("/api/matches", Map.of("ruleset", ruleset, "ai", ai), null);
        if (r.status() != 201) {
            throw new AssertionError("create failed: " + r.raw());
        }
        return r.body().get("matchId").asText();
    }

    public ObjectNode seatBody(String name, JsonNode deck) {
        return seat(name, deck);
    }

    public JsonNode starterDecks() {
        return get("/api/decks/starter", null).body();
    }

    /** Creates a voidexa match whose spectators are {@code spectatorDelaySeconds} behind. */
    public String createMatch(int spectatorDelaySeconds) {
        Res r =
                post(
                        "/api/matches",
                        Map.of(
                                "ruleset",
                                "voidexa",
                                "options",
                                Map.of("spectatorDelaySeconds", spectatorDelaySeconds)),
                        null);
        if (r.status() != 201) {
            throw new AssertionError("create failed: " + r.raw());
        }
        return r.body().get("matchId").asText();
    }

    /**
     * Takes the next seat of {@code matchId} with starter deck {@code deck}; returns the seat
     * token.
     */
    public String takeSeat(String matchId, String name, int deck) {
        Res r =
                post(
                        "/api/matches/" + matchId + "/seats",
                        seatBody(name, starterDecks().get(deck)),
                        null);
        if (r.status() != 201) {
            throw new AssertionError("seat failed: " + r.raw());
        }
        return r.body().get("playerToken").asText();
    }

    // ---- registered players (docs/identities.md) ----

    /** The password the tests give every player they register. */
    public static final String PASSWORD = "a test passphrase";

    /**
     * Registers {@code name} (if it is not yet) and logs in; returns the player token, to send as
     * {@code X-Player-Token} when taking a seat. Only matches between two such players are rated.
     */
    public String registered(String name) {
        Res reg = post("/api/players", Map.of("name", name, "password", PASSWORD), null);
        if (reg.status() != 201 && !"NAME_TAKEN".equals(reg.error())) {
            throw new AssertionError("register failed: " + reg.raw());
        }
        Res login = post("/api/sessions", Map.of("name", name, "password", PASSWORD), null);
        if (login.status() != 201) {
            throw new AssertionError("login failed: " + login.raw());
        }
        return login.body().get("playerToken").asText();
    }

    /**
     * Takes the next seat as the registered player of {@code playerToken}; returns the seat token.
     */
    public String takeSeatAs(String matchId, String playerToken, int deck) {
        Res r =
                post(
                        "/api/matches/" + matchId + "/seats",
                        seatBody(
                                "Guest", // the account's name is used, not this one
                                starterDecks().get(deck)),
                        null,
                        Map.of("X-Player-Token", playerToken));
        if (r.status() != 201) {
            throw new AssertionError("seat failed: " + r.raw());
        }
        return r.body().get("playerToken").asText();
    }

    /**
     * A started, rated match: both seats taken by registered players of these names (registered if
     * need be); returns [matchId, seat token A, seat token B].
     */
    public String[] ratedMatch(String nameA, String nameB, int spectatorDelaySeconds) {
        return ratedMatchOf(registered(nameA), registered(nameB), spectatorDelaySeconds);
    }

    /**
     * A started, rated match of the players already logged in with these player tokens; as {@link
     * #ratedMatch}.
     */
    public String[] ratedMatchOf(
            String playerTokenA, String playerTokenB, int spectatorDelaySeconds) {
        String id = createMatch(spectatorDelaySeconds);
        return new String[] {id, takeSeatAs(id, playerTokenA, 0), takeSeatAs(id, playerTokenB, 1)};
    }

    /**
     * A started match of two guests (unrated) with these names and spectator delay; returns
     * [matchId, tokenA, tokenB].
     */
    public String[] startedMatch(String nameA, String nameB, int spectatorDelaySeconds) {
        String id = createMatch(spectatorDelaySeconds);
        String a = takeSeat(id, nameA, 0);
        String b = takeSeat(id, nameB, 1);
        return new String[] {id, a, b};
    }

    /**
     * Creates a match and seats two players with the starter decks; returns [matchId, tokenA,
     * tokenB].
     */
    public String[] startedMatch() {
        String id = createMatch();
        JsonNode decks = starterDecks();
        Res a = post("/api/matches/" + id + "/seats", seatBody("Ada", decks.get(0)), null);
        Res b = post("/api/matches/" + id + "/seats", seatBody("Bo", decks.get(1)), null);
        if (a.status() != 201 || b.status() != 201) {
            throw new AssertionError("seats failed: " + a.raw() + " / " + b.raw());
        }
        return new String[] {
            id, a.body().get("playerToken").asText(), b.body().get("playerToken").asText()
        };
    }
}
