package io.duelhall.infra.accounts;

import com.ibm.icu.lang.UScript;
import com.ibm.icu.text.SpoofChecker;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.SeatTokens;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.text.Normalizer;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;

/**
 * Registered players in the app's database (table {@code player_account}), passwords hashed with
 * BCrypt, and their player tokens (table {@code player_session}: only the token's SHA-256 is
 * stored, with an expiry). Everything lives in the shared database, so any node can check any
 * token.
 */
class Accounts {
    public static final int MIN_PASSWORD = 10;

    /**
     * BCrypt reads at most 72 bytes; longer passwords are refused rather than silently truncated.
     */
    public static final int MAX_PASSWORD_BYTES = 72;

    public static final Duration SESSION_TTL = Duration.ofDays(7);

    /** The longest normalised name (the column {@code player_account.name_key} holds 256). */
    static final int MAX_NAME_KEY = 64;

    private static final SecureRandom RANDOM = new SecureRandom();
    private final JdbcTemplate jdbc;
    private final Clock clock;

    /** The costs BCrypt takes (its log rounds). */
    static final int MIN_COST = 4;

    static final int MAX_COST = 31;

    private final BCryptPasswordEncoder encoder;

    /**
     * Compared against when the name is unknown, so both paths cost one BCrypt check: a hash of the
     * encoder's cost ({@link #dummyHash}).
     */
    private final String dummyHash;

    /**
     * The dummy hash of the shipped cost (10, application.yml's {@code
     * duelhall.accounts.password-cost}), written here rather than made at start-up (one BCrypt hash
     * of cost 10, ~1 % of a start's CPU; issue 46). {@code AccountsDummyHashTest} checks that it is
     * one of this cost; {@code DuelhallApplicationSmokeTest} that the shipped app stores that cost.
     */
    static final String DUMMY_HASH = "$2a$10$L/FVgNFcKnWXuldOsYvQp.TpWTFov2tn8pVayi0KCO2WFhvTrBmBq";

    /** The cost {@link #DUMMY_HASH} was made with, as BCrypt writes it ({@code $2a$NN$...}). */
    private static final int DUMMY_HASH_COST = Integer.parseInt(DUMMY_HASH.substring(4, 6));

    /** The hash an unknown name's log-in is checked against (of this encoder's cost). */
    String dummyHash() {
        return dummyHash;
    }

    public record Account(String accountId, String name) {}

    public record Session(
            String token, String accountId, String name, java.time.Instant expiresAt) {}

    /**
     * @param cost BCrypt's cost (log rounds, 4 to 31) of the hashes this stores; a hash stored with
     *     another cost is still checked at its own (BCrypt reads the cost from the hash)
     */
    public Accounts(JdbcTemplate jdbc, Clock clock, int cost) {
        if (cost < MIN_COST || cost > MAX_COST) {
            throw new IllegalArgumentException(
                    "duelhall.accounts.password-cost must be "
                            + MIN_COST
                            + " to "
                            + MAX_COST
                            + " (BCrypt's log rounds), not "
                            + cost);
        }
        this.jdbc = jdbc;
        this.clock = clock;
        this.encoder = new BCryptPasswordEncoder(cost);
        // another cost (a test app's, a faster or slower machine's) makes its dummy hash once
        this.dummyHash =
                cost == DUMMY_HASH_COST ? DUMMY_HASH : encoder.encode("duelhall-no-such-account");
    }

    /**
     * UTS #39 (ICU4J): a name whose letters mix scripts beyond the usual combinations (Latin with
     * Han, Kana or Hangul) is refused; two names with the same confusable skeleton are one name.
     */
    private static final SpoofChecker MIXED =
            new SpoofChecker.Builder()
                    .setRestrictionLevel(SpoofChecker.RestrictionLevel.HIGHLY_RESTRICTIVE)
                    .setChecks(
                            SpoofChecker.RESTRICTION_LEVEL
                                    | SpoofChecker.MIXED_NUMBERS
                                    | SpoofChecker.INVISIBLE)
                    .build();

    private static final SpoofChecker SKELETONS = new SpoofChecker.Builder().build();

