package dev.kvbench.store.fs;

import dev.kvbench.store.BaseStore;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Spares;
import dev.kvbench.store.Writer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One file per key, the deep-vs-flat directories benchmark's layout: the file is named by the
 * key's bytes in lowercase hex, and lies {@code depth} directories down, named by the first
 * {@code depth} bytes of the SHA-256 of the key as hex pairs ({@code depth=2}: key {@code 0000002a}
 * is {@code 9a/56/0000002a}). The reference named each file by such a hash and its directories
 * by the hash's leading pairs; here the name stays the key so the folder can be read by eye. With
 * {@code depth=0} every file is in the store's folder.
 *
 * <p>A put writes the value into the key's new file, making its directories first when this
 * store has not made them yet; an overwrite writes a temporary file beside it and renames it over
 * the old one (atomically), so that a reader sees the old value or the new one, never a
 * truncated file (a reader racing the first put of a key may still see it half written); a get opens the file and reads it
 * whole into the reader's reused buffer; a delete removes the file (its directories stay). The
 * SHA-256 of every key is part of the time, as the reference's hashing was not (it hashed
 * before timing); it is a few hundred nanoseconds against a file's microseconds. So is making the
 * directories: the write benchmark starts each pass in an empty folder, where the reference made
 * its directory tree before timing the writes.
 *
 * <p>No transactions, no snapshots, no order (a cursor is refused): a put is visible to every
 * reader once it returns, {@link Writer#commit()} does nothing, and nothing is synced: the page
 * cache writes the files back, as for the other engines with {@code sync=false}. Storage is what
 * the folder allocates, directories included (a directory costs a block on a disk file system).
 */
final class FsStore extends BaseStore {

    static final int MAX_DEPTH = 5;
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private final Path dir;
    private final int depth;
    private final int valSize;
    /** Directories this store has made or found, so that a put does not ask the kernel each time. */
    private final Set<Path> made = ConcurrentHashMap.newKeySet();
    /** Readers' value buffers, kept from one reader to the next. */
    private final Spares<ByteBuffer> readerBuffers = new Spares<>(this::newReaderBuffer);

    FsStore(Path dir, int depth, int valSize) {
        super(Set.of());
        opens(sequential -> new FsWriter(), FsReader::new);
        this.dir = dir;
        this.depth = depth;
        this.valSize = valSize;
    }

    /** Nothing is held open between calls. */
    @Override
    public void close() {}

    /** Hashes keys and names their files; one per writer or reader, as a digest is not thread-safe. */
    private final class Paths {

        private final MessageDigest sha256;
        private final StringBuilder name = new StringBuilder();

        Paths() {
            try {
                sha256 = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("fs: this JVM has no SHA-256", e);
            }
        }

        /** The folder the file of {@code key} lies in. */
        Path folder(DirectBuffer key) {
            if (depth == 0) {
                return dir;
            }
            for (int i = 0; i < key.capacity(); i++) {
                sha256.update(key.getByte(i));
            }
            byte[] hash = sha256.digest();
            Path folder = dir;
            for (int level = 0; level < depth; level++) {
                folder = folder.resolve(hex(hash[level]));
            }
            return folder;
        }

        /** The file name of {@code key}: its bytes in hex. */
        String file(DirectBuffer key) {
            if (key.capacity() == 0) {
                throw new IllegalArgumentException("fs: an empty key has no file name");
            }
            name.setLength(0);
            for (int i = 0; i < key.capacity(); i++) {
                byte b = key.getByte(i);
                name.append(HEX[(b >> 4) & 0xf]).append(HEX[b & 0xf]);
            }
            return name.toString();
        }

        private String hex(byte b) {
            return new String(new char[] {HEX[(b >> 4) & 0xf], HEX[b & 0xf]});
        }
    }

    private final class FsWriter implements Writer {

        private final Paths paths = new Paths();
        private ByteBuffer out = ByteBuffer.allocateDirect(Math.max(valSize, 16));

        @Override
        public void put(DirectBuffer key, DirectBuffer value) {
            Path folder = paths.folder(key);
            Path file = folder.resolve(paths.file(key));
            int length = value.capacity();
            if (out.capacity() < length) {
                out = ByteBuffer.allocateDirect(Math.max(length, out.capacity() * 2));
            }
            out.clear();
            value.getBytes(0, out, length);
            out.flip();
            try {
                if (made.add(folder)) {
                    Files.createDirectories(folder);
                }
                try {
                    write(file, StandardOpenOption.CREATE_NEW);
                } catch (java.nio.file.FileAlreadyExistsException exists) {
                    Path next = folder.resolve(file.getFileName() + ".new");
                    out.rewind();
                    write(next, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING);
                    Files.move(
                            next,
                            file,
                            java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            } catch (IOException e) {
                // the exception's class too: some (NoSuchFileException, AccessDeniedException) give only the path as
                // message
                throw new UncheckedIOException(
                        "fs: cannot write " + file + ": " + e.getClass().getSimpleName() + ": " + e.getMessage(), e);
            }
        }

        private void write(Path file, StandardOpenOption... how) throws IOException {
            try (FileChannel channel = FileChannel.open(file, with(how, StandardOpenOption.WRITE))) {
                while (out.hasRemaining()) {
                    channel.write(out);
                }
            }
        }

        private static java.util.Set<StandardOpenOption> with(StandardOpenOption[] how, StandardOpenOption more) {
            java.util.Set<StandardOpenOption> all = java.util.EnumSet.of(more);
            all.addAll(java.util.List.of(how));
            return all;
        }

        @Override
        public void delete(DirectBuffer key) {
            Path file = paths.folder(key).resolve(paths.file(key));
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                throw new UncheckedIOException("fs: cannot delete " + file + ": " + e.getMessage(), e);
            }
        }

        /** Nothing to do: every file is already written. */
        @Override
        public void commit() {}

        @Override
        public void close() {}
    }

    private ByteBuffer newReaderBuffer() {
        return ByteBuffer.allocateDirect(Math.max(valSize, 16));
    }

    private final class FsReader implements Reader {

        private final Paths paths = new Paths();
        // the store's, from reader to reader (Spares): a reader opened per lookup (dirWalk) allocates no direct buffer
        private ByteBuffer in = readerBuffers.take();
        private final UnsafeBuffer value = new UnsafeBuffer(in);
        private boolean closed;

        @Override
        public DirectBuffer get(DirectBuffer key) {
            Path file = paths.folder(key).resolve(paths.file(key));
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                long size = channel.size();
                if (size > Integer.MAX_VALUE) {
                    throw new IllegalStateException("fs: " + file + " is larger than 2 GiB");
                }
                if (in.capacity() < size) {
                    in = ByteBuffer.allocateDirect((int) Math.max(size, in.capacity() * 2L));
                }
                in.clear().limit((int) size);
                while (in.hasRemaining() && channel.read(in) >= 0) {
                    // read until the buffer holds the whole file
                }
                value.wrap(in, 0, in.position());
                return value;
            } catch (NoSuchFileException e) {
                return null;
            } catch (IOException e) {
                throw new UncheckedIOException("fs: cannot read " + file + ": " + e.getMessage(), e);
            }
        }

        @Override
        public Cursor cursor() {
            throw new UnsupportedOperationException(
                    "fs has no ordered cursor: files are found by name, not in key order");
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                readerBuffers.give(in);
            }
        }
    }
}
