package dev.kvbench.report.section;

import dev.kvbench.report.folder.Amplification;
import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.results.Metric;
import dev.kvbench.text.Numbers;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The report's tables, built from a {@link Group}: time per pass, storage, steps, hidden costs. */
final class Tables {

    /** A table: its header and its rows of cells, ready for {@link Markdown#table}. */
    record Table(List<String> header, List<List<String>> rows) {

        boolean isEmpty() {
            return rows.isEmpty();
        }
    }

    /** One row of a storage table: bytes after close, and the overhead against the flat array. */
    record StorageRow(
            String label, double bytes, double beforeClose, double files, double compactCopy, double overheadPercent) {}

    /** Storage of one engine before and after its values grow by one byte. */
    record Step(String label, double fromSize, double fromBytes, double toBytes) {

        double percent() {
            return 100 * (toBytes / fromBytes - 1);
        }
    }

    private final Specs specs;

    Tables(Specs specs) {
        this.specs = specs;
    }

    /** Time per pass: a row per engine, a column per workload; "± error" where JMH gave one. */
    Table time(Group group, List<String> specList, Figures.Unit unit) {
        List<String> header = new ArrayList<>(List.of("Engine"));
        header.addAll(group.workloads());
        List<List<String>> rows = new ArrayList<>();
        for (String spec : specList) {
            List<String> row = new ArrayList<>(List.of(specs.label(spec)));
            group.workloads().forEach(w -> row.add(timeCell(group.find(spec, w), unit)));
            rows.add(row);
        }
        return new Table(header, rows);
    }

    /** Time per pass of one workload: a row per engine, a column per value of the swept parameter. */
    Table sweepTime(Group group, String workload, String param, List<String> specList, Figures.Unit unit) {
        List<String> values = group.values(param);
        List<String> header = new ArrayList<>(List.of("Engine"));
        values.forEach(v -> header.add(Numbers.count(Numbers.parse(v))));
        List<List<String>> rows = new ArrayList<>();
        for (String spec : specList) {
            List<String> row = new ArrayList<>(List.of(specs.label(spec)));
            values.forEach(v -> row.add(timeCell(group.find(spec, workload, param, v), unit)));
            rows.add(row);
        }
        return new Table(header, rows);
    }

    private static String timeCell(Optional<Result> run, Figures.Unit unit) {
        return run.map(r -> timeCell(r, unit)).orElse("—");
    }

    /** "4.96 ± 0.024", marked "(unstable)" when it may not be ranked, or the run's status when it has no score. */
    static String timeCell(Result r, Figures.Unit unit) {
        if (!r.ok()) {
            return r.status().word();
        }
        if (!r.steadyState()) {
            return "no steady state (" + Numbers.sig3(r.turnRange()[0] / unit.divisor()) + "-"
                    + Numbers.sig3(r.turnRange()[1] / unit.divisor()) + ")";
        }
        String score = Numbers.sig3(r.ms() / unit.divisor());
        if (r.overJvms()) {
            // the median over the JVMs added for it, with the fastest and slowest JVM: the spread is the JVMs', which
            // more turns would not narrow, so it is shown as such and not marked unstable
            return score + " (" + Numbers.sig3(r.jvmRange()[0] / unit.divisor()) + "-"
                    + Numbers.sig3(r.jvmRange()[1] / unit.divisor()) + " over " + r.jvmCount() + " JVMs)";
        }
        String cell = Double.isNaN(r.errorMs()) ? score : score + " ± " + Numbers.sig2(r.errorMs() / unit.divisor());
        return r.stable() ? cell : cell + " (unstable)";
    }

    /** The engines' storage, smallest first. */
    List<StorageRow> storageRows(Group group, List<String> specList) {
        List<StorageRow> rows = new ArrayList<>();
        for (String spec : specList) {
            group.storageRun(spec, null, null).ifPresent(r -> {
                double bytes = r.metric(Metric.STORAGE_AFTER_CLOSE);
                rows.add(new StorageRow(
                        specs.label(spec),
                        bytes,
                        r.metric(Metric.STORAGE_BEFORE_CLOSE),
                        r.metric(Metric.STORAGE_FILES),
                        r.metric(Metric.STORAGE_COMPACT_COPY),
                        100 * (bytes / Group.flatBytes(r) - 1)));
            });
        }
        rows.sort(Comparator.comparingDouble(StorageRow::bytes));
        return rows;
    }

