package dev.kvbench.workload.ycsb;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * A scan's length, as YCSB's {@code scanlengthdistribution}: uniform over
 * {@code [minscanlength, maxscanlength]}, or {@code minscanlength} plus a {@link Zipfian} rank over
 * the lengths (short scans most frequent). One instance per thread.
 */
public final class ScanLength {

    private final UniformRandomProvider random;
    private final long min;
    private final long span;
    private final Zipfian zipfian;

    public ScanLength(WorkloadProperties properties, UniformRandomProvider random) {
        this.random = random;
        this.min = properties.minScanLength();
        this.span = properties.maxScanLength() - min + 1;
        this.zipfian = properties.scanLengthDistribution().equals("zipfian")
                ? new Zipfian(span, properties.zipfianConstant())
                : null;
    }

    public int next() {
        return (int) (min + (zipfian == null ? random.nextLong(span) : zipfian.rank(random.nextDouble())));
    }
}
