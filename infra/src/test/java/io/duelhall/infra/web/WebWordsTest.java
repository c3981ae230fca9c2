package io.duelhall.infra.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.http.Api;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.WebDriver;

/**
 * The event log's words (static/js/words.js), run in the browser on events as the API serves them.
 */
class WebWordsTest extends WebTest {

    /**
     * Runs words.js's Narrator over {@code events} (a JSON array) with the real catalog; returns
     * its sentences.
     */
    @SuppressWarnings("unchecked")
    private static List<String> say(WebDriver d, String events) {
        return (List<String>)
                ((org.openqa.selenium.JavascriptExecutor) d)
                        .executeAsyncScript(
                                """
                const done = arguments[arguments.length - 1];
                Promise.all([import('/js/words.js'), import('/js/api.js')])
                  .then(([w, api]) => api.cards().then((cards) => {
                    const n = new w.Narrator(cards);
                    done(JSON.parse(arguments[0]).map((e) => n.say(e)));
                  }))
                  .catch((e) => done(['ERROR ' + e]));
                """,
                                events);
    }

    /**
     * D-LEAVE-1: a seat the server conceded for (three of its turns in a row ran out without a
     * move) is told as leaving, in voidexa's words and in the other games' teller (tell.js); a
     * seat's own intents stay out of the log, even one whose id a client chose to start with
     * "left-".
     */
    @Test
    void aSeatThatLeftIsTold() {
        Browser b = browser(Browser.DESKTOP);
        b.driver.get(url("/"));
        String events =
                """
                [{"seq":1,"type":"IntentAccepted","payload":{"intentId":"i-1","seat":"A","fingerprint":"f",
                  "intent":{"type":"END_TURN"}}},
                 {"seq":2,"type":"IntentAccepted","payload":{"intentId":"left-41","seat":"B","fingerprint":"server-clock",
                  "intent":{"type":"CONCEDE"}}},
                 {"seq":3,"type":"IntentAccepted","payload":{"intentId":"left-x","seat":"A","fingerprint":"f",
                  "intent":{"type":"END_TURN"}}},
                 {"seq":4,"type":"IntentAccepted","payload":{"intentId":"left-e7","seat":"A","fingerprint":"f",
                  "intent":{"type":"CONCEDE"}}}]
                """;
        assertThat(say(b.driver, events))
                .containsExactly(
                        null,
                        "B left the game: three of their turns in a row ran out without a move",
                        null,
                        "A left the game");
        @SuppressWarnings("unchecked")
        List<String> told =
                (List<String>)
                        ((org.openqa.selenium.JavascriptExecutor) b.driver)
                                .executeAsyncScript(
                                        """
                        const done = arguments[arguments.length - 1];
                        import('/js/tell.js')
                          .then((t) => {
                            const teller = new t.Teller(new Map(), {});
                            done(JSON.parse(arguments[0]).map((e) => teller.say(e)));
                          })
                          .catch((e) => done(['ERROR ' + e]));
                        """,
                                        events);
        assertThat(told)
                .containsExactly(
                        null,
                        "B left the game: three of their turns in a row ran out without a move",
                        null,
                        "A left the game");
    }

    @Test
    void damageIsToldWithTheCardThatDealtIt() {
        Browser b = browser(Browser.DESKTOP);
        b.driver.get(url("/"));
        List<String> said =
                say(
                        b.driver,
                        """
                [{"seq":1,"type":"CardPlayed","payload":{"seat":"A","card":{"id":"c1","card":"pulse-tap"},"cardType":"WEAPON",
                  "targets":[{"kind":"SHIP","seat":"B"}],"printedCost":1,"totalCost":1,"heat":1,"response":false}},
                 {"seq":2,"type":"DamageRouted","payload":{"target":"B","source":"A","cause":"CARD","requested":6,"pierce":false,
                  "absorbedByShield":6,"damage":{},"after":{}}},
                 {"seq":3,"type":"ResponseWindowOpened","payload":{"responder":"B","seat":"A","card":{"id":"c2","card":"pulse-tap"}}},
                 {"seq":4,"type":"CardPlayed","payload":{"seat":"B","card":{"id":"c3","card":"emergency-shunt"},"cardType":"DEFENSE",
                  "targets":[],"printedCost":1,"totalCost":1,"heat":0,"response":true}},
                 {"seq":5,"type":"ResponseWindowClosed","payload":{"responder":"B","answered":true}},
                 {"seq":6,"type":"DamageRouted","payload":{"target":"B","source":"A","cause":"CARD","requested":6,"pierce":false,
                  "absorbedByShield":2,"damage":{"HULL":4},"after":{"HULL":56}}},
                 {"seq":7,"type":"IntentAccepted","payload":{}},
                 {"seq":8,"type":"DamageRouted","payload":{"target":"A","source":"A","cause":"HEAT","requested":2,"pierce":false,
                  "absorbedByShield":2,"damage":{},"after":{}}},
                 {"seq":9,"type":"DronesBoosted","payload":{"seat":"B","damage":0,"pierce":true,"untilTurn":4}},
                 {"seq":10,"type":"AbilityTriggered","payload":{"seat":"A","source":"CARD","card":"heat-sink","timing":"END_OF_TURN"}}]
                """);
        assertThat(said)
                .containsExactly(
                        "A plays Pulse Tap at ship B (1 Energy, +1 Heat)",
                        "Pulse Tap hits B: 6 to Shield",
                        "B may answer Pulse Tap",
                        "B answers with Emergency Shunt (1 Energy)",
                        "B answered; Pulse Tap resolves",
                        "Pulse Tap hits B: 2 to Shield, 4 to Hull",
                        null,
                        // issue 19: a seat's own Heat is no attack, and a boost of pierce alone
                        // says no "+0 damage"
                        "A takes 2 damage from its Heat: 2 to Shield",
                        "B's drones get pierce until turn 4",
                        "Heat Sink triggers for A — At the end of your turn, lose 1 Heat before pending Heat is applied.");
    }

    @Test
    void everyEventTypeOfWholeMatchesHasWords() {
        Set<String> types = new TreeSet<>();
        List<JsonNode> all = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String[] m = api.startedMatch("Words A" + i, "Words B" + i, 0);
            List<Res> answers = bot.playToEnd(m[0], Map.of("A", m[1], "B", m[2]), 3000);
            assertThat(answers).isNotEmpty();
            api.post(
                    "/api/matches/" + m[0] + "/intents",
                    Api.intent("END_TURN"),
                    m[1]); // one refusal too
            for (JsonNode e :
                    api.get("/api/matches/" + m[0] + "/events?from=0&limit=5000", null)
                            .body()
                            .get("events")) {
                types.add(e.get("type").asText());
                all.add(e);
            }
        }
        Browser b = browser(Browser.DESKTOP);
        b.driver.get(url("/"));
        @SuppressWarnings("unchecked")
        List<String> worded =
                (List<String>)
                        ((org.openqa.selenium.JavascriptExecutor) b.driver)
                                .executeAsyncScript(
                                        "const done = arguments[arguments.length - 1];"
                                                + "import('/js/words.js').then((w) => done([...w.WORDED])).catch((e) => done(['ERROR ' + e]));");
        assertThat(worded).containsAll(types);
        // and none of them throws or says nothing it should say
        List<String> said = say(b.driver, all.toString());
        assertThat(said).hasSize(all.size());
        assertThat(said)
                .noneMatch(
                        s ->
                                s != null
                                        && (s.contains("undefined")
                                                || s.contains("null")
                                                || s.startsWith("ERROR")));
    }
}
