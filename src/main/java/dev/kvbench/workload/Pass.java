package dev.kvbench.workload;

/**
 * What one pass of a workload saw, for verification.
 *
 * @param count      entries written, found or iterated
 * @param valueBytes the sum of the lengths of the values seen (values are consumed this way)
 * @param checksum   the pass's checksum (CRC32, XXH64 fold or key fold), 0 for a pass without one
 */
public record Pass(long count, long valueBytes, long checksum) {

    static Pass counted(long count, long valueBytes) {
        return new Pass(count, valueBytes, 0);
    }
}
