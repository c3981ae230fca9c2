package io.duelhall.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * What a figure was measured on: printed next to every result, with the load average at that
 * moment.
 */
public final class Machine {
    private Machine() {}

    public static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return String.format(
                    "%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
    }

    /**
     * CPU time used so far by process {@code pid} (user + system), in milliseconds, from
     * /proc/{pid}/stat; -1 where it cannot be read. Divided by the work done, it is a measure that
     * holds when the machine is shared.
     */
    public static long cpuMillis(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long ticks =
                    Long.parseLong(f[11])
                            + Long.parseLong(f[12]); // utime, stime (fields 14 and 15)
            return ticks * 10; // USER_HZ is 100 on Linux
        } catch (IOException | RuntimeException e) {
            return -1;
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
        return String.format(
                "%s; %d cores, %d MiB memory; JDK %s (%s); load average %s",
                OffsetDateTime.now(ZoneOffset.UTC)
                                .format(DateTimeFormatter.ISO_LOCAL_DATE_TIME)
                                .substring(0, 19)
                        + "Z",
                Runtime.getRuntime().availableProcessors(),
                memMb,
                System.getProperty("java.version"),
                System.getProperty("java.vm.name"),
                loadAverage());
    }
}
