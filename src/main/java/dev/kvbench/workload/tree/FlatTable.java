package dev.kvbench.workload.tree;

import com.google.flatbuffers.Table;

/**
 * A FlatBuffers table's fields read by vtable slot, the way {@code flatc}'s Java output reads them: a field the
 * buffer leaves out (because it equals its default) reads as 0, or null for a string. The directory record and its
 * ACLs ({@link FlatDirectory}) are written by hand, so their accessors share these reads instead of repeating them.
 */
abstract class FlatTable extends Table {

    final long ulong(int slot) {
        int o = __offset(slot);
        return o != 0 ? bb.getLong(o + bb_pos) : 0L;
    }

    final int int32(int slot) {
        int o = __offset(slot);
        return o != 0 ? bb.getInt(o + bb_pos) : 0;
    }

    final int int16(int slot) {
        int o = __offset(slot);
        return o != 0 ? bb.getShort(o + bb_pos) : 0;
    }

    final int ubyte(int slot) {
        int o = __offset(slot);
        return o != 0 ? bb.get(o + bb_pos) & 0xFF : 0;
    }

    final String string(int slot) {
        int o = __offset(slot);
        return o != 0 ? __string(o + bb_pos) : null;
    }
}
