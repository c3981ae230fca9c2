package io.duelhall.infra.accounts;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Block lists (issue 40): the accounts each registered player blocked (table {@code player_block}),
 * in the shared database as the accounts are, so every node's waves read the same. A block keeps
 * two players apart in every queue, whichever of the two blocked the other.
 */
public class PlayerBlocks {
    /** The most accounts one account may block. */
    public static final int MAX = 1_000;

    private final JdbcTemplate jdbc;
    private final Clock clock;

    public record Block(String accountId, String name, Instant since) {}

    public PlayerBlocks(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** Blocks {@code blocked} for {@code account}; false when it was blocked already. */
    boolean block(String account, String blocked) {
        if (jdbc.queryForObject(
                        "select count(*) from player_block where account_id = ? and blocked_account_id = ?",
                        Integer.class,
                        account,
                        blocked)
                > 0) {
            return false;
        }
        try {
            jdbc.update(
                    "insert into player_block (account_id, blocked_account_id, created_at) values (?, ?, ?)",
                    account,
                    blocked,
                    Timestamp.from(clock.instant()));
        } catch (org.springframework.dao.DuplicateKeyException sameBlockAtOnce) {
            // two requests for the same block at once: the other one stored it (a PUT is
            // idempotent; never a 500)
            return false;
        }
        return true;
    }

    void unblock(String account, String blocked) {
        jdbc.update(
                "delete from player_block where account_id = ? and blocked_account_id = ?",
                account,
                blocked);
    }

    int count(String account) {
        return jdbc.queryForObject(
                "select count(*) from player_block where account_id = ?", Integer.class, account);
    }

    /** The accounts {@code account} blocked, with their names, oldest block first. */
    List<Block> list(String account) {
        return jdbc.query(
                "select b.blocked_account_id, a.name, b.created_at from player_block b join"
                        + " player_account a on a.account_id = b.blocked_account_id where"
                        + " b.account_id = ? order by b.created_at, a.name",
                (rs, n) ->
                        new Block(rs.getString(1), rs.getString(2), rs.getTimestamp(3).toInstant()),
                account);
    }

    /** The account ids {@code account} blocked (what a wave reads). */
    public Set<String> blockedBy(String account) {
        if (account == null) {
            return Set.of();
        }
        return Set.copyOf(
                jdbc.queryForList(
                        "select blocked_account_id from player_block where account_id = ?",
                        String.class,
                        account));
    }
}
