package dev.kvbench.workload.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.workload.ycsb.WorkloadProperties.Op;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.commons.math3.stat.inference.ChiSquareTest;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * The generators draw what YCSB draws for the same properties, shown by their observed
 * frequencies, not by reading the code: a chi-square goodness-of-fit test of each generator's
 * counts against the probabilities YCSB's generator gives (fixed seeds, so each test is one fixed
 * sample; it passes when the p-value is above 0.001), the rank-frequency slope of zipfian, the
 * skew of latest toward the newest insert and hotspot's share of operations on the hot set.
 */
class DistributionsTest {

    private static final int ITEMS = 1000;
    private static final int SAMPLES = 1_000_000;
    private static final double ALPHA = 0.001;

    @Test
    void zetaOfYcsbsItemSpaceIsYcsbsConstant() {
        assertEquals(26.46902820178302, Zipfian.zeta(KeyChooser.ZIPFIAN_ITEMS, 0.99), 1e-9);
        assertEquals(exactZeta(3_000_000, 0.9), Zipfian.zeta(3_000_000, 0.9), 1e-9);
    }

    @Test
    void zipfianRanksFitGraysProbabilities() {
        Zipfian zipfian = new Zipfian(ITEMS, 0.99);
        double[] expected = new double[ITEMS];
        double sum = 0;
        for (int r = 0; r < ITEMS; r++) {
            expected[r] = zipfian.probability(r);
            sum += expected[r];
        }
        assertEquals(1, sum, 1e-9);
        UniformRandomProvider random = Sampling.source(1, 0);
        long[] observed = new long[ITEMS];
        for (int i = 0; i < SAMPLES; i++) {
            observed[(int) zipfian.rank(random.nextDouble())]++;
        }
        assertFits(expected, observed, "zipfian ranks");
    }

    @Test
    void zipfianRankFrequencySlopeIsMinusTheConstant() {
        for (double theta : new double[] {0.99, 0.8, 0.5}) {
            Zipfian zipfian = new Zipfian(ITEMS, theta);
            UniformRandomProvider random = Sampling.source(2, 0);
            long[] counts = new long[ITEMS];
            for (int i = 0; i < SAMPLES; i++) {
                counts[(int) zipfian.rank(random.nextDouble())]++;
            }
            double slope = rankFrequencySlope(counts, 100);
            assertEquals(-theta, slope, 0.03, "rank-frequency slope for zipfianconstant " + theta);
        }
    }

    @Test
    void scrambledZipfianFitsYcsbsHashedRanks() {
        // expected: the zipfian probability of every rank below 2 million hashed to its item; the rest
        // (the tail of the 10^10 ranks, each below 1e-8) spread evenly, as the hash spreads them
        Zipfian zipfian = new Zipfian(KeyChooser.ZIPFIAN_ITEMS, 0.99);
        double[] expected = new double[ITEMS];
        double head = 0;
        for (long r = 0; r < 2_000_000; r++) {
            double p = zipfian.probability(r);
            expected[(int) (Fnv.hash64(r) % ITEMS)] += p;
            head += p;
        }
        for (int i = 0; i < ITEMS; i++) {
            expected[i] += (1 - head) / ITEMS;
        }
        long[] observed = draw(KeyChooser.scrambledZipfian(Sampling.source(3, 0), loaded(ITEMS), 0, ITEMS, 0.99));
        assertFits(expected, observed, "scrambled zipfian");
        assertEquals(Fnv.hash64(0) % ITEMS, argMax(observed), "the hottest record is rank 0's hash");
        double slope = rankFrequencySlope(sortedDescending(observed), 10);
        assertTrue(slope < -0.8 && slope > -1.2, "the hottest records keep zipfian's slope: " + slope);
    }

