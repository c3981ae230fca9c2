package io.duelhall.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** What a figure was measured on: printed next to every result, with the load average at that moment. */
public final class Machine {
    private Machine() {
    }

    public static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return String.format("%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
    }

    public static String describe() {
        long memMb = -1;
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    memMb = Long.parseLong(line.replaceAll("\\D", "")) / 1024;
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // not Linux
        }
        return String.format("%s; %d cores, %d MiB memory; JDK %s (%s); load average %s",
                OffsetDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ISO_LOCAL_DATE_TIME).substring(0, 19) + "Z",
                Runtime.getRuntime().availableProcessors(), memMb, System.getProperty("java.version"),
                System.getProperty("java.vm.name"), loadAverage());
    }
}
