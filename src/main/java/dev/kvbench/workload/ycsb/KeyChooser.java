package dev.kvbench.workload.ycsb;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;

/**
 * Chooses the key number of an operation on an existing record, as YCSB's core workload does for
 * {@code requestdistribution}:
 * <ul>
 *   <li>{@code uniform}: every loaded key number equally likely;</li>
 *   <li>{@code zipfian}: YCSB's scrambled zipfian: a {@link Zipfian} rank over 10^10 items, hashed
 *       (FNV-64) and taken modulo YCSB's item count (the loaded key numbers plus twice the inserts
 *       the run expects, plus one: YCSB's range includes both its ends), so the popular records are
 *       spread over the key space, and are the same key numbers as YCSB's;</li>
 *   <li>{@code latest}: the newest committed insert minus a zipfian rank over the committed key
 *       numbers, so recent inserts are the most read (as YCSB, the oldest key number is never
 *       chosen: the rank is below the newest key number); as the inserts grow, the zipfian
 *       grows as YCSB's does ({@link Zipfian#rank(double, long)}: eta keeps the loaded count);</li>
 *   <li>{@code hotspot}: with probability {@code hotspotopnfraction} a uniform key number among
 *       the first {@code hotspotdatafraction} of them, else a uniform one among the rest;</li>
 *   <li>{@code sequential}: the key numbers in turn, shared by all threads, from the start again
 *       after the last;</li>
 *   <li>{@code exponential}: the newest committed insert minus an exponential draw whose
 *       {@code exponential.percentile} falls within {@code exponential.frac} of the records.</li>
 * </ul>
 * As YCSB, a draw beyond the newest committed key number (or below 0, exponential) is drawn again.
 * One instance per thread (its own random source); only {@code sequential}'s counter is shared.
 */
public abstract class KeyChooser {

    /** The scrambled zipfian's item space, as YCSB's. */
    public static final long ZIPFIAN_ITEMS = 10_000_000_000L;

    protected final UniformRandomProvider random;
    protected final InsertCounter inserts;

    private KeyChooser(UniformRandomProvider random, InsertCounter inserts) {
        this.random = random;
        this.inserts = inserts;
    }

    /** The next key number: an existing (committed) one. */
    public final long next() {
        long last = inserts.lastCommitted();
        for (int attempt = 0; ; attempt++) {
            long keyNumber = draw(last);
            if (keyNumber >= 0 && keyNumber <= last) {
                return keyNumber;
            }
            if (attempt == 1_000_000) {
                throw new IllegalStateException("no key number below " + last + " in a million draws");
            }
        }
    }

    /** One draw, which {@link #next()} repeats while it is not an existing key number. */
    protected abstract long draw(long lastCommitted);

    /** The chooser {@code properties} describe, for one thread; {@code shared} is the sequential counter. */
    public static KeyChooser of(
            WorkloadProperties properties, UniformRandomProvider random, InsertCounter inserts, AtomicLong shared) {
        long start = properties.insertStart();
        long count = properties.insertCount();
        return switch (properties.requestDistribution()) {
            case "uniform" -> uniform(random, inserts, start, count);
            case "zipfian" -> {
                long expectedNewKeys = (long)
                        (properties.operationCount() * properties.proportion(WorkloadProperties.Op.INSERT) * 2.0);
                // YCSB's CoreWorkload gives its scrambled zipfian the range insertstart to insertstart + insertcount +
                // expectednewkeys, both ends included, so its item count is one more than the keys in play: the hot
                // key numbers are fnv64(rank) mod that count, and one of them may lie beyond the last insert (redrawn)
                yield scrambledZipfian(
                        random, inserts, start, count + expectedNewKeys + 1, properties.zipfianConstant());
            }
            case "latest" -> latest(random, inserts, properties.zipfianConstant());
            case "hotspot" ->
                hotspot(
                        random,
                        inserts,
                        start,
                        count,
                        properties.hotspotDataFraction(),
                        properties.hotspotOpnFraction());
            case "sequential" -> sequential(random, inserts, start, count, shared);
            case "exponential" ->
                exponential(
                        random,
                        inserts,
                        exponentialMean(
                                properties.exponentialPercentile(),
                                properties.recordCount() * properties.exponentialFrac()));
            default ->
                throw new WorkloadFileException(
                        "requestdistribution=" + properties.requestDistribution() + " is not one kvbench knows");
        };
    }

    public static KeyChooser uniform(UniformRandomProvider random, InsertCounter inserts, long start, long count) {
        return new KeyChooser(random, inserts) {
            @Override
            protected long draw(long last) {
                return start + random.nextLong(count);
            }
        };
    }

    public static KeyChooser scrambledZipfian(
            UniformRandomProvider random, InsertCounter inserts, long start, long items, double theta) {
        Zipfian zipfian = new Zipfian(ZIPFIAN_ITEMS, theta);
        return new KeyChooser(random, inserts) {
            @Override
            protected long draw(long last) {
                return start + Fnv.hash64(zipfian.rank(random.nextDouble())) % items;
            }
        };
    }

    public static KeyChooser latest(UniformRandomProvider random, InsertCounter inserts, double theta) {
        Zipfian zipfian = new Zipfian(Math.max(1, inserts.lastCommitted()), theta);
        return new KeyChooser(random, inserts) {
            @Override
            protected long draw(long last) {
                return last - zipfian.rank(random.nextDouble(), Math.max(1, last));
            }
        };
    }

    public static KeyChooser hotspot(
            UniformRandomProvider random,
            InsertCounter inserts,
            long start,
            long count,
            double dataFraction,
            double opnFraction) {
        long hot = (long) (count * dataFraction);
        long cold = count - hot;
        return new KeyChooser(random, inserts) {
            @Override
            protected long draw(long last) {
                if (cold == 0 || (hot > 0 && random.nextDouble() < opnFraction)) {
                    return start + random.nextLong(hot);
                }
                return start + hot + random.nextLong(cold);
            }
        };
    }

    public static KeyChooser sequential(
            UniformRandomProvider random, InsertCounter inserts, long start, long count, AtomicLong shared) {
        return new KeyChooser(random, inserts) {
            @Override
            protected long draw(long last) {
                return start + Math.floorMod(shared.getAndIncrement(), count);
            }
        };
    }

    /** YCSB's exponential: the mean {@code 1/gamma} with {@code gamma = -ln(1 - percentile/100) / range}. */
    public static double exponentialMean(double percentile, double range) {
        return range / -Math.log(1 - percentile / 100);
    }

    public static KeyChooser exponential(UniformRandomProvider random, InsertCounter inserts, double mean) {
        ZigguratSampler.Exponential exponential = ZigguratSampler.Exponential.of(random, mean);
        return new KeyChooser(random, inserts) {
            @Override
            protected long draw(long last) {
                return last - (long) exponential.sample();
            }
        };
    }
}