    /** The 2016 storage table: the flat array first, then the engines from smallest to largest. */
    Table storage(Group group, List<StorageRow> storage) {
        boolean compact = storage.stream().anyMatch(s -> !Double.isNaN(s.compactCopy()));
        List<String> header =
                new ArrayList<>(List.of("Implementation", "Bytes", "Overhead %", "Before close", "Files"));
        if (compact) {
            header.add("Compacted copy");
        }
        double flat = group.results().isEmpty()
                ? Double.NaN
                : Group.flatBytes(group.results().get(0));
        List<List<String>> rows = new ArrayList<>();
        List<String> flatRow = new ArrayList<>(List.of("(Flat Array)", Numbers.count(flat), "", "", ""));
        if (compact) {
            flatRow.add("");
        }
        rows.add(flatRow);
        for (StorageRow s : storage) {
            List<String> row = new ArrayList<>(List.of(
                    s.label(),
                    Numbers.count(s.bytes()),
                    Numbers.percent(s.overheadPercent()),
                    optionalCount(s.beforeClose()),
                    optionalCount(s.files())));
            if (compact) {
                row.add(optionalCount(s.compactCopy()));
            }
            rows.add(row);
        }
        return new Table(header, rows);
    }

    /** Storage by value of the swept parameter: the flat array, then each engine's bytes (overhead %). */
    Table sweepStorage(Group group, String param, List<String> specList) {
        List<String> header = new ArrayList<>(List.of(Figures.axisName(param), "(Flat Array)"));
        specList.forEach(spec -> header.add(specs.label(spec)));
        List<List<String>> rows = new ArrayList<>();
        for (String value : group.values(param)) {
            List<String> row = new ArrayList<>(List.of(
                    Double.isNaN(Numbers.parse(value))
                            ? value // an encoding's name
                            : Numbers.count(Numbers.parse(value))));
            double flat = group.results().stream()
                    .filter(r -> r.key().param(param).equals(value))
                    .mapToDouble(Group::flatBytes)
                    .findFirst()
                    .orElse(Double.NaN);
            row.add(Numbers.count(flat));
            for (String spec : specList) {
                row.add(group.storageRun(spec, param, value)
                        .map(r -> {
                            double bytes = r.metric(Metric.STORAGE_AFTER_CLOSE);
                            return Numbers.count(bytes) + " (" + Numbers.percent(100 * (bytes / Group.flatBytes(r) - 1))
                                    + "%)";
                        })
                        .orElse("—"));
            }
            rows.add(row);
        }
        return new Table(header, rows);
    }

    /** Every engine's storage step between value sizes v and v + 1, where the sweep has both. */
    List<Step> steps(Group group, List<String> specList) {
        List<String> values = group.values("valSize");
        List<Step> steps = new ArrayList<>();
        for (String value : values) {
            String next = Long.toString(Math.round(Numbers.parse(value)) + 1);
            if (!values.contains(next)) {
                continue;
            }
            for (String spec : specList) {
                Optional<Result> from = group.storageRun(spec, "valSize", value);
                Optional<Result> to = group.storageRun(spec, "valSize", next);
                // an engine that keeps nothing (null) has no step: 0 B to 0 B is no change of size
                if (from.isPresent() && to.isPresent() && from.get().metric(Metric.STORAGE_AFTER_CLOSE) > 0) {
                    steps.add(new Step(
                            specs.label(spec),
                            Numbers.parse(value),
                            from.get().metric(Metric.STORAGE_AFTER_CLOSE),
                            to.get().metric(Metric.STORAGE_AFTER_CLOSE)));
                }
            }
        }
        return steps;
    }

