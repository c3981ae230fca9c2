package io.duelhall.command.api;

import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.ConcurrencyException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingRequestHeaderException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * The one place where refusals and malformed requests become HTTP statuses and error bodies.
 * Anything a client can send maps to a 4xx; a 500 means a bug of ours and is logged as one. Error
 * bodies are always JSON, whatever the request accepted (e.g. {@code text/event-stream} on
 * /stream).
 */
@RestControllerAdvice
public class ApiErrors {
    private static final Logger log = LoggerFactory.getLogger(ApiErrors.class);

    public static HttpStatus status(Refusal.Category category) {
        return switch (category) {
            case MALFORMED -> HttpStatus.BAD_REQUEST;
            case UNAUTHORIZED -> HttpStatus.UNAUTHORIZED;
            case FORBIDDEN -> HttpStatus.FORBIDDEN;
            case NOT_FOUND -> HttpStatus.NOT_FOUND;
            case CONFLICT -> HttpStatus.CONFLICT;
            case RULES -> HttpStatus.UNPROCESSABLE_ENTITY;
            case TOO_MANY -> HttpStatus.TOO_MANY_REQUESTS;
        };
    }

    public static ResponseEntity<ApiError> of(Refusal r) {
        return ResponseEntity.status(status(r.category()))
                .contentType(MediaType.APPLICATION_JSON)
                .body(new ApiError(r.code(), r.message(), r.rule(), r.violations()));
    }

    private static ResponseEntity<ApiError> of(HttpStatus status, String code, String message) {
        return ResponseEntity.status(status)
                .contentType(MediaType.APPLICATION_JSON)
                .body(new ApiError(code, message, null, List.of()));
    }

