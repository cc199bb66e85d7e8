package dev.kvbench.trial;

import dev.kvbench.workload.Workload;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What every family declares alike, given once (as {@code store.BaseEngine} does for engines): its facts and its parser.
 * Public, so that a family in a package of its own (a test's) extends it.
 */
public abstract class BaseFamily implements WorkloadFamily {

    private final String name;
    private final Set<Workload> workloads;
    private final List<String> paramNames;
    private final Function<Map<String, String>, TrialParams> parser;

    protected BaseFamily(
            String name,
            Set<Workload> workloads,
            List<String> paramNames,
            Function<Map<String, String>, TrialParams> parser) {
        this.name = name;
        this.workloads = Set.copyOf(workloads);
        this.paramNames = paramNames;
        this.parser = parser;
    }

    @Override
    public final String name() {
        return name;
    }

    /** A family's parser is its parameter class's own {@code parse}, which words every mistake in one line. */
    @Override
    public final TrialParams parse(Map<String, String> params) {
        return parser.apply(params);
    }

    @Override
    public final Set<Workload> workloads() {
        return workloads;
    }

    /** The family's name, as parameterised tests show it. */
    @Override
    public String toString() {
        return name;
    }

    @Override
    public final List<String> paramNames() {
        return paramNames;
    }
}
