package dev.kvbench.interleave;

import dev.kvbench.interleave.Interleaver.Block;
import dev.kvbench.interleave.Interleaver.Settings;
import dev.kvbench.results.PairedRatio;
import dev.kvbench.results.SteadyTurns;
import java.io.PrintStream;
import java.util.List;

/**
 * The lines an interleaved run's log opens with, in JMH's {@code # Name: value} form: how the engines were measured,
 * warmed up, ranked and paired, which the report shows as the run's settings.
 */
final class RunHeader {

    private RunHeader() {}

    static void write(PrintStream log, List<Block> blocks, Settings settings) {
        log.println("# Benchmark mode: interleaved turns, each engine's median over its steady turns (ms/op)");
        log.println("# Warmup: "
                + YcsbTurnSize.warmupText(blocks, Interleaver.warmupText(settings.warmupRotations()), settings));
        log.println("# Measurement: turns of " + settings.turnMillis() + " ms per JVM after " + settings.warmMillis()
                + " ms of untimed passes (none where a pass is longer than a turn), " + settings.minRotations()
                + " rotations, then up to " + settings.maxRotations()
                + " for the engines of the neighbouring pairs of the"
                + " paired ranking whose order is not decided (a ratio's 99.9% interval holding 1 and wider than ±"
                + Math.round(PairedRatio.TIE_WIDTH * 100) + "%), until the extra rotations have taken "
                + settings.capText() + " the " + Interleaver.firstRotationsText(settings.warmupRotations())
                + " ones (the time cap); an engine short of the steady turns an interval needs takes more turns too");
        log.println("# Steady state: each engine-JVM's turns split at their changepoints (results.SteadyState); a score"
                + " and every paired ratio use only the turns at the JVM's steady level");
        log.println("# More JVMs: for an undecided pair one of whose engines' JVMs differ, " + settings.forks()
                + " more JVMs of both engines at a time, up to " + MoreJvms.MOST
                + " per engine, each loaded and settled"
                + " as the first ones, in rotations of their own, each engine's JVM j paired with the other's JVM j,"
                + " until the pair is decided or the added JVMs have taken " + settings.capText() + " the block took to"
                + " start its JVMs and run the fewest rotations");
        log.println("# Ranking: by paired ratios, each engine's turn over another's in the same rotation; limit rows"
                + " are measured, not ranked");
        log.println("# Host factors: each turn divided by its rotation's host factor, the median over the other engines"
                + " of the rotation (at least " + SteadyTurns.MIN_OTHERS + ") of their turn over their median turn");
        log.println("# JVMs: one per engine and block; a block's read workloads run one after another in it, on the"
                + " store it loaded once, each settled again before its turns");
        log.println("# Threads: 1 thread");
        log.println("# Fork: 1 of " + settings.forks());
        if (settings.forks() > 1) {
            log.println(
                    "# JVM pairs: each engine's JVM k takes its turns beside every other engine's JVM k; rotation r's"
                            + " turns of JVM k are paired as rotation " + settings.forks()
                            + "r+k, so that a ratio's interval"
                            + " holds what differs from one JVM to the next");
        }
    }
}
