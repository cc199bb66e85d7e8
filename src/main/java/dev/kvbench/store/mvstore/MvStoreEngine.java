package dev.kvbench.store.mvstore;

import dev.kvbench.store.Engine;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Versions;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** {@code mvstore}: H2's MVStore, one file-backed {@code MVMap<byte[], byte[]>}. */
public final class MvStoreEngine implements Engine {

    @Override
    public String name() {
        return "mvstore";
    }

    @Override
    public String label() {
        return "MVStore";
    }

    /**
     * {@code cacheMb}: the page cache in MiB, 0 = from the data set (see {@link MvStoreStore});
     * {@code autoCommitBufferKb}: unsaved changes after which MVStore writes a batch to the file
     * before {@code commit()}, 0 = never; {@code sync}: fsync the file after every commit.
     */
    @Override
    public Map<String, String> options() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("cacheMb", "0");
        options.put("autoCommitBufferKb", "0");
        options.put("sync", "false");
        return options;
    }

    @Override
    public String libraryVersion() {
        return Versions.get("mvstore.version");
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return new MvStoreStore(dir, shape, options);
    }
}
