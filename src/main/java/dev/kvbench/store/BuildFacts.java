package dev.kvbench.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Properties;

/** Build facts filtered from {@code pom.xml} into {@code kvbench.properties}: versions and JVM flags. */
public final class BuildFacts {

    private static final Properties PROPERTIES = load();

    /**
     * JVM options for a child whose standard output is read: the JVM's own warnings go to standard
     * error. By default the JVM prints them on standard output, where a line such as
     * {@code [0.001s][warning][perf,memops] Cannot use file /tmp/hsperfdata_...} (another process
     * holding the same pid's perf file, as happens in containers sharing /tmp) would be read as data.
     */
    public static final List<String> WARNINGS_TO_STDERR = List.of("-Xlog:disable", "-Xlog:all=warning:stderr");

    private BuildFacts() {}

    private static Properties load() {
        Properties properties = new Properties();
        try (InputStream in = BuildFacts.class.getResourceAsStream("/kvbench.properties")) {
            if (in == null) {
                throw new IllegalStateException(
                        "kvbench.properties is missing from the class path; rebuild with ./mvnw package");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }

    /** The value of {@code key} in kvbench.properties, e.g. {@code rocksdb.version}. */
    public static String get(String key) {
        String value = PROPERTIES.getProperty(key);
        if (value == null) {
            throw new IllegalArgumentException("kvbench.properties has no '" + key + "'");
        }
        return value;
    }

    /** The one JVM flag set, as declared in pom.xml. */
    public static String jvmFlags() {
        return get("jvm.flags");
    }
}
