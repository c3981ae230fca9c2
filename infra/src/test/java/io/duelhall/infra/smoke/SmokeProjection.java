package io.duelhall.infra.smoke;

import io.duelhall.infra.smoke.SmokeMessages.SmokeOpened;
import io.duelhall.infra.smoke.SmokeMessages.SmokePinged;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.stereotype.Component;

/**
 * Test-only event handler in its own processing group: shows which processor type the default
 * gives.
 *
 * <p>Only in {@code DuelhallApplicationSmokeTest}'s app (profile {@code smoke}): in every other
 * test app it was one more processor reading every event of every test (issue 47).
 */
@org.springframework.context.annotation.Profile("smoke")
@Component
@ProcessingGroup(SmokeProjection.GROUP)
public class SmokeProjection {

    public static final String GROUP = "smoke-projection";

    private final List<Object> seen = new CopyOnWriteArrayList<>();

    @EventHandler
    void on(SmokeOpened event) {
        seen.add(event);
    }

    @EventHandler
    void on(SmokePinged event) {
        seen.add(event);
    }

    public List<Object> seen() {
        return List.copyOf(seen);
    }
}
