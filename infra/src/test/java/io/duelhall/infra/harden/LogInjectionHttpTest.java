package io.duelhall.infra.harden;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.AppTest;
import io.duelhall.infra.http.Api;
import io.duelhall.infra.logging.EncodedMessageConverter;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Issue 20, finding 7: a match id with {@code %0A} wrote a forged log line, and every intent to an
 * unknown match logged a 78-frame stack trace (~10.5 KB). Client errors are now one log line (at
 * DEBUG, switched on here), with the client's values encoded, and no stack trace.
 */
@ExtendWith(OutputCaptureExtension.class)
class LogInjectionHttpTest extends AppTest {
    static final String FORGED =
            "2026-11-25T00:00:00.000Z  INFO 1 --- [duelhall] [main] i.d.i.Forged : admin logged in";
    static final String API_ERRORS = "io.duelhall.command.api.ApiErrors";

    @LocalServerPort int port;
    Api api;
    String[] match;
    final LoggingSystem logging = LoggingSystem.get(getClass().getClassLoader());

    @BeforeEach
    void setUp() {
        api = new Api(port);
        match = api.startedMatch();
        logging.setLogLevel(API_ERRORS, LogLevel.DEBUG);
    }

    @AfterEach
    void tearDown() {
        logging.setLogLevel(API_ERRORS, null);
    }

    static List<String> lines(CapturedOutput output, int from) {
        return Arrays.asList(output.getAll().substring(from).split("\\R"));
    }

    @Test
    void aNewlineInAMatchIdCannotForgeALogLine(CapturedOutput output) {
        int from = output.getAll().length();
        String id = "x%0A" + FORGED.replace(" ", "%20").replace("[", "%5B").replace("]", "%5D");
        Res r = api.post("/api/matches/" + id + "/intents", Api.intent("END_TURN"), match[1]);
        // a control character in a path is refused before anything reads the path (issue 45,
        // finding 1: CanonicalPathFilter); it was a 404 logged (encoded) by ApiErrors
        assertThat(r.status()).as(r.raw()).isEqualTo(400);
        assertThat(r.error()).isEqualTo("BAD_PATH");
        List<String> logged = lines(output, from);
        assertThat(logged)
                .as("no line starts with the forged text")
                .noneMatch(l -> l.startsWith(FORGED.substring(0, 30)));
        assertThat(logged)
                .as("nothing of the forged text is logged at all")
                .noneMatch(l -> l.contains("admin logged in"));
    }

    /**
     * A client's value that does reach the log (a refusal's message names it: an {@code ai} seat
     * that is none) is logged on its own line, encoded: the newline cannot start a forged line.
     */
    @Test
    void aNewlineInARefusedValueIsLoggedEncodedOnItsLine(CapturedOutput output) {
        int from = output.getAll().length();
        Res r =
                api.post(
                        "/api/matches",
                        java.util.Map.of("ai", java.util.Map.of("x\n" + FORGED, "greedy")),
                        null);
        assertThat(r.status()).as(r.raw()).isEqualTo(400);
        assertThat(r.error()).isEqualTo("INVALID_FIELD");
        List<String> logged = lines(output, from);
        assertThat(logged)
                .as("no line starts with the forged text")
                .noneMatch(l -> l.startsWith(FORGED.substring(0, 30)));
        assertThat(logged)
                .filteredOn(l -> l.contains("admin logged in"))
                .as("the client error is logged, encoded")
                .hasSize(1)
                .allMatch(l -> l.contains("x\\n2026-11-25T00:00:00.000Z"));
    }

    @Test
    void anIntentToAnUnknownMatchIsOneLineWithoutAStackTrace(CapturedOutput output) {
        int from = output.getAll().length();
        String id = "no-such-match-" + UUID.randomUUID();
        Res r = api.post("/api/matches/" + id + "/intents", Api.intent("END_TURN"), match[1]);
        assertThat(r.status()).isEqualTo(404);
        assertThat(r.error()).isEqualTo("MATCH_NOT_FOUND");
        String logged = output.getAll().substring(from);
        assertThat(logged.lines().filter(l -> l.contains(id)).count()).as(logged).isEqualTo(1);
        assertThat(logged)
                .as("no stack trace")
                .doesNotContain("\tat ")
                .doesNotContain("AggregateNotFoundException");
        assertThat(logged.length()).as("one short line, not ~10 KB").isLessThan(1000);
    }

    @Test
    void theEncoderKeepsEveryLineBreakAndBidiCharacterInItsLine() {
        assertThat(EncodedMessageConverter.encode("a\nb\rc\u2028d\u202Ee\u0000f\\g\u001b[31m"))
                .isEqualTo("a\\nb\\rc\\u2028d\\u202ee\\u0000f\\\\g\\u001b[31m");
        assertThat(EncodedMessageConverter.encode("Zoë 李 🙂")).isEqualTo("Zoë 李 🙂");
    }
}
