package io.duelhall.infra.smoke;

import java.time.Instant;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Test-only endpoint: checks that Spring MVC's own JSON (Jackson 3) still works beside Axon's
 * Jackson 2.
 *
 * <p>Only in {@code DuelhallApplicationSmokeTest}'s app (profile {@code smoke}): in every other
 * test app it was one more processor reading every event of every test (issue 47).
 */
@org.springframework.context.annotation.Profile("smoke")
@RestController
public class SmokeController {

    public record Echo(String name, Instant at) {}

    @GetMapping("/smoke/echo")
    public Echo echo() {
        return new Echo("duelhall", Instant.parse("2026-01-02T03:04:05Z"));
    }
}