    /** The steps as a table: a row per pair of value sizes, a column per engine, the change in %. */
    Table steps(List<Step> steps, List<String> specList) {
        List<String> header = new ArrayList<>(List.of("value size (bytes)"));
        specList.forEach(spec -> header.add(specs.label(spec)));
        List<List<String>> rows = new ArrayList<>();
        steps.stream().map(Step::fromSize).distinct().forEach(size -> {
            List<String> row = new ArrayList<>(List.of(Numbers.count(size) + " → " + Numbers.count(size + 1)));
            for (String spec : specList) {
                row.add(steps.stream()
                        .filter(s -> s.fromSize() == size && s.label().equals(specs.label(spec)))
                        .findFirst()
                        .map(s -> (s.percent() >= 0 ? "+" : "") + Numbers.percent(s.percent()) + "%")
                        .orElse("—"));
            }
            rows.add(row);
        });
        return new Table(header, rows);
    }

    /**
     * Background CPU, open files and memory per engine: the costs the 2016 report could not measure; with a column of
     * the memory plan's estimate of each JVM beside its peak RSS where the test had a plan ({@code planned}).
     */
    Table costs(Group group, List<String> specList, Map<String, Long> planned) {
        List<List<String>> rows = new ArrayList<>();
        for (String spec : specList) {
            List<Result> runs =
                    group.results().stream().filter(r -> r.store().equals(spec)).toList();
            Optional<Result> write = runs.stream()
                    .filter(r -> r.workload().equals("write") && !Double.isNaN(r.metric(Metric.CPU_BACKGROUND)))
                    .findFirst();
            String writeCpu = write.map(
                            r -> Numbers.count(r.metric(Metric.CPU_BACKGROUND)) + " ms" + shareOfMeasured(r))
                    .orElse("—");
            String readCpu = max(
                    runs.stream().filter(r -> !r.workload().equals("write")).toList(), Metric.CPU_BACKGROUND, false);
            String fds = max(runs, Metric.FD_PEAK, false);
            String rss = max(runs, Metric.RSS_PEAK, true);
            String heap = max(runs, Metric.HEAP_PEAK, true);
            if (write.isEmpty() && readCpu.equals("—") && fds.equals("—") && rss.equals("—") && heap.equals("—")) {
                continue;
            }
            List<String> row = new ArrayList<>(List.of(
                    specs.label(spec), writeCpu, readCpu.equals("—") ? readCpu : readCpu + " ms", fds, rss, heap));
            if (!planned.isEmpty()) {
                row.add(5, planned.containsKey(spec) ? Numbers.bytes(planned.get(spec)) : "—");
            }
            rows.add(row);
        }
        List<String> header = new ArrayList<>(List.of(
                "Engine",
                "Background CPU, write",
                "Background CPU, reads (max)",
                "Peak open files",
                "Peak RSS",
                "Peak heap"));
        if (!planned.isEmpty()) {
            header.add(5, "Planned");
        }
        return new Table(header, rows);
    }

    private static String shareOfMeasured(Result r) {
        double measured = r.metric(Metric.CPU_MEASURED);
        return Double.isNaN(measured) || measured <= 0
                ? ""
                : " (" + Math.round(100 * r.metric(Metric.CPU_BACKGROUND) / measured) + "%)";
    }

    private static String max(List<Result> runs, String metric, boolean bytes) {
        double max = runs.stream()
                .mapToDouble(r -> r.metric(metric))
                .filter(v -> !Double.isNaN(v))
                .max()
                .orElse(Double.NaN);
        if (Double.isNaN(max)) {
            return "—";
        }
        return bytes ? Numbers.bytes(max) : Numbers.count(max);
    }

    private static String optionalCount(double v) {
        return Double.isNaN(v) ? "—" : Numbers.count(v);
    }

    /**
     * The crash or power-cut test's table ({@code workload} crash or powercut): a row per engine and
     * sync setting, skipped ones with their reason.
     */
    Table crash(Group group, List<String> specList, String workload) {
        List<List<String>> rows = new ArrayList<>();
        for (String spec : specList) {
            for (String sync : group.values("sync")) {
                group.find(spec, workload, "sync", sync).ifPresent(r -> rows.add(crashRow(r, spec, sync)));
            }
        }
        return new Table(
                List.of(
                        "Engine",
                        "sync",
                        "Repetitions",
                        "Store opened",
                        "Acknowledged entries",
                        "Acknowledged lost (worst repetition)",
                        "Corrupt acknowledged",
                        "Torn unacknowledged",
                        "Reopen ms, median (max)"),
                rows);
    }

