package io.duelhall.command.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** The error body of API.md: {"error": CODE, "message": text, "rule": ruling id or null}. */
public record ApiError(
        String error,
        String message,
        String rule,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> violations) {}
