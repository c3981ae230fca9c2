package io.duelhall.query.http;

import io.duelhall.command.api.ApiError;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.apache.catalina.core.StandardHost;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.core.io.JsonStringEncoder;

/**
 * Every error the server sends is the API's JSON error shape (API.md, "Errors"), also those that
 * never reach a controller (issue 20, finding 8): {@code /error}, where the servlet container
 * forwards errors raised outside Spring MVC (Spring Boot's own answered {@code GET /error} with
 * {@code 500 {"status":999}}), and Tomcat's error report valve ({@link JsonErrorReportValve}) for
 * requests refused before the application sees them.
 */
@Configuration(proxyBeanMethods = false)
public class JsonErrors {

    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> jsonErrorReportValve() {
        return factory ->
                factory.addContextCustomizers(
                        context -> {
                            if (context.getParent() instanceof StandardHost host) {
                                host.setErrorReportValveClass(JsonErrorReportValve.class.getName());
                            }
                        });
    }

    static String code(int status) {
        return JsonErrorReportValve.name(status);
    }

    static String message(int status) {
        return switch (status) {
            case 400 ->
                    "The request cannot be read: its request line, path (e.g. an encoded '/', NUL or '..') or headers "
                            + "are not acceptable.";
            case 404 -> "No such path.";
            case 408 -> "The request was not sent in time.";
            case 413 -> "The request is too large.";
            case 414 -> "The request's URI is too long.";
            case 431 -> "The request's headers are too large.";
            case 500 -> "Something went wrong on our side; it has been logged.";
            case 503 -> "The server is not available now; try again later.";
            default -> {
                HttpStatus s = HttpStatus.resolve(status);
                yield s == null ? "HTTP " + status + "." : s.getReasonPhrase() + ".";
            }
        };
    }

    static String body(int status, String code, String message) {
        JsonStringEncoder json = JsonStringEncoder.getInstance();
        return "{\"error\":\""
                + new String(json.quoteAsCharArray(code))
                + "\",\"message\":\""
                + new String(json.quoteAsCharArray(message))
                + "\",\"rule\":null}";
    }

    /**
     * {@code /error}: what the servlet container forwards there, or a 404 when asked for directly.
     */
    @RestController
    static class JsonErrorController implements ErrorController {
        @RequestMapping(path = "/error", produces = "*/*")
        ResponseEntity<ApiError> error(HttpServletRequest request) {
            Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
            int status = code instanceof Integer i && i >= 400 && i <= 599 ? i : 404;
            String message = code == null ? "No such path: /error" : message(status);
            return ResponseEntity.status(status)
                    .contentType(MediaType.APPLICATION_JSON)
                    .body(
                            new ApiError(
                                    code == null ? "NOT_FOUND" : code(status),
                                    message,
                                    null,
                                    List.of()));
        }
    }
}
