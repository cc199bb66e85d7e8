package dev.kvbench.report.tool;

import dev.kvbench.report.folder.HostProfile;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.report.folder.Verdict;
import dev.kvbench.report.section.Glance;
import dev.kvbench.report.section.Markdown;
import dev.kvbench.report.section.ReportWriter;
import dev.kvbench.text.Numbers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code results/README.md}, the index of the published runs: one line per results folder
 * ({@code YYYYMMDD-SUITE}), newest first, with its date, suite, commit, host CPU, load at the
 * start, duration, how many engine numbers are within 10% and a headline, all read from the
 * folder's own files, so that the index cannot drift from them ({@code ResultsIndexTest} checks
 * the committed file). Comparisons ({@code compare-A-vs-B}, written by {@link Compare}) follow.
 *
 * <pre>java -cp target/benchmarks.jar dev.kvbench.report.tool.ResultsIndex results    # or ./process.sh --index</pre>
 */
public final class ResultsIndex {

    /** A published run's folder name: its date, then its suite (and a number when a suite ran again that day). */
    static final Pattern RUN = Pattern.compile("(\\d{4})(\\d{2})(\\d{2})-.+");

    /**
     * One machine's share of a run ({@code --shard i/n}): listed through the folder the shards were merged into. A run of
     * some of a suite's tests ({@code --tests LIST}, {@code -tests1-4}) is listed as a run of its own, its suite cell
     * naming the tests.
     */
    static final Pattern SHARD = Pattern.compile(".+-shard\\d+of\\d+");

    static final String FILE = "README.md";

    /** The index's heading, and the words of its first paragraph that tell an index this tool wrote from a README. */
    static final String HEADING = "Published runs";

    static final String WRITTEN_BY = "by `./process.sh --index`";

    /**
     * The runs taken out of {@code results/} (experiments, and runs a later one of the same suite superseded), one per
     * line: folder, the commit that holds it, why it went; tab-separated. A clone carries the published folders in its
     * tree, so they are kept to what a user reads; the index still names every run and where git keeps it.
     */
    static final String REMOVED = "removed.tsv";

    /** A run no longer in {@code results/}: where to read it, and why it went. */
    record Removed(String folder, String commit, String why) {

