package org.owarelab.agents.uci;

import java.io.PrintWriter;
import org.owarelab.util.Texts;

/**
 * The engine's protocol output: whole lines, each flushed at once. Thread-safe: the reader
 * thread (replies to {@code uci}, {@code isready}, errors) and a search thread ({@code info},
 * {@code bestmove}) write through it; the lock of this object keeps lines whole and in order.
 * Nothing but protocol lines may be written to the underlying writer.
 */
final class UciOutput {
    private final PrintWriter out;

    UciOutput(PrintWriter out) {
        this.out = out;
    }

    /**
     * Writes one protocol line; line breaks inside {@code line} become spaces and other control
     * characters (NUL, ESC, ...) visible escapes, so a garbage input echoed back can neither split
     * the line nor drive the GUI's terminal.
     */
    synchronized void line(String line) {
        out.print(oneLine(line));
        out.print('\n');
        out.flush();
    }

    /** {@code info string <text>}. */
    void info(String text) {
        line("info string " + text);
    }

    /** {@code info string error: <text>}. */
    void error(String text) {
        line("info string error: " + text);
    }

    /** True once a write failed (the reader of our output is gone). */
    synchronized boolean broken() {
        return out.checkError();
    }

    static String oneLine(String s) {
        String flat = s.indexOf('\n') < 0 && s.indexOf('\r') < 0 ? s : s.replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ');
        return Texts.escape(flat);
    }
}
