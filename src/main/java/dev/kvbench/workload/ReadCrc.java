package dev.kvbench.workload;

import dev.kvbench.store.Cursor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;
import org.agrona.DirectBuffer;

/**
 * readCrc: one forward cursor pass computing the {@link Checksums} CRC32 of every key and value
 * (so every byte is read). The checksum depends on order, so a reordered pass fails it.
 */
public final class ReadCrc {

    private ReadCrc() {}

    public static Pass run(Store store) {
        long count = 0;
        long valueBytes = 0;
        Checksums.Crc crc = new Checksums.Crc();
        try (Reader reader = store.reader();
                Cursor cursor = reader.cursor()) {
            for (boolean on = cursor.first(); on; on = cursor.next()) {
                count++;
                crc.update(cursor.key());
                DirectBuffer value = cursor.value();
                crc.update(value);
                valueBytes += value.capacity();
            }
        }
        return new Pass(count, valueBytes, crc.value());
    }
}
