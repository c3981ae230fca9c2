package io.duelhall.query.stream.patch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.flipkart.zjsonpatch.DiffFlags;
import com.flipkart.zjsonpatch.JsonDiff;
import java.io.UncheckedIOException;
import java.util.EnumSet;

/**
 * RFC 6902 JSON Patches between two views' JSON texts, for the stream's patch frames ({@code
 * query.stream.PatchFrames}). The read side's only use of Jackson 2: zjsonpatch, the maintained
 * JSON Patch library of the JVM, diffs Jackson 2 trees (no JSON Patch library for Jackson 3 is
 * released), and Jackson 2 is on every node for Axon's serializer already. The texts come from and
 * go back to the HTTP side's Jackson 3 as strings, so no tree crosses the line
 * (docs/architecture.md, "Two Jacksons").
 */
public final class JsonPatches {
    private static final ObjectMapper TREES = new ObjectMapper();

    /** add, remove and replace only; a remove without the value it removes. */
    private static final EnumSet<DiffFlags> FLAGS =
            EnumSet.of(
                    DiffFlags.OMIT_VALUE_ON_REMOVE,
                    DiffFlags.OMIT_MOVE_OPERATION,
                    DiffFlags.OMIT_COPY_OPERATION);

    private JsonPatches() {}

    /** A JSON text read for diffing. */
    public static final class Tree {
        private final JsonNode node;

        private Tree(JsonNode node) {
            this.node = node;
        }
    }

    /** Reads {@code json} for {@link #diff}. */
    public static Tree parse(String json) {
        try {
            return new Tree(TREES.readTree(json));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The patch that turns {@code before} into {@code after}, as JSON text: an array of {@code
     * add}, {@code remove} (without a value) and {@code replace} operations (no {@code move},
     * {@code copy} or {@code test}).
     */
    public static String diff(Tree before, Tree after) {
        try {
            return TREES.writeValueAsString(JsonDiff.asJson(before.node, after.node, FLAGS));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