    /**
     * The confusable skeleton (UTS #39) of a name's key: {@code "Ada"}, {@code "Аda"} (Cyrillic А),
     * {@code "ΑDA"} (Greek Α) and {@code "Adа"} share one; the column {@code name_skeleton} is
     * unique.
     */
    public static String skeleton(String name) {
        // as written first (an upper-case Cyrillic "АВЕ" is the Latin "ABE"), then case-folded (a
        // lower-case Cyrillic "е" is the Latin "e"); equal names by key (case, NFKC) are caught by
        // name_key
        String asWritten = SKELETONS.getSkeleton(Normalizer.normalize(name, Normalizer.Form.NFKC));
        return SKELETONS.getSkeleton(nameKey(asWritten));
    }

    /** NFKC, then case fold; two names with the same key are the same name. */
    public static String nameKey(String name) {
        String n = Normalizer.normalize(name, Normalizer.Form.NFKC);
        n = n.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
        return Normalizer.normalize(n, Normalizer.Form.NFKC).strip();
    }

    static void checkName(String name) {
        if (name == null || name.isBlank() || name.strip().length() > 32) {
            throw bad("INVALID_NAME", "'name' must be 1 to 32 characters.");
        }
        for (int i = 0; i < name.length(); i++) {
            int type = Character.getType(name.charAt(i));
            if (type == Character.CONTROL
                    || type == Character.FORMAT
                    || type == Character.UNASSIGNED
                    || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR) {
                throw bad(
                        "INVALID_NAME",
                        "'name' must not contain control or formatting characters.");
            }
        }
        checkLookalikes(name);
    }

