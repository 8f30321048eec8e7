package legacy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TField;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TProtocolUtil;
import org.apache.thrift.protocol.TStruct;
import org.apache.thrift.protocol.TType;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.layered.TFramedTransport;

/**
 * The application's data access as many Thrift-era applications wrote it: its own connection
 * to the address its configuration names, here the one cassandra-unit's embedded server had
 * (localhost:9171), and a few calls of Cassandra's Thrift API written with libthrift's protocol
 * directly (the fields of cassandra.thrift 19.x), so this example needs no generated code.
 */
public final class AuthorsDao implements AutoCloseable {
    public static final String HOST = "localhost";
    public static final int PORT = 9171;
    private static final int QUORUM = 2;

    private final TTransport transport;
    private final TProtocol protocol;
    private int seqid;

    public AuthorsDao(String keyspace) throws TException {
        transport = new TFramedTransport(new TSocket(HOST, PORT));
        transport.open();
        protocol = new TBinaryProtocol(transport);
        try {
            call("set_keyspace");
            string(1, keyspace);
            end();
            reply(null);
        } catch (TException e) {
            transport.close();
            throw e;
        }
    }

    public String clusterName() throws TException {
        call("describe_cluster_name");
        end();
        StringBuilder name = new StringBuilder();
        reply(name);
        return name.toString();
    }

    /** The author's {@code field} (a column of Authors), or null when the author has none. */
    public String field(String author, String field) throws TException {
        call("get");
        protocol.writeFieldBegin(new TField("key", TType.STRING, (short) 1));
        protocol.writeBinary(utf8(author));
        protocol.writeFieldBegin(new TField("column_path", TType.STRUCT, (short) 2));
        protocol.writeStructBegin(new TStruct("ColumnPath"));
        string(3, "Authors");
        protocol.writeFieldBegin(new TField("column", TType.STRING, (short) 5));
        protocol.writeBinary(utf8(field));
        protocol.writeFieldStop();
        protocol.writeStructEnd();
        protocol.writeFieldBegin(new TField("consistency_level", TType.I32, (short) 3));
        protocol.writeI32(QUORUM);
        end();
        StringBuilder value = new StringBuilder();
        return reply(value) ? value.toString() : null;
    }

    private void call(String method) throws TException {
        protocol.writeMessageBegin(new TMessage(method, TMessageType.CALL, ++seqid));
        protocol.writeStructBegin(new TStruct(method + "_args"));
    }

    private void string(int id, String value) throws TException {
        protocol.writeFieldBegin(new TField("", TType.STRING, (short) id));
        protocol.writeString(value);
    }

    private void end() throws TException {
        protocol.writeFieldStop();
        protocol.writeStructEnd();
        protocol.writeMessageEnd();
        transport.flush();
    }

    /**
     * Reads a reply: its success (a string, or a ColumnOrSuperColumn's column value) into
     * {@code into}; false for get's NotFoundException (field 2); any other exception thrown.
     */
    private boolean reply(StringBuilder into) throws TException {
        TMessage m = protocol.readMessageBegin();
        if (m.type == TMessageType.EXCEPTION) {
            TApplicationException e = new TApplicationException();
            e.read(protocol);
            throw e;
        }
        boolean found = true;
        protocol.readStructBegin();
        for (TField f = protocol.readFieldBegin(); f.type != TType.STOP; f = protocol.readFieldBegin()) {
            if (f.id == 0 && f.type == TType.STRING) {
                into.append(protocol.readString());
            } else if (f.id == 0 && f.type == TType.STRUCT) {
                into.append(columnValue());
            } else if (f.id == 2 && "get".equals(m.name)) {
                TProtocolUtil.skip(protocol, f.type);
                found = false;
            } else if (f.id > 0) {
                TProtocolUtil.skip(protocol, f.type);
                throw new TException(m.name + " failed: exception field " + f.id);
            } else {
                TProtocolUtil.skip(protocol, f.type);
            }
        }
        protocol.readStructEnd();
        protocol.readMessageEnd();
        return found;
    }

    // ColumnOrSuperColumn { 1: Column { 1: name, 2: value, 3: timestamp } }: the value.
    private String columnValue() throws TException {
        String value = null;
        protocol.readStructBegin();
        for (TField f = protocol.readFieldBegin(); f.type != TType.STOP; f = protocol.readFieldBegin()) {
            if (f.id == 1 && f.type == TType.STRUCT) {
                protocol.readStructBegin();
                for (TField c = protocol.readFieldBegin(); c.type != TType.STOP; c = protocol.readFieldBegin()) {
                    if (c.id == 2 && c.type == TType.STRING) {
                        ByteBuffer b = protocol.readBinary();
                        byte[] bytes = new byte[b.remaining()];
                        b.get(bytes);
                        value = new String(bytes, StandardCharsets.UTF_8);
                    } else {
                        TProtocolUtil.skip(protocol, c.type);
                    }
                    protocol.readFieldEnd();
                }
                protocol.readStructEnd();
            } else {
                TProtocolUtil.skip(protocol, f.type);
            }
            protocol.readFieldEnd();
        }
        protocol.readStructEnd();
        return value;
    }

    private static ByteBuffer utf8(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
        transport.close();
    }
}
