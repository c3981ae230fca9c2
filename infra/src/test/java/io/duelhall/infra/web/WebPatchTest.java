package io.duelhall.infra.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.http.Api;
import io.duelhall.infra.http.Sse;
import io.duelhall.infra.http.Sse.Message;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.JavascriptExecutor;

/**
 * The pages' side of the stream's patch frames (issue 18): static/js/patch.js, run in the browser
 * on the frames of a whole match, builds exactly the views the server sends in the view format and
 * {@code /view}; a patch against another base is refused; and the live board opens its stream in
 * patch frames.
 */
class WebPatchTest extends WebTest {
    static final Duration STREAM_WAIT = Duration.ofSeconds(60);

    @Test
    void theBrowsersPatchApplyBuildsTheServersViewsFromAWholeMatchsFrames() throws Exception {
        String id = api.createMatch(0);
        String a;
        String b;
        List<Message> patches;
        List<Message> wholes;
        try (Sse patch = Sse.open(port, "/api/matches/" + id + "/stream?frames=patch", null, -1L);
                Sse whole = Sse.open(port, "/api/matches/" + id + "/stream", null, -1L)) {
            a = api.takeSeat(id, "Ada", 0);
            b = api.takeSeat(id, "Bo", 1);
            List<Res> answers = bot.playToEnd(id, Map.of("A", a, "B", b), 3000);
            assertThat(answers).isNotEmpty();
            assertThat(patch.awaitEnd(STREAM_WAIT)).isTrue();
            assertThat(whole.awaitEnd(STREAM_WAIT)).isTrue();
            patches = patch.messages();
            wholes = whole.messages();
        }
        Browser browser = browser(Browser.DESKTOP);
        browser.driver.get(url("/"));
        List<String> frames = new ArrayList<>();
        patches.forEach(m -> frames.add(m.raw()));
        @SuppressWarnings("unchecked")
        List<String> built =
                (List<String>)
                        ((JavascriptExecutor) browser.driver)
                                .executeAsyncScript(
                                        """
                const done = arguments[arguments.length - 1];
                import('/js/patch.js').then((p) => {
                  let view = null;
                  const out = [];
                  for (const raw of arguments[0]) {
                    const data = JSON.parse(raw);
                    const before = JSON.stringify(view);
                    const held = view;
                    view = data.view ? data.view : p.applyPatch(view, data.patch);
                    if (held && JSON.stringify(held) !== before) throw new Error('the view held was changed');
                    out.push(JSON.stringify(view));
                  }
                  let refused = 'no';
                  try { p.applyPatch(JSON.parse(out[0]), JSON.parse(arguments[0][5]).patch); } catch (e) { refused = 'yes'; }
                  out.push(refused);
                  done(out);
                }).catch((e) => done(['ERROR ' + e]));
                """,
                                        frames);
        assertThat(built.get(0)).doesNotStartWith("ERROR");
        assertThat(built).hasSize(patches.size() + 1);
        assertThat(built.get(built.size() - 1))
                .as("a patch against a view it was not made from is refused")
                .isEqualTo("yes");
        int compared = 0;
        for (Message w : wholes) {
            if (w.view() != null) {
                assertThat(Api.JSON.readTree(built.get((int) w.id())))
                        .as("view after event %d", w.id())
                        .isEqualTo(w.view());
                compared++;
            }
        }
        assertThat(compared).isGreaterThan(10);
        JsonNode end = api.get("/api/matches/" + id + "/view", null).body();
        assertThat(Api.JSON.readTree(built.get(patches.size() - 1))).isEqualTo(end);
    }

    @Test
    void theLiveBoardFollowsTheMatchInPatchFrames() {
        String[] m = api.startedMatch("Pat", "Ched", 0);
        Map<String, String> tokens = Map.of("A", m[1], "B", m[2]);
        Browser browser = browser(Browser.DESKTOP);
        browser.driver.get(url("/match.html?id=" + m[0]));
        boardAt(
                browser.driver,
                api.get("/api/matches/" + m[0] + "/view", null).body().get("version").asLong(),
                WAIT);
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = bot.step(m[0], tokens).body().get("version").asLong();
        }
        boardAt(browser.driver, v, WAIT);
        JsonNode view = api.get("/api/matches/" + m[0] + "/view", null).body();
        assertThat(numbers(browser.driver)).isEqualTo(numbers(view));
        assertThat(
                        browser.driver
                                .findElement(org.openqa.selenium.By.id("conn"))
                                .getDomAttribute("data-frames"))
                .as("the board's stream is in patch frames")
                .isEqualTo("patch");
        api.post("/api/matches/" + m[0] + "/intents", Api.intent("CONCEDE"), m[1]);
    }
}
