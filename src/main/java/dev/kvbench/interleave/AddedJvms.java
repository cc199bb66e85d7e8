package dev.kvbench.interleave;

import dev.kvbench.measure.Machine;
import dev.kvbench.trial.JvmMemory;
import dev.kvbench.trial.TrialParams;
import dev.kvbench.trial.WorkloadFamilies;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The JVMs added to a benchmark whose JVMs disagree ({@link MoreJvms}): on that benchmark only, ended after it. */
final class AddedJvms implements MoreJvms.Jvms {
    private final Interleaver owner;
    private final String benchmark;
    private final List<EngineJvm> servers;
    private final Map<String, Set<Map<String, String>>> ended;

    AddedJvms(
            Interleaver owner, String benchmark, List<EngineJvm> servers, Map<String, Set<Map<String, String>>> ended) {
        this.owner = owner;
        this.benchmark = benchmark;
        this.servers = servers;
        this.ended = ended;
    }

    @Override
    public List<EngineJvm> start(List<Map<String, String>> trials, int from, int count) throws InterruptedException {
        List<EngineJvm> waiting = new ArrayList<>();
        List<EngineJvm> all = new ArrayList<>();
        for (int fork = from; fork < from + count; fork++) {
            for (Map<String, String> params : trials) {
                String label = params.get("store") + "#" + (fork + 1);
                waiting.add(
                        EngineJvm.start(owner.java.apply(params), List.of(benchmark), params, fork, label, owner.log));
                all.add(waiting.get(waiting.size() - 1));
                if (waiting.size() == owner.startAtOnce) {
                    owner.ready(waiting, servers);
                }
            }
        }
        owner.ready(waiting, servers);
        return all.stream().filter(servers::contains).toList();
    }

    /**
     * Whether {@code count} more JVMs of each of {@code trials} fit in the memory free now (MemAvailable), less the
     * margin the suite's memory plan leaves ({@link JvmMemory#usable}: 5%, at least 1 GiB), each counted as the plan
     * counts a JVM ({@link JvmMemory}, its store's files included). The plan counts the block's JVMs only: the worst
     * case of added JVMs, five more of each of two engines, would take a third of a quick run's memory for JVMs most
     * blocks never start. They start after the block's JVMs have loaded their stores and run every rotation, so
     * what is free then is what those JVMs leave; the margin covers their heaps growing further. An unknown
     * MemAvailable is not checked, as in the plan.
     */
    @Override
    public boolean fit(List<Map<String, String>> trials, int count) {
        long free = Machine.memAvailable();
        if (free <= 0) {
            return true;
        }
        long need = 0;
        for (Map<String, String> params : trials) {
            TrialParams trial = WorkloadFamilies.ofBenchmark(benchmark).parse(params);
            need += count
                    * JvmMemory.of(trial.store(), trial.shape(), owner.java.apply(params))
                            .total(true);
        }
        return need <= JvmMemory.usable(free);
    }

    @Override
    public void end(EngineJvm server) throws InterruptedException {
        owner.end(server, servers, ended);
    }
}
