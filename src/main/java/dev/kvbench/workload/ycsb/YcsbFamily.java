package dev.kvbench.workload.ycsb;

import dev.kvbench.store.Capability;
import dev.kvbench.trial.BaseFamily;
import dev.kvbench.workload.Workload;
import java.util.List;
import java.util.Set;

/** A YCSB workload file or preset, with its overrides ({@link YcsbParams}): load, run, check of every record. */
public final class YcsbFamily extends BaseFamily {

    public YcsbFamily() {
        super("YCSB", Set.of(Workload.YCSB), YcsbParams.NAMES, YcsbParams::parse);
    }

    /**
     * A scan's need of an ordered cursor was settled before the preflight ({@link Needs#scanning()}), and a store
     * that keeps nothing runs YCSB as the client's own cost.
     */
    @Override
    public String unable(Workload workload, String engine, Set<Capability> declared) {
        return null;
    }

    /**
     * Every YCSB workload and override given is one that runs (one line for the first that is not: an unknown
     * property, proportions, a distribution...), and the largest fits the work folder; a workload that scans needs an
     * ordered cursor, which an engine declares before any store opens.
     */
    @Override
    public Needs check(Given given) {
        given.require(YcsbParams.NAMES);
        String scanning = null;
        int valSize = 0;
        long space = 0;
        String what = null;
        long timed = 0;
        for (String workload : given.of("workload")) {
            for (String props : given.of("props")) {
                YcsbParams ycsb = YcsbParams.parse(Given.trial("workload", workload, "props", props, "sync", "false"));
                if (ycsb.properties().scans() && scanning == null) {
                    scanning = ycsb.properties().source() + " (scanproportion="
                            + ycsb.properties().get("scanproportion") + ")";
                }
                valSize = Math.max(valSize, ycsb.shape().valSize());
                timed = Math.max(timed, ycsb.properties().maxExecutionTimeSec());
                if (ycsb.spaceNeeded() > space) {
                    space = ycsb.spaceNeeded();
                    what = "the YCSB workload " + ycsb.describe() + " (recordcount too large for the work"
                            + " folder? lower it with -p recordcount=...)";
                }
            }
        }
        return new Needs(space, what, null, List.of(Probe.stringKeys(valSize)), scanning, timed);
    }

    /** Its run phase in turns of the same operations on every engine. */
    @Override
    public Turn turn(Workload workload) {
        return Turn.OPERATIONS;
    }

    @Override
    public String benchmarkPackage() {
        return "dev.kvbench.bench";
    }
}
