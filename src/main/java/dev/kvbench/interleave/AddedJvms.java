package dev.kvbench.interleave;

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

    @Override
    public void end(EngineJvm server) throws InterruptedException {
        owner.end(server, servers, ended);
    }
}
