package io.duelhall.infra.http;

/** One HTTP/1.1 request on a raw socket bound to a local address: the path goes as written. */
public final class RawHttp {
    private RawHttp() {}

    public record Answer(int status, String body) {}

    public static Answer send(int port, String from, String method, String path, String body)
            throws java.io.IOException {
        try (java.net.Socket socket = new java.net.Socket()) {
            socket.bind(new java.net.InetSocketAddress(from, 0));
            socket.connect(new java.net.InetSocketAddress("127.0.0.1", port), 5000);
            socket.setSoTimeout(10_000);
            byte[] bytes =
                    body == null
                            ? new byte[0]
                            : body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            String head =
                    method
                            + " "
                            + path
                            + " HTTP/1.1\r\nHost: 127.0.0.1:"
                            + port
                            + "\r\nConnection: close\r\n"
                            + (body == null
                                    ? ""
                                    : "Content-Type: application/json\r\nContent-Length: "
                                            + bytes.length
                                            + "\r\n")
                            + "\r\n";
            java.io.OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            out.write(bytes);
            out.flush();
            String all =
                    new String(
                            socket.getInputStream().readAllBytes(),
                            java.nio.charset.StandardCharsets.UTF_8);
            int status = Integer.parseInt(all.substring(9, 12));
            int split = all.indexOf("\r\n\r\n");
            return new Answer(status, split < 0 ? "" : all.substring(split + 4));
        }
    }
}
