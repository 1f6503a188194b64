package org.owarelab.training.config;

import org.owarelab.util.Texts;

/**
 * A config that cannot be bound: the message names the source, line and column or override, and
 * the problem. One blamed on a {@code --set} override carries it ({@link #override()}) and the
 * problem alone ({@link #problem()}), so a caller that gave the overrides (an ablation file's
 * keys) can place the error itself, without reading the message's text.
 */
public final class ConfigException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** The override blamed ({@code key=value} as given), or null. */
    private final String override;
    /** What was wrong, without the source or override in front (one line). */
    private final String problem;

    public ConfigException(String message) {
        this(message, null, null, null);
    }

    public ConfigException(String message, Throwable cause) {
        this(message, null, null, cause);
    }

    private ConfigException(String message, String override, String problem, Throwable cause) {
        super(Texts.escape(message), cause); // one line whatever input it quotes
        this.override = override;
        this.problem = Texts.escape(problem != null ? problem : message);
    }

    /** An error blamed on override {@code override} ({@code key=value}): {@code --set OVERRIDE: PROBLEM}. */
    public static ConfigException inOverride(String override, String problem, Throwable cause) {
        return new ConfigException("--set " + override + ": " + problem, override, problem, cause);
    }

    /** The {@code --set} override this error is blamed on, as given ({@code key=value}); null when none is. */
    public String override() {
        return override;
    }

    /** The key of {@link #override()} ({@code a.b} of {@code a.b=value}); null when no override is blamed. */
    public String key() {
        if (override == null) {
            return null;
        }
        int eq = override.indexOf('=');
        return (eq < 0 ? override : override.substring(0, eq)).trim();
    }

    /** What was wrong, in one line: the message without the override in front (the whole message when none). */
    public String problem() {
        return problem;
    }
}
