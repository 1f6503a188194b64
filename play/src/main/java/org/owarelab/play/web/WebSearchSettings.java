package org.owarelab.play.web;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.owarelab.agents.puct.PuctAgent;
import org.owarelab.agents.puct.SearchOption;

/**
 * The settings the web player's search ({@code web/search.js}) runs with, written from the Java
 * side's one home of them: the {@code puct} agent's defaults ({@link SearchOption}) and the
 * engine's batching constants. The exported site's card ({@code player.json}, {@code search.settings})
 * and the golden file of the JavaScript tests carry this object, so the page keeps no copy of
 * its own: {@code cPuct}, {@code cBase}, {@code fpu}, {@code fpuRoot}, {@code reuse},
 * {@code terminalBurst} (terminal simulations one batched step runs at most,
 * {@link PuctAgent#TERMINAL_BURST}) and {@code timedBatch} (leaves per network call of a timed
 * search, {@link PuctAgent#AUTO_BATCH}).
 */
public final class WebSearchSettings {
    private WebSearchSettings() {
    }

    /** A new JSON object of the settings, in a fixed key order. */
    public static ObjectNode json() {
        return JsonNodeFactory.instance.objectNode()
                .put("cPuct", SearchOption.C_PUCT.realDefault())
                .put("cBase", SearchOption.C_BASE.realDefault())
                .put("fpu", SearchOption.FPU.realDefault())
                .put("fpuRoot", SearchOption.FPU_ROOT.realDefault())
                .put("reuse", SearchOption.REUSE.boolDefault())
                .put("terminalBurst", PuctAgent.TERMINAL_BURST)
                .put("timedBatch", PuctAgent.AUTO_BATCH);
    }
}
