package dev.kvbench.store.treemap;

import dev.kvbench.store.Capability;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;
import dev.kvbench.store.Writer;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * An in-memory sorted map of byte arrays (keys in unsigned byte order), loaded from one file
 * at open and written back at close. Readers see the live map: no snapshots, no atomic commits.
 */
final class TreeMapStore implements Store {

    private final Path file;
    private final NavigableMap<byte[], byte[]> map = new ConcurrentSkipListMap<>(Arrays::compareUnsigned);

    TreeMapStore(Path file) {
        this.file = file;
        if (Files.exists(file)) {
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
                for (int n = in.readInt(); n > 0; n--) {
                    map.put(read(in), read(in));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
        }
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.ORDERED);
    }

    @Override
    public Writer writer(boolean sequential) {
        return new Writer() {
            @Override
            public void put(DirectBuffer key, DirectBuffer value) {
                map.put(bytes(key), bytes(value));
            }

            @Override
            public void delete(DirectBuffer key) {
                map.remove(bytes(key));
            }

            @Override
            public void commit() {
                // every put is already visible; the map reaches its file at close
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public Reader reader() {
        return new Reader() {
            private final UnsafeBuffer value = new UnsafeBuffer(new byte[0]);

            @Override
            public DirectBuffer get(DirectBuffer key) {
                byte[] found = map.get(bytes(key));
                return found == null ? null : wrap(value, found);
            }

            @Override
            public Cursor cursor() {
                return new MapCursor();
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public void close() {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            out.writeInt(map.size());
            for (Map.Entry<byte[], byte[]> entry : map.entrySet()) {
                write(out, entry.getKey());
                write(out, entry.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** A cursor that remembers the entry it stands on and asks the map for its neighbours. */
    private final class MapCursor implements Cursor {
        private final UnsafeBuffer key = new UnsafeBuffer(new byte[0]);
        private final UnsafeBuffer value = new UnsafeBuffer(new byte[0]);
        private Map.Entry<byte[], byte[]> at;

        @Override
        public boolean first() {
            return standOn(map.firstEntry());
        }

        @Override
        public boolean last() {
            return standOn(map.lastEntry());
        }

        @Override
        public boolean next() {
            return standOn(map.higherEntry(at.getKey()));
        }

        @Override
        public boolean prev() {
            return standOn(map.lowerEntry(at.getKey()));
        }

        @Override
        public boolean seek(DirectBuffer wanted) {
            return standOn(map.ceilingEntry(bytes(wanted)));
        }

        @Override
        public DirectBuffer key() {
            return wrap(key, at.getKey());
        }

        @Override
        public DirectBuffer value() {
            return wrap(value, at.getValue());
        }

        @Override
        public void close() {
        }

        private boolean standOn(Map.Entry<byte[], byte[]> entry) {
            if (entry == null) {
                return false;
            }
            at = entry;
            return true;
        }
    }

    private static byte[] bytes(DirectBuffer buffer) {
        byte[] copy = new byte[buffer.capacity()];
        buffer.getBytes(0, copy);
        return copy;
    }

    private static DirectBuffer wrap(UnsafeBuffer view, byte[] bytes) {
        view.wrap(bytes);
        return view;
    }

    private static byte[] read(DataInputStream in) throws IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return bytes;
    }

    private static void write(DataOutputStream out, byte[] bytes) throws IOException {
        out.writeInt(bytes.length);
        out.write(bytes);
    }
}
