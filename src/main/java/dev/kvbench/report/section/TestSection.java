package dev.kvbench.report.section;

import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.text.Numbers;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Each test's section: what it ran (entries, JMH settings, work folder, command, duration), then its results as its
 * kind draws them ({@link ChartKind}: charts, rankings, tables and sentences per data set, and its variants).
 */
public final class TestSection extends Section {

    private final ReportCharts charts;
    /** The kinds this report has drawn so far, each made once. */
    private final Map<ChartKind, ReportKind> kinds = new EnumMap<>(ChartKind.class);

    TestSection(ResultsFolder folder, Specs specs, Markdown md, ReportCharts charts) {
        super(folder, specs, md);
        this.charts = charts;
    }

    @Override
    void write() {
        for (TestRun test : folder.tests) {
            write(test);
        }
    }

    private void write(TestRun test) {
        ReportKind kind = kinds.computeIfAbsent(ChartKind.of(test), k -> k.create(folder, specs, md, charts));
        md.heading(2, HeaderSection.testHeading(test));
        if (test.meta.containsKey("about")) {
            md.paragraph(test.meta.get("about"));
        }
        List<String> facts = new ArrayList<>();
        String entries = kind.countsEntries() ? entriesSentence(test.meta) : "";
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
            md.paragraph(
                    "**No results yet**: the suite was interrupted before this test completed, or is still running. "
                            + "Run `./run.sh " + suite + "` again to resume it; completed tests are kept.");
            return;
        }
        kind.write(test);
    }

    public static String entriesSentence(Map<String, String> meta) {
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
            budgetText = "the report suite's default budget of " + Numbers.bytes(budget)
                    + " per store, sized for about an hour" + " on 2 cores (KVBENCH_BUDGET sets a larger one)";
        } else {
            budgetText = "this machine's budget of " + Numbers.bytes(budget) + " per test ("
                    + meta.getOrDefault("scale.fraction", "a fraction") + " × the smaller of available memory, "
                    + Numbers.bytes(Numbers.parse(meta.get("scale.memAvailableBytes")))
                    + ", and free space in the work folder, "
                    + Numbers.bytes(Numbers.parse(meta.get("scale.workFreeBytes"))) + ")";
        }
        return switch (source) {
            case "user" ->
                "Entries: " + Numbers.count(num) + ", set on the command line ("
                        + Markdown.code("-p num=" + meta.get("num")) + ").";
            case "scaled" ->
                Double.isNaN(original) || original == num
                        ? "Entries: " + Numbers.count(num) + ", as in the 2016 report"
                                + (budgetText.isEmpty()
                                        ? "."
                                        : " (a flat array of " + Numbers.bytes(num * entryBytes) + " fits " + budgetText
                                                + ").")
                        : "Entries scaled from the 2016 report's " + Numbers.count(original) + " to "
                                + Numbers.count(num)
                                + ": the 2016 count needs " + Numbers.bytes(original * entryBytes)
                                + " as a flat array of its largest entries ("
                                + Numbers.count(entryBytes) + " B each), more than " + budgetText
                                + "; the count is rounded down to one significant digit.";
            case "suite" ->
                "Entries: " + Numbers.count(num)
                        + (budgetText.isEmpty()
                                ? "."
                                : ", this test's own count: " + budgetText
                                        + " scales the other tests' counts, not this one.");
            default -> "Entries: " + Numbers.count(num) + ".";
        };
    }

    private static String jmhSettings(TestRun test) {
        Map<String, String> s = test.log.settings();
        List<String> parts = new ArrayList<>();
        if (s.containsKey("Benchmark mode")) {
            parts.add("mode " + s.get("Benchmark mode").toLowerCase(Locale.ROOT));
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
