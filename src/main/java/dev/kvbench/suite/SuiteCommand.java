package dev.kvbench.suite;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The command line {@code SUITE [runner options] [JMH options]}, checked before anything is planned: the suite and
 * its kind (which took the suite's own arguments), the runner's options ({@code --shard}, {@code --tests},
 * {@code -p jvm=}) and the user's JMH arguments, checked by the suite's rules.
 *
 * @param name      the suite's name
 * @param kind      what the suite brings besides its tests, holding its own arguments
 * @param rerun     the command that runs this again ({@code ./run.sh quick -p num=1000}), which resumes it
 * @param shard     this machine's share of the suite ({@code --shard i/n})
 * @param selection the tests {@code --tests LIST} chose, else {@link TestSelection#ALL}
 * @param user      the arguments for JMH
 */
record SuiteCommand(String name, SuiteKind kind, String rerun, Shard shard, TestSelection selection, UserArgs user) {

    /** The suite named first on the command line, else the default. */
    static String suiteName(List<String> argv) {
        return argv.isEmpty() || argv.get(0).startsWith("-") ? Suites.DEFAULT : argv.get(0);
    }

    /** {@code argv} checked, one line ({@link UsageException}) for its first mistake; notes on the suite's arguments go to {@code out}. */
    static SuiteCommand of(List<String> argv, PrintStream out) {
        String name = suiteName(argv);
        List<String> rest = argv.isEmpty() || argv.get(0).startsWith("-") ? argv : argv.subList(1, argv.size());
        if (rest == argv) {
            suiteAfterOptions(argv);
        }
        SuiteKind kind = Suites.kind(name); // an unknown suite's line names the suites
        String rerun = "./run.sh " + name + (rest.isEmpty() ? "" : " " + Shell.words(rest));
        Shard shard = Shard.of(rest);
        rest = Shard.without(rest);
        TestSelection selection = TestSelection.of(rest);
        rest = TestSelection.without(rest);
        if (!shard.all() && !selection.all()) {
            throw new UsageException(
                    TestSelection.OPTION + " " + selection + " with " + Shard.OPTION + " " + shard
                            + ": give one of them (--tests picks tests by number, --shard every n-th test for one of n machines)");
        }
        FlagCommas.check(rest);
        // taken out before a YCSB suite's -p name=value become workload properties
        List<Map<String, String>> jvms = JvmVariants.of(rest);
        rest = JvmVariants.without(rest);
        rest = kind.takeOwnArguments(rest, out);
        UserArgs user = UserArgs.of(rest).withJvms(jvms);
        kind.rules().accept(user);
        return new SuiteCommand(name, kind, rerun, shard, selection, user);
    }

    /**
     * Refuses a suite named after options ({@code ./run.sh --shard 1/2 quick}, {@code ./run.sh -p num=2000 quick}),
     * which the default suite would take as a JMH benchmark pattern: a word no option takes as its value that names a
     * suite.
     */
    private static void suiteAfterOptions(List<String> argv) {
        for (int i = 1; i < argv.size(); i++) {
            String word = argv.get(i);
            if (Suites.names().contains(word) && !argv.get(i - 1).startsWith("-")) {
                List<String> others = new ArrayList<>(argv);
                others.remove(i);
                throw new UsageException("the suite comes first: ./run.sh " + word + " " + Shell.words(others)
                        + " (after an option, '" + word + "' is read as a JMH benchmark pattern)");
            }
        }
    }

    /** The results folder's name before its date: the suite's, and the shard's or the selection's. */
    String folderName() {
        return name + shard.folderSuffix() + selection.folderSuffix();
    }

    /** Whether {@code -p num} replaces every scaled count. */
    boolean userNum() {
        return user.param("num").isPresent();
    }
}
