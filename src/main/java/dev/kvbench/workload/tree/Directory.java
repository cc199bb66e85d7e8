package dev.kvbench.workload.tree;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The directory record of the Ozone benchmark, with that benchmark's fixed contents: name
 * {@code /abcdefghifklmno} plus the child's index, owner {@code sodonnell}, group
 * {@code hadoop-read-write}, and two ACLs for {@code otheruser}. Times are one fixed instant
 * (the reference used the clock at load time; a constant keeps every engine's data identical).
 *
 * @param objectId the directory's id (its inode)
 * @param parentId the parent directory's id, 0 for the root's children
 * @param index    the child's index under its parent, 0..fanout-1
 */
public record Directory(long objectId, long parentId, int index) {

    /** The name every directory shares before its index, as the reference spells it. */
    public static final String NAME_PREFIX = "/abcdefghifklmno";

    static final byte[] NAME_PREFIX_BYTES = NAME_PREFIX.getBytes(StandardCharsets.US_ASCII);
    public static final String OWNER = "sodonnell";
    public static final String GROUP = "hadoop-read-write";
    public static final String ACL_USER = "otheruser";
    /** 2023-11-14T22:13:20Z, in milliseconds. */
    public static final long TIME = 1_700_000_000_000L;
    /** rwxr-xr-x. */
    public static final int PERMISSION = 0755;

    /** One ACL of the record: type and scope as the .proto numbers them. */
    public record Acl(int type, int scope, int permissions) {}

    /** The two ACLs every record holds: user rwx on access, group r-x as default. */
    public static final List<Acl> ACLS = List.of(new Acl(0, 0, 7), new Acl(1, 1, 5));

    public long updateId() {
        return objectId;
    }

    public String name() {
        return NAME_PREFIX + index;
    }

    /** Bytes of the name in ASCII: the prefix and the index's decimal digits. */
    public static int nameLength(int index) {
        return NAME_PREFIX_BYTES.length + digits(index);
    }

    static int digits(int value) {
        int digits = 1;
        for (int v = value; v >= 10; v /= 10) {
            digits++;
        }
        return digits;
    }
}
