package dev.kvbench.fork;

import dev.kvbench.store.StoreSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A store spec's variant ({@link StoreSpec#variant()}) as the JVM that runs it: which {@code java}, which flags, which
 * class path. An upgrade is measured as its own row in the same interleaved rotations as what it replaces, so each
 * variant gets its own JVM, started from the run's own command with only what the variant names changed:
 * <ul>
 * <li>{@code version}: the engine's library jar of that version ({@link LibrarySwap}), resolved by Maven into the local
 * repository, first on the class path, and the project's jar of that library taken off it, so that no class of the
 * project's version is left to mix with the other's; the library's own dependencies stay the project's;
 * <li>{@code jdk}: another JDK, by major version (found among the JDKs of this machine) or by its folder ({@link Jdks});
 * <li>{@code collector}: a collector ({@link #COLLECTORS}), generational ZGC where the JDK has it;
 * <li>{@code unsafe}: {@code sun.misc.Unsafe}'s memory access in place of the run's {@code allow} (JDK 23 on);
 * <li>{@code jvmArgs}: further flags, after all the others.
 * </ul>
 * Everything is checked before any store opens, one line each ({@link #check}).
 */
public final class VariantJvm {

    /** The first JDK with {@code --sun-misc-unsafe-memory-access} (JEP 471). */
    static final int UNSAFE_OPTION_JDK = 23;
    /** The first JDK whose ZGC is generational by a flag (JEP 439); from 23 on it is the default, from 24 the only mode. */
    static final int GENERATIONAL_ZGC_JDK = 21;

    static final int GENERATIONAL_ZGC_DEFAULT_JDK = 23;
    /** The collectors a variant may name, by name, with the flag that selects each. */
    public static final Map<String, String> COLLECTORS = collectors();
    /** The values of {@code unsafe}. */
    public static final List<String> UNSAFE_MODES = List.of("allow", "warn", "debug", "deny");
    /** The run's own setting of Unsafe's memory access, among kvbench's JVM flags. */
    static final String UNSAFE_FLAG = "--sun-misc-unsafe-memory-access=";

    private VariantJvm() {}

    private static Map<String, String> collectors() {
        Map<String, String> gcs = new LinkedHashMap<>();
        gcs.put("G1", "-XX:+UseG1GC");
        gcs.put("ZGC", "-XX:+UseZGC");
        gcs.put("Parallel", "-XX:+UseParallelGC");
        gcs.put("Serial", "-XX:+UseSerialGC");
        gcs.put("Shenandoah", "-XX:+UseShenandoahGC");
        gcs.put("CMS", "-XX:+UseConcMarkSweepGC"); // removed in JDK 14: named so that asking for it says so
        return Collections.unmodifiableMap(gcs);
    }

    /**
     * The command up to the main class for {@code spec}: {@code java}, {@code flags}, {@code -cp classpath} (the run's
     * own) with what its variant changes; the run's own command when it names none.
     */
    public static List<String> command(StoreSpec spec, String java, List<String> flags, String classpath) {
        Map<String, String> variant = spec.variant();
        List<String> command = new ArrayList<>();
        command.add(
                variant.containsKey(StoreSpec.JDK)
                        ? home(spec).resolve("bin").resolve("java").toString()
                        : java);
        for (String flag : flags) {
            if (flag.startsWith(UNSAFE_FLAG) && variant.containsKey(StoreSpec.UNSAFE)) {
                command.add(UNSAFE_FLAG + variant.get(StoreSpec.UNSAFE));
            } else {
                command.add(flag);
            }
        }
        command.addAll(addedFlags(spec));
        command.add("-cp");
        command.add(variant.containsKey(StoreSpec.VERSION) ? LibrarySwap.swapped(spec, classpath) : classpath);
        return command;
    }

    /**
     * The flags this variant adds to or changes in the run's own (the collector, Unsafe's access, its own flags), for
     * the report's list of what each variant ran with.
     */
    public static List<String> ownFlags(StoreSpec spec) {
        List<String> flags = new ArrayList<>();
        if (spec.variant().containsKey(StoreSpec.UNSAFE)) {
            flags.add(UNSAFE_FLAG + spec.variant().get(StoreSpec.UNSAFE));
        }
        flags.addAll(addedFlags(spec));
        return flags;
    }

    /** The flags a variant adds after the run's own: its collector's, then its own. */
    private static List<String> addedFlags(StoreSpec spec) {
        Map<String, String> variant = spec.variant();
        List<String> flags = new ArrayList<>();
        if (variant.containsKey(StoreSpec.GC)) {
            flags.addAll(gcFlags(variant.get(StoreSpec.GC), major(spec)));
        }
        if (variant.containsKey(StoreSpec.JVM_ARGS)) {
            flags.addAll(jvmArgs(variant.get(StoreSpec.JVM_ARGS)));
        }
        return flags;
    }

    /** The JDK {@code spec} runs on: the one its variant names, else the running one. */
    private static Path home(StoreSpec spec) {
        return spec.variant().containsKey(StoreSpec.JDK)
                ? Jdks.find(spec.variant().get(StoreSpec.JDK))
                : Path.of(System.getProperty("java.home"));
    }

    /** The major version of the JDK {@code spec} runs on. */
    private static int major(StoreSpec spec) {
        return spec.variant().containsKey(StoreSpec.JDK)
                ? Jdks.major(home(spec))
                : Runtime.version().feature();
    }

    /**
     * Checks every key of {@code spec}'s variant, resolving a library version into the local Maven repository: the
     * JDK exists, is a JDK and is 17 or newer; the collector is one this JDK has; Unsafe's mode is one this JDK knows;
     * the engine has a library to swap and Maven finds that version; the JVM accepts the variant's flags.
     *
     * @throws IllegalArgumentException one line naming the spec, what is wrong and what is allowed
     */
    public static void check(StoreSpec spec) {
        Map<String, String> variant = spec.variant();
        if (variant.isEmpty()) {
            return;
        }
        String name = spec.toString();
        try {
            Path home = home(spec);
            int major = major(spec);
            String gc = variant.get(StoreSpec.GC);
            if (gc != null) {
                collector(gc); // before Maven fetches anything
            }
            String unsafe = variant.get(StoreSpec.UNSAFE);
            if (unsafe != null) {
                if (!UNSAFE_MODES.contains(unsafe)) {
                    throw new IllegalArgumentException("unsafe=" + unsafe + " is not a mode of sun.misc.Unsafe's memory"
                            + " access; give one of " + String.join(", ", UNSAFE_MODES));
                }
                if (major < UNSAFE_OPTION_JDK) {
                    throw new IllegalArgumentException("unsafe=" + unsafe + " needs JDK " + UNSAFE_OPTION_JDK
                            + " or newer" + " (JEP 471), and this variant runs JDK " + major + "; add jdk=25");
                }
            }
            if (variant.containsKey(StoreSpec.VERSION)) {
                LibrarySwap.jar(spec);
            }
            String java = home.resolve("bin").resolve("java").toString();
            if (gc != null) {
                try {
                    ForkFlags.checkUserFlags(java, "collector=" + gc, gcFlags(gc, major));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            "collector=" + gc + ": JDK " + major + " (" + home + ") has no such"
                                    + " collector; give another collector or another jdk",
                            e);
                }
            }
            List<String> flags = new ArrayList<>(ownFlags(spec));
            if (!flags.isEmpty()) {
                ForkFlags.checkUserFlags(java, "JDK " + major, flags);
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("store spec " + name + ": " + e.getMessage(), e);
        }
    }

    /**
     * The collector's name as {@link #COLLECTORS} spells it, whatever its case.
     *
     * @throws IllegalArgumentException when it is none of them
     */
    static String collector(String gc) {
        return COLLECTORS.keySet().stream()
                .filter(name -> name.equalsIgnoreCase(gc))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("collector=" + gc + " is not a collector kvbench knows;"
                        + " give one of " + String.join(", ", COLLECTORS.keySet())));
    }

    /** The flags that select collector {@code gc} on JDK {@code major}: generational ZGC where that JDK has it. */
    static List<String> gcFlags(String gc, int major) {
        String name = collector(gc);
        List<String> flags = new ArrayList<>(List.of(COLLECTORS.get(name)));
        if (name.equals("ZGC") && major >= GENERATIONAL_ZGC_JDK && major < GENERATIONAL_ZGC_DEFAULT_JDK) {
            flags.add("-XX:+ZGenerational");
        }
        return flags;
    }

    private static List<String> jvmArgs(String text) {
        return Arrays.stream(text.trim().split("\\s+"))
                .filter(flag -> !flag.isEmpty())
                .toList();
    }

    /**
     * Why a variant could not run the adapter, in words, from the error its check gave ({@code NoSuchMethodError: ...}):
     * the adapter calls a method or class the version lacks, its native library lacks a function, or the library needs
     * a newer JDK; else the error as it was.
     */
    public static String incompatibility(StoreSpec spec, String error) {
        String what = spec.variant().containsKey(StoreSpec.VERSION)
                ? spec.engine() + " " + spec.variant().get(StoreSpec.VERSION)
                : "this variant";
        String detail =
                error.contains(": ") ? error.substring(error.indexOf(": ") + 2).strip() : error;
        String kind =
                error.contains(":") ? error.substring(0, error.indexOf(':')).strip() : error;
        kind = kind.substring(kind.lastIndexOf('.') + 1);
        return switch (kind) {
            case "NoSuchMethodError", "AbstractMethodError" ->
                "the adapter calls " + detail + ", which " + what + " lacks";
            case "NoSuchFieldError" -> "the adapter reads the field " + detail + ", which " + what + " lacks";
            case "NoClassDefFoundError", "ClassNotFoundException" ->
                "the adapter uses the class " + detail.replace('/', '.') + ", which " + what + " lacks";
            case "IncompatibleClassChangeError" ->
                "a class the adapter uses changed its kind in " + what + ": " + detail;
            case "UnsatisfiedLinkError" -> "the native library of " + what + " lacks what the adapter calls: " + detail;
            case "UnsupportedClassVersionError" -> what + " needs a newer JDK than this variant's: " + detail;
            case "UnsupportedOperationException" ->
                "deny".equals(spec.variant().get(StoreSpec.UNSAFE))
                        ? "sun.misc.Unsafe's memory access is denied, and "
                                + (detail.contains("(in dev.kvbench.") ? "kvbench's own code" : "the engine's library")
                                + " calls Unsafe." + detail
                        : "it failed under this variant: " + error;
            default -> "it failed under " + (spec.isVariant() ? "this variant" : "this JVM") + ": " + error;
        };
    }
}
