package io.duelhall.fairness.signing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server's Ed25519 key pair that signs match records. Generated on first start and kept in
 * {@code duelhall.signing.key-file} (default {@code <data-dir>/signing-key.pem}): a PEM file with
 * the PKCS#8 private key and the X.509 public key, readable by its owner only, so OpenSSL reads it
 * too. Several nodes share one key by pointing at one file (or a copy of it). The app makes it a
 * bean from {@code duelhall.signing.key-file} ({@code io.duelhall.infra.fairness.FairnessConfig}).
 */
public class ServerKey {
    private static final Pattern PEM =
            Pattern.compile("-----BEGIN ([A-Z ]+)-----([^-]+)-----END \\1-----");
    private final Path path;
    private final PrivateKey privateKey;
    private final String publicKeyHex;
    private final String keyId;

    public ServerKey(String path) {
        this.path = Path.of(path).toAbsolutePath();
        KeyPair pair = loadOrCreate(this.path);
        this.privateKey = pair.getPrivate();
        this.publicKeyHex = Ed25519.rawHex(pair.getPublic());
        this.keyId = Ed25519.keyId(publicKeyHex);
    }

    public Path path() {
        return path;
    }

    public String publicKeyHex() {
        return publicKeyHex;
    }

    public String keyId() {
        return keyId;
    }

    /** The signature of {@code data} (hex). */
    public String sign(byte[] data) {
        return Ed25519.sign(privateKey, data);
    }

    static KeyPair loadOrCreate(Path path) {
        try {
            if (!Files.exists(path)) {
                create(path);
            }
            return read(Files.readString(path, StandardCharsets.US_ASCII));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the signing key " + path, e);
        }
    }

    /**
     * Writes a new key pair to a private temporary file and links it into place: never a
     * half-written key file.
     */
    private static void create(Path path) throws IOException {
        KeyPair pair;
        try {
            pair = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no Ed25519", e);
        }
        Path dir = path.getParent();
        Files.createDirectories(dir);
        Path tmp =
                dir.resolve(
                        path.getFileName()
                                + "."
                                + ProcessHandle.current().pid()
                                + "."
                                + System.nanoTime()
                                + ".tmp");
        if (dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.createFile(
                    tmp,
                    PosixFilePermissions.asFileAttribute(
                            PosixFilePermissions.fromString("rw-------")));
        } else {
            Files.createFile(tmp);
        }
        try {
            Files.writeString(
                    tmp,
                    pem("PRIVATE KEY", pair.getPrivate().getEncoded())
                            + pem("PUBLIC KEY", pair.getPublic().getEncoded()),
                    StandardCharsets.US_ASCII);
            try {
                Files.createLink(path, tmp);
            } catch (FileAlreadyExistsException raced) {
                // another node or process created it first: use theirs
            } catch (UnsupportedOperationException | IOException noLinks) {
                if (!Files.exists(path)) {
                    Files.move(tmp, path);
                }
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN "
                + type
                + "-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END "
                + type
                + "-----\n";
    }

    static KeyPair read(String text) {
        byte[] priv = null;
        byte[] pub = null;
        Matcher m = PEM.matcher(text);
        while (m.find()) {
            byte[] der = Base64.getMimeDecoder().decode(m.group(2));
            if (m.group(1).equals("PRIVATE KEY")) {
                priv = der;
            } else if (m.group(1).equals("PUBLIC KEY")) {
                pub = der;
            }
        }
        if (priv == null || pub == null) {
            throw new IllegalStateException(
                    "the signing key file needs a PRIVATE KEY and a PUBLIC KEY block");
        }
        try {
            KeyFactory f = KeyFactory.getInstance("Ed25519");
            PrivateKey privateKey = f.generatePrivate(new PKCS8EncodedKeySpec(priv));
            PublicKey publicKey = f.generatePublic(new X509EncodedKeySpec(pub));
            // the two blocks must belong together: a signature by one verifies with the other
            String probe = Ed25519.sign(privateKey, new byte[] {1, 2, 3});
            if (!Ed25519.verify(Ed25519.rawHex(publicKey), new byte[] {1, 2, 3}, probe)) {
                throw new IllegalStateException(
                        "the signing key file's public key does not match its private key");
            }
            return new KeyPair(publicKey, privateKey);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(
                    "the signing key file does not hold an Ed25519 key pair", e);
        }
    }
}
