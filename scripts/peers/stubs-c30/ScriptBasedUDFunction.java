// Build stand-in for org.apache.cassandra.cql3.functions.ScriptBasedUDFunction (Cassandra 3.0) on
// JDK 17, which has no Nashorn: a script (JavaScript) UDF cannot be compiled, so creating one is
// refused with the InvalidRequestException a JVM without that script engine gives. Java UDFs and
// everything else are unaffected (UDFs are off in the stock yaml anyway).
package org.apache.cassandra.cql3.functions;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.ExecutorService;

import org.apache.cassandra.cql3.ColumnIdentifier;
import org.apache.cassandra.db.marshal.AbstractType;
import org.apache.cassandra.exceptions.InvalidRequestException;

final class ScriptBasedUDFunction extends UDFunction
{
    ScriptBasedUDFunction(FunctionName name, List<ColumnIdentifier> argNames, List<AbstractType<?>> argTypes,
                          AbstractType<?> returnType, boolean calledOnNullInput, String language, String body)
    {
        super(name, argNames, argTypes, returnType, calledOnNullInput, language, body);
        throw new InvalidRequestException(String.format("Invalid language '%s' for function '%s'", language, name));
    }

    protected ExecutorService executor()
    {
        throw new UnsupportedOperationException();
    }

    public ByteBuffer executeUserDefined(int protocolVersion, List<ByteBuffer> parameters)
    {
        throw new UnsupportedOperationException();
    }
}
