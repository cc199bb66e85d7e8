package dev.kvbench.workload.ycsb;

/**
 * A record's length in bytes: {@code fields} parts, each of a length drawn from
 * {@code distribution} over {@code [min, max]} (YCSB's {@code fieldcount}, {@code fieldlength},
 * {@code minfieldlength}, {@code fieldlengthdistribution}; or kvbench's {@code valuelength}, one
 * part). {@code constant} is always {@code max}; {@code uniform} each length equally likely;
 * {@code zipfian} {@code min + } a zipfian rank over the {@code max - min + 1} lengths, so the
 * shortest is the most frequent, as YCSB's field lengths.
 *
 * <p>A record is never shorter than kvbench's {@value Records#HEADER}-byte header: a shorter one
 * (YCSB's uniform field lengths from 1 byte) is stored as {@value Records#HEADER} bytes.
 *
 * <p>A length is derived, not drawn: {@code of} turns a record's key number and
 * version into uniform numbers (a hash) and those into the lengths, so a reader can tell the
 * length a value of a given version must have without storing it anywhere.
 */
public record ValueLength(int fields, String distribution, int min, int max, double zipfianConstant) {

    /** "field" or "value", for messages. */
    String unit() {
        return fields == 1 ? "value" : "field";
    }

    /** The shortest record. */
    public int minRecord() {
        return Math.max(Records.HEADER, fields * (distribution.equals("constant") ? max : min));
    }

    /** The longest record. */
    public int maxRecord() {
        return Math.max(Records.HEADER, fields * max);
    }

    /** Whether every record has the same length. */
    public boolean fixed() {
        return distribution.equals("constant") || min == max;
    }

    /** A sampler of part lengths from uniform numbers (one per thread: the zipfian one keeps state). */
    public Sampler sampler() {
        return new Sampler(this);
    }

    /** Draws lengths; not thread-safe. */
    public static final class Sampler {
        private final ValueLength shape;
        private final Zipfian zipfian;

        private Sampler(ValueLength shape) {
            this.shape = shape;
            this.zipfian = shape.distribution.equals("zipfian")
                    ? new Zipfian(shape.max - shape.min + 1L, shape.zipfianConstant)
                    : null;
        }

        /** One part's length for the uniform number {@code u} in {@code [0, 1)}. */
        public int part(double u) {
            return switch (shape.distribution) {
                case "constant" -> shape.max;
                case "uniform" -> shape.min + (int) (u * (shape.max - shape.min + 1L));
                default -> shape.min + (int) zipfian.rank(u);
            };
        }

        /** The length of the record {@code keyNumber} at {@code version}: the sum of its parts. */
        public int of(long keyNumber, int version) {
            if (shape.fixed()) {
                return Math.max(Records.HEADER, shape.fields * shape.max);
            }
            int total = 0;
            long h = Records.mix(keyNumber * 0x9E3779B97F4A7C15L + version);
            for (int f = 0; f < shape.fields; f++) {
                h = Records.mix(h + f + 1);
                total += part((h >>> 11) * 0x1.0p-53);
            }
            return Math.max(Records.HEADER, total);
        }
    }
}
