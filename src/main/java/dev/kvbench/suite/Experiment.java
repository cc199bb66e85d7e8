package dev.kvbench.suite;

import dev.kvbench.workload.DataSpec;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One test of a suite: a JMH selection (the workloads it runs), its JMH parameters and options,
 * its entry count and how that count was chosen, and how the report charts it. One test is one
 * JMH run, written to {@code out-N.*}.
 *
 * @param title     the heading of the test in the report
 * @param about     one or two sentences saying what the test shows
 * @param chart     how the report draws it
 * @param workloads workload names (benchmark methods), or empty for every benchmark of kvbench but the
 *                  crash test (its own test: it kills and restarts JVMs, and times no pass)
 * @param params    JMH parameters ({@code -p name=values}) other than {@code num}, in order;
 *                  without {@code store}, every registered engine runs
 * @param options   JMH options and their values ({@code -f 1}, {@code -bm ss}...), in order
 * @param entries   the entry count and where it comes from
 * @param folder    where its stores live: the suite's work folder, or the disk folder
 * @param repeat    its rounds ({@link Rounds#ONCE}: one JMH run)
 * @param memoryRatio 0, or the beyond-memory tests' ratio of data to memory: the benchmark forks run in a memory
 *                  control group limited to the flat data of the test's smallest size divided by this
 *                  ({@code KVBENCH_MEM_LIMIT} in place of that), page cache included
 */
public record Experiment(
        String title,
        String about,
        Chart chart,
        List<String> workloads,
        Map<String, String> params,
        Map<String, String> options,
        Entries entries,
        Folder folder,
        Rounds repeat,
        int memoryRatio) {

    /**
     * The work folder a test's stores live in: the suite's ({@code KVBENCH_DIR}, tmpfs by default),
     * or a folder on a disk ({@code KVBENCH_DISK_DIR}, by default {@code /var/tmp/kvbench}, on the
     * root file system), for tests that compare file systems.
     */
    public enum Folder {
        WORK,
        DISK
    }

    /**
     * A test in the suite's work folder, run once, titled {@code title} and described by {@code about}: its
     * builder's steps name the rest, so that a suite's test reads as what it runs rather than as a list of positions.
     */
    public static Builder titled(String title, String about) {
        return new Builder(title, about);
    }

    /** The parts of a test a suite states; the folder, rounds and memory limit are the copy methods'. */
    public static final class Builder {
        private final String title;
        private final String about;
        private Chart chart;
        private List<String> workloads = List.of();
        private Map<String, String> params = Map.of();
        private Map<String, String> options = Map.of();

        private Builder(String title, String about) {
            this.title = title;
            this.about = about;
        }

        /** How the report draws it; every test says. */
        public Builder chart(Chart drawn) {
            chart = drawn;
            return this;
        }

        public Builder workloads(List<String> names) {
            workloads = names;
            return this;
        }

        public Builder workloads(String... names) {
            return workloads(List.of(names));
        }

        /** Its JMH parameters, in the order its command line gives them. */
        public Builder params(Map<String, String> values) {
            params = values;
            return this;
        }

        /** Its JMH options, in the order its command line gives them. */
        public Builder options(Map<String, String> values) {
            options = values;
            return this;
        }

        /** The test, with {@code num} entries, the suite's own count. */
        public Experiment entries(int num) {
            return entries(Entries.fixed(num));
        }

        public Experiment entries(Entries entries) {
            Objects.requireNonNull(chart, "a test's chart");
            return new Experiment(
                    title, about, chart, workloads, params, options, entries, Folder.WORK, Rounds.ONCE, 0);
        }
    }

    /** The same test run in rounds. */
    public Experiment repeated(Rounds rounds) {
        return new Experiment(title, about, chart, workloads, params, options, entries, folder, rounds, memoryRatio);
    }

    /** The same test with {@code option} set to {@code value} (added, or replacing the test's own). */
    public Experiment with(String option, String value) {
        Map<String, String> changed = new LinkedHashMap<>(options);
        changed.put(option, value);
        return new Experiment(title, about, chart, workloads, params, changed, entries, folder, repeat, memoryRatio);
    }

    /** The same test with its stores in the disk folder. */
    public Experiment onDisk() {
        return onDisk(title);
    }

    /** The same test with its stores in the disk folder, under {@code title}. */
    public Experiment onDisk(String title) {
        return new Experiment(
                title, about, chart, workloads, params, options, entries, Folder.DISK, repeat, memoryRatio);
    }

    /** The same test in the disk folder, its forks' memory held to its data divided by {@code ratio}. */
    public Experiment beyondMemory(int ratio) {
        return new Experiment(title, about, chart, workloads, params, options, entries, Folder.DISK, repeat, ratio);
    }

    /** Whether its forks run in a memory control group. */
    public boolean limited() {
        return memoryRatio > 0;
    }

    /**
     * The entries of a test.
     *
     * @param num      entries the suite gives the test
     * @param original the count of the 2016 report when {@code num} was scaled from it, else 0
     */
    public record Entries(int num, int original) {

        public static Entries fixed(int num) {
            return new Entries(num, 0);
        }

        public boolean scaled() {
            return original > 0;
        }
    }

    public Experiment {
        workloads = List.copyOf(workloads);
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    /** The JMH include pattern of the workloads: {@code \.(write|readKey)$}, or every kvbench benchmark but the crash test. */
    public String pattern() {
        if (workloads.isEmpty()) {
            return "^dev\\.kvbench\\.(bench|direct)\\.";
        }
        String names = String.join("|", workloads);
        return "\\." + (workloads.size() > 1 ? "(" + names + ")" : names) + "$";
    }

    /** The workloads as the meta file lists them: space separated, or {@code all}. */
    public String workloadList() {
        return workloads.isEmpty() ? "all" : String.join(" ", workloads);
    }

    /** Bytes of the largest entry of the test's own parameters: the longest key plus the largest value. */
    public int entryBytes() {
        return entryBytes(params);
    }

    /** Bytes of the largest entry for these parameters (defaults for those not given). */
    static int entryBytes(Map<String, String> params) {
        int key = 0;
        for (String intKey : Defaults.values(params, "intKey")) {
            key = Math.max(key, Boolean.parseBoolean(intKey) ? DataSpec.INT_KEY_SIZE : DataSpec.STRING_KEY_SIZE);
        }
        int value = 0;
        for (String valSize : Defaults.values(params, "valSize")) {
            value = Math.max(value, Defaults.integer(valSize));
        }
        return key + value;
    }
}
