package dev.kvbench.workload;

/**
 * Checks a pass against the generator's {@link Expected} results. Every pass is checked: a
 * wrong count, order or checksum throws a {@link VerificationException}.
 */
public final class Verifier {

    private Verifier() {
    }

    /**
     * @param spec the store spec the pass ran on, for the message
     * @throws VerificationException when the pass is wrong
     */
    public static Pass verify(String spec, Workload workload, Expected expected, Pass pass) {
        if (pass.count() != expected.count()) {
            throw new VerificationException(spec, workload, Long.toString(expected.count()),
                    Long.toString(pass.count()) + countNoun(workload));
        }
        if (pass.disorder() != null) {
            throw new VerificationException(spec, workload, ordering(workload), pass.disorder());
        }
        if (pass.valueBytes() != expected.valueBytes()) {
            throw new VerificationException(spec, workload, expected.valueBytes() + " value bytes",
                    pass.valueBytes() + " value bytes");
        }
        long checksum = switch (workload) {
            case READ_CRC -> expected.crc32();
            case READ_XXH64 -> expected.xxh64();
            default -> pass.checksum();
        };
        if (pass.checksum() != checksum) {
            String kind = workload == Workload.READ_CRC ? "CRC32 " : "XXH64 ";
            throw new VerificationException(spec, workload, kind + workload.checksumHex(checksum),
                    kind + workload.checksumHex(pass.checksum()));
        }
        return pass;
    }

    private static String countNoun(Workload workload) {
        return switch (workload) {
            case WRITE -> " (keys found when read back after the write)";
            case READ_KEY -> " (keys found)";
            default -> " (entries iterated)";
        };
    }

    private static String ordering(Workload workload) {
        return workload == Workload.READ_REV ? "keys in strictly descending order"
                : "keys in strictly ascending order";
    }
}
