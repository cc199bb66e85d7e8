package dev.kvbench.suite;

import java.io.IOException;
import java.nio.file.Path;

/** Turns a results folder into its report once the suite is done; {@link #processSh} is what a user gets. */
@FunctionalInterface
public interface ReportStep {

    /** Writes the report of {@code results}; returns an exit status (0 when it worked). */
    int write(Path results) throws InterruptedException;

    /** {@code process.sh DIR} of the project in {@code root}, with this JVM's class path for the report generator. */
    static ReportStep processSh(Path root) {
        return results -> {
            ProcessBuilder builder =
                    new ProcessBuilder("bash", root.resolve("process.sh").toString(), results.toString()).inheritIO();
            builder.environment().put("KVBENCH_CLASSPATH", System.getProperty("java.class.path"));
            try {
                return builder.start().waitFor();
            } catch (IOException e) {
                throw new SuiteFailure(
                        "cannot run process.sh: " + e.getMessage() + "; run ./process.sh " + results + " yourself");
            }
        };
    }
}
