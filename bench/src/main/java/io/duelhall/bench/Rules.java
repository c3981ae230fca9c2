package io.duelhall.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.CatalogData;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The voidexa ruleset with the bundled catalog, read the way the app reads it. */
public final class Rules {
    private static volatile VoidexaRuleset voidexa;

    private Rules() {}

    public static VoidexaRuleset voidexa() {
        if (voidexa == null) {
            try (InputStream in = VoidexaRuleset.class.getResourceAsStream("catalog.json")) {
                voidexa =
                        new VoidexaRuleset(
                                new Catalog(new ObjectMapper().readValue(in, CatalogData.class)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return voidexa;
    }
}
