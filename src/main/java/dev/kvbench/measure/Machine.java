package dev.kvbench.measure;

import dev.kvbench.text.KeyValueFile;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;

/** Facts about this machine that sizing and {@code env.txt} need: memory, CPU, OS, file system, open-file limit. */
public final class Machine {

    private static final Path MEMINFO = Path.of("/proc/meminfo");

    private Machine() {}

    /** Available memory in bytes ({@code MemAvailable}), else the JVM's view of free memory; 0 if unknown. */
    public static long memAvailable() {
        return memoryBytes("MemAvailable", com.sun.management.OperatingSystemMXBean::getFreeMemorySize);
    }

    /** Total memory in bytes. */
    public static long memTotal() {
        return memoryBytes("MemTotal", com.sun.management.OperatingSystemMXBean::getTotalMemorySize);
    }

    /** {@code key} of /proc/meminfo in bytes, else the JVM's figure from {@code fallback}; 0 if unknown. */
    private static long memoryBytes(String key, ToLongFunction<com.sun.management.OperatingSystemMXBean> fallback) {
        long kb = meminfo(key);
        if (kb >= 0) {
            return kb * 1024;
        }
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? fallback.applyAsLong(os)
                : 0;
    }

    private static long meminfo(String key) {
        try {
            Map<String, String> info = KeyValueFile.read(MEMINFO, ":");
            String value = info.get(key);
            return value == null ? -1 : Long.parseLong(value.replace("kB", "").trim());
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    public static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8)) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException e) {
            // not Linux
        }
        String sysctl = command("sysctl", "-n", "machdep.cpu.brand_string");
        return sysctl.isEmpty() ? System.getProperty("os.arch") : sysctl;
    }

    public static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /**
     * The 1-minute load average as the JVM reports it (what {@code uptime} prints first), or a
     * negative number where it cannot be read: how busy the machine was when a run started.
     */
    public static double loadAverage() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /** Where a Linux guest says whether it hands freed memory back to its hypervisor (virtio free page reporting). */
    static final Path PAGE_REPORTING = Path.of("/sys/module/page_reporting/parameters/page_reporting_order");

    /**
     * Free page reporting ({@code virtio_balloon}): the order of the free blocks a virtual machine
     * hands back to its host, or -1 when it does not (no such module, or not Linux). Memory handed
     * back costs a host page fault the next time it is touched: on a machine of this project's kind,
     * filling 2 GiB of tmpfs took 3.2-3.7 s in memory freed a few seconds before and 0.71 s in memory
     * freed a moment before. A pass that allocates new memory pays it, and so does a fork's heap.
     */
    public static int pageReportingOrder() {
        return pageReportingOrder(PAGE_REPORTING);
    }

    static int pageReportingOrder(Path file) {
        try {
            return Integer.parseInt(Files.readString(file).trim());
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    /** The distribution's name ({@code PRETTY_NAME} of /etc/os-release), else the OS name. */
    public static String osName() {
        try {
            String pretty = KeyValueFile.read(Path.of("/etc/os-release"), "=").get("PRETTY_NAME");
            if (pretty != null) {
                return pretty.replace("\"", "");
            }
        } catch (IOException e) {
            // not Linux
        }
        return System.getProperty("os.name");
    }

    /** Kernel name, release and machine, as {@code uname -srm} prints them. */
    public static String kernel() {
        String uname = command("uname", "-srm");
        return uname.isEmpty()
                ? System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch")
                : uname;
    }

    /** The type of the file system holding {@code dir}: tmpfs, ext4... */
    public static String fileSystem(Path dir) {
        try {
            return Files.getFileStore(dir).type();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** The open-file limit of this process ({@code ulimit -n}); -1 if unknown. */
    public static long openFileLimit() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean os
                ? os.getMaxFileDescriptorCount()
                : -1;
    }

    /** The first line {@code command} prints, or "" when it cannot run. */
    static String command(String... command) {
        try {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
                return "";
            }
            int newline = out.indexOf('\n');
            return newline < 0 ? out : out.substring(0, newline);
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