        static List<Removed> read(Path results) throws IOException {
            Path file = results.resolve(REMOVED);
            if (!Files.exists(file)) {
                return List.of();
            }
            List<Removed> removed = new ArrayList<>();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] cells = line.split("\t", -1);
                if (cells.length != 3 || cells[0].isBlank() || !cells[1].matches("[0-9a-f]{7,40}")) {
                    throw new IllegalArgumentException(file + ": '" + line + "' is not FOLDER<tab>COMMIT<tab>WHY");
                }
                removed.add(new Removed(cells[0], cells[1], cells[2]));
            }
            return removed;
        }
    }

    private ResultsIndex() {}

    public static void main(String[] args) {
        if (args.length != 1 || args[0].startsWith("-")) {
            System.err.println("usage: ResultsIndex RESULTS_DIR   (writes RESULTS_DIR/README.md, e.g. results)");
            System.exit(2);
        }
        Path results = Path.of(args[0]);
        if (!Files.isDirectory(results)) {
            System.err.println(
                    results + " is not a folder; give the folder that holds the published runs, e.g. results");
            System.exit(2);
        }
        Path index = results.resolve(FILE);
        if (Files.exists(index) && !isIndex(index)) {
            System.err.println(index + " is not an index ./process.sh --index wrote, and it would be overwritten: move"
                    + " it away, or give the folder of the published runs (e.g. results)");
            System.exit(2);
        }
        try {
            Files.writeString(index, render(results), StandardCharsets.UTF_8);
            System.out.println("index: " + results.resolve(FILE));
        } catch (IOException | RuntimeException e) {
            System.err.println("cannot write the index of " + results + ": " + e);
            System.exit(1);
        }
    }

    /**
     * Whether {@code file} is an index this tool wrote (its heading, and the paragraph naming the command that writes
     * it), so that rewriting it loses nothing: a README of the user's own is never overwritten.
     */
    static boolean isIndex(Path file) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            return text.startsWith("# " + HEADING + "\n") && text.contains(WRITTEN_BY);
        } catch (IOException e) {
            return false; // unreadable or not UTF-8: not what this tool writes
        }
    }

    /** One published run as its index line shows it. */
    record Run(
            String folder,
            String date,
            String suite,
            String commit,
            String cpu,
            String load,
            String duration,
            String stable,
            String decided,
            String headline,
            String started) {

        List<String> cells() {
            return List.of(
                    "[" + folder + "](" + folder + "/README.md)",
                    date,
                    suite,
                    commit,
                    cpu,
                    load,
                    duration,
                    stable,
                    decided,
                    headline);
        }
    }

    /** The index's text for the run folders in {@code results}. */
    static String render(Path results) throws IOException {
        return render(results, name -> true);
    }

    /**
     * The index's text for the run folders in {@code results} whose name {@code published} accepts: a test holds the
     * committed index to the folders git tracks, not to a run the user made in their clone.
     */
    static String render(Path results, Predicate<String> published) throws IOException {
        List<Run> runs = new ArrayList<>();
        List<String> comparisons = new ArrayList<>();
        try (Stream<Path> folders = Files.list(results)) {
            for (Path dir : folders.filter(Files::isDirectory)
                    .filter(d -> published.test(d.getFileName().toString()))
                    .sorted()
                    .toList()) {
                String name = dir.getFileName().toString();
                if (RUN.matcher(name).matches()
                        && !SHARD.matcher(name).matches()
                        && ResultsFolder.load(dir).hasResults()) {
                    runs.add(describe(dir));
                } else if (name.startsWith(Compare.PREFIX) && Files.exists(dir.resolve(FILE))) {
                    comparisons.add(name);
                }
            }
        }
        runs.sort(Comparator.comparing(Run::started).thenComparing(Run::folder).reversed());
        Markdown md = new Markdown();
        md.heading(1, HEADING);
        intro(md);
        List<List<String>> rows = runs.stream().map(Run::cells).toList();
        md.table(
                List.of(
                        "Run",
                        "Date",
                        "Suite",
                        "Commit",
                        "Host",
                        "Load",
                        "Duration",
                        "Within 10%",
                        "Decided",
                        "Headline"),
                rows);
        if (!comparisons.isEmpty()) {
            md.heading(2, "Comparisons");
            md.paragraph("Two runs side by side (`./process.sh --compare A B`): the significant differences, B ÷ A.");
            md.bullets(comparisons.stream()
                    .map(c -> "[" + c + "](" + c + "/README.md)")
                    .toList());
        }
        removedRuns(md, results);
        return md.toString();
    }

    /** What the index is and what each column means. */
    private static void intro(Markdown md) {
        md.paragraph(
                "One line per results folder, newest first, each linking its report. Generated from the folders' own "
                        + "files (`env.txt`, `out-N.meta`, the results) "
                        + WRITTEN_BY
                        + "; `ResultsIndexTest` fails when "
                        + "this file is not what they give. *Commit*: the kvbench commit that ran (`git.commit` in `env.txt`; "
                        + "\"modified\" when the tree had uncommitted changes). *Load*: the 1-minute load when the run started. "
                        + "*Host*: the CPU's name, and its class (vendor, family, model) where `env.txt` records it: one name covers "
                        + "more than one class (AMD EPYC: Zen 4 and Zen 5), and rankings differ between classes. "
                        + "*Duration*: the tests' own time, from their `out-N.meta`. *Within 10%*: the engine numbers (limit rows "
                        + "and direct-API baselines left out) whose JMH error is at most 10% of the score, the ones the report "
                        + "may rank. *Decided*: the report's at-a-glance cells with a winner or a tie within ±3% (of paired turns "
                        + "where the run interleaved), or an answer that depends on the JVM. *Headline*: the first cell of the report's at-a-glance table, else its tests. Compare engines "
                        + "within one run: runs on different hosts, or on one host at different times, differ by more than "
                        + "most gaps between engines.");
    }

    /** The runs taken out of the folder, each with the commit that still holds it. */
    private static void removedRuns(Markdown md, Path results) throws IOException {
        List<Removed> removed = Removed.read(results);
        if (!removed.isEmpty()) {
            md.heading(2, "Runs kept in git only");
            md.paragraph(
                    "Experiments, and runs a later run of the same suite superseded, are no longer in this folder, so "
                            + "that a clone's tree holds what a user reads. Each is in the commit named: `git show "
                            + "COMMIT:results/FOLDER/README.md` prints its report, and `git archive COMMIT results/FOLDER | tar -x` "
                            + "restores the folder (then `./process.sh` on it as on any run).");
            md.table(
                    List.of("Run", "Commit", "Why it went"),
                    removed.stream()
                            .sorted(Comparator.comparing(Removed::folder).reversed())
                            .map(r -> List.of(r.folder(), r.commit(), r.why()))
                            .toList());
        }
    }

    /** A run's index line, from its folder. */
    static Run describe(Path dir) throws IOException {
        ResultsFolder folder = ResultsFolder.load(dir);
        Map<String, String> env = folder.env;
        String name = dir.getFileName().toString();
        var m = RUN.matcher(name);
        String date = m.matches() ? m.group(1) + "-" + m.group(2) + "-" + m.group(3) : "";
        String suite = env.getOrDefault("suite", name.substring(name.indexOf('-') + 1));
        String tests = env.get("tests"); // --tests: some of the suite's tests, a run of its own
        if (tests != null && !tests.isBlank()) {
            suite += " (tests " + tests + ")";
        }
        return new Run(
                name,
                date,
                suite,
                commit(env),
                host(env),
                recorded(env.get("load.start")),
                duration(folder),
                stableNumbers(folder),
                decidedCells(folder),
                headline(folder),
                env.getOrDefault("started", ""));
    }

    /** "1a2b3c4", "1a2b3c4 (modified)", or "not recorded" for a folder written before env.txt held it. */
    static String commit(Map<String, String> env) {
        String commit = env.get("git.commit");
        if (commit == null || commit.isBlank()) {
            return "not recorded";
        }
        String shown = commit.length() > 7 && commit.matches("[0-9a-f]+") ? commit.substring(0, 7) : commit;
        return "false".equals(env.get("git.clean")) ? shown + " (modified)" : shown;
    }

    private static String recorded(String value) {
        return value == null || value.isBlank() ? "not recorded" : value;
    }

    /** The sum of the tests' {@code seconds} ({@code out-N.meta}), as "8 min 50 s"; "not recorded" without any. */
    static String duration(ResultsFolder folder) {
        double seconds = 0;
        boolean any = false;
        for (TestRun test : folder.tests) {
            double s = Numbers.parse(test.meta.get("seconds"));
            if (!Double.isNaN(s)) {
                seconds += s;
                any = true;
            }
        }
        return any ? Numbers.duration(seconds) : "not recorded";
    }

    /** "AMD EPYC (AuthenticAMD family 25 model 17)": the CPU's name and, where recorded, its host class. */
    static String host(Map<String, String> env) {
        HostProfile host = HostProfile.of(env);
        String cpu = recorded(env.get("cpu.model"));
        return host.known() ? cpu + " (" + host.hostClass() + ")" : cpu;
    }

    /** "10 of 12": the at-a-glance cells, the YCSB workloads' among them, whose verdict is decided; "none" without cells. */
    static String decidedCells(ResultsFolder folder) {
        Specs specs = folder.specs();
        List<Verdict> cells = new ArrayList<>(Glance.of(folder, specs).cells());
        cells.addAll(Glance.ycsb(folder, specs).values());
        return cells.isEmpty()
                ? "none"
                : cells.stream().filter(Verdict::decided).count() + " of " + cells.size();
    }

    /**
     * "84 of 104": of the engine numbers of the ranked tests (scores of engines, not limit rows,
     * through the Store path), those stable enough to be ranked ({@link Result#stable()}).
     */
    static String stableNumbers(ResultsFolder folder) {
        Specs specs = folder.specs();
        int scored = 0;
        int stable = 0;
        for (TestRun test : folder.tests) {
            if (!test.ranked()) {
                continue;
            }
            for (Result r : test.results) {
                if (r.ok() && !specs.reference(r.store())) {
                    scored++;
                    if (r.stable()) {
                        stable++;
                    }
                }
            }
        }
        return scored == 0 ? "none" : stable + " of " + scored;
    }

    /**
     * The first filled cell of the report's at-a-glance table, with its workload and data set
     * ("write, 100,000 int keys, sequential, 100 B values: LMDB DB (8.77 ms/pass)"), read from the
     * report as {@link ReportWriter} writes it; for a folder without one, its tests.
     */
    static String headline(ResultsFolder folder) {
        String report = new ReportWriter(folder, true).write();
        List<String> table = report.lines()
                .dropWhile(line -> !line.equals("## At a glance"))
                .skip(1)
                .takeWhile(line -> !line.startsWith("## "))
                .dropWhile(line -> !line.startsWith("|"))
                .takeWhile(line -> line.startsWith("|"))
                .toList();
        if (table.size() >= 3) {
            List<String> header = cells(table.get(0));
            List<String> first = cells(table.get(2));
            for (int i = 1; i < first.size() && i < header.size(); i++) {
                if (!first.get(i).equals("—")) {
                    String dataSet = first.get(0).replaceFirst("^Test \\d+: ", "");
                    return header.get(i) + ", " + dataSet + ": " + first.get(i);
                }
            }
        }
        List<String> titles = folder.tests.stream()
                .filter(TestRun::hasResults)
                .map(TestRun::title)
                .toList();
        if (titles.isEmpty()) {
            return "no results";
        }
        return titles.size() == 1 ? "1 test: " + titles.get(0) : titles.size() + " tests, the first: " + titles.get(0);
    }

    private static List<String> cells(String row) {
        String inner = row.substring(1, row.length() - (row.endsWith("|") ? 1 : 0));
        return List.of(inner.split(" \\| ", -1)).stream().map(String::trim).toList();
    }
}
