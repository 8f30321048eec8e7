package org.apache.cassandra.exceptions;

/**
 * Declared by cassandra-unit's start methods, so test code written for it names this class in
 * its {@code throws} clauses and imports; here a configuration supercolumn refuses at start.
 */
public class ConfigurationException extends Exception {
    private static final long serialVersionUID = 1L;

    public ConfigurationException(String message) {
        super(message);
    }

    public ConfigurationException(String message, Throwable cause) {
        super(message, cause);
    }
}
