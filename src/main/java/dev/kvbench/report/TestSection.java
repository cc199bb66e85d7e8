package dev.kvbench.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.kvbench.store.StoreSpec;
import dev.kvbench.text.Numbers;

/**
 * One test's section: what it ran (entries, JMH settings, work folder, command, duration), then per data
 * set its charts, rankings, time and storage tables and hidden costs, drawn as the test's chart kind says
 * (panels, settings, sweep, crash, or the application sections), then its variants against their bases
 * ({@link TestVariants}).
 */
final class TestSection extends Section {

    private final ReportCharts charts;
    private final Figures figures;
    private final Findings findings;
    private final Tables tables;
    private final ThreadsKind app;
    private final DirWalkKind walks;
    private final YcsbKind ycsb;
    private final ScaleKind scale;
    private final TestVariants variants;

    /** @param cores the machine's cores from env.txt, 0 when unknown (the application sections say when threads exceed them) */
    TestSection(ResultsFolder folder, Specs specs, Markdown md, ReportCharts charts, int cores) {
        super(folder, specs, md);
        this.charts = charts;
        this.figures = new Figures(specs);
        this.findings = new Findings(specs);
        this.tables = new Tables(specs);
        this.app = new ThreadsKind(specs, md, charts::add, cores);
        this.walks = new DirWalkKind(specs, md, figures, tables, charts::add, cores);
        this.ycsb = new YcsbKind(specs, md, charts::add, charts::add);
        this.scale = new ScaleKind(specs, md, charts::add);
        this.variants = new TestVariants(folder, specs, md, charts);
    }

    void write(TestRun test) {
        md.heading(2, HeaderSection.testHeading(test));
        if (test.meta.containsKey("about")) {
            md.paragraph(test.meta.get("about"));
        }
        List<String> facts = new ArrayList<>();
        // dirWalk's data is its tree (fanout, depth), named in each group's heading, not an entry count
        String entries = test.chart().equals("dirWalk") ? "" : entriesSentence(test.meta);
        if (!entries.isEmpty()) {
            facts.add(entries);
        }
        String settings = jmhSettings(test);
        if (!settings.isEmpty()) {
            facts.add("JMH: " + settings + ".");
        }
        if (test.meta.containsKey("work.dir")) {
            String fs = test.meta.getOrDefault("work.fs", "");
            facts.add("Work folder: " + Markdown.code(test.meta.get("work.dir")) + ", file system "
                    + (fs.isEmpty() ? "unknown" : fs) + ".");
        }
        if (test.meta.containsKey("command")) {
            facts.add("Command: " + Markdown.code(test.meta.get("command")));
        }
        double seconds = Numbers.parse(test.meta.get("seconds"));
        if (!Double.isNaN(seconds)) {
            facts.add("Took " + Numbers.duration(seconds) + ".");
        }
        md.bullets(facts);
        if (!test.hasResults()) {
            String suite = folder.env.getOrDefault("suite", "SUITE");
            md.paragraph("**No results yet**: the suite was interrupted before this test completed, or is still running. "
                    + "Run `./run.sh " + suite + "` again to resume it; completed tests are kept.");
            return;
        }
        if (test.chart().equals("scale")) { // a size sweep: its tests charted together (ScaleKind)
            scale.write(test, folder.tests);
            return;
        }
        Set<String> sweep = !test.sweep().isEmpty() ? Set.of(test.sweep())
                : Set.of("crash", "powercut", "amp").contains(test.chart()) ? Set.of("sync") : Set.of();
        for (Group group : Group.of(test.results, sweep)) {
            md.heading(3, test.chart().equals("ycsb") ? "Workload " + java.nio.file.Path.of(
                    group.first().param("workload")).getFileName() : group.title());
            String stem = test.number + "-" + group.slug();
            switch (test.chart()) {
                case "sweep" -> sweep(test, group, stem);
                case "settings" -> settings(group, stem);
                case "crash" -> crash(test, group, stem);
                case "powercut" -> powerCut(group, stem);
                case "amp" -> amp(test, group);
                case "threads" -> app.threads(group, stem);
                case "concurrent" -> app.concurrent(group, stem);
                case "ycsb" -> {
                    ycsb.write(test, group, stem);
                    costs(group, group.specs(specs));
                }
                case "dirWalk" -> {
                    walks.write(test, group, stem, folder.tests);
                    costs(group, group.specs(specs));
                }
                default -> panels(test, group, stem);
            }
        }
        variants.write(test); // a test's variants against their bases, over all its data sets
    }

