package dev.kvbench.report.tool;

import dev.kvbench.text.Numbers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@link Compare}'s command line: the two folders and the options. */
record CompareOptions(Path a, Path b, Path out, boolean anyHost, double threshold, Path templates, boolean png) {

    /** Differences nearer to 1 than this are not reported, even when the intervals do not overlap. */
    static final double DEFAULT_THRESHOLD = 0.05;

    static final String USAGE = "usage: ./process.sh --compare A B [--out DIR] [--any-host] [--threshold PCT]";

    static CompareOptions parse(List<String> args) {
        List<Path> folders = new ArrayList<>();
        Path out = null;
        boolean anyHost = false;
        double threshold = DEFAULT_THRESHOLD;
        Path templates = Path.of("gnuplot");
        boolean png = true;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--any-host" -> anyHost = true;
                case "--no-png" -> png = false;
                case "--out" -> out = Path.of(value(args, ++i, arg));
                case "--templates" -> templates = Path.of(value(args, ++i, arg));
                case "--threshold" -> threshold = threshold(value(args, ++i, arg));
                default -> {
                    if (arg.startsWith("-")) {
                        throw new Refused("unknown option " + arg + "; " + USAGE);
                    }
                    folders.add(Path.of(arg));
                }
            }
        }
        if (folders.size() != 2) {
            throw new Refused("give two results folders; " + USAGE);
        }
        Path a = folders.get(0);
        Path b = folders.get(1);
        if (out == null) {
            Path parent = b.toAbsolutePath().getParent();
            out = parent.resolve(Compare.PREFIX + a.toAbsolutePath().getFileName() + "-vs-"
                    + b.toAbsolutePath().getFileName());
        }
        return new CompareOptions(a, b, out, anyHost, threshold, templates, png);
    }

    private static String value(List<String> args, int i, String option) {
        if (i >= args.size()) {
            throw new Refused(option + " needs a value; " + USAGE);
        }
        return args.get(i);
    }

    private static double threshold(String text) {
        double percent = Numbers.parse(text.endsWith("%") ? text.substring(0, text.length() - 1) : text);
        if (Double.isNaN(percent) || percent < 0) {
            throw new Refused("--threshold " + text + " is not a percentage of 0 or more (e.g. --threshold 5)");
        }
        return percent / 100;
    }
}
