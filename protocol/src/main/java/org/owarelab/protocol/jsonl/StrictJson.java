package org.owarelab.protocol.jsonl;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The one reader of JSON requests from clients (JSON lines, the play page's API): a request is one
 * JSON object and nothing after it, each key once. A duplicated key ({@code {"op": "fly", "op":
 * "legal"}}) or trailing text would otherwise be answered as whatever Jackson kept (the last
 * value), which is not what the client may have meant.
 */
public final class StrictJson {
    /** Strict parsing: duplicate keys and trailing tokens are errors. Thread-safe. */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private StrictJson() {
    }
}
