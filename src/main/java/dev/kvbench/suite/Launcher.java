package dev.kvbench.suite;

import java.nio.file.Path;

/** Runs the JMH run of one test. The runner's one strategy for what a test run is, so plans can be tested without JMH. */
public interface Launcher {

    /**
     * Runs {@code test} in the folder {@code part}, writing {@code out-N.txt} (the log),
     * {@code out-N.csv} and {@code out-N.side.jsonl} there; returns JMH's exit status.
     */
    int run(PlannedTest test, Path part) throws InterruptedException;

    /** Stops a run under way (the user interrupted the suite); nothing when none is. */
    void stop();
}
