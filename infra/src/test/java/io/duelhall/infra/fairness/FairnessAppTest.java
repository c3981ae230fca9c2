package io.duelhall.infra.fairness;

import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.fairness.record.MatchRecords;
import io.duelhall.fairness.signing.ServerKey;
import io.duelhall.infra.AppTest;
import io.duelhall.infra.http.Api;
import io.duelhall.query.log.MatchLogs;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The set-up FairnessHttpTest and TamperHttpTest share: the running app (AppTest's context), a
 * client of it, the server's key and records, and a {@link MatchDriver} that plays matches to their
 * end.
 */
abstract class FairnessAppTest extends AppTest {
    @LocalServerPort int port;
    @Autowired CommandGateway commands;
    @Autowired MatchLogs logs;
    @Autowired VoidexaRuleset rules;
    @Autowired MatchRecords records;
    @Autowired ServerKey key;
    Api api;
    MatchDriver driver;

    @BeforeEach
    void setUpClientAndDriver() {
        api = new Api(port);
        driver = new MatchDriver(api, commands, logs, rules);
    }
}
