package dev.kvbench.workload;

/**
 * What one pass of a workload saw, for verification.
 *
 * @param count      entries written, found or iterated
 * @param valueBytes the sum of the lengths of the values seen (values are consumed this way)
 * @param checksum   the pass's checksum (CRC32 or XXH64 fold), 0 for a pass without one
 * @param disorder   null, or how the first key out of order broke the order
 */
public record Pass(long count, long valueBytes, long checksum, String disorder) {

    static Pass counted(long count, long valueBytes) {
        return new Pass(count, valueBytes, 0, null);
    }
}
