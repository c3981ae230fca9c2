package io.duelhall.command.limits;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Abuse limits ({@code duelhall.limits.*}). Rates are token buckets: {@code perSecond} sustained,
 * {@code burst} at once. Defaults leave a human player (and an AI at play speed) far below them.
 *
 * @param intentsPerTokenPerSecond intents one seat token may send
 * @param intentsPerAddressPerSecond intents one client address may send, all tokens together
 * @param createsPerAddressPerMinute matches one address may create
 * @param seatsPerAddressPerMinute seats one address may take
 * @param maxBodyBytes largest request body accepted (413 above)
 * @param maxRecordBytes largest match record accepted by {@code POST /api/audit}
 * @param auditsPerAddressPerMinute uploaded records one address may have audited (each is a
 *     re-simulation)
 * @param loginsPerAddressPerMinute log-ins and registrations one address may send (each is a BCrypt
 *     hash: against password guessing and hashing floods; docs/identities.md)
 * @param bodiesPerAddress request bodies one address may have arriving at once ({@link
 *     BodyReadFilter}; 429 above; 0: no cap)
 * @param bodyTimeout time a request body has to arrive whole, from its headers (408 after it)
 */
@ConfigurationProperties("duelhall.limits")
public record LimitsProperties(
        Integer intentsPerTokenPerSecond,
        Integer intentsPerTokenBurst,
        Integer intentsPerAddressPerSecond,
        Integer intentsPerAddressBurst,
        Integer createsPerAddressPerMinute,
        Integer seatsPerAddressPerMinute,
        Integer maxBodyBytes,
        Boolean enabled,
        Integer maxRecordBytes,
        Integer auditsPerAddressPerMinute,
        Integer loginsPerAddressPerMinute,
        Integer bodiesPerAddress,
        Duration bodyTimeout) {
    public LimitsProperties {
        intentsPerTokenPerSecond = or(intentsPerTokenPerSecond, 30);
        intentsPerTokenBurst = or(intentsPerTokenBurst, 60);
        intentsPerAddressPerSecond = or(intentsPerAddressPerSecond, 600);
        intentsPerAddressBurst = or(intentsPerAddressBurst, 1200);
        createsPerAddressPerMinute = or(createsPerAddressPerMinute, 60);
        seatsPerAddressPerMinute = or(seatsPerAddressPerMinute, 120);
        maxBodyBytes = or(maxBodyBytes, 64 * 1024);
        enabled = enabled == null || enabled;
        maxRecordBytes = or(maxRecordBytes, 32 * 1024 * 1024);
        auditsPerAddressPerMinute = or(auditsPerAddressPerMinute, 60);
        loginsPerAddressPerMinute = or(loginsPerAddressPerMinute, 10);
        bodiesPerAddress = or(bodiesPerAddress, 32);
        bodyTimeout =
                bodyTimeout == null || bodyTimeout.isNegative() || bodyTimeout.isZero()
                        ? Duration.ofSeconds(10)
                        : bodyTimeout;
    }

    private static Integer or(Integer v, int d) {
        return v == null ? d : v;
    }
}
