package dev.kvbench.trial;

import java.util.List;
import java.util.Map;

/**
 * A suite a workload family brings ({@link WorkloadFamily#suites()}), in the words the suite registry needs and no
 * more, since nothing imports {@code suite}: it registers it beside its own suites, under the name given here.
 *
 * @param name  what the command line calls it ({@code ./run.sh NAME}); no registered suite has it
 * @param about what it runs, as {@code run.sh}'s usage says a suite's line
 * @param tests its tests, in order
 */
public record SuiteOffer(String name, String about, List<Test> tests) {

    /**
     * One test of the suite: one JMH run, written to {@code out-N.*}.
     *
     * @param title     its heading in the report
     * @param about     a sentence or two on what it shows
     * @param chart     the report's kind of test that draws it, by the name {@code out-N.meta} gives it ({@code panels})
     * @param workloads its workloads (benchmark methods)
     * @param params    its JMH parameters other than {@code num}, in order; without {@code store}, every engine
     * @param options   its JMH options and their values ({@code -interleave true}), in order
     * @param entries   its entry count ({@code num})
     */
    public record Test(
            String title,
            String about,
            String chart,
            List<String> workloads,
            Map<String, String> params,
            Map<String, String> options,
            int entries) {}
}
