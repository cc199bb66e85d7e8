package dev.kvbench.suite;

import java.util.List;
import java.util.Map;

/**
 * The {@code smoke} suite: every engine on every workload, on data too small to rank them, so that a run of a few
 * minutes (CI's) shows that each engine runs each workload and passes its checks. One test per family of workloads,
 * each run as its own suite runs it but as briefly as it can be.
 */
final class SmokeSuite {

    private SmokeSuite() {}

    static List<Experiment> smoke() {
        Map<String, String> once = SuiteParams.singleShot(0, 1);
        return List.of(everyWorkloadOnTinyData(), dirWalkOnTinyTree(once), appWorkloadsOnTinyData(once));
    }

    /** Every engine on the 2016 report's six passes, on tiny data. */
    private static Experiment everyWorkloadOnTinyData() {
        // the six passes run as quick runs them, interleaved: a JVM per engine for the reads, on one loaded store,
        // and one for the write (34 JVMs where one JMH fork per run started 102); a turn of one pass, no settling
        Map<String, String> turns = SuiteParams.options(
                "-interleave",
                "true",
                "-f",
                "1",
                "-wi",
                "0",
                "-i",
                "1",
                "-r",
                "1ms",
                "-foe",
                "false",
                "-jvmArgsAppend",
                "-Dkvbench.settle.maxMs=0");
        return check(
                        "Every engine and workload on tiny data",
                        "A check that every engine runs every workload and passes its checks; too small to rank engines.")
                .workloads(SuiteParams.SIX)
                .params(SuiteParams.randomIntKeys("100"))
                .options(turns)
                .entries(2000);
    }

    /** dirWalk on a tiny tree in its three encodings, every field decoded. */
    private static Experiment dirWalkOnTinyTree(Map<String, String> once) {
        return check(
                        "Directory tree walk on a tiny tree",
                        "dirWalk on a tree of 3 x 4 (120 directories) in three encodings, every field decoded: a check that every engine walks it and passes.")
                .workloads("dirWalk")
                .params(SuiteParams.params(
                        "fanout", "3", "depth", "4", "encoding", "LONG,PROTO,FLAT_BUFFER", "fields", "all"))
                .options(once)
                .entries(120);
    }

    /** The application workloads on tiny data, one-second runs. */
    private static Experiment appWorkloadsOnTinyData(Map<String, String> once) {
        return check(
                        "Application workloads on tiny data",
                        "readWhileWriting, prefixScan and readKey by threads on tiny data, two readers, one-second runs: a check that every engine that can runs them and passes.")
                .workloads("readWhileWriting", "prefixScan", "readKeyThreads")
                .params(SuiteParams.concat(
                        SuiteParams.randomIntKeys("100"), SuiteParams.params("readers", "2", "duration", "1")))
                .options(once)
                .entries(2000);
    }

    /** A smoke test: too small to rank engines, so drawn as its suite would draw it but unranked. */
    private static Experiment.Builder check(String title, String about) {
        return Experiment.titled(title, about).chart(Chart.panels().unranked());
    }
}
