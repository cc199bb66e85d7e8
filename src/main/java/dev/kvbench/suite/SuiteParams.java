package dev.kvbench.suite;

import dev.kvbench.store.Engine;
import dev.kvbench.store.Stores;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What the suites' tests share: their engine rows, their data and the JMH options they run with, each spelt as a
 * command line gives it ({@code -p name=value}, {@code -f 1}). Where a test names its stores, the limit rows
 * ({@link #withLimits}) are added, so that they appear in every chart; a test that names none runs every registered
 * engine. In every suite a failed run lets the others go on ({@code -foe false}); the report lists it.
 */
final class SuiteParams {

    /** The six workloads of the 2016 report. */
    static final List<String> SIX = List.of("write", "readKey", "readSeq", "readRev", "readCrc", "readXxh64");

    static final List<String> THREE = List.of("write", "readKey", "readSeq");

    private SuiteParams() {}

    /**
     * Registered engines as one JMH value, in registration order, then the limit rows: every engine but the second
     * bindings of another ({@link Engine#bindingOf()}).
     */
    static String oneBindingEach() {
        return withLimits(engines(engine -> engine.bindingOf().isEmpty()));
    }

    /** The registered engines that {@code row} takes, limit rows left out, joined by commas. */
    static String engines(Predicate<Engine> row) {
        return String.join(
                ",",
                Stores.engines().stream()
                        .filter(engine -> !engine.isReference())
                        .filter(row)
                        .map(Engine::name)
                        .toList());
    }

    /** {@code stores} and every limit row ({@link Engine#isReference()}: array, heap, null), as one JMH value. */
    static String withLimits(String stores) {
        List<String> all = new ArrayList<>(List.of(stores.split(",")));
        Stores.engines().stream()
                .filter(Engine::isReference)
                .map(Engine::name)
                .filter(name -> !all.contains(name))
                .forEach(all::add);
        return String.join(",", all);
    }

    /**
     * Interleaved turns ({@code -interleave true}): {@code jvms} JVMs per engine and block (each JVM's turns paired with
     * the other engines' JVM of the same number), {@code warmups} warm-up rotations after every JVM has settled, then
     * {@code rotations} measured ones of 100 ms turns per JVM (more for the engines of undecided pairs). {@code -wi} is
     * also the JMH warmup iterations (100 ms) of the direct-API baselines that run beside them.
     */
    static Map<String, String> interleaved(int jvms, int warmups, int rotations) {
        return options(
                "-interleave",
                "true",
                "-f",
                Integer.toString(jvms),
                "-wi",
                Integer.toString(warmups),
                "-w",
                "100ms",
                "-i",
                Integer.toString(rotations),
                "-r",
                "100ms",
                "-foe",
                "false");
    }

    static Map<String, String> params(String... pairs) {
        return options(pairs);
    }

    /** The 2016 report's data as most tests run it: int keys inserted in random order, values of {@code valSizes} bytes. */
    static Map<String, String> randomIntKeys(String valSizes) {
        return params("intKey", "true", "sequential", "false", "valSize", valSizes);
    }

    /** Int keys inserted in ascending order, values of {@code valSizes} bytes. */
    static Map<String, String> sequentialIntKeys(String valSizes) {
        return params("intKey", "true", "sequential", "true", "valSize", valSizes);
    }

    /**
     * The concurrent runs' readers and writer, as the RocksDB in-memory benchmark's light rate has them: 2 reader
     * threads while one writer writes 10,000 entries a second, for {@code seconds}.
     */
    static Map<String, String> twoReadersUnderWriter(int seconds) {
        return params("readers", "2", "writesPerSec", "10000", "duration", Integer.toString(seconds));
    }

    /** JMH options for a test that runs in one fork: {@code warmups} and {@code iterations}, a failed run not stopping the rest. */
    static Map<String, String> oneFork(int warmups, int iterations) {
        return options(
                "-f", "1", "-wi", Integer.toString(warmups), "-i", Integer.toString(iterations), "-foe", "false");
    }

    /** {@link #oneFork} with every pass timed as one single shot ({@code -bm ss}). */
    static Map<String, String> singleShot(int warmups, int iterations) {
        return concat(options("-bm", "ss"), oneFork(warmups, iterations));
    }

    /** {@code parts} one after another, in order: JMH parameters or options, as a command line gives them. */
    @SafeVarargs
    static Map<String, String> concat(Map<String, String>... parts) {
        Map<String, String> all = new LinkedHashMap<>();
        for (Map<String, String> part : parts) {
            all.putAll(part);
        }
        return all;
    }

    static Map<String, String> options(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return map;
    }
}
