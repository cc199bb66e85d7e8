package dev.kvbench.workload.ycsb;

/**
 * FNV-1a, 64 bits, over the eight bytes of a long, lowest byte first, made non-negative: the hash
 * YCSB applies to key numbers (hashed insert order) and to the scrambled zipfian's ranks. Written
 * from the FNV specification (offset basis 14695981039346656037, prime 1099511628211).
 */
public final class Fnv {

    private static final long OFFSET_BASIS = 0xCBF29CE484222325L;
    private static final long PRIME = 1099511628211L;

    private Fnv() {}

    public static long hash64(long value) {
        long hash = OFFSET_BASIS;
        long rest = value;
        for (int i = 0; i < Long.BYTES; i++) {
            hash ^= rest & 0xFF;
            hash *= PRIME;
            rest >>>= 8;
        }
        return Math.abs(hash); // as YCSB: Long.MIN_VALUE stays negative, and is then never a key number mod n below
    }
}
