package dev.kvbench.suite;

import dev.kvbench.cgroup.MemoryGroup;
import dev.kvbench.measure.Machine;
import dev.kvbench.text.Numbers;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The beyond-memory tests' control groups ({@link Experiment#limited()}): each test's limit worked out and checked
 * ({@link BeyondMemory}) when the suite is planned, its forks run in a group of that limit made for the run and
 * removed after it (and by the interrupt hook), and the group's facts in the test's meta file.
 */
final class MemoryLimits {

    /** Finds this machine's memory controller (tests replace it). */
    private final Supplier<MemoryGroup.Found> finder;

    private final PrintStream out;
    /** The memory limit of each beyond-memory test, by test number. */
    private final Map<Integer, Long> limits = new HashMap<>();
    /** The controller the groups are made with, once found. */
    private MemoryGroup.Controller controller;
    /** The group of the test running now, removed by the interrupt hook too. */
    private volatile MemoryGroup running;

    MemoryLimits(Supplier<MemoryGroup.Found> finder, PrintStream out) {
        this.finder = finder;
        this.out = out;
    }

    /**
     * The plan with each beyond-memory test's limit worked out and checked ({@link BeyondMemory}) and its forks' heap
     * set; without those tests, said in one line, where this machine cannot limit memory (no memory controller, not
     * root), the rest running. A suite of beyond-memory tests alone stops there (exit 2).
     */
    List<PlannedTest> apply(String suite, List<PlannedTest> plan, String configured) {
        if (plan.stream().noneMatch(t -> t.test().limited())) {
            return plan;
        }
        MemoryGroup.Found found = finder.get();
        if (found.controller().isEmpty()) {
            if (plan.stream().allMatch(t -> t.test().limited())) {
                throw new UsageException("./run.sh " + suite + " cannot run on this machine: " + found.missing());
            }
            out.println("the beyond-memory tests are left out: " + found.missing());
            return plan.stream().filter(t -> !t.test().limited()).toList();
        }
        controller = found.controller().get();
        List<PlannedTest> limited = new ArrayList<>();
        Map<String, Integer> commands = new HashMap<>();
        for (PlannedTest test : plan) {
            if (!test.test().limited()) {
                limited.add(test);
                continue;
            }
            Integer same = commands.putIfAbsent(test.command(), test.number());
            if (same != null) { // -p num gives every size's test the same sizes: one run of them is enough
                out.println("test " + test.number() + " is left out: with these options it is test " + same);
                continue;
            }
            long limit = BeyondMemory.limit(test, configured);
            BeyondMemory.check(test, limit, configured);
            limits.put(test.number(), limit);
            limited.add(test.withArgs(BeyondMemory.withHeap(test.args(), BeyondMemory.heap(limit, test.num())))
                    .withSeconds(test.seconds() + BeyondMemory.deviceSeconds(test, limit)));
        }
        return limited;
    }

    /** Whether test {@code n} runs in a control group. */
    boolean limits(int n) {
        return limits.containsKey(n);
    }

    /** The dry run's lines of a limited test: its group and heap, what the estimate counts, the disk's read-ahead. */
    List<String> planLines(PlannedTest test, Path diskDir) {
        long limit = limits.get(test.number());
        List<String> lines = new ArrayList<>();
        lines.add("(forks in a memory control group of " + Numbers.bytes(limit) + ", heap "
                + Numbers.bytes(BeyondMemory.heap(limit, test.num()))
                + "; what misses the page cache goes to the device: the"
                + " estimate counts " + Math.round(BeyondMemory.DEVICE_READ_SECONDS * 1e6) + " µs per random read and "
                + Math.round(BeyondMemory.DEVICE_INSERT_SECONDS * 1e6)
                + " µs per insert into a tree updated in place)");
        String readAhead = BeyondMemory.readAheadLine(diskDir);
        if (!readAhead.isEmpty()) {
            lines.add(readAhead);
        }
        return lines;
    }

    /** The group's facts for a limited test's meta file, once: its limit, heap, controller and disk folder. */
    void describe(Path results, PlannedTest test, Path disk) {
        if (!limits(test.number()) || Meta.read(results, test.number()).containsKey("memory.limitBytes")) {
            return;
        }
        long limit = limits.get(test.number());
        Meta.append(
                results,
                test.number(),
                BeyondMemory.metaLines(
                        limit,
                        BeyondMemory.heap(limit, test.num()),
                        controller.describe(),
                        disk,
                        Machine.fileSystem(disk),
                        test.test().memoryRatio(),
                        BeyondMemory.smallestFlat(test)));
    }

    /**
     * Runs the test with {@code launcher}, its forks in a memory control group of its limit: the forks' java is a
     * wrapper that joins the group and execs java; the JMH host and this runner stay outside. The group's peak and its
     * OOM kills go to the meta file.
     */
    int run(Launcher launcher, PlannedTest test, Path into, Path results) throws InterruptedException {
        long limit = limits.get(test.number());
        Path wrapper = results.resolve(".java-in-memory-group-" + test.number());
        MemoryGroup group;
        try {
            group = MemoryGroup.create(
                    controller, "kvbench-" + ProcessHandle.current().pid() + "-test" + test.number(), limit);
        } catch (IllegalStateException e) {
            throw new SuiteFailure("test " + test.number() + ": " + e.getMessage());
        }
        running = group;
        try {
            group.wrapper(wrapper, BeyondMemory.java(test.args()));
            int exit = launcher.run(test.withArgs(BeyondMemory.throughWrapper(test.args(), wrapper)), into);
            Meta.append(
                    results,
                    test.number(),
                    List.of("memory.peakBytes=" + group.peak(), "memory.oomKills=" + group.oomKills()));
            return exit;
        } finally {
            running = null;
            group.close();
            try {
                Files.deleteIfExists(wrapper);
            } catch (IOException e) {
                // a leftover script, harmless
            }
        }
    }

    /** Removes the group of the test running now, if any (the suite was interrupted). */
    void stop() {
        MemoryGroup group = running;
        if (group != null) {
            group.close();
        }
    }
}
