package io.duelhall.infra.hidden;

import org.junit.jupiter.api.Tag;

/**
 * The second half of {@link HiddenInformationTest}'s matches (100-199 of 200), with every check of
 * the first: a class of its own so that the two halves run in two test JVMs at once (issue 47). The
 * planted-leak check runs once, in the first half.
 */
@Tag("slow")
class HiddenInformationSecondHalfTest extends HiddenInformationTest {
    @Override
    int firstMatch() {
        return (MATCHES + 1) / 2;
    }

    @Override
    int endMatch() {
        return MATCHES;
    }

    /** Checked once, by {@link HiddenInformationTest} (not a test here: no {@code @Test}). */
    @Override
    void theScannerFindsAPlantedLeak() {}
}
