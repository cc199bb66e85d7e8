package dev.kvbench.suite;

import dev.kvbench.report.folder.RoundScores;
import dev.kvbench.trial.WorkFolder;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Runs one test of a suite: into a hidden folder, in rounds when the test has them (the host watched over each, YCSB's
 * own client before each where the suite runs it), its files moved into place only once every round completed, so
 * an interrupted test never looks complete. Round 1 writes {@code out-N.*}; a later round {@code out-N.rR.*} (or
 * {@code out-N.rR-J.*} when its runs need several JMH commands), as {@link RoundScores} reads them. A test whose stores
 * do not fit in memory at once runs in groups ({@link MemoryPlan#groups}): group 1 writes {@code out-N.*}, group G
 * {@code out-N.gG.*}.
 */
final class TestRunner {

    /** Seconds to wait for another JMH run holding JMH's lock before giving up. */
    private static final int LOCK_WAIT_LIMIT = 3600;

    private static final int LOCK_WAIT_STEP = 15;

    private final SuitePlan plan;
    private final RunFolder folder;
    private final Path results;
    private final Map<Experiment.Folder, Path> folders;
    private final Map<Experiment.Folder, Launcher> launchers;
    private final MemoryLimits memory;
    private final HostWatch host;
    private final PrintStream out;
    private final PrintStream err;
    /** The tests beside which YCSB's client failed, with why. */
    private final List<String> peerFailures = new ArrayList<>();
    /** Set when the JVM shuts down under the runner (Ctrl-C): a test that then stops is not a failure to report. */
    private volatile boolean stopping;

    TestRunner(
            SuitePlan plan,
            RunFolder folder,
            Map<Experiment.Folder, Path> folders,
            Map<Experiment.Folder, Launcher> launchers,
            MemoryLimits memory,
            HostWatch host,
            PrintStream out,
            PrintStream err) {
        this.plan = plan;
        this.folder = folder;
        this.results = folder.dir();
        this.folders = folders;
        this.launchers = launchers;
        this.memory = memory;
        this.host = host;
        this.out = out;
        this.err = err;
    }

    /** Runs {@code test} in its rounds; returns its worst JMH exit status. */
    int run(PlannedTest test) throws InterruptedException {
        int n = test.number();
        Path part = results.resolve(".partial-" + n);
        WorkFolder.empty(part);
        if (plan.peer() != null) {
            YcsbPeer.forget(results, n);
        }
        Rounds repeat = test.test().repeat();
        long began = System.nanoTime();
        int exit = test.split() ? groups(test, part) : round(test, part, 1, 0, RoundCommands.shuffled(test, repeat, 1));
        long first = System.nanoTime() - began;
        int rounds = 1;
        for (int r = 2; r <= repeat.min(); r++) {
            out.println("    test " + n + ": round " + r + " of " + repeat.min());
            exit = RoundCommands.worse(exit, round(test, part, r, 0, RoundCommands.shuffled(test, repeat, r)));
            rounds = r;
        }
        for (int r = repeat.min() + 1; r <= repeat.max(); r++) {
            Map<String, Set<String>> wide = RoundScores.wide(part, n, repeat.target());
            if (wide.isEmpty()) {
                break;
            }
            if (System.nanoTime() - began > repeat.cap() * first) {
                out.println("    test " + n + ": " + RoundCommands.count(wide) + " runs still wider than ±"
                        + Math.round(100 * repeat.target()) + "%, but the test has had its time ("
                        + repeat.cap() + "x its first round); no more rounds");
                break;
            }
            out.println("    test " + n + ": round " + r + " for the " + RoundCommands.count(wide)
                    + " runs still wider than ±" + Math.round(100 * repeat.target()) + "%");
            int j = 1;
            for (Map.Entry<Set<String>, List<String>> group :
                    RoundCommands.byStores(wide).entrySet()) {
                exit = RoundCommands.worse(
                        exit,
                        round(test, part, r, j++, RoundCommands.restricted(test, group.getValue(), group.getKey(), r)));
            }
            rounds = r;
        }
        Meta.rounds(results, n, rounds, repeat);
        if (test.split()) {
            Meta.append(results, n, groupLines(test));
        }
        try (Stream<Path> files = Files.list(part)) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith("out-" + n + "."))
                    .toList()) {
                move(file, results.resolve(file.getFileName()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + part, e);
        }
        WorkFolder.delete(part);
        return exit;
    }

    /**
     * Runs a test too large for memory in its groups ({@link MemoryPlan#groups}), one JMH command each, one after
     * another: group 1's files are the test's {@code out-N.*}, group G's {@code out-N.gG.*}. A test split in groups runs
     * in one round.
     */
    private int groups(PlannedTest test, Path part) throws InterruptedException {
        int exit = 0;
        int count = test.groups().size();
        for (int g = 1; g <= count; g++) {
            out.println("    test " + test.number() + ": group " + g + " of " + count + " (anchor " + test.anchor()
                    + "): " + String.join(",", test.groups().get(g - 1)));
            exit = RoundCommands.worse(exit, round(test, part, 1, g, test.groupArgs(g)));
        }
        return exit;
    }

    /**
     * The meta lines of a test run in groups: {@code groups} (how many), {@code groups.anchor} (the store in every
     * group) and {@code group.G} (group G's stores), which the report reads to rank across groups through the anchor.
     */
    static List<String> groupLines(PlannedTest test) {
        List<String> lines = new ArrayList<>();
        lines.add("groups=" + test.groups().size());
        lines.add("groups.anchor=" + test.anchor());
        for (int g = 1; g <= test.groups().size(); g++) {
            lines.add("group." + g + "=" + String.join(",", test.groups().get(g - 1)));
        }
        return lines;
    }

    /**
     * Runs round {@code r} (part {@code j} of it, 0 when whole; of round 1 of a test in groups, group {@code j}) of {@code test} with JMH arguments {@code args},
     * the canary before it and the host's steal over it; checks that JMH completed and leaves the round's
     * files in {@code part} under their round's names.
     */
    private int round(PlannedTest test, Path part, int r, int j, List<String> args) throws InterruptedException {
        int n = test.number();
        boolean own = r > 1 || j > 1; // files of their own: a later round's, or a later group's
        Path into = !own ? part : part.resolve("round-" + r + (j > 0 ? "-" + j : ""));
        if (own) {
            WorkFolder.empty(into);
        }
        if (plan.peer() != null
                && j <= 1) { // YCSB's client first, then kvbench's, on the same workload, in every round
            String failed = plan.peer().run(test, r, results, folders.get(Experiment.Folder.WORK), out);
            if (failed != null) {
                err.println("run.sh: warning: " + failed);
                peerFailures.add(failed);
            }
        }
        host.before();
        int exit = launch(test.withArgs(args), into);
        host.after(n, r, j);
        Path log = into.resolve("out-" + n + ".txt");
        boolean complete = Files.exists(into.resolve("out-" + n + ".csv"))
                && SuiteFolder.anyLine(log, l -> l.startsWith("# Run complete"));
        if (!complete && exit == SuiteRunner.USAGE) {
            printTail(log);
            folder.forget(test, part, plan.tests());
            throw new UsageException("test " + n + ": JMH refused its command line (exit status 2, see above); "
                    + "fix the options, then run ./run.sh again");
        }
        if (!complete) {
            printTail(log);
            throw new SuiteFailure("test " + n + (r > 1 ? " round " + r : "") + (r == 1 && j > 0 ? " group " + j : "")
                    + " did not complete (JMH exit status "
                    + exit + "; log above and in " + log + "). Fix the cause, then run "
                    + plan.resume() + " to resume");
        }
        if (exit != 0) {
            err.println("run.sh: warning: test " + n + (r > 1 ? " round " + r : "")
                    + ": some runs failed (JMH exit status " + exit + "); the report lists them with their reasons");
        }
        if (own) {
            String stem = r == 1 ? "out-" + n + ".g" + j : "out-" + n + ".r" + r + (j > 0 ? "-" + j : "");
            for (String ext : List.of(".txt", ".side.jsonl", ".csv")) {
                move(into.resolve("out-" + n + ext), part.resolve(stem + ext));
            }
            WorkFolder.delete(into);
        }
        return exit;
    }

    /** Runs JMH for {@code test} into {@code into}, waiting while another JMH run on this machine holds JMH's lock. */
    private int launch(PlannedTest test, Path into) throws InterruptedException {
        Path log = into.resolve("out-" + test.number() + ".txt");
        Launcher launcher = launchers.get(test.test().folder());
        int waited = 0;
        while (true) {
            WorkFolder.empty(into);
            int exit =
                    memory.limits(test.number()) ? memory.run(launcher, test, into, results) : launcher.run(test, into);
            if (stopping) {
                throw new InterruptedException("the suite was interrupted");
            }
            if (!SuiteFolder.anyLine(log, l -> l.contains("Unable to acquire the JMH lock"))) {
                return exit;
            }
            if (waited == 0) {
                out.println(
                        "    another JMH run holds its lock on this machine (/tmp/jmh.lock); waiting for it to finish ...");
            }
            if (waited >= LOCK_WAIT_LIMIT) {
                throw new SuiteFailure("waited an hour for another JMH run on this machine; run " + plan.resume()
                        + " again when it is done");
            }
            Thread.sleep(LOCK_WAIT_STEP * 1000L);
            waited += LOCK_WAIT_STEP;
        }
    }

    /** Stops what runs now (the user interrupted the suite): JMH, YCSB's client, the memory control group. */
    void stop() {
        stopping = true;
        launchers.values().forEach(Launcher::stop);
        if (plan.peer() != null) {
            plan.peer().stop();
        }
        memory.stop();
    }

    /** The tests beside which YCSB's client failed, with why. */
    List<String> peerFailures() {
        return peerFailures;
    }

    private void printTail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            lines.subList(Math.max(0, lines.size() - 15), lines.size()).forEach(err::println);
        } catch (IOException e) {
            // no log to show
        }
    }

    private static void move(Path from, Path to) {
        if (!Files.exists(from)) {
            return;
        }
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move " + from + " to " + to, e);
        }
    }
}
