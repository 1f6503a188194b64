package org.owarelab.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.owarelab.util.Texts;

/** Maps exceptions to exit codes and one-line messages. */
final class Errors {
    private Errors() {
    }

    /** 2 for bad input (an {@link IllegalArgumentException} and its kin), 1 for anything else. */
    static int exitCode(Throwable ex) {
        return ex instanceof IllegalArgumentException || ex instanceof BadInputException ? 2 : 1;
    }

    static String message(Throwable ex) {
        if (ex instanceof UncheckedIOException u && u.getCause() != null) {
            ex = u.getCause();
        }
        for (Throwable t = ex; t != null; t = t.getCause()) {
            if (t instanceof ai.djl.engine.EngineException) {
                return "DJL could not load libtorch (" + t.getMessage() + "). The default build bundles the CPU "
                        + "libtorch; a GPU build (OWARE_GPU=1) downloads the CUDA libtorch on first use, which needs "
                        + "internet, or reads PYTORCH_LIBRARY_PATH. See docs/training.md, 'Running on a GPU'";
            }
        }
        String m = ex.getMessage();
        if (ex instanceof IOException) {
            return Texts.reason(ex);
        }
        if (m == null || m.isBlank()) {
            return Texts.reason(ex);
        }
        return Texts.escape(m.replace('\n', ' '));
    }
}
