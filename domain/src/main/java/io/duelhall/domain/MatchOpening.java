package io.duelhall.domain;

/** The first event of every match, whatever the ruleset: it names the ruleset that plays it. */
public interface MatchOpening extends MatchEvent {
    String matchId();

    String ruleset();

    String engineVersion();

    /** The version of the card catalog (or other rules data) the match is played with. */
    String catalogVersion();

    /** SHA-256 of the secret server seed, published at creation (hex). */
    String seedCommitment();

    /**
     * The server seed as stored at creation (hex): hidden from everyone until the end reveals it.
     */
    String serverSeed();

    MatchOptions options();
}
