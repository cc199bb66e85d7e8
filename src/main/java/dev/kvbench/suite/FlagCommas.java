package dev.kvbench.suite;

import dev.kvbench.fork.VariantJvm;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import java.util.List;

/**
 * A JVM flag with a comma in {@code jvmArgs} ({@code -p store=lmdb:jvmArgs=-Xlog:gc,safepoint},
 * {@code -p jvm=jvmArgs=-Dx=a,b}): {@code -p} splits its values at commas, so the flag's tail would be read as another
 * store or JVM ("unknown engine 'safepoint'", a JDK named 'b'). Refused in one line that says so and how to give such a
 * flag: in an argument file, which java reads ({@code jvmArgs=@FILE}).
 */
final class FlagCommas {

    private FlagCommas() {}

    /** Refuses the first {@code -p store=} or {@code -p jvm=} value whose jvmArgs a comma cuts. */
    static void check(List<String> args) {
        for (int i = 0; i + 1 < args.size(); i++) {
            if (!args.get(i).equals("-p")) {
                continue;
            }
            String value = args.get(i + 1);
            if (value.startsWith("store=")) {
                check(value, value.substring("store=".length()), true);
            } else if (value.startsWith(JvmVariants.PARAM + "=")) {
                check(value, value.substring(JvmVariants.PARAM.length() + 1), false);
            }
        }
    }

    private static void check(String given, String list, boolean stores) {
        String[] pieces = list.split(",", -1);
        for (int i = 1; i < pieces.length; i++) {
            int flags = pieces[i - 1].indexOf(StoreSpec.JVM_ARGS + "=");
            if (flags < 0 || (stores ? isStore(pieces[i]) : isJvm(pieces[i]))) {
                continue;
            }
            String[] words = pieces[i - 1]
                    .substring(flags + StoreSpec.JVM_ARGS.length() + 1)
                    .trim()
                    .split("\\s+");
            String flag = words[words.length - 1] + "," + pieces[i].trim().split("\\s+")[0];
            throw new UsageException("-p " + given + ": -p splits its values at commas, so the flag '" + flag
                    + "' in jvmArgs would be cut at its comma and '" + pieces[i] + "' read as another "
                    + (stores ? "store" : "JVM") + "; a flag with a comma goes in an argument file, which java reads:"
                    + " write it to a file and give jvmArgs=@FILE (e.g. jvmArgs=@/tmp/flags)");
        }
    }

    /** Whether {@code piece} starts a store spec: a registered engine's name, or {@code all}. */
    private static boolean isStore(String piece) {
        String engine = piece.trim().split("[:@]", 2)[0];
        return engine.equals("all") || Stores.names().contains(engine);
    }

    /** Whether {@code piece} is a {@code -p jvm} value: own, a JDK, a collector, or keys. */
    private static boolean isJvm(String piece) {
        String head = piece.trim().split("\\+", 2)[0];
        return head.equals(JvmVariants.OWN)
                || head.matches("\\d+")
                || head.contains("=")
                || head.startsWith("/")
                || VariantJvm.COLLECTORS.keySet().stream().anyMatch(gc -> gc.equalsIgnoreCase(head));
    }
}
