package org.owarelab.agents.uci;

import java.util.ArrayList;
import java.util.List;
import org.owarelab.agents.AgentSpecException;

/**
 * Splits an engine command line into arguments the way a POSIX shell does for plain words:
 * white space separates; {@code "..."} groups (with {@code \"} and {@code \\} escapes inside);
 * {@code '...'} groups literally; a backslash outside quotes escapes the next character. No
 * variables, globs or redirections: the command is run directly, not through a shell.
 */
final class CommandSplitter {
    private CommandSplitter() {
    }

    /**
     * @throws AgentSpecException for an unclosed quote or an empty command
     */
    static List<String> split(String command) {
        List<String> args = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        int i = 0;
        int n = command.length();
        while (i < n) {
            char c = command.charAt(i++);
            if (Character.isWhitespace(c)) {
                if (inWord) {
                    args.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else if (c == '"') {
                inWord = true;
                int start = i - 1;
                while (true) {
                    if (i >= n) {
                        throw new AgentSpecException("engine command '" + command + "': unclosed \" at column " + (start + 1));
                    }
                    char d = command.charAt(i++);
                    if (d == '"') {
                        break;
                    }
                    if (d == '\\' && i < n && (command.charAt(i) == '"' || command.charAt(i) == '\\')) {
                        d = command.charAt(i++);
                    }
                    word.append(d);
                }
            } else if (c == '\'') {
                inWord = true;
                int close = command.indexOf('\'', i);
                if (close < 0) {
                    throw new AgentSpecException("engine command '" + command + "': unclosed ' at column " + i);
                }
                word.append(command, i, close);
                i = close + 1;
            } else if (c == '\\' && i < n) {
                inWord = true;
                word.append(command.charAt(i++));
            } else {
                inWord = true;
                word.append(c);
            }
        }
        if (inWord) {
            args.add(word.toString());
        }
        if (args.isEmpty()) {
            throw new AgentSpecException("engine command is empty (expected e.g. uci:cmd=\"java -jar engine.jar service\")");
        }
        return args;
    }
}