    private void panels(TestRun test, Group group, String stem) {
        List<String> specList = group.specs(specs);
        charts.add(figures.time(stem, "Time per pass: " + group.title(), group, specList));
        Figures.Unit unit = Figures.Unit.time(group.results());
        if (test.ranked()) {
            figures.relative(stem + "-relative", "Time relative to the fastest, from paired turns: " + group.title(), group,
                    specList.stream().filter(spec -> !specs.reference(spec)).toList()).ifPresent(charts::add);
            List<String> sentences = new ArrayList<>();
            for (String workload : group.workloads()) {
                sentences.add(findings.ranking(workload, competitors(runs(group, workload)), unit));
                String limits = findings.limits(workload, references(runs(group, workload)), unit);
                if (!limits.isEmpty()) {
                    sentences.add(limits);
                }
            }
            md.bullets(sentences);
        } else {
            md.paragraph("This test checks that every run works; its data set is too small to rank engines, so no ranking is drawn from it.");
        }
        timeTable(group, specList, unit);
        storageAndCosts(group, stem, specList);
    }

    /**
     * Test 1: one chart per option, each engine's defaults beside its specs that set options (a spec of another
     * library or JVM beside its own defaults there: {@code lmdb:jdk=25} for {@code lmdb:sync=true+jdk=25}).
     */
    private void settings(Group group, String stem) {
        List<String> specList = group.specs(specs);
        Figures.Unit unit = Figures.Unit.time(group.results());
        Set<String> options = new LinkedHashSet<>();
        specList.forEach(spec -> options.addAll(Specs.options(spec).keySet()));
        for (String option : options) {
            List<String> compared = specList.stream()
                    .filter(spec -> Specs.options(spec).containsKey(option)
                            || (!Specs.hasOptions(spec) && specList.stream().anyMatch(v -> Specs.options(v).containsKey(option)
                            && defaults(v).equals(spec))))
                    .toList();
            md.heading(4, "Setting: " + option);
            if (option.equals("sync") && "tmpfs".equals(folder.env.get("work.fs"))) {
                md.paragraph("The work folder was on tmpfs (env.txt), where a sync has no disk to wait for: "
                        + "this comparison measures the calls, not durable storage.");
            }
            List<String> charted = new ArrayList<>(compared);
            specList.stream().filter(specs::reference).forEach(charted::add); // the limit rows, in every chart
            charts.add(figures.time(stem + "-" + option, option + ": " + group.title(), group, charted));
            List<String> sentences = new ArrayList<>();
            for (String tuned : compared.stream().filter(Specs::hasOptions).toList()) {
                String base = defaults(tuned);
                for (String workload : group.workloads()) {
                    Optional<Result> v = group.find(tuned, workload).filter(Result::ok);
                    Optional<Result> b = group.find(base, workload).filter(Result::ok);
                    if (v.isPresent() && b.isPresent()) {
                        sentences.add(findings.versus(workload, v.get(), b.get(), unit));
                    }
                }
            }
            md.bullets(sentences);
        }
        md.heading(4, "All settings");
        timeTable(group, specList, unit);
        storageAndCosts(group, stem, specList);
    }

    /** The spec without its engine options: the engine's defaults, in the same library and JVM. */
    private static String defaults(String spec) {
        StoreSpec parsed = Specs.parse(spec);
        return new StoreSpec(parsed.engine(), Map.of(), parsed.variant()).toString();
    }

