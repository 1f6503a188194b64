package org.owarelab.formats;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/**
 * The lab's Jackson mappers. Every reader of a config, an ablation file, a checkpoint's
 * {@code meta.json} or a run file builds its mapper here, so that every one refuses a duplicated
 * key ({@code seeds:} twice is an error naming the key and its line, not the last value silently
 * kept). A caller adds its own settings to a builder (unknown keys refused, indented output);
 * the mappers are made once per caller and are thread-safe once built.
 *
 * <p>YAML is written without the {@code ---} document marker and with quotes only where needed,
 * as a person writes a config.
 */
public final class Mappers {
    private Mappers() {
    }

    /** A JSON mapper builder with duplicate keys refused. */
    public static JsonMapper.Builder jsonBuilder() {
        return JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
    }

    /** A YAML mapper builder with duplicate keys refused; written without {@code ---} and with minimal quotes. */
    public static YAMLMapper.Builder yamlBuilder() {
        YAMLFactory factory = YAMLFactory.builder()
                .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                .build();
        factory.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        return YAMLMapper.builder(factory).enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
    }

    /** A JSON mapper with duplicate keys refused and nothing else changed. */
    public static JsonMapper json() {
        return jsonBuilder().build();
    }

    /** A YAML mapper with duplicate keys refused and nothing else changed. */
    public static YAMLMapper yaml() {
        return yamlBuilder().build();
    }
}
