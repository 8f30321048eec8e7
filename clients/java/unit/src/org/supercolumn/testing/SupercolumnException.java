package org.supercolumn.testing;

/**
 * A server that would not start, a refused admin call (its HTTP {@link #status()}, the server's
 * {@code error} text in the message) or a dataset the server refused to load (its file and line
 * in the message, as {@code supercolumn load} printed them).
 */
public class SupercolumnException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int status;

    public SupercolumnException(String message) {
        this(message, 0, null);
    }

    public SupercolumnException(String message, int status, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    /** The admin call's HTTP status, 0 when the failure was not an HTTP answer. */
    public int status() {
        return status;
    }
}
