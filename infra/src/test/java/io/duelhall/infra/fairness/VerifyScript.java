package io.duelhall.infra.fairness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The outsiders' script, {@code docs/verify_record.py}, run over a record as an auditor runs it.
 */
final class VerifyScript {
    private VerifyScript() {}

    /** What the script printed and how it exited. */
    record Run(int exit, String out) {}

    /** Whether python3 is installed (CI installs it; a bare machine may not have it). */
    static boolean available() {
        return new File("/usr/bin/python3").canExecute();
    }

    /** Runs the script over the record in {@code file}, with the server's public key. */
    static Run run(Path file, String publicKeyHex) throws Exception {
        Process p =
                new ProcessBuilder(
                                "python3",
                                Path.of("..", "docs", "verify_record.py").toString(),
                                file.toString(),
                                publicKeyHex)
                        .redirectErrorStream(true)
                        .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the script ends within a minute").isTrue();
        return new Run(p.exitValue(), out);
    }

    /**
     * Runs the script over {@code record} (JSON text), written to a file of its own and removed.
     */
    static Run run(String record, String publicKeyHex) throws Exception {
        Path file = Files.createTempFile("record-", ".json");
        try {
            Files.writeString(file, record, StandardCharsets.UTF_8);
            return run(file, publicKeyHex);
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
