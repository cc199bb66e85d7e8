package dev.kvbench.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The data caches of CPU 0 as the kernel describes them ({@code /sys/devices/system/cpu/cpu0/cache/index*}: level,
 * type, size) and the transparent huge page setting: what the memory profile sizes its working sets from, and what
 * {@code env.txt} says of the host.
 *
 * @param l1d the level-1 data cache in bytes, -1 if unknown
 * @param l2  the level-2 cache in bytes, -1 if unknown
 * @param l3  the level-3 cache in bytes (what CPU 0 shares), -1 if unknown or none
 */
public record Caches(long l1d, long l2, long l3) {

    static final Path CPU0 = Path.of("/sys/devices/system/cpu/cpu0/cache");
    static final Path THP = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");

    /** This machine's. */
    public static Caches read() {
        return read(CPU0);
    }

    /** The caches described under {@code dir} (its {@code index*} folders); -1 for each one not found. */
    static Caches read(Path dir) {
        long l1d = -1;
        long l2 = -1;
        long l3 = -1;
        try (Stream<Path> indexes = Files.list(dir)) {
            for (Path index : indexes.filter(p -> p.getFileName().toString().startsWith("index"))
                    .sorted()
                    .toList()) {
                String type = text(index.resolve("type"));
                long size = size(text(index.resolve("size")));
                switch (text(index.resolve("level"))) {
                    case "1" -> l1d = type.equals("Data") || type.equals("Unified") ? size : l1d;
                    case "2" -> l2 = size;
                    case "3" -> l3 = size;
                    default -> {
                        // a level-4 cache (some Intel parts' eDRAM) does not change the profile's sizes
                    }
                }
            }
        } catch (IOException e) {
            // not Linux, or a kernel without cache information: every size unknown
        }
        return new Caches(l1d, l2, l3);
    }

    /** "32K" → 32768, "1024K", "8M"; -1 when it is not a size. */
    static long size(String text) {
        if (!text.matches("\\d+[KMG]?")) {
            return -1;
        }
        long shift = switch (text.charAt(text.length() - 1)) {
            case 'K' -> 10;
            case 'M' -> 20;
            case 'G' -> 30;
            default -> 0;
        };
        String digits = shift == 0 ? text : text.substring(0, text.length() - 1);
        return Long.parseLong(digits) << shift;
    }

    private static String text(Path file) {
        try {
            return Files.readString(file).trim();
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * The transparent huge page mode, the bracketed word of {@code always [madvise] never}: "always" (every
     * large enough anonymous mapping), "madvise" (only what asks, as {@code -XX:+UseTransparentHugePages} does),
     * "never"; "unknown" where the kernel does not say.
     */
    public static String transparentHugePages() {
        return transparentHugePages(text(THP));
    }

    static String transparentHugePages(String setting) {
        int open = setting.indexOf('[');
        int close = setting.indexOf(']', open + 1);
        return open >= 0 && close > open ? setting.substring(open + 1, close) : "unknown";
    }

    /** Its lines of {@code env.txt}: each cache's size in bytes, or "unknown", and the huge page mode. */
    public List<String> envLines() {
        return List.of(
                "cache.l1d: " + bytes(l1d),
                "cache.l2: " + bytes(l2),
                "cache.l3: " + bytes(l3),
                "memory.transparentHugePages: " + transparentHugePages());
    }

    private static String bytes(long size) {
        return size < 0 ? "unknown" : String.format(Locale.ROOT, "%d", size);
    }
}
