package dev.kvbench.trial;

import dev.kvbench.store.StoreSpec;
import dev.kvbench.trial.WorkloadFamily.Given;
import dev.kvbench.trial.WorkloadFamily.Needs;
import dev.kvbench.trial.WorkloadFamily.Probe;
import dev.kvbench.workload.DataSpec;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a command line gives the 2016 data set's parameters ({@link BenchParams}), checked once for every family whose
 * trials run on that data set (the 2016 passes' and the application workloads'), so that neither family's package
 * needs the other's.
 */
public final class BenchData {

    private BenchData() {}

    /**
     * The checks of every family on the 2016 data set: every value of every data parameter, alone and in combination, is one a trial accepts, given once; the largest
     * data set, for the space check and the trial timeout.
     */
    public static Needs check(Given given) {
        given.require(BenchParams.NAMES);
        for (String name : BenchParams.NAMES) {
            Set<String> seen = new LinkedHashSet<>();
            for (String value : given.of(name)) {
                String same = name.equals("store") ? StoreSpec.parse(value).toString() : value.trim();
                if (!seen.add(same)) {
                    throw new IllegalArgumentException("-p " + name + "=" + String.join(",", given.of(name)) + " gives "
                            + value.trim() + " twice; give each value once");
                }
            }
        }
        Map<String, String> one = new LinkedHashMap<>();
        for (String name : BenchParams.NAMES) {
            one.put(name, given.of(name).get(0));
        }
        for (String name : List.of("sequential", "valRandom", "batchSize", "sync")) {
            for (String value : given.of(name)) {
                Map<String, String> trial = new LinkedHashMap<>(one);
                trial.put(name, value);
                BenchParams.parse(Given.withStandIn(trial));
            }
        }
        DataSpec largest = null;
        long space = 0;
        String what = null;
        for (String num : given.of("num")) {
            for (String intKey : given.of("intKey")) {
                for (String valSize : given.of("valSize")) {
                    Map<String, String> trial = new LinkedHashMap<>(one);
                    trial.put("num", num);
                    trial.put("intKey", intKey);
                    trial.put("valSize", valSize);
                    DataSpec data = BenchParams.parse(Given.withStandIn(trial)).data();
                    if (largest == null || WorkFolder.estimate(data) > WorkFolder.estimate(largest)) {
                        largest = data;
                    }
                    if (WorkFolder.estimate(data) > space) {
                        space = WorkFolder.estimate(data);
                        what = "the largest data set (" + data.num() + " entries, " + data.flatBytes() + " flat bytes)";
                    }
                }
            }
        }
        return new Needs(space, what, largest, Probe.every(given.of("intKey"), given.of("valSize")), null);
    }
}
