package dev.kvbench.suite;

import dev.kvbench.store.BuildFacts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Command lines for the JVMs the runner starts: this JVM's java and class path, and the one JVM flag set. */
final class Jvm {

    private Jvm() {}

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * {@code java -cp <this class path> mainClass args}, without the flag set: for the JMH host, which gives the flags
     * to its forks itself.
     */
    static List<String> command(String mainClass, List<String> args) {
        return command(List.of(), mainClass, args);
    }

    private static List<String> command(List<String> flags, String mainClass, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(java());
        command.addAll(flags);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(args);
        return command;
    }

    /**
     * {@code java [flags] -cp <this class path> mainClass args}, with the flag set, for a child whose standard output
     * is read as data: the JVM's own warnings go to standard error. Not for the JMH host, whose forks inherit its options.
     */
    static List<String> commandReadingStdout(String mainClass, List<String> args) {
        List<String> command =
                command(Arrays.asList(BuildFacts.jvmFlags().trim().split("\\s+")), mainClass, args);
        command.addAll(1, BuildFacts.WARNINGS_TO_STDERR);
        return command;
    }
}
