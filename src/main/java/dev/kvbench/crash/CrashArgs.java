package dev.kvbench.crash;

import dev.kvbench.workload.DataSpec;
import java.util.List;

/** The data set and batch size the crash test's parent hands its writer and checker, as arguments. */
record CrashArgs(DataSpec spec, int batchSize) {

    List<String> args() {
        return List.of(
                Integer.toString(spec.num()),
                Boolean.toString(spec.intKey()),
                Boolean.toString(spec.sequential()),
                Integer.toString(spec.valSize()),
                Boolean.toString(spec.valRandom()),
                Integer.toString(batchSize));
    }

    static CrashArgs parse(String[] args, int from) {
        return new CrashArgs(
                new DataSpec(
                        Integer.parseInt(args[from]),
                        Boolean.parseBoolean(args[from + 1]),
                        Boolean.parseBoolean(args[from + 2]),
                        Integer.parseInt(args[from + 3]),
                        Boolean.parseBoolean(args[from + 4])),
                Integer.parseInt(args[from + 5]));
    }
}
