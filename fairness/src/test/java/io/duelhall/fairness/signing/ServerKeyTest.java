package io.duelhall.fairness.signing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The signing key: made on first start, kept owner-only, the same after a restart; a broken key
 * file stops the start.
 */
class ServerKeyTest {
    @Test
    void theKeyIsMadeOnceAndKept(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("keys").resolve("signing-key.pem");
        ServerKey first = new ServerKey(file.toString());
        assertThat(file).exists();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
        assertThat(Files.readString(file))
                .contains("-----BEGIN PRIVATE KEY-----")
                .contains("-----BEGIN PUBLIC KEY-----");
        ServerKey again = new ServerKey(file.toString());
        assertThat(again.publicKeyHex()).isEqualTo(first.publicKeyHex()).matches("[0-9a-f]{64}");
        assertThat(again.keyId()).isEqualTo(Ed25519.keyId(first.publicKeyHex())).hasSize(16);
        byte[] data = "record".getBytes(StandardCharsets.UTF_8);
        assertThat(Ed25519.verify(first.publicKeyHex(), data, again.sign(data))).isTrue();
        assertThat(
                        Ed25519.verify(
                                first.publicKeyHex(),
                                "recorc".getBytes(StandardCharsets.UTF_8),
                                again.sign(data)))
                .isFalse();
        try (var files = Files.list(file.getParent())) {
            assertThat(files).as("no temporary file left").hasSize(1);
        }
    }

    @Test
    void aKeyFileWhoseHalvesDoNotMatchIsRefused(@TempDir Path dir) throws Exception {
        String a = Files.readString(new ServerKey(dir.resolve("a.pem").toString()).path());
        String b = Files.readString(new ServerKey(dir.resolve("b.pem").toString()).path());
        String mixed =
                a.substring(0, a.indexOf("-----BEGIN PUBLIC KEY-----"))
                        + b.substring(b.indexOf("-----BEGIN PUBLIC KEY-----"));
        Path file = Files.writeString(dir.resolve("mixed.pem"), mixed);
        assertThatThrownBy(() -> new ServerKey(file.toString()))
                .hasMessageContaining("does not match");
        Path empty = Files.writeString(dir.resolve("empty.pem"), "nothing here");
        assertThatThrownBy(() -> new ServerKey(empty.toString()))
                .hasMessageContaining("PRIVATE KEY");
    }
}
