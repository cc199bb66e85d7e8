package dev.kvbench.suite;

import java.util.Locale;

/**
 * The flat data one store of a test may hold: {@code KVBENCH_BUDGET}, or a quarter of the smaller of
 * available memory and free space in the work folder; for the report suite by default at most
 * {@link #REPORT_DEFAULT}, a size that takes about an hour ({@link #forReport()}). A test whose 2016 entry
 * count would exceed it gets fewer entries, rounded down to one significant digit.
 *
 * @param bytes        the budget
 * @param source       {@code KVBENCH_BUDGET}, {@code machine} or {@link #REPORT}
 * @param memAvailable available memory when planned, bytes (0 if unknown)
 * @param workFree     free space in the work folder when planned, bytes
 */
public record Budget(long bytes, String source, long memAvailable, long workFree) {

    /** The share of the smaller of memory and free space a test may use by default. */
    public static final double FRACTION = 0.25;
    /**
     * The report suite's default budget, 20 MiB of flat data per store: its seven tests, interleaved, took 57 minutes
     * on a 2-core AMD EPYC host at that size (100,000 entries of test 4, 200,000 of test 1, 10,000 values of 2 KB in
     * test 5; results/20261127-report); larger sizes cost time in proportion, and {@code KVBENCH_BUDGET} sets one.
     */
    public static final long REPORT_DEFAULT = 20L << 20;
    /** The source of {@link #REPORT_DEFAULT}. */
    public static final String REPORT = "report";
    /** The fewest entries a scaled test gets. */
    public static final int MIN_ENTRIES = 100;

    /** The budget for {@code configured} (the value of KVBENCH_BUDGET, null or blank if unset). */
    public static Budget of(String configured, long memAvailable, long workFree) {
        if (configured != null && !configured.isBlank()) {
            return new Budget(parseSize(configured), "KVBENCH_BUDGET", memAvailable, workFree);
        }
        long smaller = memAvailable > 0 ? Math.min(memAvailable, workFree) : workFree;
        return new Budget(Math.round(smaller * FRACTION), "machine", memAvailable, workFree);
    }

    /** The report suite's budget: this one if KVBENCH_BUDGET set it, else the smaller of the machine's and {@link #REPORT_DEFAULT}. */
    public Budget forReport() {
        return source.equals("machine") && bytes > REPORT_DEFAULT
                ? new Budget(REPORT_DEFAULT, REPORT, memAvailable, workFree)
                : this;
    }

    /** Entries for a test of {@code original} entries of {@code entryBytes} each: all of them, or as many as fit. */
    public int scale(int original, int entryBytes) {
        long fit = floorOneDigit(bytes / entryBytes);
        fit = Math.max(fit, MIN_ENTRIES);
        return (int) Math.min(fit, original);
    }

    /**
     * Refuses a {@code KVBENCH_BUDGET} below what a test of {@code largestEntryBytes} per entry needs
     * for its {@link #MIN_ENTRIES} entries, rather than silently giving the test more than the budget.
     */
    public void checkMet(String configured, int largestEntryBytes) {
        long smallest = (long) MIN_ENTRIES * largestEntryBytes;
        if (!source.equals("KVBENCH_BUDGET") || bytes >= smallest) {
            return;
        }
        long kib = (smallest + 1023) / 1024;
        throw new UsageException("KVBENCH_BUDGET=" + configured.trim() + " cannot be met: every test needs at least "
                + MIN_ENTRIES
                + " entries, " + smallest + " bytes for its largest entries (" + largestEntryBytes + " bytes each);"
                + " the smallest budget is KVBENCH_BUDGET=" + kib + "K");
    }

    /** Rounds down to one significant digit: 738,000 to 700,000. */
    static long floorOneDigit(long n) {
        long p = 1;
        while (n >= 10) {
            n /= 10;
            p *= 10;
        }
        return n * p;
    }

    /** "2G", "500M", "64k" (binary units) or plain bytes, to bytes. */
    static long parseSize(String text) {
        String s = text.trim().toUpperCase(Locale.ROOT);
        long unit = 1;
        if (!s.isEmpty()) {
            switch (s.charAt(s.length() - 1)) {
                case 'K' -> unit = 1L << 10;
                case 'M' -> unit = 1L << 20;
                case 'G' -> unit = 1L << 30;
                case 'T' -> unit = 1L << 40;
                default -> unit = 1;
            }
        }
        String number = unit == 1 ? s : s.substring(0, s.length() - 1);
        double value;
        try {
            value = Double.parseDouble(number.trim()) * unit;
        } catch (NumberFormatException e) {
            value = Double.NaN;
        }
        if (value >= 1) {
            return Math.round(value);
        }
        if (!Double.isNaN(value)) {
            throw new UsageException("KVBENCH_BUDGET=" + text
                    + ": the budget must be above 0; use bytes or a number with K, M, G (e.g. 2G)");
        }
        throw new UsageException(
                "KVBENCH_BUDGET=" + text + " is not a size; use bytes or a number with K, M, G (e.g. 2G)");
    }
}
