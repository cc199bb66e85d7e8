package dev.kvbench.workload.tree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kvbench.workload.tree.proto.DirectoryProto;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/** The encodings hold what the reference's records hold, and decode back to it. */
class EncodingTest {

    private static final Directory RECORD = new Directory(123_456_789L, 24_691_357L, 3);

    @Test
    void theHandWrittenFlatBufferRoundTripsEveryField() {
        FlatDirectory flat = new FlatDirectory().of(ByteBuffer.wrap(FlatDirectory.encode(RECORD)));
        assertEquals(123_456_789L, flat.objectId());
        assertEquals(123_456_789L, flat.updateId());
        assertEquals(24_691_357L, flat.parentId());
        assertEquals(Directory.TIME, flat.creationTime());
        assertEquals(Directory.TIME, flat.modificationTime());
        assertEquals("/abcdefghifklmno3", flat.name());
        assertEquals("sodonnell", flat.owner());
        assertEquals("hadoop-read-write", flat.group());
        assertEquals(0755, flat.permission());
        assertEquals(2, flat.aclsLength());
        FlatDirectory.FlatAcl acl = new FlatDirectory.FlatAcl();
        for (int j = 0; j < 2; j++) {
            flat.acls(acl, j);
            assertEquals("otheruser", acl.name());
            assertEquals(Directory.ACLS.get(j).type(), acl.type());
            assertEquals(Directory.ACLS.get(j).scope(), acl.scope());
            assertEquals(Directory.ACLS.get(j).permissions(), acl.permissions());
        }
    }

    @Test
    void theProtoMessageIsTheReferencesDirectoryInfo() throws Exception {
        byte[] value = Encoding.PROTO.encode(RECORD, new SplittableRandom(1));
        DirectoryProto.DirectoryInfo info = DirectoryProto.DirectoryInfo.parseFrom(value);
        assertEquals(RECORD.objectId(), info.getObjectId());
        assertEquals(RECORD.parentId(), info.getParentId());
        assertEquals("/abcdefghifklmno3", info.getName());
        assertEquals(2, info.getAclsCount());
        assertEquals(DirectoryProto.AclType.GROUP, info.getAcls(1).getType());
        assertEquals(DirectoryProto.AclScope.DEFAULT, info.getAcls(1).getScope());
    }

    @Test
    void valueSizesFollowTheReferencesSteps() {
        SplittableRandom random = new SplittableRandom(1);
        assertEquals(8, Encoding.LONG.encode(RECORD, random).length);
        for (int size : new int[] {50, 100, 150, 200, 250}) {
            assertEquals(size, Encoding.named("padding_" + size).encode(RECORD, random).length);
        }
        int proto = Encoding.PROTO.encode(RECORD, random).length;
        int flat = Encoding.FLAT_BUFFER.encode(RECORD, random).length;
        assertEquals(proto + 8, Encoding.PROTO_LONG.encode(RECORD, random).length);
        assertEquals(flat + 8, Encoding.FLAT_BUFFER_LONG.encode(RECORD, random).length);
        // as in the reference, the FlatBuffer is the larger record
        assertEquals(true, flat > proto, flat + " vs " + proto);
    }

    @Test
    void everyEncodingDecodesToTheIdAndEveryFieldWithTheRightParent() {
        Decoder decoder = new Decoder();
        for (Encoding encoding : Encoding.values()) {
            byte[] value = encoding.encode(RECORD, new SplittableRandom(1));
            UnsafeBuffer view = new UnsafeBuffer(value);
            assertEquals(RECORD.objectId(), decoder.id(encoding, view, false, RECORD.parentId()), encoding.name());
            assertEquals(RECORD.objectId(), decoder.id(encoding, view, true, RECORD.parentId()), encoding.name());
            if (encoding.hasRecord()) {
                assertThrows(IllegalStateException.class, () -> decoder.id(encoding, view, true, 7), encoding.name());
            }
        }
    }

    @Test
    void aLeadingIdThatDisagreesWithTheRecordIsAnError() {
        byte[] value = Encoding.PROTO_LONG.encode(RECORD, new SplittableRandom(1));
        value[7] ^= 1;
        assertThrows(
                IllegalStateException.class,
                () -> new Decoder().id(Encoding.PROTO_LONG, new UnsafeBuffer(value), true, RECORD.parentId()));
    }

    @Test
    void anUnknownEncodingIsOneLineListingTheValidOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Encoding.named("XML"));
        assertEquals(
                "encoding=XML is not an encoding; encodings: LONG,PADDING_50,PADDING_100,PADDING_150,"
                        + "PADDING_200,PADDING_250,PROTO,PROTO_LONG,FLAT_BUFFER,FLAT_BUFFER_LONG",
                e.getMessage());
    }

    @Test
    void paddingIsRandomAfterTheId() {
        byte[] a = Encoding.PADDING_50.encode(RECORD, new SplittableRandom(1));
        byte[] b = Encoding.PADDING_50.encode(RECORD, new SplittableRandom(2));
        assertArrayEquals(Arrays.copyOf(a, 8), Arrays.copyOf(b, 8));
        assertEquals(false, Arrays.equals(a, b));
    }
}
