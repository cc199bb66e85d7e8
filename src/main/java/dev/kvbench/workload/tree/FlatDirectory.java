package dev.kvbench.workload.tree;

import com.google.flatbuffers.FlatBufferBuilder;
import com.google.flatbuffers.Table;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The directory record as a FlatBuffers table, written by hand against the flatbuffers-java
 * runtime ({@link Table}, {@link FlatBufferBuilder}) because no {@code flatc} comes from Maven
 * Central. It follows the reference's schema, field ids in order:
 *
 * <pre>
 * table Acl { name:string; type:ubyte; scope:ubyte; permissions:short; }
 * table DirectoryInfo { objectId:ulong; updateId:ulong; parentId:ulong; creationTime:ulong;
 *     modificationTime:ulong; name:string; owner:string; group:string; permission:int; acls:[Acl]; }
 * </pre>
 *
 * A field at id {@code n} has vtable slot {@code 4 + 2n}, as {@code flatc}'s Java output reads
 * it; fields equal to their default (0) are left out of the buffer, as flatc's builders do.
 * {@code FlatDirectoryTest} checks the round trip field by field.
 */
public final class FlatDirectory extends FlatTable {

    private static final int OBJECT_ID = 4;
    private static final int UPDATE_ID = 6;
    private static final int PARENT_ID = 8;
    private static final int CREATION_TIME = 10;
    private static final int MODIFICATION_TIME = 12;
    private static final int NAME = 14;
    private static final int OWNER = 16;
    private static final int GROUP = 18;
    private static final int PERMISSION = 20;
    private static final int ACLS = 22;
    private static final int FIELDS = 10;

    /** Points this accessor at the root table of the buffer {@code bb}, from its position. */
    public FlatDirectory of(ByteBuffer bb) {
        bb.order(ByteOrder.LITTLE_ENDIAN);
        __reset(bb.getInt(bb.position()) + bb.position(), bb);
        return this;
    }

    public long objectId() {
        return ulong(OBJECT_ID);
    }

    public long updateId() {
        return ulong(UPDATE_ID);
    }

    public long parentId() {
        return ulong(PARENT_ID);
    }

    public long creationTime() {
        return ulong(CREATION_TIME);
    }

    public long modificationTime() {
        return ulong(MODIFICATION_TIME);
    }

    public String name() {
        return string(NAME);
    }

    public String owner() {
        return string(OWNER);
    }

    public String group() {
        return string(GROUP);
    }

    public int permission() {
        return int32(PERMISSION);
    }

    public int aclsLength() {
        int o = __offset(ACLS);
        return o != 0 ? __vector_len(o) : 0;
    }

    /** Points {@code acl} at the {@code j}-th ACL and returns it. */
    public FlatAcl acls(FlatAcl acl, int j) {
        int o = __offset(ACLS);
        acl.at(__indirect(__vector(o) + j * 4), bb);
        return acl;
    }

    /** Encodes {@code record} as a finished FlatBuffer (untimed: the tree is written before the walks). */
    public static byte[] encode(Directory record) {
        FlatBufferBuilder builder = new FlatBufferBuilder(256);
        int name = builder.createString(record.name());
        int owner = builder.createString(Directory.OWNER);
        int group = builder.createString(Directory.GROUP);
        int[] acls = new int[Directory.ACLS.size()];
        for (int i = 0; i < acls.length; i++) {
            acls[i] = FlatAcl.create(builder, Directory.ACLS.get(i));
        }
        builder.startVector(4, acls.length, 4);
        for (int i = acls.length - 1; i >= 0; i--) {
            builder.addOffset(acls[i]);
        }
        int aclVector = builder.endVector();
        builder.startTable(FIELDS);
        builder.addLong(0, record.objectId(), 0L);
        builder.addLong(1, record.updateId(), 0L);
        builder.addLong(2, record.parentId(), 0L);
        builder.addLong(3, Directory.TIME, 0L);
        builder.addLong(4, Directory.TIME, 0L);
        builder.addOffset(5, name, 0);
        builder.addOffset(6, owner, 0);
        builder.addOffset(7, group, 0);
        builder.addInt(8, Directory.PERMISSION, 0);
        builder.addOffset(9, aclVector, 0);
        builder.finish(builder.endTable());
        return builder.sizedByteArray();
    }

    /** One ACL table of the record. */
    public static final class FlatAcl extends FlatTable {

        private static final int ACL_NAME = 4;
        private static final int TYPE = 6;
        private static final int SCOPE = 8;
        private static final int PERMISSIONS = 10;

        void at(int position, ByteBuffer bb) {
            __reset(position, bb);
        }

        public String name() {
            return string(ACL_NAME);
        }

        public int type() {
            return ubyte(TYPE);
        }

        public int scope() {
            return ubyte(SCOPE);
        }

        public int permissions() {
            return int16(PERMISSIONS);
        }

        static int create(FlatBufferBuilder builder, Directory.Acl acl) {
            int name = builder.createString(Directory.ACL_USER);
            builder.startTable(4);
            builder.addOffset(0, name, 0);
            builder.addShort(3, (short) acl.permissions(), 0);
            builder.addByte(1, (byte) acl.type(), 0);
            builder.addByte(2, (byte) acl.scope(), 0);
            return builder.endTable();
        }
    }
}
