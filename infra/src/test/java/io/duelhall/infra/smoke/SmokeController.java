package io.duelhall.infra.smoke;

import java.time.Instant;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Test-only endpoint: checks that Spring MVC's own JSON (Jackson 3) still works beside Axon's
 * Jackson 2.
 */
@RestController
public class SmokeController {

    public record Echo(String name, Instant at) {}

    @GetMapping("/smoke/echo")
    public Echo echo() {
        return new Echo("duelhall", Instant.parse("2026-01-02T03:04:05Z"));
    }
}
