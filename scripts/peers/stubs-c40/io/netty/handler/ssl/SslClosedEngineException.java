package io.netty.handler.ssl;

import javax.net.ssl.SSLException;

/**
 * Netty 4.1.54 added this exception; Debian's netty (4.1.48) does not have it. Cassandra 4.x only
 * tests for it (instanceof) on its TLS paths, so an exception type that 4.1.48 never throws lets
 * the code compile and behave as on a netty without it.
 */
public final class SslClosedEngineException extends SSLException
{
    public SslClosedEngineException(String reason)
    {
        super(reason);
    }
}
