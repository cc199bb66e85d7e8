package dev.kvbench.workload.ycsb;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.DiscreteSampler;
import org.apache.commons.rng.sampling.distribution.GuideTableDiscreteSampler;

import dev.kvbench.workload.ycsb.WorkloadProperties.Op;

/**
 * The operation mix: each operation drawn with its proportion ({@code readproportion} ...
 * {@code deleteproportion}), by Commons RNG's guide-table sampler (an exact draw from a discrete
 * distribution: one uniform number, a table look-up); a mix of one operation (YCSB's C) draws
 * nothing. One instance per thread.
 */
public final class OperationMix {

    private final Op[] ops;
    private final DiscreteSampler sampler;

    public OperationMix(WorkloadProperties properties, UniformRandomProvider random) {
        List<Op> used = new ArrayList<>();
        List<Double> weights = new ArrayList<>();
        for (Op op : Op.values()) {
            double p = properties.proportion(op);
            if (p > 0) {
                used.add(op);
                weights.add(p);
            }
        }
        this.ops = used.toArray(new Op[0]);
        this.sampler = GuideTableDiscreteSampler.of(random, weights.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The operations with a proportion above 0, in {@link Op} order. */
    public List<Op> used() {
        return List.of(ops);
    }

    public Op next() {
        return ops.length == 1 ? ops[0] : ops[sampler.sample()];
    }
}