    private List<String> crashRow(Result r, String spec, String sync) {
        String label = specs.label(spec);
        if (r.status() == Result.Status.SKIPPED) {
            return List.of(
                    label, sync, "—", "—", "—", "—", "—", "—", "not run: " + r.reason() + " (run once, without)");
        }
        if (r.status() == Result.Status.FAILED) {
            return List.of(label, sync, "—", "—", "—", "—", "—", "—", "failed: " + r.reason());
        }
        double reps = r.metric(Metric.CRASH_REPS);
        double lost = r.metric(Metric.CRASH_LOST);
        String lostCell = Numbers.count(lost) + " (" + Numbers.count(r.metric(Metric.CRASH_LOST_MAX)) + ")";
        double corrupt = r.metric(Metric.CRASH_CORRUPT);
        return List.of(
                label,
                sync,
                Numbers.count(reps),
                Numbers.count(r.metric(Metric.CRASH_OPENED)) + " of " + Numbers.count(reps),
                Numbers.count(r.metric(Metric.CRASH_ACKED)),
                lost > 0 && "true".equals(sync) ? "**" + lostCell + "**" : lostCell,
                corrupt > 0 ? "**" + Numbers.count(corrupt) + "**" : Numbers.count(corrupt),
                optionalCount(r.metric(Metric.CRASH_TORN)),
                Numbers.sig3(r.metric(Metric.CRASH_REOPEN_MEDIAN)) + " ("
                        + Numbers.sig3(r.metric(Metric.CRASH_REOPEN_MAX)) + ")");
    }

    /**
     * The amplification test's table: a row per engine and sync setting, user bytes, bytes written and write
     * amplification of the load and of the overwrites (the device counter's beside them), the store's size after
     * each and its space amplification; skipped and failed runs with their reason.
     */
    Table amp(Group group, List<String> specList) {
        List<List<String>> rows = new ArrayList<>();
        double overwrites = Double.NaN;
        for (String spec : specList) {
            for (String sync : group.values("sync")) {
                Optional<Result> run = group.find(spec, "amp", "sync", sync);
                if (run.isEmpty()) {
                    continue;
                }
                Result r = run.get();
                String label = specs.label(spec);
                if (r.status() != Result.Status.OK) {
                    String why = (r.status() == Result.Status.SKIPPED ? "not run: " : "failed: ") + r.reason();
                    rows.add(List.of(label, sync, "—", "—", "—", "—", "—", "—", "—", why));
                    continue;
                }
                Amplification a = Amplification.of(r);
                overwrites = a.overwrites();
                String skipped = a.overwritesSkipped(spec) ? " (unchanged values: skipped)" : "";
                rows.add(List.of(
                        label,
                        sync,
                        megabytes(a.userBytes()),
                        megabytes(a.loadWritten()),
                        amp(a.writeAmpLoad()),
                        amp(a.writeAmpOverwrite()) + skipped,
                        amp(a.deviceAmpLoad()) + " / " + amp(a.deviceAmpOverwrite()),
                        megabytes(a.sizeAfterLoad()),
                        megabytes(a.sizeAfterOverwrite()),
                        amp(a.spaceAmpLoad()) + " / " + amp(a.spaceAmpOverwrite())));
            }
        }
        String times = Double.isNaN(overwrites) ? "" : " " + Numbers.count(overwrites) + "×";
        return new Table(
                List.of(
                        "Engine",
                        "sync",
                        "User MB",
                        "Written MB, load",
                        "Write amp, load",
                        "Write amp," + times + " overwrite",
                        "Device counter amp, load / overwrite",
                        "Size after load MB",
                        "Size after overwrite MB",
                        "Space amp, load / overwrite"),
                rows);
    }

    private static String megabytes(double bytes) {
        return Double.isNaN(bytes) ? "—" : Numbers.sig3(bytes / 1e6);
    }

    private static String amp(double ratio) {
        return Double.isNaN(ratio) ? "—" : Numbers.sig3(ratio);
    }
}
