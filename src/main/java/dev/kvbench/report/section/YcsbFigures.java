package dev.kvbench.report.section;

import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Metrics;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.Verdict;
import dev.kvbench.results.Metric;
import dev.kvbench.text.Numbers;
import java.util.Optional;

/**
 * A YCSB run's figures as the report reads them from its side file ({@code ycsb.*} metrics): the run phase's rate and
 * its ±, interleaved, in rounds or measured once, and the score {@link Verdict} ranks by. The YCSB sections, the
 * answer and YCSB's own client's section read them alike.
 */
final class YcsbFigures {

    private YcsbFigures() {}

    /**
     * A run as {@link Verdict} scores it: its time per operation in the run phase (ms, all threads together), with as
     * its ± the wider side of the throughput's interval turned into time; no ± for a run measured once.
     */
    static Result scored(Result r) {
        if (r.paired()) {
            return r; // interleaved: its score is the median of its turns' time per operation, its turns paired
        }
        double ops = rate(r);
        double spread = spread(r);
        double ms = 1000 / ops;
        double error = Double.isNaN(spread)
                ? Double.NaN
                : spread >= ops ? Double.POSITIVE_INFINITY : 1000 / (ops - spread) - ms;
        return new Result(r.key(), ms, error, Result.Status.OK, null, r.metrics());
    }

    /** "114,956 ± 3,200 ops/s" in the run phase, or "114,956 ops/s" for a run measured once. */
    static String opsText(Result r) {
        return runText(r) + " ops/s";
    }

    /** The run phase's rate and its ± ({@link #rate}, {@link #spread}). */
    static String runText(Result r) {
        return withSpread(rate(r), spread(r));
    }

    /** A throughput metric of a run and, measured in rounds, its ± ({@link Metrics#spread}): "114,956 ± 3,200", or "114,956". */
    static String withSpread(Result r, String metric) {
        return withSpread(r.metric(metric), r.metric(Metrics.spread(metric)));
    }

    /** "114,956 ± 3,200", or "114,956" without a spread; an unbounded one (an interval of times reaching 0) says so. */
    static String withSpread(double value, double spread) {
        return Numbers.sig3(value)
                + (Double.isNaN(spread)
                        ? ""
                        : Double.isInfinite(spread) ? " (± unbounded)" : " ± " + Numbers.sig3(spread));
    }

    /**
     * The ± of the run phase's operations per second: interleaved, the wider side of the interval of the turns'
     * median turned into a rate; in rounds, the rounds' ({@link Metrics#spread}); NaN for a run measured once.
     */
    static double spread(Result r) {
        if (r.paired()) {
            double low = r.ms() - r.errorMs();
            return Double.isNaN(r.errorMs())
                    ? Double.NaN
                    : low <= 0 ? Double.POSITIVE_INFINITY : 1000 / low - 1000 / r.ms();
        }
        return r.metric(Metrics.spread(Metric.ycsb("run", "opsPerSec")));
    }

    /**
     * The run phase's operations per second: interleaved, from the median of its turns' time per operation (all
     * client threads together); run once or in rounds, the phase's own.
     */
    static double rate(Result r) {
        return r.paired() ? 1000 / r.ms() : r.metric(Metric.ycsb("run", "opsPerSec"));
    }

    static Optional<Result> run(Group group, String spec) {
        return group.results().stream().filter(r -> r.store().equals(spec)).findFirst();
    }
}
