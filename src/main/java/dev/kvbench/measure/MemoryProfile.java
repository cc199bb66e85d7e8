package dev.kvbench.measure;

import dev.kvbench.text.Numbers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A short measured profile of the host's memory, for {@code env.txt}: the latency of a dependent load
 * ({@link PointerChase}) with the working set inside L1, L2 and L3 and well beyond L3, and what a TLB miss costs.
 * Two hosts of one model name can differ here by more than their engines do, and the canary, which runs in L1, does
 * not see it.
 *
 * <p>The TLB figure is one chase over a span beyond L3 with one line per 4 KiB page, so every load misses the TLB and
 * hits the cache, run twice: on transparent huge pages, where the same span takes a few TLB entries, then on 4 KiB
 * pages; the difference is the page walk. The cache latencies are taken on huge pages too where there are any: on a
 * virtual machine's 4 KiB pages a walk can cost more than the cache it looks for (a Zen 4 guest of this project's kind
 * gave 344 ns for an 8 MiB set on 4 KiB pages under load, where the same lines took 28 ns on huge pages). The
 * huge-page side is a child JVM with
 * {@code -XX:+UseTransparentHugePages} (the JVM asks for huge pages on its heap with {@code madvise}), not a native
 * helper: it is what a user's own JVM does to get them, it needs no compiler on the host, and the child reads back
 * from the kernel ({@code AnonHugePages}) whether it got them. Where it did not (the kernel's setting is
 * {@code never}, or no huge page was free), or the 4 KiB side got them too ({@code always}), the figure says so and
 * is not given. Each side runs in a JVM of its own, so the profile costs two JVM starts and 1-3 s; every figure is the median of {@link PointerChase#REPEATS} samples.
 */
public final class MemoryProfile {

    /** Where the kernel does not say a cache's size: a common size of each level. */
    static final long DEFAULT_L1D = 32 << 10;

    static final long DEFAULT_L2 = 1 << 20;
    static final long DEFAULT_L3 = 8 << 20;

    private static final long MIB = 1 << 20;

    private MemoryProfile() {}

    /**
     * The working sets, in bytes: half of L1d; half of L2; a quarter of L3 (at least twice L2, at most half of L3), so
     * that its pages still fit the TLB on most CPUs; and beyond L3 (four times L3, from 64 to 256 MiB), which the TLB
     * chase spans too (twice L3, from 64 to 256 MiB).
     */
    record Sizes(long l1, long l2, long l3, long dram, long tlb, boolean defaults) {

        static Sizes of(Caches caches) {
            long l1d = caches.l1d() > 0 ? caches.l1d() : DEFAULT_L1D;
            long l2 = caches.l2() > 0 ? caches.l2() : DEFAULT_L2;
            long l3 = caches.l3() > 0 ? caches.l3() : DEFAULT_L3;
            long inL3 = Math.min(l3 / 2, Math.max(2 * l2, l3 / 4));
            return new Sizes(
                    page(l1d / 2),
                    page(l2 / 2),
                    page(inL3),
                    clamp(4 * l3),
                    clamp(2 * l3),
                    caches.l1d() <= 0 || caches.l2() <= 0 || caches.l3() <= 0);
        }

        private static long clamp(long bytes) {
            return page(Math.max(64 * MIB, Math.min(256 * MIB, bytes)));
        }

        private static long page(long bytes) {
            return Math.max(4096, bytes / 4096 * 4096);
        }

        String text() {
            return "l1 " + Numbers.binary(l1) + ", l2 " + Numbers.binary(l2) + ", l3 " + Numbers.binary(l3) + ", dram "
                    + Numbers.binary(dram) + (defaults ? " (some cache sizes unknown: common sizes taken)" : "");
        }
    }

    /** This host's profile as {@code env.txt} lines; lines that say why where it could not be measured. */
    public static List<String> measure(Caches caches) {
        Sizes sizes = Sizes.of(caches);
        String mode = Caches.transparentHugePages();
        Map<String, Double> huge;
        try {
            huge = child(
                    List.of(mode.equals("never") ? "-XX:-UseTransparentHugePages" : "-XX:+UseTransparentHugePages"),
                    List.of(
                            "caches",
                            String.valueOf(sizes.l1()),
                            String.valueOf(sizes.l2()),
                            String.valueOf(sizes.l3()),
                            String.valueOf(sizes.dram()),
                            String.valueOf(sizes.tlb())),
                    Math.max(sizes.dram(), sizes.tlb()));
        } catch (ProfileFailure e) {
            return List.of("memory.latencyNs: not measured (" + e.getMessage() + ")");
        }
        Map<String, Double> small = Map.of();
        String smallFailure = "";
        if (onHugePages(huge, Math.max(sizes.dram(), sizes.tlb()))) {
            try {
                small = child(
                        List.of("-XX:-UseTransparentHugePages"),
                        List.of("tlb", String.valueOf(sizes.tlb())),
                        sizes.tlb());
            } catch (ProfileFailure e) {
                smallFailure = e.getMessage();
            }
        }
        return lines(sizes, huge, small, mode, smallFailure);
    }

    /** Whether a child's heap of {@code span} was mostly on huge pages, as it read back from the kernel. */
    private static boolean onHugePages(Map<String, Double> child, long span) {
        return child.getOrDefault("hugeBytes", -1.0) >= span / 2.0;
    }

    /**
     * The profile's lines from what the two children printed: {@code caches}, the one that asked for huge pages
     * (unless the kernel's mode is {@code never}), its cache latencies and its page-walk chase; {@code small}, the
     * chase on 4 KiB pages, empty where it did not run ({@code smallFailure} says why where it failed).
     */
    static List<String> lines(
            Sizes sizes, Map<String, Double> caches, Map<String, Double> small, String mode, String smallFailure) {
        List<String> lines = new ArrayList<>();
        for (String level : List.of("l1", "l2", "l3", "dram")) {
            lines.add("memory.latencyNs." + level + ": " + ns(caches.get(level)));
        }
        lines.add("memory.workingSets: " + sizes.text() + "; one load per 64-byte line, on "
                + (onHugePages(caches, Math.max(sizes.dram(), sizes.tlb())) ? "huge" : "4 KiB") + " pages, median of "
                + PointerChase.REPEATS);
        lines.add("memory.tlbMissNs: " + tlbMiss(sizes, caches, small, mode, smallFailure));
        return lines;
    }

    /** The page walk's cost in ns, with both chases; or "unavailable: why". */
    private static String tlbMiss(
            Sizes sizes, Map<String, Double> huge, Map<String, Double> small, String mode, String smallFailure) {
        long span = Math.max(sizes.dram(), sizes.tlb());
        if (mode.equals("never")) {
            return "unavailable: transparent huge pages are off (never)";
        }
        if (!onHugePages(huge, span)) {
            double hugeBytes = huge.getOrDefault("hugeBytes", -1.0);
            return "unavailable: a JVM with -XX:+UseTransparentHugePages got "
                    + (hugeBytes < 0 ? "no word from the kernel on" : Numbers.binary((long) hugeBytes) + " of")
                    + " huge pages for its " + Numbers.binary(span) + " (transparent huge pages " + mode + ")";
        }
        if (!smallFailure.isEmpty()) {
            return "unavailable: " + smallFailure;
        }
        if (onHugePages(small, sizes.tlb())) {
            return "unavailable: the kernel gave huge pages to a JVM that did not ask (transparent huge pages " + mode
                    + "), so there is no 4 KiB side";
        }
        double smallChase = small.getOrDefault("tlb", Double.NaN);
        double hugeChase = huge.getOrDefault("tlb", Double.NaN);
        if (!(smallChase > hugeChase)) {
            // a walk cannot be free: the host's other work swamped the difference (seen under a load of 14 on 2 cores)
            return "unclear: the chase on 4 KiB pages (" + ns(smallChase) + " ns) was not slower than on huge pages ("
                    + ns(hugeChase) + " ns); the host was busy";
        }
        return ns(smallChase - hugeChase) + " (" + ns(smallChase) + " on 4 KiB pages, " + ns(hugeChase)
                + " on huge pages; a load per 4 KiB page over " + Numbers.binary(sizes.tlb()) + ")";
    }

    private static String ns(Double value) {
        return value == null || value.isNaN() ? "unknown" : Numbers.sig3(value);
    }

    /** Runs {@link PointerChase} with {@code args} in a JVM with {@code flags} and a heap for {@code span}. */
    private static Map<String, Double> child(List<String> flags, List<String> args, long span) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:disable",
                "-Xlog:all=warning:stderr",
                "-XX:+UseSerialGC",
                // the old generation must hold the whole array: a small young one, the rest old
                "-Xmn16m",
                "-Xms" + (span / MIB + 64) + "m",
                "-Xmx" + (span / MIB + 64) + "m"));
        command.addAll(flags);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), PointerChase.class.getName()));
        command.addAll(args);
        try {
            Process process = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new ProfileFailure("its JVM did not finish in 30 s");
            }
            if (process.exitValue() != 0) {
                throw new ProfileFailure("its JVM ended with exit status " + process.exitValue());
            }
            return parse(out);
        } catch (IOException e) {
            throw new ProfileFailure("its JVM could not start: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProfileFailure("interrupted");
        }
    }

    /** {@code name value} lines into a map; other lines are left out. */
    static Map<String, Double> parse(String out) {
        Map<String, Double> figures = new LinkedHashMap<>();
        out.lines()
                .map(line -> line.trim().split(" "))
                .filter(p -> p.length == 2)
                .forEach(p -> {
                    double value = Numbers.parse(p[1]);
                    if (!Double.isNaN(value)) {
                        figures.put(p[0], value);
                    }
                });
        return figures;
    }

    /** Why a child JVM of the profile gave no figures. */
    private static final class ProfileFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ProfileFailure(String message) {
            super(message, null, false, false);
        }
    }
}