    /**
     * The crash test: per engine and sync setting, what a kill -9 of the writer cost (acknowledged
     * entries lost, corrupt entries, whether the store opened) and how long the reopen took.
     */
    private void crash(TestRun test, Group group, String stem) {
        List<String> specList = group.specs(specs);
        String fs = test.meta.getOrDefault("work.fs", folder.env.getOrDefault("work.fs", "unknown"));
        md.paragraph("What is tested is a kill of the writing process (SIGKILL), not of the machine: data an engine has "
                + "handed to the operating system survives it even without a sync. The work folder was on " + fs
                + ("tmpfs".equals(fs) ? ", where there is no disk: a power cut would lose everything, and a sync cannot "
                + "be tested here." : "; a power cut could lose more where the engine did not sync.")
                + " JMH's time for this test is the whole test's, not a result.");
        charts.add(figures.crashReopen(stem, "Reopen after kill -9: " + group.title(), group, specList, "crash", "kill -9"));
        Tables.Table table = tables.crash(group, specList, "crash");
        table(table);
        md.bullets(findings.crash(group, specList, "crash", "kill"));
    }

    /**
     * The power-cut test: the crash test's table and findings, on cutfs, where what an engine did
     * not sync is lost; a finding quotes the engine's documented promise.
     */
    private void powerCut(Group group, String stem) {
        List<String> specList = group.specs(specs);
        md.paragraph("The store was on cutfs, a FUSE file system that keeps what was written but not yet synced (fsync, "
                + "fdatasync, msync, O_SYNC/O_DSYNC) apart and drops it at the cut, as a device loses its cache when the power "
                + "goes; the writer was killed, the power cut, and the store reopened from what had been synced. With sync=false "
                + "a loss is a figure, not a finding: such settings promise nothing across a power cut. A corrupt entry is an "
                + "acknowledged one with a wrong value; a torn one was never acknowledged (allowed). "
                + "JMH's time for this test is the whole test's, not a result.");
        charts.add(figures.crashReopen(stem, "Reopen after a power cut: " + group.title(), group, specList, "powercut",
                "a power cut"));
        table(tables.crash(group, specList, "powercut"));
        md.bullets(findings.crash(group, specList, "powercut", "cut"));
    }

    /**
     * The amplification test: per engine and sync setting, bytes written per user byte for the load and the
     * overwrites, and the store's size against its keys and values; what the counters count is said first.
     */
    private void amp(TestRun test, Group group) {
        List<String> specList = group.specs(specs);
        String fs = test.meta.getOrDefault("work.fs", "unknown");
        md.paragraph("Written bytes are this JVM's I/O accounting (`/proc/self/io`: `write_bytes` less "
                + "`cancelled_write_bytes`), the engine's own threads included; each phase ends with the store's close and "
                + "a sync of the file system (" + fs + "), so that everything it dirtied has gone to the device. The kernel "
                + "counts a page when it becomes dirty: a page rewritten before it is written back counts once, as the "
                + "device writes it once, and a file deleted before writeback (a log after a flush, without sync) is taken "
                + "off. Where the kernel keeps a file's pages in large folios (ext4 from Linux 6.16, up to 2 MiB: see the "
                + "Kernel row), a change of any byte dirties, counts and writes back the whole folio, so an engine that "
                + "syncs scattered pages at every commit is charged for whole folios, and the device counter shows the "
                + "same bytes. It misses the file system's journal and metadata, written by the kernel's own thread. The device "
                + "counter (`/sys/block/DEV/stat`, sectors written) is the cross-check: it has the journal, but also every "
                + "other process's writes to that disk during the phase. Space amplification is the store folder's allocated "
                + "bytes (stat) over its keys and values. The null limit row keeps nothing: its figures are the harness's "
                + "own writes. JMH's time for this test is the whole trial's, not a result.");
        List<String> skipped = new ArrayList<>();
        for (String spec : specList) {
            for (String sync : group.values("sync")) {
                group.find(spec, "amp", "sync", sync).filter(r -> r.status() == Result.Status.OK).map(Amplification::of)
                        .filter(a -> a.overwritesSkipped(spec)).ifPresent(a -> {
                            if (!skipped.contains(specs.label(spec))) {
                                skipped.add(specs.label(spec));
                            }
                        });
            }
        }
        if (!skipped.isEmpty()) {
            md.paragraph("**These overwrites put each key's own value again** (results recorded before 2026-11-26, without "
                    + "`amp.overwriteChanges`), and " + String.join(", ", skipped) + " writes nothing for a put of the value "
                    + "a key already holds: " + (skipped.size() == 1 ? "its" : "their") + " overwrite figures measure no "
                    + "overwriting, are marked in the table and left out of the sentences below. The test's overwrites "
                    + "now change every key's bytes.");
        }
        table(tables.amp(group, specList));
        md.bullets(findings.amp(group, specList));
    }

