package dev.kvbench.report.section;

import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.results.Metric;
import dev.kvbench.text.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The sentences of a scale test run beyond memory: the limit its forks were held to, and, with a cold page cache,
 * what a drop could not empty. A chart cannot say either, and without them the times read as an engine's own.
 */
final class MemorySentences {

    private final Specs specs;

    MemorySentences(Specs specs) {
        this.specs = specs;
    }

    /**
     * One sentence per beyond-memory test: the limit, the heap, the data over the limit, the device and its file
     * system, the group's peak and its OOM kills; for a cold-cache test, how the cache was dropped.
     */
    static List<String> limits(List<TestRun> sweep) {
        List<String> sentences = new ArrayList<>();
        for (TestRun t : sweep) {
            if (!ScaleKind.beyond(t)) {
                continue;
            }
            double limit = Numbers.parse(t.meta.get("memory.limitBytes"));
            double flat = Numbers.parse(t.meta.getOrDefault("memory.flatBytes", "NaN"));
            StringBuilder line = new StringBuilder("Test " + t.number
                    + ": the benchmark forks' memory, page cache included, held to "
                    + Numbers.bytes(limit) + " by a " + t.meta.getOrDefault("memory.cgroup", "memory control group")
                    + " (the JMH host and the runner outside it), the Java heap to "
                    + Numbers.bytes(Numbers.parse(t.meta.getOrDefault("memory.heapBytes", "NaN")))
                    + " (-Xmx); the smallest size's flat data, "
                    + Numbers.bytes(flat) + ", is " + String.format(Locale.ROOT, "%.1f", flat / limit)
                    + "x the limit; stores in " + t.meta.getOrDefault("disk.dir", "?") + " on "
                    + t.meta.getOrDefault("disk.device", "?")
                    + " (" + t.meta.getOrDefault("disk.fs", "?") + ")");
            String readAhead = t.meta.getOrDefault("disk.readAheadKb", "-1");
            if (!readAhead.startsWith("-")) {
                line.append(", whose readahead is ")
                        .append(Numbers.count(Numbers.parse(readAhead)))
                        .append(
                                " KiB (a page fault in a"
                                        + " memory map reads that much around the page it needs, unless the engine advised random access)");
            }
            String peak = t.meta.getOrDefault("memory.peakBytes", "");
            if (!peak.isEmpty() && !peak.startsWith("-")) {
                line.append("; the group's peak was ").append(Numbers.bytes(Numbers.parse(peak)));
            }
            String kills = t.meta.getOrDefault("memory.oomKills", "0");
            if (!kills.equals("0") && !kills.isEmpty()) {
                line.append("; the kernel's OOM killer killed ")
                        .append(kills)
                        .append(" process(es) in it: a fork that died there ran out of the limit");
            }
            if (ScaleKind.cold(t)) {
                line.append(
                        ". Before each pass the page cache of the store's files was written back and dropped (fdatasync, then"
                                + " posix_fadvise(POSIX_FADV_DONTNEED) over each file, untimed); the machine's other caches were left alone");
            }
            sentences.add(line + ".");
        }
        return sentences;
    }

    /**
     * For cold-cache results: per engine, how much of its files stayed in the page cache after a drop (pages it maps
     * cannot be dropped while mapped), and the engine's own cache, which a drop does not reach.
     */
    List<String> keptInCache(List<Result> results) {
        List<String> sentences = new ArrayList<>();
        for (Result r : results) {
            double apparent = r.metric(Metric.CACHE_FILE_BYTES);
            double resident = r.metric(Metric.CACHE_RESIDENT_AFTER_DROP);
            if (!r.ok() || Double.isNaN(apparent) || Double.isNaN(resident)) {
                continue;
            }
            // a sparse file (LMDB's, sized to its map) is far larger than the pages it holds: compare with what is
            // allocated
            double allocated = r.metric(Metric.STORAGE_BEFORE_CLOSE);
            boolean sparse = allocated > 0 && apparent > 1.1 * allocated;
            double files = sparse ? allocated : apparent;
            String spec = r.key().param("store");
            String size = Numbers.count(Numbers.parse(r.key().param("num"))) + " entries";
            if (files > 0 && resident / files > 0.01) {
                sentences.add(specs.label(spec) + " (" + size + ", " + r.workload() + "): " + Numbers.bytes(resident)
                        + " of its "
                        + Numbers.bytes(files) + " of files stayed in the page cache after each drop ("
                        + Math.round(100 * resident / files)
                        + "%"
                        + (sparse
                                ? "; allocated bytes: their apparent size, " + Numbers.bytes(apparent)
                                        + ", is mostly a hole of a sparse file"
                                : "")
                        + "): pages the engine maps stay cached while mapped, so its"
                        + " reads are not all cold.");
            }
            Map<String, String> options = Specs.parse(spec).options();
            if (options.keySet().stream().anyMatch(name -> name.endsWith("acheMb"))) {
                sentences.add(specs.label(spec) + " (" + size + "): its own cache ("
                        + String.join(
                                "+",
                                options.entrySet().stream()
                                        .map(e -> e.getKey() + "=" + e.getValue())
                                        .toList())
                        + ") is process memory, which the drop does not touch: what it holds is read warm.");
            }
        }
        return sentences;
    }
}
