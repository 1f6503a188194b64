package org.owarelab.export;

/**
 * Bad input to an export (no such checkpoint or run, a corrupt or mismatched one, an output
 * directory that exists and is not empty or cannot be written): one line naming the input and
 * what was expected. The command turns it into exit status 2.
 */
public class ExportException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ExportException(String message) {
        super(message);
    }

    public ExportException(String message, Throwable cause) {
        super(message, cause);
    }
}
