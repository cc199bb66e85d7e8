package dev.kvbench.report.tool;

import dev.kvbench.store.BuildFacts;
import dev.kvbench.store.Engine;
import dev.kvbench.store.Stores;

/**
 * Prints the Java side of {@code env.txt}: JVM, the one JVM flag set, and every registered engine's
 * label and library version, as {@code key: value} lines. run.sh adds the machine's side.
 *
 * <pre>java -cp target/benchmarks.jar dev.kvbench.report.tool.EnvJavaSide            # env.txt lines
 * java -cp target/benchmarks.jar dev.kvbench.report.tool.EnvJavaSide --jvm-flags  # just the flags
 * java -cp target/benchmarks.jar dev.kvbench.report.tool.EnvJavaSide --engines    # lmdb,rocksdb,...</pre>
 */
public final class EnvJavaSide {

    private EnvJavaSide() {}

    public static void main(String[] args) {
        if (args.length == 1 && args[0].equals("--jvm-flags")) {
            System.out.println(BuildFacts.jvmFlags());
            return;
        }
        if (args.length == 1 && args[0].equals("--engines")) {
            System.out.println(String.join(",", Stores.names()));
            return;
        }
        line("java.version", System.getProperty("java.version"));
        line(
                "java.vm",
                System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version") + " ("
                        + System.getProperty("java.vm.vendor") + ")");
        line("jvm.flags", BuildFacts.jvmFlags());
        line("kvbench.version", BuildFacts.get("version"));
        line("jmh.version", BuildFacts.get("jmh.version"));
        for (String name : Stores.names()) {
            Engine engine = Stores.engine(name);
            line("engine." + name + ".label", engine.label());
            line("engine." + name + ".version", engine.libraryVersion());
            if (engine.isReference()) {
                line("engine." + name + ".reference", "true");
            }
        }
    }

    private static void line(String key, String value) {
        System.out.println(key + ": " + value.replace('\n', ' '));
    }
}
