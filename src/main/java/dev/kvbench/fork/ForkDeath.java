package dev.kvbench.fork;

import java.util.List;
import java.util.Locale;

/**
 * Why a benchmark JVM died, in one line, from what is known outside it: its exit status, its
 * last lines of output (the JVM's fatal-error banner names the signal and the native frame) and
 * whether the timeout watchdog killed it.
 */
public final class ForkDeath {

    private ForkDeath() {}

    /**
     * The cause of a fork's death in one line, from how it ended and its last lines.
     *
     * @param exit     the JVM's exit status as the host saw it
     * @param lines    its output, oldest first (stdout and stderr)
     * @param timedOut the timeout that made the watchdog kill it, or null
     */
    public static String cause(int exit, List<String> lines, String timedOut) {
        if (timedOut != null) {
            return "no result within the trial timeout of " + timedOut + " (KVBENCH_TIMEOUT): the JVM hung or ran"
                    + " far longer than expected, and was killed";
        }
        String signal = null;
        String frame = null;
        boolean outOfMemory = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (signal == null && line.startsWith("#  ") && line.contains(" (0x") && line.contains("at pc=")) {
                signal = line.substring(3, line.indexOf(" (0x")).trim();
            }
            if (frame == null && line.startsWith("# Problematic frame:") && i + 1 < lines.size()) {
                frame = lines.get(i + 1)
                        .replaceFirst("^#\\s*", "")
                        .replaceAll("\\s+", " ")
                        .trim();
            }
            outOfMemory |= line.contains("java.lang.OutOfMemoryError") || line.contains("# java.lang.OutOfMemoryError");
        }
        if (signal != null) {
            String where = frame == null
                    ? ""
                    : frame.startsWith("C ") ? " in native code at " + frame.substring(2) : " at " + frame;
            String hint = signal.equals("SIGBUS")
                    ? " (on a memory-mapped store, SIGBUS usually means its file system" + " is full)"
                    : "";
            return "the JVM crashed: " + signal + where + hint;
        }
        if (outOfMemory) {
            return "the JVM ran out of memory (OutOfMemoryError), exit status " + exit;
        }
        if (exit > 128 && exit < 128 + 32) {
            int number = exit - 128;
            String name = signalName(number);
            return "the JVM was killed by " + name + " (exit status " + exit + ")"
                    + (number == 9 ? ": by a user, or by the kernel's out-of-memory killer (see dmesg)" : "");
        }
        return "the JVM exited with status " + exit + " before it finished";
    }

    /**
     * What a timed-out fork was doing: "; its pass had run 540 s when it was killed (at least 270 µs per entry of
     * 2,000,000)" when a single-shot pass was under way ({@code passMs} at least 0), "; its write pass had ended and it
     * was verifying what it wrote, untimed" when it had said so, else "".
     */
    static String passUnderWay(long passMs, boolean afterPass, String num) {
        if (afterPass) {
            return "; its write pass had ended and it was verifying what it wrote, untimed";
        }
        if (passMs < 0) {
            return "";
        }
        String line = "; its pass had run " + duration(passMs / 1000) + " when it was killed";
        long entries = parseCount(num);
        if (entries > 0) {
            double nsPerEntry = passMs * 1e6 / entries;
            String bound = nsPerEntry >= 1e4
                    ? String.format(Locale.ROOT, "%,d µs", Math.round(nsPerEntry / 1e3))
                    : String.format(Locale.ROOT, "%,d ns", Math.round(nsPerEntry));
            line += " (at least " + bound + " per entry of " + String.format(Locale.ROOT, "%,d", entries) + ")";
        }
        return line;
    }

    private static long parseCount(String num) {
        try {
            return num == null ? 0 : Long.parseLong(num.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static String signalName(int number) {
        return switch (number) {
            case 1 -> "SIGHUP";
            case 2 -> "SIGINT";
            case 6 -> "SIGABRT";
            case 7 -> "SIGBUS";
            case 9 -> "SIGKILL";
            case 11 -> "SIGSEGV";
            case 15 -> "SIGTERM";
            default -> "signal " + number;
        };
    }

    /** "90 s", "20 min", "2 h 10 min": a timeout as the reason states it. */
    public static String duration(long seconds) {
        if (seconds < 120) {
            return seconds + " s";
        }
        long minutes = seconds / 60;
        return minutes < 120 ? minutes + " min" : String.format(Locale.ROOT, "%d h %d min", minutes / 60, minutes % 60);
    }
}