    /**
     * YCSB 0.17.0's CoreWorkload builds ScrambledZipfianGenerator(insertstart, insertstart + insertcount +
     * expectednewkeys), whose item count is max - min + 1, and maps a zipfian rank to min + fnv64(rank) % itemcount
     * (FNV-1 over the rank's 8 bytes, low byte first, then its absolute value). The hottest key numbers follow from that
     * formula, not from a seed: rank r's key is the same in both tools. Written out here from YCSB's code, not from
     * kvbench's {@link Fnv}.
     */
    private static long ycsbKeyOfRank(long rank, long insertStart, long itemCount) {
        long hash = 0xCBF29CE484222325L;
        long value = rank;
        for (int i = 0; i < 8; i++) {
            hash = (hash ^ (value & 0xff)) * 1099511628211L;
            value = value >> 8;
        }
        return insertStart + Math.abs(hash) % itemCount;
    }

    @Test
    void theHottestZipfianKeysAreYcsbsForTheSameProperties() {
        for (Map<String, String> file : java.util.List.of(
                Map.of("recordcount", "100000", "operationcount", "2000000", "requestdistribution", "zipfian"),
                Map.of(
                        "recordcount",
                        "100000",
                        "operationcount",
                        "200000",
                        "requestdistribution",
                        "zipfian",
                        "readproportion",
                        "0.95",
                        "updateproportion",
                        "0",
                        "insertproportion",
                        "0.05"))) {
            WorkloadProperties properties = WorkloadProperties.of(file);
            long expectedNewKeys = (long) (properties.operationCount() * properties.proportion(Op.INSERT) * 2.0);
            long itemCount = properties.insertCount() + expectedNewKeys + 1; // max - min + 1
            InsertCounter counter =
                    loaded((int) (100_000 + expectedNewKeys + 1)); // every key number the formula gives exists
            // the ranks 0 to 5 from the least uniform number that gives each (a rank grows with the uniform number)
            Zipfian zipfian = new Zipfian(KeyChooser.ZIPFIAN_ITEMS, properties.zipfianConstant());
            for (int rank = 0; rank < 6; rank++) {
                double low = 0;
                double high = 1;
                for (int step = 0; step < 80; step++) {
                    double mid = (low + high) / 2;
                    if (zipfian.rank(mid) >= rank) {
                        high = mid;
                    } else {
                        low = mid;
                    }
                }
                double u = high;
                KeyChooser chooser = KeyChooser.of(properties, fixed(u), counter, new AtomicLong());
                assertEquals(zipfian.rank(u), rank);
                assertEquals(ycsbKeyOfRank(rank, 0, itemCount), chooser.next(), "rank " + rank + ", " + file);
            }
            // the 20 hottest key numbers of 2 million draws are those of the 20 first ranks whose key is loaded
            KeyChooser chooser = KeyChooser.of(properties, Sampling.source(11, 0), loaded(100_000), new AtomicLong());
            Map<Long, Integer> counts = new java.util.HashMap<>();
            for (int i = 0; i < 2_000_000; i++) {
                counts.merge(chooser.next(), 1, Integer::sum);
            }
            java.util.Set<Long> hottest = new java.util.HashSet<>(counts.entrySet().stream()
                    .sorted(Map.Entry.<Long, Integer>comparingByValue().reversed())
                    .limit(20)
                    .map(Map.Entry::getKey)
                    .toList());
            java.util.Set<Long> formula = new java.util.HashSet<>();
            for (long rank = 0; formula.size() < 20; rank++) {
                long key = ycsbKeyOfRank(rank, 0, itemCount);
                if (key < 100_000) {
                    formula.add(key); // a key beyond the loaded ones is redrawn, as in YCSB
                }
            }
            assertEquals(formula, hottest, file.toString());
        }
    }

    /** A random source whose every double is {@code u}. */
    private static UniformRandomProvider fixed(double u) {
        return new UniformRandomProvider() {
            @Override
            public long nextLong() {
                return 0;
            }

            @Override
            public double nextDouble() {
                return u;
            }
        };
    }

