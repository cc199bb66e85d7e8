package dev.kvbench.bench;

import dev.kvbench.store.Stores;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The JMH parameters every benchmark takes, with the names and defaults of the 2016 benchmark.
 * Values stay strings, exactly as JMH prints them in the CSV; {@code BenchParams} (package {@code trial}) parses them
 * with one clear line per mistake.
 */
@State(Scope.Benchmark)
public abstract class KvParams {

    /**
     * Store specs, {@code engine} or {@code engine:option=value+option=value}. Default
     * {@code all}: the command line ({@code cli.Main}) runs every registered engine ({@link Stores#ALL}). A workload an
     * engine cannot do is skipped by the command line, never measured.
     */
    @Param(Stores.ALL)
    public String store;

    /** Entries. */
    @Param("1000000")
    public String num;

    /** True: 4-byte big-endian int keys; false: 16-byte zero-padded decimal ASCII keys. */
    @Param("true")
    public String intKey;

    /** True: keys 0..num-1 in order; false: distinct random non-negative ints (fixed seed). */
    @Param("true")
    public String sequential;

    /** Bytes per value. */
    @Param("100")
    public String valSize;

    /** True: random bytes from a fixed seeded block; false: the key as an int, then zeros. */
    @Param("false")
    public String valRandom;

    /** Entries per commit (write batch or transaction), for every engine. */
    @Param("1000000")
    public String batchSize;

    /** Durable commits, for engines with a {@code sync} option (a spec's own option wins). */
    @Param("false")
    public String sync;
}
