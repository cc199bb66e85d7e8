package dev.kvbench.report.tool;

import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * What a results folder is a run of, as far as a comparison needs it: its suite, command, start and commit, and the
 * engines it ran (limit rows left out). Two folders of one suite and one set of engines are two runs of one
 * experiment, and a comparison of them asks whether a rerun gives the same answer; two folders of one start and
 * commit are one run, copied.
 *
 * @param engines the spec names of the engines that ran, limit rows left out, sorted
 */
record Experiment(String suite, String command, String started, String commit, List<String> engines) {

    static Experiment of(ResultsFolder folder, Specs specs) {
        return new Experiment(
                folder.env.getOrDefault("suite", ""),
                folder.env.getOrDefault("command", ""),
                folder.env.getOrDefault("started", ""),
                folder.env.getOrDefault("git.commit", ""),
                folder.stores().stream()
                        .filter(store -> !specs.reference(store))
                        .sorted()
                        .distinct()
                        .toList());
    }

    /** Whether {@code other} is this very run (the same start and commit): a copy of the folder, not a rerun. */
    boolean sameRun(Experiment other) {
        return !started.isEmpty() && started.equals(other.started) && commit.equals(other.commit);
    }

    /** "started 2025-11-22T11:00:00Z, commit fa4a3c4" (the commit where recorded). */
    String runText() {
        return "started " + started
                + (commit.isEmpty() ? "" : ", commit " + commit.substring(0, Math.min(7, commit.length())));
    }

    /** Whether {@code other} is a run of this experiment: the same suite and the same engines. */
    boolean sameExperiment(Experiment other) {
        return Objects.equals(suite, other.suite) && engines.equals(other.engines);
    }

    /** The engines both ran. */
    List<String> commonEngines(Experiment other) {
        TreeSet<String> common = new TreeSet<>(engines);
        common.retainAll(other.engines);
        return List.copyOf(common);
    }

    /**
     * What this run ({@code A}) and {@code other} ({@code B}) have in common, for a refusal: "both are quick runs of
     * the same 13 engines, with other parameters (A: ..., B: ...)", "A is a workload run and B a quick run, with 3
     * engines in common (chronicle, lmdb, rocksdb)".
     */
    String inCommon(Experiment other) {
        String suites = suite.equals(other.suite)
                ? "both are " + (suite.isEmpty() ? "unnamed" : suite) + " runs"
                : "A is " + article(suite) + " run and B " + article(other.suite) + " run";
        List<String> common = commonEngines(other);
        String engineText;
        if (engines.equals(other.engines)) {
            engineText = " of the same " + count(engines.size())
                    + (suite.equals(other.suite)
                            ? " with other parameters"
                                    + (command.equals(other.command) || command.isEmpty() || other.command.isEmpty()
                                            ? ""
                                            : " (A: " + command + "; B: " + other.command + ")")
                            : "");
        } else {
            engineText = ", of "
                    + (engines.size() == other.engines.size()
                            ? count(engines.size()) + " each"
                            : engines.size() + " and " + count(other.engines.size()))
                    + ", with "
                    + (common.isEmpty() ? "no engine" : count(common.size()) + " (" + names(common) + ")")
                    + " in common";
        }
        return suites + engineText;
    }

    private static String count(int engines) {
        return engines + (engines == 1 ? " engine" : " engines");
    }

    /** Up to five names, then how many more. */
    private static String names(List<String> stores) {
        List<String> shown = new ArrayList<>(stores.subList(0, Math.min(5, stores.size())));
        if (stores.size() > shown.size()) {
            shown.add("and " + (stores.size() - shown.size()) + " more");
        }
        return String.join(", ", shown);
    }

    private static String article(String suite) {
        if (suite.isEmpty()) {
            return "an unnamed";
        }
        return ("aeiou".indexOf(suite.charAt(0)) >= 0 ? "an " : "a ") + suite;
    }
}
