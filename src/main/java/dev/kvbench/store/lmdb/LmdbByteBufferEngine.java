package dev.kvbench.store.lmdb;

import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code lmdb-bb}: LMDB through lmdbjava with {@code ByteBuffer}s (the report's "LMDB BB");
 * {@code forceSafe=true} uses the reflection-free {@code PROXY_SAFE} instead of Unsafe.
 */
public final class LmdbByteBufferEngine extends LmdbJavaEngine {

    public LmdbByteBufferEngine() {
        super("lmdb-bb", "LMDB BB", 0x17becf, withForceSafe());
    }

    private static List<Option> withForceSafe() {
        List<Option> options = new ArrayList<>(LmdbChecks.withOption());
        options.add(Option.bool("forceSafe", false, "use lmdbjava's reflection-free PROXY_SAFE buffers"));
        return options;
    }

    @Override
    LmdbBuffers<?> buffers(Options options) {
        return LmdbBuffers.byteBuffers(options.bool("forceSafe"));
    }
}
