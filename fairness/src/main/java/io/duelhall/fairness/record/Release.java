package io.duelhall.fairness.record;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The release a server runs: its version and the commit it was built from, read from the {@code
 * git.properties} the build puts in the jar (git-commit-id-maven-plugin, infra/pom.xml). An
 * exported record names it as {@code release} (docs/fairness.md, "Rebuilding the auditor"), so a
 * judge knows which source to rebuild and whose jar hash to compare; the signature covers it like
 * every other member.
 *
 * @param version the project version ({@code 0.1.0-SNAPSHOT} …)
 * @param commit the full commit id, null when the jar was built outside a git checkout
 * @param dirty whether the checkout had changes that no commit holds (then the commit alone does
 *     not rebuild it)
 */
public record Release(String version, String commit, boolean dirty) {
    /**
     * The release of the running code (version and commit "unknown"/null when no git.properties is
     * on the path).
     */
    public static final Release RUNNING = read();

    private static Release read() {
        Properties p = new Properties();
        try (InputStream in = Release.class.getResourceAsStream("/git.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException ignored) {
            // an unreadable file names nothing, like a missing one
        }
        String commit = p.getProperty("git.commit.id");
        return new Release(
                p.getProperty("git.build.version", "unknown"),
                commit == null || commit.isBlank() ? null : commit,
                Boolean.parseBoolean(p.getProperty("git.dirty")));
    }

    /** The record member: {@code {"version", "commit", "dirty"}}. */
    public ObjectNode json() {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("version", version);
        n.put("commit", commit);
        n.put("dirty", dirty);
        return n;
    }
}
