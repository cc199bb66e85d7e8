package dev.kvbench.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.Properties;

/**
 * A library's version read from its own jar at run time: the {@code pom.properties} Maven packs
 * into an artifact (kept in the benchmark uber-jar), else the {@code Implementation-Version} of
 * the manifest of the jar a class of it came from (lost in the uber-jar, whose manifest is ours).
 */
public final class LibraryVersion {

    private LibraryVersion() {}

    /**
     * The version of Maven artifact {@code artifact}, {@code groupId:artifactId} as {@link Engine#artifact()} names it,
     * else of {@code libraryClass}'s jar, else {@code unknown}.
     */
    public static String of(String artifact, Class<?> libraryClass) {
        int colon = artifact.indexOf(':');
        return ofArtifact(artifact.substring(0, colon), artifact.substring(colon + 1))
                .or(() -> ofManifest(libraryClass))
                .orElse("unknown");
    }

    /** The version in {@code META-INF/maven/<groupId>/<artifactId>/pom.properties}, if that file is on the class path. */
    public static Optional<String> ofArtifact(String groupId, String artifactId) {
        String resource = "/META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
        try (InputStream in = LibraryVersion.class.getResourceAsStream(resource)) {
            if (in == null) {
                return Optional.empty();
            }
            Properties properties = new Properties();
            properties.load(in);
            return Optional.ofNullable(properties.getProperty("version"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /** The {@code Implementation-Version} of the manifest of the jar {@code libraryClass} came from, if it has one. */
    public static Optional<String> ofManifest(Class<?> libraryClass) {
        return Optional.ofNullable(libraryClass.getPackage().getImplementationVersion());
    }
}
