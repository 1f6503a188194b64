package org.owarelab.tables;

/** A table file that cannot be used (another rule set or seed count, truncated, corrupt): bad input. */
public final class TableException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public TableException(String message) {
        super(message);
    }
}
