package dev.kvbench.workload.ycsb;

import dev.kvbench.workload.ycsb.WorkloadProperties.Op;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The operation mix: each operation drawn with its proportion ({@code readproportion} ...
 * {@code deleteproportion}), as YCSB's {@code DiscreteGenerator} draws it: one uniform number,
 * then the first operation whose cumulative proportion is above it (an exact draw; with at most
 * six operations a short scan is cheaper than Commons RNG's guide-table sampler, 2-6 ns against
 * 10-11 here). A mix of one operation (YCSB's C) draws nothing. One instance per thread.
 */
public final class OperationMix {

    private final Op[] ops;
    /** The cumulative proportions, divided by their sum; the last is infinite, above any uniform number. */
    private final double[] upTo;

    private final UniformRandomProvider random;

    public OperationMix(WorkloadProperties properties, UniformRandomProvider random) {
        List<Op> used = new ArrayList<>();
        List<Double> weights = new ArrayList<>();
        double total = 0;
        for (Op op : Op.values()) {
            double p = properties.proportion(op);
            if (p > 0) {
                used.add(op);
                weights.add(p);
                total += p;
            }
        }
        this.ops = used.toArray(new Op[0]);
        this.upTo = new double[ops.length];
        double sum = 0;
        for (int i = 0; i < ops.length; i++) {
            sum += weights.get(i);
            upTo[i] = i == ops.length - 1 ? Double.POSITIVE_INFINITY : sum / total;
        }
        this.random = random;
    }

    /** The operations with a proportion above 0, in {@link Op} order. */
    public List<Op> used() {
        return List.of(ops);
    }

    public Op next() {
        if (ops.length == 1) {
            return ops[0];
        }
        double u = random.nextDouble();
        int i = 0;
        while (u >= upTo[i]) {
            i++;
        }
        return ops[i];
    }
}
