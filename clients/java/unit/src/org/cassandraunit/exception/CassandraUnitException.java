package org.cassandraunit.exception;

/** A dataset the server refused to load, or a helper call made before the server started. */
public class CassandraUnitException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CassandraUnitException(String message) {
        super(message);
    }

    public CassandraUnitException(String message, Throwable cause) {
        super(message, cause);
    }
}
