package dev.kvbench.report.section;

import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import java.util.Arrays;

/**
 * The kinds of test the report draws, each by the name {@code out-N.meta}'s {@code chart} key gives and with the
 * {@link ReportKind} that writes it: the one list of kinds. The suite writes these names ({@code suite.Chart}), and
 * the meta files of published folders keep them, so a name never changes. A new kind is a class implementing
 * {@link ReportKind} and a constant here.
 */
public enum ChartKind {

    /** Bars per engine, a panel per workload, ranked from paired turns (the 2016 report's tests 4 to 6). */
    PANELS("panels", PanelsKind::new),
    /** An engine's options, each against the engine's defaults (test 1). */
    SETTINGS("settings", SettingsKind::new),
    /** Time and storage against a swept parameter on the x axis: value size, batch size, depth (tests 2 and 3). */
    SWEEP("sweep", SweepKind::new),
    /** A writer killed with SIGKILL, then a reopen: what was lost, what the reopen took. */
    CRASH("crash", CrashKind::new),
    /** The crash test on cutfs, with the power cut. */
    POWERCUT("powercut", PowerCutKind::new),
    /** Write and space amplification: bytes written per user byte, the store's size against its data. */
    AMP("amp", AmpKind::new),
    /** Throughput against reader threads, a line per engine. */
    THREADS("threads", ThreadsKind::new),
    /** Readers under a writer: throughput and writer tables, latency percentiles. */
    CONCURRENT("concurrent", ConcurrentKind::new),
    /** YCSB workloads: throughput, latency per operation, the answer from paired turns. */
    YCSB("ycsb", YcsbKind::new),
    /** The directory-tree walk: walks/s and lookups/s per value encoding. */
    DIR_WALK("dirWalk", DirWalkKind::new),
    /** One workload at growing sizes, across tests: a line per engine against entries. */
    SCALE("scale", ScaleKind::new);

    /** Makes the kind's writer for one report. */
    @FunctionalInterface
    interface Factory {
        ReportKind create(ResultsFolder folder, Specs specs, Markdown md, ReportCharts charts);
    }

    private final String id;
    private final Factory factory;

    ChartKind(String id, Factory factory) {
        this.id = id;
        this.factory = factory;
    }

    /** The name out-N.meta gives ({@code chart=panels}). */
    public String id() {
        return id;
    }

    /** The kind {@code id} names; panels for a name this build does not know. */
    static ChartKind named(String id) {
        return Arrays.stream(values())
                .filter(kind -> kind.id.equals(id))
                .findFirst()
                .orElse(PANELS);
    }

    /**
     * The kind of {@code test}: the one its meta names, panels where it names none. A test of dirWalk alone is
     * dirWalk's (walks/s, not time per pass), also in folders written before that kind existed (smoke's, older app runs).
     */
    public static ChartKind of(TestRun test) {
        return DIR_WALK.id.equals(test.meta.get("workloads"))
                ? DIR_WALK
                : named(test.meta.getOrDefault("chart", PANELS.id));
    }

    ReportKind create(ResultsFolder folder, Specs specs, Markdown md, ReportCharts charts) {
        return factory.create(folder, specs, md, charts);
    }
}