    @ExceptionHandler(RefusedException.class)
    ResponseEntity<ApiError> refused(RefusedException e, HttpServletRequest request) {
        Refusal r = e.refusal();
        if (r.category() == Refusal.Category.TOO_MANY) {
            // a cap of things held open (streams): a place frees when one closes, no bucket says
            // when
            return answered(
                    request,
                    ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS)
                            .header("Retry-After", "5")
                            .contentType(MediaType.APPLICATION_JSON)
                            .body(new ApiError(r.code(), r.message(), r.rule(), r.violations())));
        }
        return answered(request, of(r));
    }

    @ExceptionHandler(AggregateNotFoundException.class)
    ResponseEntity<ApiError> noMatch(AggregateNotFoundException e, HttpServletRequest request) {
        return answered(
                request,
                of(
                        HttpStatus.NOT_FOUND,
                        "MATCH_NOT_FOUND",
                        "No match with id " + e.getAggregateIdentifier() + "."));
    }

    /**
     * An id whose stored events are not a match's (a matchmaking queue's, issue 40): no match by
     * that id. Nothing was applied.
     */
    @ExceptionHandler(org.axonframework.eventsourcing.IncompatibleAggregateException.class)
    ResponseEntity<ApiError> notAMatch(
            org.axonframework.eventsourcing.IncompatibleAggregateException e,
            HttpServletRequest request) {
        log.warn("a command for an id that is no match: {}", e.getMessage());
        return answered(
                request, of(HttpStatus.NOT_FOUND, "MATCH_NOT_FOUND", "No match with this id."));
    }

    @ExceptionHandler(ConcurrencyException.class)
    ResponseEntity<ApiError> concurrent(ConcurrencyException e, HttpServletRequest request) {
        return answered(
                request,
                of(
                        HttpStatus.CONFLICT,
                        "CONCURRENT_UPDATE",
                        "The match changed at the same moment; read it again and retry."));
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ApiError> unreadable(
            HttpMessageNotReadableException e, HttpServletRequest request) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof io.duelhall.command.limits.RateLimitFilter.BodyTooLargeException) {
                return answered(
                        request,
                        of(HttpStatus.PAYLOAD_TOO_LARGE, "PAYLOAD_TOO_LARGE", c.getMessage()));
            }
        }
        return answered(
                request,
                of(
                        HttpStatus.BAD_REQUEST,
                        "MALFORMED_JSON",
                        "The request body is not valid JSON of the expected shape: "
                                + shortCause(e)));
    }

    @ExceptionHandler({
        MissingServletRequestParameterException.class,
        MethodArgumentTypeMismatchException.class
    })
    ResponseEntity<ApiError> badParameter(Exception e, HttpServletRequest request) {
        return answered(request, of(HttpStatus.BAD_REQUEST, "INVALID_PARAMETER", e.getMessage()));
    }

    @ExceptionHandler(MissingRequestHeaderException.class)
    ResponseEntity<ApiError> missingHeader(
            MissingRequestHeaderException e, HttpServletRequest request) {
        if ("Authorization".equalsIgnoreCase(e.getHeaderName())) {
            return answered(
                    request,
                    of(
                            HttpStatus.UNAUTHORIZED,
                            "MISSING_TOKEN",
                            "Send the seat's token as 'Authorization: Bearer <playerToken>'."));
        }
        return answered(request, of(HttpStatus.BAD_REQUEST, "MISSING_HEADER", e.getMessage()));
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ApiError> method(
            HttpRequestMethodNotSupportedException e, HttpServletRequest request) {
        return answered(
                request, of(HttpStatus.METHOD_NOT_ALLOWED, "METHOD_NOT_ALLOWED", e.getMessage()));
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<ApiError> mediaType(
            HttpMediaTypeNotSupportedException e, HttpServletRequest request) {
        return answered(
                request,
                of(
                        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
                        "UNSUPPORTED_MEDIA_TYPE",
                        "Send application/json."));
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    ResponseEntity<ApiError> notAcceptable(
            HttpMediaTypeNotAcceptableException e, HttpServletRequest request) {
        return answered(
                request,
                of(
                        HttpStatus.NOT_ACCEPTABLE,
                        "NOT_ACCEPTABLE",
                        "This endpoint answers application/json."));
    }

    @ExceptionHandler(NoResourceFoundException.class)
    ResponseEntity<ApiError> noResource(NoResourceFoundException e, HttpServletRequest request) {
        return answered(
                request,
                of(HttpStatus.NOT_FOUND, "NOT_FOUND", "No such path: /" + e.getResourcePath()));
    }

    /** The client of a stream went away: nothing to answer, and nothing wrong on our side. */
    @ExceptionHandler(AsyncRequestNotUsableException.class)
    void clientGone(AsyncRequestNotUsableException e) {
        log.debug("client disconnected: {}", e.getMessage());
    }

    /**
     * A client's mistake is logged as one line (at DEBUG: {@code
     * logging.level.io.duelhall.command.api.ApiErrors=DEBUG}), never with a stack trace; the
     * console encoder (infra logback-spring.xml, %encMsg) encodes the client's values in it.
     */
    private static ResponseEntity<ApiError> answered(
            HttpServletRequest request, ResponseEntity<ApiError> answer) {
        if (log.isDebugEnabled()) {
            ApiError body = answer.getBody();
            log.debug(
                    "client error: {} {} -> {} {}: {}",
                    request.getMethod(),
                    request.getRequestURI(),
                    answer.getStatusCode().value(),
                    body == null ? null : body.error(),
                    body == null ? null : body.message());
        }
        return answer;
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<ApiError> bug(Exception e) {
        log.error("unhandled error", e);
        return of(
                HttpStatus.INTERNAL_SERVER_ERROR,
                "INTERNAL_ERROR",
                "Something went wrong on our side; it has been logged.");
    }

    private static String shortCause(Throwable e) {
        Throwable c = e;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        String m = c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
        int nl = m.indexOf('\n');
        m = nl > 0 ? m.substring(0, nl) : m;
        return m.length() > 200 ? m.substring(0, 200) + "…" : m;
    }
}