    /**
     * Issue 45, finding 6: the letters and digits of a name (spaces and punctuation aside) are of
     * one script, or of Latin with Han and Kana or Hangul (UTS #39 "highly restrictive"), with no
     * mixed digit systems and no repeated or stray combining marks: a Latin, Greek or Cyrillic
     * letter takes its accent precomposed, so a mark left over after NFC composition is refused.
     */
    static void checkLookalikes(String name) {
        String composed = Normalizer.normalize(name, Normalizer.Form.NFC);
        StringBuilder letters = new StringBuilder();
        int previousScript = UScript.COMMON;
        for (int i = 0; i < composed.length(); ) {
            int cp = composed.codePointAt(i);
            i += Character.charCount(cp);
            int type = Character.getType(cp);
            if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK) {
                if (previousScript == UScript.LATIN
                        || previousScript == UScript.GREEK
                        || previousScript == UScript.CYRILLIC
                        || previousScript == UScript.COMMON) {
                    throw bad(
                            "INVALID_NAME",
                            "'name' has a combining mark that does not join its letter (U+"
                                    + String.format("%04X", cp)
                                    + "): type the accented letter itself.");
                }
                letters.appendCodePoint(cp);
                continue;
            }
            previousScript = UScript.getScript(cp);
            if (Character.isLetterOrDigit(cp) || type == Character.COMBINING_SPACING_MARK) {
                letters.appendCodePoint(cp);
            }
        }
        if (letters.length() > 0 && MIXED.failsChecks(letters.toString())) {
            throw bad(
                    "INVALID_NAME",
                    "'name' mixes letters of several scripts (or digits of several systems): write"
                            + " it in one script.");
        }
    }

    static void checkPassword(String password) {
        // ten spaces are no password (issue 45, finding 7)
        if (password == null || password.length() < MIN_PASSWORD || password.isBlank()) {
            throw bad(
                    "WEAK_PASSWORD",
                    "'password' must be at least " + MIN_PASSWORD + " characters.");
        }
        if (password.getBytes(StandardCharsets.UTF_8).length > MAX_PASSWORD_BYTES) {
            throw bad(
                    "PASSWORD_TOO_LONG",
                    "'password' must be at most " + MAX_PASSWORD_BYTES + " bytes (UTF-8).");
        }
    }

    public Account register(String name, String password) {
        checkName(name);
        checkPassword(password);
        String key = nameKey(name);
        if (key.length() > MAX_NAME_KEY) {
            // NFKC can expand one character to many (U+FDFA is 18 letters): bound what is stored
            // and compared
            throw bad("INVALID_NAME", "'name' is too long once normalised (NFKC).");
        }
        String id = UUID.randomUUID().toString();
        String skeleton = skeleton(name);
        try {
            jdbc.update(
                    "insert into player_account (account_id, name, name_key, password_hash, created_at,"
                            + " name_skeleton) values (?, ?, ?, ?, ?, ?)",
                    id,
                    name.strip(),
                    key,
                    encoder.encode(password),
                    Timestamp.from(clock.instant()),
                    skeleton);
        } catch (DuplicateKeyException e) {
            throw new RefusedException(
                    Refusal.conflict("NAME_TAKEN", null, "That name is already registered."));
        }
        return new Account(id, name.strip());
    }

    /**
     * Fills {@code name_skeleton} for the accounts registered before it existed, oldest first; an
     * account whose skeleton an older one holds keeps an empty one (its name and log-in stay as
     * they were). Returns how many it filled.
     */
    int fillSkeletons() {
        var rows =
                jdbc.query(
                        "select account_id, name from player_account where name_skeleton is null"
                                + " order by created_at, account_id",
                        (rs, n) -> new String[] {rs.getString(1), rs.getString(2)});
        int filled = 0;
        for (String[] row : rows) {
            try {
                filled +=
                        jdbc.update(
                                "update player_account set name_skeleton = ? where account_id = ?",
                                skeleton(row[1]),
                                row[0]);
            } catch (DuplicateKeyException e) {
                // an older account looks the same: this one keeps no skeleton
            }
        }
        return filled;
    }

    public Session login(String name, String password) {
        if (name == null
                || password == null
                || password.getBytes(StandardCharsets.UTF_8).length > MAX_PASSWORD_BYTES) {
            throw wrong();
        }
        var rows =
                jdbc.query(
                        "select account_id, name, password_hash from player_account where name_key = ?",
                        (rs, n) -> new String[] {rs.getString(1), rs.getString(2), rs.getString(3)},
                        nameKey(name));
        if (rows.isEmpty()) {
            encoder.matches(password, dummyHash);
            throw wrong();
        }
        String[] row = rows.get(0);
        if (!encoder.matches(password, row[2])) {
            throw wrong();
        }
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        String token = "pt_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        var now = clock.instant();
        var expires = now.plus(SESSION_TTL);
        // the account's dead sessions go as it logs in: its rows stay as many as its live sessions
        jdbc.update(
                "delete from player_session where account_id = ? and (revoked = 1 or expires_at <= ?)",
                row[0],
                Timestamp.from(now));
        jdbc.update(
                "insert into player_session (token_hash, account_id, expires_at, revoked) values (?, ?, ?, 0)",
                SeatTokens.hash(token),
                row[0],
                Timestamp.from(expires));
        return new Session(token, row[0], row[1], expires);
    }

    /** The account of a live player token, if any. */
    /** The account of a name (as registered, in any case or normal form), if any. */
    public Optional<Account> byName(String name) {
        if (name == null || name.isBlank() || name.length() > 64) {
            return Optional.empty();
        }
        return jdbc
                .query(
                        "select account_id, name from player_account where name_key = ?",
                        (rs, n) -> new Account(rs.getString(1), rs.getString(2)),
                        nameKey(name))
                .stream()
                .findFirst();
    }

    public Optional<Account> byToken(String token) {
        if (token == null) {
            return Optional.empty();
        }
        return jdbc
                .query(
                        "select a.account_id, a.name from player_session s join player_account a"
                                + " on a.account_id = s.account_id where s.token_hash = ? and s.revoked = 0 and s.expires_at > ?",
                        (rs, n) -> new Account(rs.getString(1), rs.getString(2)),
                        SeatTokens.hash(token),
                        Timestamp.from(clock.instant()))
                .stream()
                .findFirst();
    }

    public boolean revoke(String token) {
        return token != null
                && jdbc.update(
                                "update player_session set revoked = 1 where token_hash = ? and revoked = 0",
                                SeatTokens.hash(token))
                        == 1;
    }

    private static RefusedException wrong() {
        return new RefusedException(
                Refusal.unauthorized("WRONG_CREDENTIALS", "Unknown name or wrong password."));
    }

    private static RefusedException bad(String code, String message) {
        return new RefusedException(Refusal.malformed(code, message));
    }
}