    @Test
    void latestFavoursTheNewestInsertAndFollowsTheCounter() {
        InsertCounter counter = loaded(ITEMS);
        KeyChooser latest = KeyChooser.latest(Sampling.source(4, 0), counter, 0.99);
        long[] observed = draw(latest);
        // YCSB's latest: newest - a zipfian rank over (newest) items, so offsets 0 .. newest-1
        Zipfian zipfian = new Zipfian(ITEMS - 1, 0.99);
        double[] expected = new double[ITEMS];
        for (int offset = 0; offset < ITEMS - 1; offset++) {
            expected[ITEMS - 1 - offset] = zipfian.probability(offset);
        }
        assertEquals(0, observed[0], "as YCSB, the oldest record is never the latest's choice");
        assertFits(Arrays.copyOfRange(expected, 1, ITEMS), Arrays.copyOfRange(observed, 1, ITEMS), "latest");
        long newestTenth = Arrays.stream(observed, ITEMS * 9 / 10, ITEMS).sum();
        assertTrue(newestTenth > SAMPLES * 0.6, "the newest tenth of the records takes most reads: " + newestTenth);
        for (int i = 0; i < ITEMS; i++) {
            counter.take();
        }
        counter.commitTaken();
        long[] after = new long[2 * ITEMS];
        for (int i = 0; i < 100_000; i++) {
            after[(int) latest.next()]++;
        }
        assertEquals(2 * ITEMS - 1, argMax(after), "after more inserts the newest is the most read");
    }

    @Test
    void latestDrawsYcsbsKeysAsTheInsertsGrow() {
        InsertCounter counter = loaded(ITEMS);
        KeyChooser latest = KeyChooser.latest(Sampling.source(6, 0), counter, 0.99);
        UniformRandomProvider same = Sampling.source(6, 0);
        YcsbLatest ycsb = new YcsbLatest(ITEMS - 1, 0.99);
        UniformRandomProvider ops = Sampling.source(7, 0);
        for (int i = 0; i < 300_000; i++) {
            double op = ops.nextDouble();
            // 5% inserts one at a time, and twice a burst of 20,000 (as another thread's, between two draws)
            int inserts = i == 100_000 || i == 200_000 ? 20_000 : op < 0.05 ? 1 : 0;
            if (inserts > 0) {
                for (int n = 0; n < inserts; n++) {
                    counter.take();
                }
                counter.commitTaken();
                continue;
            }
            long want = ycsb.next(counter.lastCommitted(), same.nextDouble());
            assertEquals(want, latest.next(), "draw " + i + " with " + (counter.lastCommitted() + 1) + " records");
        }
    }

    @Test
    void theNewestKeysGetYcsbsShareOfLatestReadsWithInserts() {
        // YCSB 0.17.0 with requestdistribution=latest, recordcount=100000, operationcount=2000000, 95% reads and 5%
        // inserts: the newest 10, 100 and 1,000 keys get 20.9%, 39.2% and 57.9% of the reads (a generator remade
        // for each new count would give them 23.5%, 41.2% and 59.4%)
        InsertCounter counter = loaded(100_000);
        KeyChooser latest = KeyChooser.latest(Sampling.source(8, 0), counter, 0.99);
        UniformRandomProvider ops = Sampling.source(9, 0);
        long reads = 0;
        long[] newest = new long[3];
        for (int i = 0; i < 2_000_000; i++) {
            if (ops.nextDouble() < 0.05) {
                counter.take();
                counter.commitTaken();
                continue;
            }
            long age = counter.lastCommitted() - latest.next();
            reads++;
            for (int j = 0; j < newest.length; j++) {
                newest[j] += age < (long) Math.pow(10, j + 1) ? 1 : 0;
            }
        }
        System.out.printf(
                "latest with 5%% inserts: the newest 10/100/1000 keys get %.1f/%.1f/%.1f%% of the reads%n",
                100.0 * newest[0] / reads, 100.0 * newest[1] / reads, 100.0 * newest[2] / reads);
        double[] ycsb = {20.9, 39.2, 57.9};
        for (int j = 0; j < newest.length; j++) {
            assertEquals(ycsb[j], 100.0 * newest[j] / reads, 0.3, "share of the newest " + (long) Math.pow(10, j + 1));
        }
    }

