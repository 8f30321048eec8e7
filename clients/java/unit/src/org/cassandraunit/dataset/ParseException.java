package org.cassandraunit.dataset;

/**
 * A dataset that cannot be had: not found, or of an unknown format. What is inside a dataset is
 * checked by the server when it loads it (a {@code CassandraUnitException} naming file and line).
 */
public class ParseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ParseException(String message) {
        super(message);
    }

    public ParseException(Throwable cause) {
        super(cause);
    }
}
