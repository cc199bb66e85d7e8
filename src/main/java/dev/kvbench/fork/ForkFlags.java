package dev.kvbench.fork;

import java.util.List;

/** The JVM flags every benchmark fork and helper JVM runs with, beside kvbench's one flag set. */
public final class ForkFlags {

    /**
     * Flags for the benchmark forks only (tests keep the checks on).
     *
     * <p>Agrona's bounds checks off, as lmdbjava's own benchmarks run them. They guard every
     * {@code DirectBuffer} access of the harness (data set, checksums, key folds) and of the
     * engines that use Agrona (LMDB DB), so every engine gains the same; the code they guard is
     * tested with them on.
     *
     * <p>The adapters ({@value #ADAPTERS}) always inlined into their callers, so that a workload's
     * loop calls the engine's API as a user's loop would. Without it, C2 compiles a hot adapter
     * method such as LMDB's {@code Reader.get} on its own first, with lmdbjava's lookup inlined
     * into it, and then refuses to inline the result into the loop ("already compiled into a big
     * method"): one more call per lookup, which cost LMDB 3-8% against its direct API (measured in
     * pairs, {@code direct.HarnessPairs}). Only kvbench's own code is forced; the engines' libraries are
     * inlined by the JIT's usual rules, as in any program.
     */
    public static final List<String> BENCH_FLAGS = List.of("-Dagrona.disable.bounds.checks=true",
            "-XX:CompileCommand=quiet", "-XX:CompileCommand=inline," + ForkFlags.ADAPTERS + "::*");

    /** The classes of the engine adapters, as a HotSpot CompileCommand class pattern. */
    public static final String ADAPTERS = "dev.kvbench.store.*";

    private ForkFlags() {
    }
}