    @Test
    void hotspotPutsItsOperationFractionOnItsDataFraction() {
        long[] observed = draw(KeyChooser.hotspot(Sampling.source(5, 0), loaded(ITEMS), 0, ITEMS, 0.2, 0.8));
        double[] expected = new double[ITEMS];
        for (int i = 0; i < ITEMS; i++) {
            expected[i] = i < 200 ? 0.8 / 200 : 0.2 / 800;
        }
        assertFits(expected, observed, "hotspot");
        double hotShare = Arrays.stream(observed, 0, 200).sum() / (double) SAMPLES;
        assertEquals(0.8, hotShare, 0.003, "hotspot's share of operations in the hot set");
    }

    @Test
    void uniformIsUniform() {
        long[] observed = draw(KeyChooser.uniform(Sampling.source(6, 0), loaded(ITEMS), 0, ITEMS));
        double[] expected = new double[ITEMS];
        Arrays.fill(expected, 1.0 / ITEMS);
        assertFits(expected, observed, "uniform");
    }

    @Test
    void exponentialFitsYcsbsPercentileRule() {
        double mean = KeyChooser.exponentialMean(95, ITEMS * 0.8571428571);
        long[] observed = draw(KeyChooser.exponential(Sampling.source(7, 0), loaded(ITEMS), mean));
        // P(newest - k) = P(k <= X < k+1) / P(X < ITEMS), X exponential with that mean
        double[] expected = new double[ITEMS];
        double inRange = 1 - Math.exp(-ITEMS / mean);
        for (int k = 0; k < ITEMS; k++) {
            expected[ITEMS - 1 - k] = (Math.exp(-k / mean) - Math.exp(-(k + 1) / mean)) / inRange;
        }
        assertFits(expected, observed, "exponential");
        long within = Arrays.stream(observed, ITEMS - (int) (ITEMS * 0.8571428571), ITEMS)
                .sum();
        assertEquals(
                0.95 / inRange,
                within / (double) SAMPLES,
                0.002,
                "95% of draws within 6/7 of the records, before the draws beyond the oldest are drawn again");
    }

    @Test
    void sequentialWalksTheKeysInTurnAcrossThreads() {
        AtomicLong shared = new AtomicLong();
        InsertCounter counter = loaded(5);
        KeyChooser one = KeyChooser.sequential(Sampling.source(8, 0), counter, 0, 5, shared);
        KeyChooser two = KeyChooser.sequential(Sampling.source(8, 1), counter, 0, 5, shared);
        long[] seen = {one.next(), two.next(), one.next(), two.next(), one.next(), two.next()};
        assertEquals("[0, 1, 2, 3, 4, 0]", Arrays.toString(seen));
    }

    @Test
    void operationsFollowTheirProportions() {
        WorkloadProperties properties = WorkloadProperties.of(Map.of(
                "readproportion",
                "0.5",
                "updateproportion",
                "0.2",
                "insertproportion",
                "0.1",
                "scanproportion",
                "0.1",
                "readmodifywriteproportion",
                "0.05",
                "deleteproportion",
                "0.05"));
        OperationMix mix = new OperationMix(properties, Sampling.source(9, 0));
        long[] observed = new long[Op.values().length];
        for (int i = 0; i < SAMPLES; i++) {
            observed[mix.next().ordinal()]++;
        }
        double[] expected = new double[Op.values().length];
        for (Op op : Op.values()) {
            expected[op.ordinal()] = properties.proportion(op);
        }
        assertFits(expected, observed, "operation mix");
    }

    @Test
    void zipfianFieldAndScanLengthsFavourTheShortest() {
        ValueLength.Sampler sampler = new ValueLength(1, "zipfian", 100, 199, 0.99).sampler();
        Zipfian zipfian = new Zipfian(100, 0.99);
        UniformRandomProvider random = Sampling.source(10, 0);
        long[] observed = new long[100];
        for (int i = 0; i < SAMPLES; i++) {
            observed[sampler.part(random.nextDouble()) - 100]++;
        }
        double[] expected = new double[100];
        for (int r = 0; r < 100; r++) {
            expected[r] = zipfian.probability(r);
        }
        assertFits(expected, observed, "zipfian field length");
        ValueLength.Sampler uniform = new ValueLength(1, "uniform", 10, 19, 0.99).sampler();
        long[] lengths = new long[10];
        for (int i = 0; i < SAMPLES; i++) {
            lengths[uniform.part(random.nextDouble()) - 10]++;
        }
        double[] flat = new double[10];
        Arrays.fill(flat, 0.1);
        assertFits(flat, lengths, "uniform field length");
    }

