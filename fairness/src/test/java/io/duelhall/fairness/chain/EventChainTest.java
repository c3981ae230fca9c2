package io.duelhall.fairness.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The hash chain against the vector of docs/fairness.md, computed there in Python (json.dumps with
 * sorted keys, which is RFC 8785 for such data), not by this code. The payloads are given here in
 * another key order and spacing: the canonical form must not care.
 */
class EventChainTest {
    static final String[][] VECTOR = {
        {
            "MatchCreated",
            "{ \"serverSeed\": null, \"options\": {\"spectatorDelaySeconds\": 0}, \"matchId\": \"m-1\" }",
            "{\"payload\":{\"matchId\":\"m-1\",\"options\":{\"spectatorDelaySeconds\":0},\"serverSeed\":null},\"seq\":0,\"type\":\"MatchCreated\"}",
            "5697cdce9af7f85cba655512f90368bfee1a809ee0ac503cf3f3b841720c63c8"
        },
        {
            "CardDrawn",
            "{\"seat\":\"A\",\"card\":{\"id\":\"c0000002a\",\"card\":\"pulse-tap\"},\"handCount\":1,\"deckCount\":59}",
            "{\"payload\":{\"card\":{\"card\":\"pulse-tap\",\"id\":\"c0000002a\"},\"deckCount\":59,\"handCount\":1,\"seat\":\"A\"},\"seq\":1,\"type\":\"CardDrawn\"}",
            "f7727da2fb226eeae2e18210ba284a41bd29dd3bc85a12cc1d21e11f0bb42801"
        },
        {
            "PlayerJoined",
            "{\"name\":\"Zo\\u00eb\",\"deck\":[]}",
            "{\"payload\":{\"deck\":[],\"name\":\"Zoë\"},\"seq\":2,\"type\":\"PlayerJoined\"}",
            "0923f55e45cb2a7d7bf7b1dcfb0c046b058409e6f99ad5ed7b9409122f572ab0"
        },
    };

    @Test
    void theDocumentedVectorLinks() {
        String previous = EventChain.GENESIS;
        for (int seq = 0; seq < VECTOR.length; seq++) {
            String[] v = VECTOR[seq];
            assertThat(new String(EventChain.canonical(seq, v[0], v[1]), StandardCharsets.UTF_8))
                    .isEqualTo(v[2]);
            previous = EventChain.link(previous, seq, v[0], v[1]);
            assertThat(previous).as("chain after event %d", seq).isEqualTo(v[3]);
        }
    }

    /**
     * A payload's canonical form made once ({@link EventChain#canonicalPayload}) and reused gives
     * the very chain values and canonical events that making it from the text or the tree each time
     * gives, on the documented vector and on awkward payloads; and what the other ways refuse it
     * refuses too.
     */
    @Test
    void aPayloadCanonicalFormMadeOnceGivesTheSameChain() throws Exception {
        ObjectMapper json = new ObjectMapper();
        String[][] events = {
            VECTOR[0],
            VECTOR[1],
            VECTOR[2],
            {
                "Odd_Type9",
                "{\"z\":[1.50,-0,1e21,{\"\\u00e9\":\"\\ud83d\\ude00\\u0001\",\"e\":\"\\\"\\\\\"}],\"a\":null}"
            },
            {"CardPlayed", "{}"},
        };
        String fromText = EventChain.GENESIS;
        String fromTree = EventChain.GENESIS;
        String reused = EventChain.GENESIS;
        for (int seq = 0; seq < events.length; seq++) {
            String type = events[seq][0];
            JsonNode tree = json.readTree(events[seq][1]);
            byte[] once = EventChain.canonicalPayload(tree);
            assertThat(EventChain.canonical(seq, type, tree))
                    .isEqualTo(EventChain.canonical(seq, type, events[seq][1]));
            fromText = EventChain.link(fromText, seq, type, events[seq][1]);
            fromTree = EventChain.link(fromTree, seq, type, tree);
            reused = EventChain.linkCanonical(reused, seq, type, once);
            assertThat(reused)
                    .as("chain after event %d", seq)
                    .isEqualTo(fromText)
                    .isEqualTo(fromTree);
            if (seq < VECTOR.length) {
                assertThat(reused).isEqualTo(VECTOR[seq][3]);
            }
        }
        assertThatThrownBy(() -> EventChain.canonicalPayload(json.readTree("[1]")))
                .isInstanceOf(EventChain.NotChainable.class);
        assertThatThrownBy(() -> EventChain.canonicalPayload(null))
                .isInstanceOf(EventChain.NotChainable.class);
        assertThatThrownBy(
                        () ->
                                EventChain.linkCanonical(
                                        EventChain.GENESIS,
                                        0,
                                        "CardDrawn",
                                        "[1]".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(EventChain.NotChainable.class);
        assertThatThrownBy(
                        () ->
                                EventChain.linkCanonical(
                                        EventChain.GENESIS,
                                        0,
                                        "1CardDrawn",
                                        "{}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(EventChain.NotChainable.class);
        assertThatThrownBy(
                        () ->
                                EventChain.linkCanonical(
                                        "abc",
                                        0,
                                        "CardDrawn",
                                        "{}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(EventChain.NotChainable.class);
        for (String t : new String[] {"A", "a_9", "Z".repeat(100)}) {
            assertThat(EventChain.isTypeName(t)).as(t).isTrue();
        }
        for (String t :
                new String[] {"", "_a", "9a", "a-b", "a b", "Z".repeat(101), "\u00e9", "a\n"}) {
            assertThat(EventChain.isTypeName(t)).as(t).isFalse();
        }
    }

    @Test
    void whatIsNotOneJsonObjectCannotBeChained() {
        for (String bad :
                new String[] {
                    "", "[1]", "{\"a\":1} {}", "{\"a\":1,\"a\":2}", "{\"a\":", "\"text\""
                }) {
            assertThatThrownBy(() -> EventChain.link(EventChain.GENESIS, 0, "CardDrawn", bad))
                    .as(bad)
                    .isInstanceOf(EventChain.NotChainable.class);
        }
        assertThatThrownBy(() -> EventChain.link(EventChain.GENESIS, 0, "Card\"Drawn", "{}"))
                .isInstanceOf(EventChain.NotChainable.class);
        assertThatThrownBy(() -> EventChain.link("abc", 0, "CardDrawn", "{}"))
                .isInstanceOf(EventChain.NotChainable.class);
    }
}
