package dev.kvbench.report.section;

import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.results.Metric;
import dev.kvbench.results.Stability;
import dev.kvbench.text.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * dirWalk's part of the report (the Ozone directory tree): walks/s and lookups/s per engine and
 * value encoding, as the Ozone benchmark's users read them (a chart and a table); storage per
 * encoding, the reference's on-disk size table; bytes allocated per walk; and, for a run with
 * more threads, walks/s against the 1-thread run of the same tree in the same folder. Every
 * number comes from the JMH CSV (walks/s, every thread together) and the side file
 * ({@code dirWalk.lookupsPerWalk}, {@code alloc.bytesPerWalk}, storage).
 */
final class DirWalkKind extends DataSetKind {

    DirWalkKind(ResultsFolder folder, Specs specs, Markdown md, ReportCharts charts) {
        super(folder, specs, md, charts);
    }

    @Override
    public boolean countsEntries() {
        return false;
    }

    /** Every encoding of a tree in one data set, also in folders whose meta names no sweep. */
    @Override
    Set<String> withinDataSet(TestRun test) {
        return Set.of("encoding");
    }

    /** Walks/s of a run (the JMH score, every thread together), or its lookups/s: walks/s × lookups per walk. */
    static double rate(Result r, boolean lookups) {
        double walks = 1000 / r.ms();
        return lookups ? walks * lookupsPerWalk(r) : walks;
    }

    /** {@code dirWalk.lookupsPerWalk} of the side file, else {@code depth + 1} from the parameters. */
    static double lookupsPerWalk(Result r) {
        double recorded = r.metric(Metric.LOOKUPS_PER_WALK);
        return Double.isNaN(recorded) ? Numbers.parse(r.key().param("depth")) + 1 : recorded;
    }

    /** JMH's thread count from the test's log ("2 threads, will synchronize iterations"); 1 when it does not say. */
    static int threads(TestRun test) {
        String setting = test.log.settings().getOrDefault("Threads", "1").trim().split("\\s+")[0];
        double n = Numbers.parse(setting);
        return Double.isNaN(n) ? 1 : (int) n;
    }

    /**
     * What a run with more threads than the machine's cores needs said: "This machine has 2 cores
     * (env.txt), fewer than {@code what}: threads beyond the cores share them...". The caller checks
     * that some run had more threads than cores.
     */
    static String sharedCores(int cores, String what) {
        return "This machine has " + cores + (cores == 1 ? " core" : " cores") + " (env.txt), fewer than " + what
                + ": threads beyond the cores share them, so those figures show how an engine copes with more threads "
                + "than cores, not how it scales with cores.";
    }

    @Override
    void write(TestRun test, Group group, String stem, List<String> specList) {
        int threads = threads(test);
        int cores = cores();
        md.paragraph("Walks per second ("
                + (threads == 1 ? "1 walking thread" : "all " + threads + " walking threads together")
                + "), and lookups per second (walks/s × " + lookupsText(group) + " lookups per walk: depth + 1, "
                + "the last one the miss below the leaf). "
                + VerifiedSentence.of("every walk", group, specList, specs)
                + " ± is JMH's 99.9% error; a score whose "
                + "error is over " + Math.round(100 * Stability.ERROR) + "% of it is marked unstable.");
        if (cores > 0 && threads > cores) {
            md.paragraph(sharedCores(cores, "this test's " + threads + " walking threads"));
        }
        charts.add(figures.walks(
                stem,
                "dirWalk, " + threads + (threads == 1 ? " thread" : " threads") + ": walks/s and lookups/s, "
                        + group.title(),
                group,
                specList));
        List<String> encodings = group.values("encoding");
        table(rates(group, specList, encodings));
        storage(group, stem, specList);
        allocation(group, specList, encodings);
        if (threads > 1) {
            againstOneThread(group, specList, encodings, threads, folder.tests);
        }
        costs(group, specList);
    }

    private static String lookupsText(Group group) {
        return group.results().stream()
                .findFirst()
                .map(r -> Numbers.count(lookupsPerWalk(r)))
                .orElse("depth + 1");
    }

