package org.owarelab.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The lower-case text form of the option enums of the network and the learner ({@code mlp},
 * {@code wdl}, {@code adam}, ...): one spelling and one error message for all of them.
 */
public final class EnumText {
    private EnumText() {
    }

    public static String id(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    /**
     * The constant whose id is {@code text} (any case, surrounding blanks ignored).
     *
     * @param what names the option in the message, e.g. {@code value head}
     */
    public static <E extends Enum<E>> E parse(E[] values, String text, String what,
                                       Function<String, ? extends IllegalArgumentException> error) {
        String t = text == null ? "" : text.trim();
        for (E e : values) {
            if (id(e).equalsIgnoreCase(t)) {
                return e;
            }
        }
        throw error.apply(what + " '" + text + "': expected "
                + Arrays.stream(values).map(EnumText::id).collect(Collectors.joining(", ")));
    }
}
