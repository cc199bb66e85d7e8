package dev.kvbench.workload.ycsb;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Where the YCSB workload's randomness comes from: Apache Commons RNG (commons-rng-simple and
 * commons-rng-sampling), a small, dependency-free, well-kept Apache library whose generators and
 * samplers are tested against reference outputs and documented with their algorithms.
 *
 * <ul>
 *   <li>The source: {@link RandomSource#XO_RO_SHI_RO_128_PP} (xoroshiro128++), one per client
 *       thread, seeded with the workload's {@code seed} plus the thread's number: fast, passes
 *       BigCrush, and reproducible, so two engines get the same operation sequence per thread.
 *       Its {@code nextLong(n)} gives unbiased uniform key numbers (uniform, hotspot).</li>
 *   <li>{@code ZigguratSampler.Exponential}: YCSB's {@code exponential} request distribution, an
 *       exact exponential (YCSB takes {@code -ln(u)/gamma}; same distribution, faster).</li>
 * </ul>
 *
 * <p>Zipfian is not Commons RNG's: its rejection-inversion Zipf sampler is exact over at most
 * 2^31 - 1 items, while YCSB draws from Gray's approximation over 10^10 items before hashing;
 * kvbench reproduces YCSB's ({@link Zipfian}) so that the access frequencies are YCSB's. Nor is
 * the operation mix ({@link OperationMix}): one uniform number against the cumulative proportions,
 * as YCSB draws it, cheaper than a guide table for at most six operations.
 */
public final class Sampling {

    private Sampling() {}

    /** The random source of client thread {@code thread} for {@code seed}. */
    public static UniformRandomProvider source(long seed, int thread) {
        return RandomSource.XO_RO_SHI_RO_128_PP.create(seed * 0x9E3779B97F4A7C15L + thread);
    }
}
