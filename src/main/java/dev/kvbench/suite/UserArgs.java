package dev.kvbench.suite;

import dev.kvbench.store.StoreSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * What the user put after the suite name: JMH's own command line, which replaces the suite's
 * setting of the same option or parameter ({@code -f 2}, {@code -p num=50000}) and may name its
 * own benchmark pattern.
 */
public final class UserArgs {

    /** JMH options that take no value. */
    private static final Set<String> FLAGS = Set.of("-h", "-l", "-lp", "-lrf", "-lprof");
    /** Options the runner sets itself. */
    private static final Set<String> RESERVED = Set.of("-rf", "-rff", "-o");

    private final List<String> args;
    private final Map<String, String> options = new LinkedHashMap<>();
    private final Map<String, String> params = new LinkedHashMap<>();
    private String pattern;
    private int patternAt = -1;
    /** The JVMs of {@code -p jvm=...} ({@link JvmVariants}), each store of the run once per JVM; empty when not given. */
    private List<Map<String, String>> jvms = List.of();

    /**
     * The value of the runner's own {@code option} in {@code args} ({@code --option VALUE} or {@code --option=VALUE};
     * "" where nothing follows it; the last one counts), parsed; {@code none} when it is not there.
     */
    static <T> T runnerOption(List<String> args, String option, Function<String, T> parse, T none) {
        T value = none;
        String given = null;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String text = null;
            if (arg.equals(option)) {
                text = i + 1 < args.size() ? args.get(i + 1) : "";
                i++;
            } else if (arg.startsWith(option + "=")) {
                text = arg.substring(option.length() + 1);
            }
            if (text != null) {
                if (given != null) {
                    // the last one would win silently: a run of other tests than the user meant
                    throw new UsageException(
                            option + " " + given + " and " + option + " " + text + ": give " + option + " once");
                }
                given = text;
                value = parse.apply(text);
            }
        }
        return value;
    }

    /** {@code args} without the runner's own {@code option} and its value: what goes on to JMH. */
    static List<String> withoutRunnerOption(List<String> args, String option) {
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals(option)) {
                i++;
            } else if (!arg.startsWith(option + "=")) {
                rest.add(arg);
            }
        }
        return rest;
    }

    @SuppressWarnings("IncrementInForLoopAndHeader") // an option's value is taken with it
    private UserArgs(List<String> args) {
        this.args = List.copyOf(args);
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (RESERVED.contains(arg)) {
                throw new UsageException(
                        "run.sh sets " + arg + " itself (results go to the results folder); leave it out");
            }
            if (!arg.startsWith("-")) {
                if (pattern == null) {
                    pattern = arg;
                    patternAt = i;
                }
                continue;
            }
            if (FLAGS.contains(arg)) {
                continue;
            }
            String value = i + 1 < args.size() ? args.get(i + 1) : "";
            i++;
            if (arg.equals("-p")) {
                int at = value.indexOf('=');
                if (at <= 0) {
                    throw new UsageException(
                            "-p " + value + ": a parameter is given as -p name=value (e.g. -p num=50000)");
                }
                String name = value.substring(0, at);
                if (params.containsKey(name)) {
                    // JMH would run both, while the plan, the estimate and the report's header would name one
                    throw new UsageException("-p " + name + "=" + params.get(name) + " and -p " + value + ": give each "
                            + "parameter once, its values comma-separated (-p " + name + "=" + params.get(name) + ","
                            + value.substring(at + 1) + ")");
                }
                params.put(name, value.substring(at + 1));
            } else {
                options.putIfAbsent(arg, value);
            }
        }
    }

    public static UserArgs of(List<String> args) {
        return new UserArgs(normalStores(args));
    }

    /**
     * These arguments with each store of the run once per JVM of {@code jvms} ({@code -p jvm=...}, taken out of the
     * arguments before): the user's {@code -p store=} expanded here, a suite's own store lists when each test is planned
     * ({@link #jvms()}).
     */
    UserArgs withJvms(List<Map<String, String>> jvms) {
        if (jvms.isEmpty()) {
            return this;
        }
        List<String> rewritten = withStores(args, stores -> JvmVariants.expand(stores, jvms));
        UserArgs user = new UserArgs(rewritten);
        user.jvms = List.copyOf(jvms);
        return user;
    }

    /** The JVMs each store of the run takes a row in ({@code -p jvm=...}); empty for the run's own JVM alone. */
    List<Map<String, String>> jvms() {
        return jvms;
    }

    /**
     * {@code args} with {@code -p store=}'s specs as the benchmark jar names their rows ({@code rocksdb@10.10.1.1} is
     * {@code rocksdb:version=10.10.1.1}), so that a store has one name in the plan, the log and the report; a spec that
     * does not parse stays as given, for the benchmark jar's own error.
     */
    private static List<String> normalStores(List<String> args) {
        return withStores(
                args,
                stores -> stores.contains("@")
                        ? String.join(
                                ",",
                                Arrays.stream(stores.split(",", -1))
                                        .map(StoreSpec::named)
                                        .toList())
                        : stores);
    }

    /** {@code args} with the value of each {@code -p store=} replaced by what {@code rewrite} makes of it. */
    private static List<String> withStores(List<String> args, UnaryOperator<String> rewrite) {
        List<String> rewritten = new ArrayList<>(args);
        for (int i = 0; i + 1 < rewritten.size(); i++) {
            if (rewritten.get(i).equals("-p") && rewritten.get(i + 1).startsWith("store=")) {
                rewritten.set(
                        i + 1, "store=" + rewrite.apply(rewritten.get(i + 1).substring("store=".length())));
            }
        }
        return rewritten;
    }

    /** The arguments as given. */
    public List<String> all() {
        return args;
    }

    /** The user's benchmark pattern, if any. */
    public Optional<String> pattern() {
        return Optional.ofNullable(pattern);
    }

    /** The user's value of option {@code name} ({@code -f}), if given. */
    public Optional<String> option(String name) {
        return Optional.ofNullable(options.get(name));
    }

    /** The user's values of parameter {@code name} ({@code num} for {@code -p num=...}), if given. */
    public Optional<String> param(String name) {
        return Optional.ofNullable(params.get(name));
    }

    /** The user's parameters, in order. */
    Map<String, String> params() {
        return params;
    }

    /** The user's options and their values, in order. */
    Map<String, String> options() {
        return options;
    }

    /** The arguments other than the user's pattern, in order. */
    List<String> withoutPattern() {
        List<String> rest = new ArrayList<>(args);
        if (patternAt >= 0) {
            rest.remove(patternAt);
        }
        return rest;
    }
}
