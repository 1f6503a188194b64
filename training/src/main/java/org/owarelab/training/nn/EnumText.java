package org.owarelab.training.nn;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The lower-case text form of this package's option enums ({@code mlp}, {@code wdl}, {@code adam}, ...). */
final class EnumText {
    private EnumText() {
    }

    static String id(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    /**
     * The constant whose id is {@code text} (any case, surrounding blanks ignored).
     *
     * @param what names the option in the message, e.g. {@code value head}
     */
    static <E extends Enum<E>> E parse(E[] values, String text, String what,
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
