package org.apache.cassandra.cql3.functions;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.ExecutorService;

import org.apache.cassandra.cql3.ColumnIdentifier;
import org.apache.cassandra.db.marshal.AbstractType;
import org.apache.cassandra.exceptions.InvalidRequestException;
import org.apache.cassandra.transport.ProtocolVersion;

/**
 * JDK 17 has no Nashorn, so script (JavaScript) UDFs cannot be compiled: creating one is refused
 * with the same InvalidRequestException a JVM without a script engine gets. Java UDFs are not
 * affected (they are off by default anyway).
 */
final class ScriptBasedUDFunction extends UDFunction
{
    ScriptBasedUDFunction(FunctionName name,
                          List<ColumnIdentifier> argNames,
                          List<AbstractType<?>> argTypes,
                          AbstractType<?> returnType,
                          boolean calledOnNullInput,
                          String language,
                          String body)
    {
        super(name, argNames, argTypes, returnType, calledOnNullInput, language, body);
        throw new InvalidRequestException(String.format("Invalid language '%s' for function '%s'", language, name));
    }

    protected ExecutorService executor()
    {
        throw new UnsupportedOperationException();
    }

    protected ByteBuffer executeUserDefined(ProtocolVersion protocolVersion, List<ByteBuffer> parameters)
    {
        throw new UnsupportedOperationException();
    }

    protected Object executeAggregateUserDefined(ProtocolVersion protocolVersion, Object firstParam, List<ByteBuffer> parameters)
    {
        throw new UnsupportedOperationException();
    }
}
