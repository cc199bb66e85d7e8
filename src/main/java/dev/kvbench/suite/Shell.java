package dev.kvbench.suite;

import java.util.List;
import java.util.regex.Pattern;

/** Writes arguments as a POSIX shell reads them back, for commands shown to the user. */
final class Shell {

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_=,.:+/@%-]+");

    private Shell() {}

    /** {@code arg} as is when it holds only plain characters, else in single quotes. */
    static String word(String arg) {
        if (PLAIN.matcher(arg).matches()) {
            return arg;
        }
        return "'" + arg.replace("'", "'\\''") + "'";
    }

    /** {@code args} as words separated by spaces. */
    static String words(List<String> args) {
        StringBuilder line = new StringBuilder();
        for (String arg : args) {
            line.append(line.length() == 0 ? "" : " ").append(word(arg));
        }
        return line.toString();
    }
}
