package io.duelhall.baseline;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** The one command endpoint, as the app's intent endpoint: JSON in, the new version out. */
@RestController
class CounterController {
    private final CommandGateway commands;
    private final EventCounter counted;
    private final Map<String, AtomicLong> echoed = new ConcurrentHashMap<>();

    CounterController(CommandGateway commands, EventCounter counted) {
        this.commands = commands;
        this.counted = counted;
    }

    /**
     * Body {@code {"by": 1, "commandId": "..."}} (both optional); answers {@code {"version": N}}.
     */
    @PostMapping("/counters/{id}/increment")
    Map<String, Object> increment(
            @PathVariable String id, @RequestBody(required = false) Map<String, Object> body) {
        int by = body != null && body.get("by") instanceof Number n ? n.intValue() : 1;
        String commandId =
                body != null && body.get("commandId") instanceof String s
                        ? s
                        : UUID.randomUUID().toString();
        Long version = commands.sendAndWait(new Increment(id, by, commandId));
        return Map.of("version", version);
    }

    /**
     * The HTTP floor (issue 17): the same request and the same answer as {@link #increment}, with
     * nothing behind it (no command, no store, no transaction): the version is a counter in memory,
     * moved by 3 as the command moves it. What Tomcat, Spring MVC and Jackson alone cost per
     * request on this machine.
     */
    @PostMapping("/counters/{id}/echo")
    Map<String, Object> echo(
            @PathVariable String id, @RequestBody(required = false) Map<String, Object> body) {
        int by = body != null && body.get("by") instanceof Number n ? n.intValue() : 1;
        long version = echoed.computeIfAbsent(id, k -> new AtomicLong()).addAndGet(3L * by);
        return Map.of("version", version);
    }

    /** How many events the tracking handler has read so far. */
    @GetMapping("/counters/events-seen")
    Map<String, Object> eventsSeen() {
        return Map.of("events", counted.seen());
    }
}
