package io.duelhall.infra.web;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Prints the address of the web pages once the app is ready ({@code duelhall ready: open
 * http://localhost:8080/}), with the port the server really listens on (a random one in tests,
 * {@code --server.port} if given).
 */
@Component
class ReadyLine {
    private static final Logger log = LoggerFactory.getLogger(ReadyLine.class);

    @EventListener
    void ready(ApplicationReadyEvent event) {
        if (event.getApplicationContext() instanceof WebServerApplicationContext web
                && web.getWebServer() != null) {
            log.info(
                    "duelhall ready: open {}",
                    url(
                            web.getWebServer().getPort(),
                            event.getApplicationContext().getEnvironment()));
        }
    }

    static String url(int port, Environment env) {
        String path = env.getProperty("server.servlet.context-path", "");
        return "http://localhost:" + port + (path.endsWith("/") ? path : path + "/");
    }
}
