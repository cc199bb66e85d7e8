package dev.kvbench.store.heap;

import dev.kvbench.store.BaseStore;
import dev.kvbench.store.Capability;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.ExactArrays;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Writer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The entries as {@code byte[]} pairs in a {@link ConcurrentSkipListMap} ordered by
 * {@link Arrays#compareUnsigned}: what "no store at all" costs a Java program that keeps its data
 * on the heap. A put copies the key and the value into two new arrays (the allocation and the
 * garbage collection they cause are part of the write time); a get copies the key into a new
 * array to look it up and hands out a view of the stored value; a cursor walks the map's own
 * iterators. The skip list, not a {@code TreeMap}, because one writer and many readers share it.
 *
 * <p>Readers see the live map: every put is visible as soon as it returns, so there are no
 * snapshots and {@link Writer#commit()} does nothing. The store's folder holds the map only once
 * it is closed: {@link #close()} writes every entry, in key order, to {@value #FILE}
 * ({@code int} key length, {@code int} value length, key, value), and opening reads it back. So
 * storage before close is nothing and after close is that file, the flat bytes plus 8 per entry;
 * what the map costs in memory is the trial's heap peak.
 */
final class HeapStore extends BaseStore {

    static final String FILE = "heap.entries";

    private final Path file;
    private final ConcurrentSkipListMap<byte[], byte[]> map = new ConcurrentSkipListMap<>(Arrays::compareUnsigned);

    private HeapStore(Path file) {
        super(EnumSet.of(Capability.ORDERED));
        this.file = file;
    }

    static HeapStore open(Path file) {
        HeapStore store = new HeapStore(file);
        if (Files.exists(file)) {
            store.load();
        }
        return store;
    }

    @Override
    public Writer writer(boolean sequential) {
        return new Writer() {
            @Override
            public void put(DirectBuffer key, DirectBuffer value) {
                map.put(ExactArrays.newCopy(key), ExactArrays.newCopy(value));
            }

            @Override
            public void delete(DirectBuffer key) {
                map.remove(ExactArrays.newCopy(key));
            }

            /** Nothing to do: every put is already in the map. */
            @Override
            public void commit() {}

            @Override
            public void close() {}
        };
    }

    @Override
    public Reader reader() {
        return new Reader() {
            private final UnsafeBuffer value = new UnsafeBuffer(new byte[0]);

            @Override
            public DirectBuffer get(DirectBuffer key) {
                return ExactArrays.view(value, map.get(ExactArrays.newCopy(key)));
            }

            @Override
            public Cursor cursor() {
                return new HeapCursor();
            }

            @Override
            public void close() {}
        };
    }

    @Override
    public void close() {
        long bytes = 0;
        for (Map.Entry<byte[], byte[]> entry : map.entrySet()) {
            bytes += 2 * Integer.BYTES + entry.getKey().length + entry.getValue().length;
        }
        ByteBuffer out = ByteBuffer.allocate((int) Math.min(bytes, 1 << 20));
        try (FileChannel channel = FileChannel.open(
                file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            for (Map.Entry<byte[], byte[]> entry : map.entrySet()) {
                byte[] key = entry.getKey();
                byte[] value = entry.getValue();
                if (out.remaining() < 2 * Integer.BYTES + key.length + value.length) {
                    drain(out, channel);
                    if (out.capacity() < 2 * Integer.BYTES + key.length + value.length) {
                        out = ByteBuffer.allocate(2 * Integer.BYTES + key.length + value.length);
                    }
                }
                out.putInt(key.length).putInt(value.length).put(key).put(value);
            }
            drain(out, channel);
        } catch (IOException e) {
            throw new UncheckedIOException("heap: cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private void load() {
        try {
            ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(file));
            while (in.hasRemaining()) {
                byte[] key = new byte[in.getInt()];
                byte[] value = new byte[in.getInt()];
                in.get(key).get(value);
                map.put(key, value);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("heap: cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static void drain(ByteBuffer out, FileChannel channel) throws IOException {
        out.flip();
        while (out.hasRemaining()) {
            channel.write(out);
        }
        out.clear();
    }

    /**
     * Walks one of the map's iterators in the direction of the last move; turning round starts
     * an iterator of the other direction from the entry it stands on.
     */
    private final class HeapCursor implements Cursor {

        private final UnsafeBuffer key = new UnsafeBuffer(new byte[0]);
        private final UnsafeBuffer value = new UnsafeBuffer(new byte[0]);
        private Iterator<Map.Entry<byte[], byte[]>> walk;
        private boolean forward;
        private Map.Entry<byte[], byte[]> at;

        @Override
        public boolean first() {
            return start(map.entrySet().iterator(), true);
        }

        @Override
        public boolean last() {
            return start(map.descendingMap().entrySet().iterator(), false);
        }

        @Override
        public boolean next() {
            if (at == null) {
                return false;
            }
            if (walk == null || !forward) {
                walk = map.tailMap(at.getKey(), false).entrySet().iterator();
                forward = true;
            }
            return step();
        }

        @Override
        public boolean prev() {
            if (at == null) {
                return false;
            }
            if (walk == null || forward) {
                walk = map.headMap(at.getKey(), false)
                        .descendingMap()
                        .entrySet()
                        .iterator();
                forward = false;
            }
            return step();
        }

        @Override
        public boolean seek(DirectBuffer wanted) {
            return start(
                    map.tailMap(ExactArrays.newCopy(wanted), true).entrySet().iterator(), true);
        }

        @Override
        public DirectBuffer key() {
            key.wrap(at.getKey());
            return key;
        }

        @Override
        public DirectBuffer value() {
            value.wrap(at.getValue());
            return value;
        }

        @Override
        public void close() {}

        private boolean start(Iterator<Map.Entry<byte[], byte[]>> iterator, boolean forwards) {
            walk = iterator;
            forward = forwards;
            return step();
        }

        /** Moves to the walk's next entry; off the end, the walk is dropped until the next placing move. */
        private boolean step() {
            if (!walk.hasNext()) {
                walk = null;
                at = null;
                return false;
            }
            at = walk.next();
            return true;
        }
    }
}