    /** A row per engine; per encoding, walks/s ± error and lookups/s. */
    private Tables.Table rates(Group group, List<String> specList, List<String> encodings) {
        List<String> header = new ArrayList<>(List.of("Engine"));
        encodings.forEach(e -> header.addAll(List.of(e + " walks/s", e + " lookups/s")));
        List<List<String>> rows = new ArrayList<>();
        for (String spec : specList) {
            List<String> row = new ArrayList<>(List.of(specs.label(spec)));
            for (String encoding : encodings) {
                Optional<Result> run = group.find(spec, "dirWalk", "encoding", encoding);
                row.add(run.map(r -> rateCell(r, false)).orElse("—"));
                row.add(run.map(r -> rateCell(r, true)).orElse("—"));
            }
            rows.add(row);
        }
        return new Tables.Table(header, rows);
    }

    /** "227,658 ± 3,900", "(unstable)" when its error is over 10% of it, or the run's status when it has no score. */
    static String rateCell(Result r, boolean lookups) {
        if (!r.ok()) {
            return r.status().word();
        }
        double rate = rate(r, lookups);
        String cell = Numbers.count(rate)
                + (Double.isNaN(r.errorMs()) ? "" : " ± " + Numbers.sig2(rate * r.errorMs() / r.ms()));
        return r.stable() ? cell : cell + " (unstable)";
    }

    /** The storage chart and table by encoding: the flat array of the tree's keys and values, then each engine. */
    private void storage(Group group, String stem, List<String> specList) {
        charts.add(figures.storageByEncoding(
                stem + "-storage", "dirWalk storage after close by value encoding: " + group.title(), group, specList));
        md.paragraph("Storage after close in bytes (overhead against the flat array: every directory's key, 8-byte "
                + "parent id + name, and its encoded record, back to back), by value encoding:");
        table(tables.sweepStorage(group, "encoding", specList));
    }

    private void allocation(Group group, List<String> specList, List<String> encodings) {
        List<List<String>> rows = new ArrayList<>();
        for (String spec : specList) {
            List<String> row = new ArrayList<>(List.of(specs.label(spec)));
            boolean any = false;
            for (String encoding : encodings) {
                double bytes = group.find(spec, "dirWalk", "encoding", encoding)
                        .filter(Result::ok)
                        .map(r -> r.metric(Metric.ALLOC_PER_WALK))
                        .orElse(Double.NaN);
                any |= !Double.isNaN(bytes);
                row.add(Double.isNaN(bytes) ? "—" : Numbers.count(bytes));
            }
            if (any) {
                rows.add(row);
            }
        }
        if (rows.isEmpty()) {
            md.paragraph(
                    "No allocation per walk was recorded for these runs (the JVM could not count its threads' allocations).");
            return;
        }
        md.paragraph(
                "Bytes allocated per walk by the walking threads over the measured iterations (the JVM's per-thread "
                        + "allocation counters; the engine's own threads are not counted):");
        List<String> header = new ArrayList<>(List.of("Engine"));
        encodings.forEach(e -> header.add(e + " bytes/walk"));
        md.table(header, rows);
    }

    /** walks/s at this run's threads against the 1-thread run of the same tree, engine and encoding (any test of the folder). */
    private void againstOneThread(
            Group group, List<String> specList, List<String> encodings, int threads, List<TestRun> all) {
        List<List<String>> rows = new ArrayList<>();
        for (String spec : specList) {
            for (String encoding : encodings) {
                Optional<Result> many =
                        group.find(spec, "dirWalk", "encoding", encoding).filter(Result::ok);
                Optional<Result> one = many.flatMap(r -> oneThread(r, all));
                if (many.isPresent() && one.isPresent()) {
                    double ratio = one.get().ms() / many.get().ms();
                    boolean stable = many.get().stable() && one.get().stable();
                    rows.add(List.of(
                            specs.label(spec),
                            encoding,
                            rateCell(one.get(), false),
                            rateCell(many.get(), false),
                            Numbers.times(ratio) + (stable ? "" : " (unstable)")));
                }
            }
        }
        if (rows.isEmpty()) {
            return;
        }
        md.paragraph("walks/s at " + threads
                + " threads against 1 thread (the same tree, engine and encoding in the first "
                + "1-thread dirWalk test of this folder that ran it); " + threads + "× would be perfect scaling:");
        md.table(
                List.of("Engine", "Encoding", "1 thread walks/s", threads + " threads walks/s", "× of 1 thread"), rows);
    }

    private static Optional<Result> oneThread(Result run, List<TestRun> all) {
        return all.stream()
                .filter(t -> t.meta.getOrDefault("chart", "").equals(ChartKind.DIR_WALK.id()) && threads(t) == 1)
                .flatMap(t -> t.results.stream())
                .filter(r -> r.key().sameRunAs(run.key()))
                .findFirst();
    }
}