    /** Tests 2 and 3: time and storage against the swept parameter (value size, batch size). */
    private void sweep(TestRun test, Group group, String stem) {
        String param = test.sweep();
        List<String> specList = group.specs(specs);
        Figures.Unit unit = Figures.Unit.time(group.results());
        String axis = Figures.axisName(param);
        charts.add(figures.sweepTime(stem, "Time per pass by " + axis + ": " + group.title(), group, param, specList));
        List<String> sentences = new ArrayList<>();
        for (String workload : group.workloads()) {
            sentences.addAll(findings.sweepBest(group, workload, param, specs.competitors(specList), unit));
        }
        md.bullets(sentences);
        for (String workload : group.workloads()) {
            md.paragraph("Time per pass, " + workload + " (" + unit.name() + "; ± JMH error), by " + axis + ":");
            table(tables.sweepTime(group, workload, param, specList, unit));
        }
        charts.add(figures.sweepStorage(stem + "-storage", "Storage after close by " + axis + ": " + group.title(),
                group, param, specList));
        md.paragraph("Storage after close in bytes (overhead against the flat array), by " + axis + ":");
        table(tables.sweepStorage(group, param, specList));
        if (param.equals("valSize")) {
            steps(group, specList);
        }
        costs(group, specList);
    }

    private void steps(Group group, List<String> specList) {
        List<Tables.Step> steps = tables.steps(group, specList);
        if (steps.isEmpty()) {
            return;
        }
        md.paragraph("Storage change when values grow by one byte (page boundaries):");
        table(tables.steps(steps, specList));
        md.paragraph(findings.largestStep(steps));
    }

    private void storageAndCosts(Group group, String stem, List<String> specList) {
        charts.add(figures.storage(stem + "-storage", "Storage after close: " + group.title(), group, specList));
        storageTable(group, specList);
        costs(group, specList);
    }

    private List<Result> runs(Group group, String workload) {
        return group.results().stream().filter(r -> r.workload().equals(workload)).toList();
    }

    /** The runs of engines, which findings rank; the limit rows are left out. */
    private List<Result> competitors(List<Result> runs) {
        return runs.stream().filter(r -> !specs.reference(r.store())).toList();
    }

    /** The runs of the limit rows (array, heap, null), reported beside the ranking, never in it. */
    private List<Result> references(List<Result> runs) {
        return runs.stream().filter(r -> specs.reference(r.store())).toList();
    }

    private void timeTable(Group group, List<String> specList, Figures.Unit unit) {
        md.paragraph("Time per pass (" + unit.name() + "; ± JMH 99.9% error):");
        table(tables.time(group, specList, unit));
    }

    private void storageTable(Group group, List<String> specList) {
        List<Tables.StorageRow> storage = tables.storageRows(group, specList);
        if (storage.isEmpty()) {
            md.paragraph("No engine reported its storage for this data set.");
            return;
        }
        table(tables.storage(group, storage));
        md.paragraph(findings.storage(tables.storageRows(group, specs.competitors(specList))));
        StorageReference.load().compare(group, storage).ifPresent(comparison -> {
            md.paragraph("Against the 2016 LmdbJava report's storage table for this kind of data set (overhead, since "
                    + "entry counts differ), with the reason for every difference beyond "
                    + (int) StorageReference.EXPLAIN_POINTS + " percentage point:");
            table(comparison);
        });
    }

