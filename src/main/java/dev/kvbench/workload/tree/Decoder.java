package dev.kvbench.workload.tree;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.kvbench.workload.tree.proto.DirectoryProto;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.agrona.DirectBuffer;

/**
 * Reads a directory's id, or every field, from a value the store returned; one per walking
 * thread (it reuses its scratch array and FlatBuffers accessors).
 *
 * <p>The id of {@code LONG}, {@code PADDING_*} and {@code *_LONG} values is read straight from
 * the store's view. A record ({@code PROTO}, {@code FLAT_BUFFER}) is first copied into a
 * scratch array: protobuf-java and flatbuffers-java read heap arrays or {@link ByteBuffer}s, and
 * an engine's view may be raw memory (LMDB). The copy is the same for every engine and both
 * record encodings (the reference's RocksDB {@code get} returned a fresh {@code byte[]}, a copy
 * too). Then protobuf parses the whole message whichever fields are asked for (its cost), while
 * the FlatBuffers accessor reads only the fields asked for (its point).
 */
public final class Decoder {

    private byte[] scratch = new byte[512];
    private ByteBuffer scratchBuffer = ByteBuffer.wrap(scratch);
    private final FlatDirectory flat = new FlatDirectory();
    private final FlatDirectory.FlatAcl flatAcl = new FlatDirectory.FlatAcl();

    /**
     * The id in {@code value}; with {@code allFields}, every field is read too, and the record's
     * parent id must be {@code parentId}.
     *
     * @return the id; {@link #fold} holds a sum over every field read, for the benchmark to consume
     * @throws IllegalStateException when a record does not decode or names another parent
     */
    public long id(Encoding encoding, DirectBuffer value, boolean allFields, long parentId) {
        if (encoding.idLeads() && !(allFields && encoding.hasRecord())) {
            return value.getLong(0, ByteOrder.BIG_ENDIAN);
        }
        int offset = encoding.recordOffset();
        int length = value.capacity() - offset;
        if (scratch.length < length) {
            scratch = new byte[Math.max(length, scratch.length * 2)];
            scratchBuffer = ByteBuffer.wrap(scratch);
        }
        value.getBytes(offset, scratch, 0, length);
        long id = encoding.flat() ? flat(length, allFields, parentId) : proto(length, allFields, parentId);
        if (encoding.idLeads() && id != value.getLong(0, ByteOrder.BIG_ENDIAN)) {
            throw new IllegalStateException("the leading id " + value.getLong(0, ByteOrder.BIG_ENDIAN)
                    + " differs from the record's objectId " + id);
        }
        return id;
    }

    /** A sum over the fields read by the last {@code allFields} decode (consumed so that no read is dead code). */
    public long fold;

    private long flat(int length, boolean allFields, long parentId) {
        scratchBuffer.limit(length).position(0);
        FlatDirectory record = flat.of(scratchBuffer);
        long id = record.objectId();
        if (allFields) {
            long sum = record.updateId()
                    + record.creationTime()
                    + record.modificationTime()
                    + record.permission()
                    + record.name().length()
                    + record.owner().length()
                    + record.group().length();
            for (int j = 0, n = record.aclsLength(); j < n; j++) {
                FlatDirectory.FlatAcl acl = record.acls(flatAcl, j);
                sum += acl.name().length() + acl.type() + acl.scope() + acl.permissions();
            }
            fold = sum;
            requireParent(record.parentId(), parentId);
        }
        return id;
    }

    private long proto(int length, boolean allFields, long parentId) {
        DirectoryProto.DirectoryInfo record;
        try {
            record = DirectoryProto.DirectoryInfo.parser().parseFrom(scratch, 0, length);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("a PROTO value does not parse: " + e.getMessage(), e);
        }
        long id = record.getObjectId();
        if (allFields) {
            long sum = record.getUpdateId()
                    + record.getCreationTime()
                    + record.getModificationTime()
                    + record.getPermission()
                    + record.getName().length()
                    + record.getOwner().length()
                    + record.getGroup().length();
            for (int j = 0, n = record.getAclsCount(); j < n; j++) {
                DirectoryProto.Acl acl = record.getAcls(j);
                sum += acl.getName().length()
                        + acl.getType().getNumber()
                        + acl.getScope().getNumber()
                        + acl.getPermissions();
            }
            fold = sum;
            requireParent(record.getParentId(), parentId);
        }
        return id;
    }

    private static void requireParent(long found, long expected) {
        if (found != expected) {
            throw new IllegalStateException("the record's parentId is " + found + ", its key's parent is " + expected);
        }
    }
}
