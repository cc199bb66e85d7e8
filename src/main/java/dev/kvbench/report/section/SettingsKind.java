package dev.kvbench.report.section;

import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.store.StoreSpec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Test 1: one chart per option, each engine's defaults beside its specs that set options (a spec of another
 * library or JVM beside its own defaults there: {@code lmdb:jdk=25} for {@code lmdb:sync=true+jdk=25}).
 */
final class SettingsKind extends DataSetKind {

    SettingsKind(ResultsFolder folder, Specs specs, Markdown md, ReportCharts charts) {
        super(folder, specs, md, charts);
    }

    @Override
    void write(TestRun test, Group group, String stem, List<String> specList) {
        Figures.Unit unit = Figures.Unit.time(group.results());
        Set<String> options = new LinkedHashSet<>();
        specList.forEach(spec -> options.addAll(Specs.options(spec).keySet()));
        for (String option : options) {
            List<String> compared = specList.stream()
                    .filter(spec -> Specs.options(spec).containsKey(option)
                            || (!Specs.hasOptions(spec)
                                    && specList.stream()
                                            .anyMatch(v -> Specs.options(v).containsKey(option)
                                                    && defaults(v).equals(spec))))
                    .toList();
            md.heading(4, "Setting: " + option);
            if (option.equals("sync") && "tmpfs".equals(folder.env.get("work.fs"))) {
                md.paragraph("The work folder was on tmpfs (env.txt), where a sync has no disk to wait for: "
                        + "this comparison measures the calls, not durable storage.");
            }
            List<String> charted = new ArrayList<>(compared);
            specList.stream().filter(specs::reference).forEach(charted::add); // the limit rows, in every chart
            charts.add(figures.time(stem + "-" + option, option + ": " + group.title(), group, charted));
            List<String> sentences = new ArrayList<>();
            for (String tuned : compared.stream().filter(Specs::hasOptions).toList()) {
                String base = defaults(tuned);
                for (String workload : group.workloads()) {
                    Optional<Result> v = group.find(tuned, workload).filter(Result::ok);
                    Optional<Result> b = group.find(base, workload).filter(Result::ok);
                    if (v.isPresent() && b.isPresent()) {
                        sentences.add(findings.versus(workload, v.get(), b.get(), unit));
                    }
                }
            }
            md.bullets(sentences);
        }
        md.heading(4, "All settings");
        timeTable(group, specList, unit);
        storageAndCosts(group, stem, specList);
    }

    /** The spec without its engine options: the engine's defaults, in the same library and JVM. */
    private static String defaults(String spec) {
        StoreSpec parsed = Specs.parse(spec);
        return new StoreSpec(parsed.engine(), Map.of(), parsed.variant()).toString();
    }
}