    private void costs(Group group, List<String> specList) {
        Tables.Table costs = tables.costs(group, specList);
        if (costs.isEmpty()) {
            md.paragraph("No side-file measurements (CPU, open files, memory) for these runs.");
            return;
        }
        md.paragraph("Hidden costs per trial (maximum over the workloads unless named):");
        table(costs);
        md.bullets(findings.costs(competitors(group.results())));
    }

    private void table(Tables.Table table) {
        md.table(table.header(), table.rows());
    }

    static String entriesSentence(Map<String, String> meta) {
        double num = Numbers.parse(meta.get("num"));
        if (Double.isNaN(num)) {
            return "";
        }
        String source = meta.getOrDefault("num.source", "suite");
        double original = Numbers.parse(meta.get("num.2016"));
        double entryBytes = Numbers.parse(meta.get("scale.entryBytes"));
        double budget = Numbers.parse(meta.get("scale.budgetBytes"));
        String budgetText;
        if (Double.isNaN(budget)) {
            budgetText = "";
        } else if ("KVBENCH_BUDGET".equals(meta.get("scale.budgetSource"))) {
            budgetText = "the budget of " + Numbers.bytes(budget) + " per test set with KVBENCH_BUDGET";
        } else if ("report".equals(meta.get("scale.budgetSource"))) {
            budgetText = "the report suite's default budget of " + Numbers.bytes(budget) + " per store, sized for about an hour"
                    + " on 2 cores (KVBENCH_BUDGET sets a larger one)";
        } else {
            budgetText = "this machine's budget of " + Numbers.bytes(budget) + " per test ("
                    + meta.getOrDefault("scale.fraction", "a fraction") + " × the smaller of available memory, "
                    + Numbers.bytes(Numbers.parse(meta.get("scale.memAvailableBytes"))) + ", and free space in the work folder, "
                    + Numbers.bytes(Numbers.parse(meta.get("scale.workFreeBytes"))) + ")";
        }
        return switch (source) {
            case "user" -> "Entries: " + Numbers.count(num) + ", set on the command line (" + Markdown.code("-p num=" + meta.get("num")) + ").";
            case "scaled" -> Double.isNaN(original) || original == num
                    ? "Entries: " + Numbers.count(num) + ", as in the 2016 report"
                    + (budgetText.isEmpty() ? "." : " (a flat array of " + Numbers.bytes(num * entryBytes) + " fits " + budgetText + ").")
                    : "Entries scaled from the 2016 report's " + Numbers.count(original) + " to " + Numbers.count(num)
                    + ": the 2016 count needs " + Numbers.bytes(original * entryBytes) + " as a flat array of its largest entries ("
                    + Numbers.count(entryBytes) + " B each), more than " + budgetText
                    + "; the count is rounded down to one significant digit.";
            default -> "Entries: " + Numbers.count(num) + ".";
        };
    }

    private static String jmhSettings(TestRun test) {
        Map<String, String> s = test.log.settings();
        List<String> parts = new ArrayList<>();
        if (s.containsKey("Benchmark mode")) {
            parts.add("mode " + s.get("Benchmark mode").toLowerCase(java.util.Locale.ROOT));
        }
        if (test.log.forks() > 0) {
            parts.add(test.log.forks() + (test.log.forks() == 1 ? " fork" : " forks"));
        }
        if (s.containsKey("Warmup")) {
            parts.add("warmup " + s.get("Warmup"));
        }
        if (s.containsKey("Measurement")) {
            parts.add("measurement " + s.get("Measurement"));
        }
        if (s.containsKey("Host factors")) {
            parts.add("host factors: " + s.get("Host factors"));
        }
        if (s.containsKey("Threads")) {
            parts.add(s.get("Threads").split(",")[0]);
        }
        if (s.containsKey("JMH version")) {
            parts.add("JMH " + s.get("JMH version"));
        }
        return String.join("; ", parts);
    }
}
