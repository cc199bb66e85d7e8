package dev.kvbench.report.section;

import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.Specs;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a data set's checks verified, said only of the engines that passed them: where an engine failed, the sentence
 * names it with the line its trial failed on (a check's own words), and says it has no number and no rank here, so
 * the report never claims a check that an engine did not pass.
 */
final class VerifiedSentence {

    private VerifiedSentence() {}

    /**
     * "{@code what} was verified." where no engine of {@code group} failed; else on which engines it was, which failed
     * and why. Skipped engines ran nothing to verify, and the failures section lists them.
     */
    static String of(String what, Group group, List<String> specList, Specs specs) {
        List<String> passed = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (String spec : specList) {
            List<Result> runs =
                    group.results().stream().filter(r -> r.store().equals(spec)).toList();
            Optional<Result> failure = runs.stream()
                    .filter(r -> r.status() == Result.Status.FAILED)
                    .findFirst();
            if (failure.isPresent()) {
                String reason = failure.get().reason();
                failed.add(specs.label(spec) + " failed: "
                        + (reason == null || reason.isBlank() ? "see its test's log" : reason));
            } else if (runs.stream().anyMatch(Result::ok)) {
                passed.add(specs.label(spec));
            }
        }
        String said = Character.toUpperCase(what.charAt(0)) + what.substring(1);
        if (failed.isEmpty()) {
            return said + " was verified.";
        }
        return (passed.isEmpty() ? "No engine passed every check" : said + " was verified on " + list(passed))
                + "; "
                + String.join("; ", failed)
                + (failed.size() == 1
                        ? ": it has no number here and is not ranked."
                        : ": these have no number here and are" + " not ranked.");
    }

    private static String list(List<String> names) {
        return names.size() == 1
                ? names.get(0)
                : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }
}
