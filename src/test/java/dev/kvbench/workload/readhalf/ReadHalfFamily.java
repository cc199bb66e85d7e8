package dev.kvbench.workload.readhalf;

import dev.kvbench.store.Capability;
import dev.kvbench.trial.BaseFamily;
import dev.kvbench.trial.SuiteOffer;
import dev.kvbench.trial.Trial;
import dev.kvbench.workload.DataSet;
import dev.kvbench.workload.PassCheck;
import dev.kvbench.workload.Workload;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A test-only workload family of one package and one registration line (in {@code src/test/resources/META-INF/services}),
 * with checks of its own: readHalf, a cursor pass over the first half of the keys and gets of the second half
 * ({@link ReadHalf}), checked against its own expected count, value bytes and key fold. It interleaves as the 2016
 * read passes do (a turn is whole passes over the store loaded once) and brings a suite of one test, {@code readhalf}.
 * {@code ReadHalfTest} runs it where a user does: the benchmark jar, plainly and interleaved, and that suite.
 */
public final class ReadHalfFamily extends BaseFamily {

    /** The family's one workload: stores without an ordered cursor cannot run it. */
    public static final Workload READ_HALF = Workload.of("readHalf", Capability.ORDERED);

    /** The suite the family brings. */
    static final String SUITE = "readhalf";

    public ReadHalfFamily() {
        super("readHalf", Set.of(READ_HALF), ReadHalfParams.NAMES, ReadHalfParams::parse);
    }

    /** Every num given is a trial's; the largest sizes the room, int keys and the one value size the preflight. */
    @Override
    public Needs check(Given given) {
        given.require(ReadHalfParams.NAMES);
        long space = 0;
        String what = null;
        for (String num : given.of("num")) {
            ReadHalfParams params = ReadHalfParams.parse(Given.trial("num", num));
            if (params.spaceNeeded() > space) {
                space = params.spaceNeeded();
                what = "readHalf of " + params.describe();
            }
        }
        return Needs.of(space, what, new Probe(true, ReadHalfParams.VAL_SIZE));
    }

    @Override
    public Trial.Operation pass(Workload workload, int batchSize) {
        return ReadHalf.operation();
    }

    @Override
    public Turn turn(Workload workload) {
        return Turn.LOADED_PASS;
    }

    @Override
    public PassCheck expect(Workload workload, DataSet data) {
        return ReadHalf.expected(data);
    }

    /** One test: every engine given, on 2,000 entries, interleaved in turns of one pass, briefly. */
    @Override
    public List<SuiteOffer> suites() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("-interleave", "true");
        options.put("-f", "1");
        options.put("-wi", "0");
        options.put("-i", "1");
        options.put("-r", "1ms");
        options.put("-foe", "false");
        options.put("-jvmArgsAppend", "-Dkvbench.settle.maxMs=0");
        SuiteOffer.Test test = new SuiteOffer.Test(
                "readHalf on every engine",
                "A cursor over the first half of the keys, then gets of the second half, checked against its own count"
                        + " and key fold.",
                "panels",
                List.of("readHalf"),
                Map.of(),
                options,
                2000);
        return List.of(new SuiteOffer(
                SUITE, "readHalf, a test-only family's workload, on every engine, interleaved", List.of(test)));
    }
}
