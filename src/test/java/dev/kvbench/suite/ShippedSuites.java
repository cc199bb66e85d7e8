package dev.kvbench.suite;

import dev.kvbench.trial.TestsOwn;
import dev.kvbench.trial.WorkloadFamily;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The suites a user's jar registers: those of the tests' own families (registered in {@code src/test/resources}) are
 * in the tests' registry but not in the jar, so neither run.sh's usage, the README nor the jar's unknown-suite line
 * names them.
 */
public final class ShippedSuites {

    private ShippedSuites() {}

    /** The suites of the families the tests register, by name. */
    static Set<String> testsOwn() {
        Set<String> own = new HashSet<>();
        for (WorkloadFamily family : TestsOwn.families()) {
            family.suites().forEach(suite -> own.add(suite.name()));
        }
        return own;
    }

    /** The registered suites' names as the jar lists them, in order. */
    public static List<String> names() {
        Set<String> own = testsOwn();
        return Suites.names().stream().filter(name -> !own.contains(name)).toList();
    }
}
