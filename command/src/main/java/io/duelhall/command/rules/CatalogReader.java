package io.duelhall.command.rules;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.CatalogData;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Reads a card catalog (JSON, schema in docs/catalog.md) into the domain's plain records. Strict:
 * an unknown field is an error, so a typo in the data fails at start, not in play.
 */
public final class CatalogReader {
    private static final ObjectMapper STRICT =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    private CatalogReader() {}

    public static Catalog read(InputStream in) {
        try {
            return new Catalog(STRICT.readValue(in, CatalogData.class));
        } catch (IOException e) {
            throw new UncheckedIOException("card catalog is not valid: " + e.getMessage(), e);
        }
    }

    /** The voidexa catalog bundled with the domain module. */
    public static Catalog voidexa() {
        try (InputStream in = VoidexaRuleset.class.getResourceAsStream("catalog.json")) {
            if (in == null) {
                throw new IllegalStateException("voidexa catalog.json missing from the class path");
            }
            return read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
