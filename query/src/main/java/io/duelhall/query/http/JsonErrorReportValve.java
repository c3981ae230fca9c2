package io.duelhall.query.http;

import java.io.PrintWriter;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.HttpStatus;

/**
 * Tomcat's error page, as JSON. Requests Tomcat refuses before the application sees them (a {@code
 * %2F}, {@code %00} or {@code ..} in the path, headers over the limit, a broken request line) were
 * answered with Tomcat's HTML page; this writes the API's error shape instead: {@code {"error":
 * CODE, "message", "rule": null}}, CODE the status's name ({@code BAD_REQUEST}, {@code
 * REQUEST_HEADER_FIELDS_TOO_LARGE} …). Installed as the host's error report valve by {@link
 * JsonErrors}.
 */
public class JsonErrorReportValve extends ErrorReportValve {
    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        try {
            response.setContentType("application/json");
            response.setCharacterEncoding("UTF-8");
            PrintWriter writer = response.getReporter();
            if (writer != null) {
                writer.write(
                        JsonErrors.body(
                                status, JsonErrors.code(status), JsonErrors.message(status)));
                response.finishResponse();
            }
        } catch (java.io.IOException | IllegalStateException e) {
            // as Tomcat's own valve: an error page that cannot be written (the client has gone)
            // fails nothing else
        }
    }

    static String name(int status) {
        HttpStatus s = HttpStatus.resolve(status);
        return s == null ? "HTTP_" + status : s.name();
    }
}
