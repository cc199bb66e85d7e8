package dev.kvbench.text;

import java.util.Locale;

/** How numbers are written in the report and on the charts: always Locale.ROOT, always the same way. */
public final class Numbers {

    private Numbers() {}

    /** A count or byte size with thousands separators: 1,040,000. */
    public static String count(double n) {
        return String.format(Locale.ROOT, "%,d", Math.round(n));
    }

    /** Three significant digits, no exponent for ordinary sizes: 0.0123, 1.23, 12.3, 123, 1,235. */
    public static String sig3(double v) {
        if (Double.isNaN(v)) {
            return "";
        }
        double a = Math.abs(v);
        if (a >= 1000) {
            return count(v);
        }
        if (a == 0) {
            return "0";
        }
        int decimals = Math.max(0, 2 - (int) Math.floor(Math.log10(a)));
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** Two significant digits, for JMH errors: 0.050, 1.2, 12, 1,200. */
    public static String sig2(double v) {
        if (Double.isNaN(v)) {
            return "";
        }
        double a = Math.abs(v);
        if (a >= 100) {
            return count(Math.round(v / Math.pow(10, Math.floor(Math.log10(a)) - 1))
                    * Math.pow(10, Math.floor(Math.log10(a)) - 1));
        }
        if (a == 0) {
            return "0";
        }
        int decimals = Math.max(0, 1 - (int) Math.floor(Math.log10(a)));
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** A percentage with two decimals, as the 2016 storage tables: 65.42. */
    public static String percent(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /** A ratio: 1.04× (two decimals below 1.1, so a small gap does not read as 1.0×), 2.1×, 14×. */
    public static String times(double ratio) {
        String format = ratio < 1.1 ? "%.2f" : ratio < 10 ? "%.1f" : "%,.0f";
        return String.format(Locale.ROOT, format, ratio) + "×";
    }

    /** Bytes in a unit a person reads at a glance: 104.0 MB, 1.72 GB (decimal units, as df -H). */
    public static String bytes(double b) {
        String[] units = {"B", "kB", "MB", "GB", "TB"};
        int unit = 0;
        double v = b;
        while (Math.abs(v) >= 1000 && unit < units.length - 1) {
            v /= 1000;
            unit++;
        }
        return (unit == 0 ? count(v) : sig3(v)) + " " + units[unit];
    }

    /** A size that is a power of two's multiple in binary units: "16 KiB", "1 MiB" (cache and page sizes). */
    public static String binary(long bytes) {
        long mib = 1 << 20;
        return bytes >= mib && bytes % mib == 0
                ? bytes / mib + " MiB"
                : bytes >= 1024 && bytes % 1024 == 0 ? bytes / 1024 + " KiB" : bytes + " B";
    }

    /** A duration in seconds as "1 h 02 min", "3 min 05 s" or "42 s". */
    public static String duration(double seconds) {
        long s = Math.round(seconds);
        if (s >= 3600) {
            return String.format(Locale.ROOT, "%d h %02d min", s / 3600, (s % 3600) / 60);
        }
        if (s >= 60) {
            return String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
        }
        return s + " s";
    }

    /** Parses a number written by JMH or run.sh; NaN when it is not one. */
    public static double parse(String text) {
        if (text == null || text.isBlank()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(text.trim().replace(",", "").replace("_", ""));
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