    private static long[] draw(KeyChooser chooser) {
        long[] counts = new long[ITEMS];
        for (int i = 0; i < SAMPLES; i++) {
            counts[(int) chooser.next()]++;
        }
        return counts;
    }

    /**
     * YCSB 0.17.0's {@code latest} written out from its source, to check kvbench's against
     * (SkewedLatestGenerator over ZipfianGenerator): made for the last key number inserted; a draw
     * is the last key number now minus a rank over that many items; zeta is summed term by term,
     * and extended when the count has grown past the one it was summed for, eta then recomputed
     * from it, with the item count in its numerator still the one the generator was made for.
     */
    private static final class YcsbLatest {
        private final double theta;
        private final long madeFor;
        private long zetaCount;
        private double zeta;
        private double eta;

        YcsbLatest(long last, double theta) {
            this.theta = theta;
            this.madeFor = last;
            grow(last);
        }

        long next(long last, double u) {
            if (last > zetaCount) {
                grow(last);
            }
            double zeta2 = 1 + Math.pow(0.5, theta);
            long rank;
            if (u * zeta < 1) {
                rank = 0;
            } else if (u * zeta < zeta2) {
                rank = 1;
            } else {
                rank = (long) (last * Math.pow(eta * u - eta + 1, 1 / (1 - theta)));
            }
            return last - rank;
        }

        private void grow(long count) {
            for (long i = zetaCount + 1; i <= count; i++) {
                zeta += 1 / Math.pow(i, theta);
            }
            zetaCount = count;
            eta = (1 - Math.pow(2.0 / madeFor, 1 - theta)) / (1 - (1 + Math.pow(0.5, theta)) / zeta);
        }
    }

    /** A counter whose key numbers 0 .. items-1 are committed. */
    private static InsertCounter loaded(int items) {
        return new InsertCounter(items - 1);
    }

    private static void assertFits(double[] probabilities, long[] observed, String what) {
        double total = Arrays.stream(probabilities).sum();
        double n = Arrays.stream(observed).sum();
        double[] expected = Arrays.stream(probabilities).map(p -> p / total * n).toArray();
        double p = new ChiSquareTest().chiSquareTest(expected, observed);
        double statistic = new ChiSquareTest().chiSquare(expected, observed);
        System.out.printf(
                "%s: chi-square %.1f, %d degrees of freedom, p = %.4f%n", what, statistic, observed.length - 1, p);
        assertTrue(
                p > ALPHA,
                what + ": chi-square " + statistic + " with " + (observed.length - 1) + " degrees of freedom, p = "
                        + p);
    }

    /** The least-squares slope of log(frequency) against log(rank) over the first {@code ranks} ranks. */
    private static double rankFrequencySlope(long[] countsByRank, int ranks) {
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        for (int r = 0; r < ranks; r++) {
            double x = Math.log(r + 1);
            double y = Math.log(countsByRank[r]);
            sx += x;
            sy += y;
            sxx += x * x;
            sxy += x * y;
        }
        double slope = (ranks * sxy - sx * sy) / (ranks * sxx - sx * sx);
        System.out.printf("rank-frequency slope over %d ranks: %.4f%n", ranks, slope);
        return slope;
    }

    private static long[] sortedDescending(long[] counts) {
        long[] sorted = counts.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < sorted.length / 2; i++) {
            long swap = sorted[i];
            sorted[i] = sorted[sorted.length - 1 - i];
            sorted[sorted.length - 1 - i] = swap;
        }
        return sorted;
    }

    private static int argMax(long[] counts) {
        int best = 0;
        for (int i = 1; i < counts.length; i++) {
            if (counts[i] > counts[best]) {
                best = i;
            }
        }
        return best;
    }

    private static double exactZeta(long n, double theta) {
        double sum = 0;
        for (long i = n; i >= 1; i--) {
            sum += 1 / Math.pow(i, theta);
        }
        return sum;
    }
}
