package dev.kvbench.fork;

import dev.kvbench.store.BuildFacts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The command line of a helper JVM started from a benchmark JVM (the crash test's writer and
 * checker): this JVM's java and class path, kvbench's JVM flags, no core dump if it crashes.
 */
public final class ChildJvm {

    private ChildJvm() {}

    public static List<String> command(Class<?> main, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(Arrays.asList(BuildFacts.jvmFlags().trim().split("\\s+")));
        command.addAll(ForkFlags.BENCH_FLAGS);
        command.add("-XX:-CreateCoredumpOnCrash");
        command.addAll(BuildFacts.WARNINGS_TO_STDERR);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(args);
        return command;
    }
}
