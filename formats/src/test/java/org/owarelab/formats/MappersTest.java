package org.owarelab.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Duplicate keys refused in JSON and YAML; every reading error in the user's words. */
class MappersTest {
    /** A file's shape, as an ablation file binds. */
    record Study(String base, List<Long> seeds, Map<String, List<JsonNode>> grid, Eval evaluation) {
    }

    record Eval(int games, List<String> opponents) {
    }

    private static final ObjectMapper YAML = Mappers.yamlBuilder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
    private static final ObjectMapper JSON = Mappers.jsonBuilder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

    private static ReadProblem yamlProblem(String text) {
        JsonProcessingException e = assertThrows(JsonProcessingException.class, () -> YAML.readValue(text, Study.class));
        return ReadProblem.of(e, text, YAML);
    }

    private static void noJava(ReadProblem p) {
        String s = p.describe("f.yaml");
        for (String java : List.of("java.", "JsonToken", "START_", "Study", "Eval", "JsonNode", "ArrayList", "`",
                "Source:", "com.fasterxml")) {
            assertFalse(s.contains(java), "'" + java + "' in: " + s);
        }
    }

    @Test
    void aDuplicatedYamlKeyIsAnErrorNamingItAndItsLine() {
        ReadProblem p = yamlProblem("base: tiny\nseeds: [1, 2]\nseeds: [3]\n");
        assertEquals(3, p.line());
        assertEquals("seeds", p.key());
        assertEquals("f.yaml:3: key seeds: duplicate key 'seeds' (expected each key once)", p.describe("f.yaml"));
        ReadProblem nested = yamlProblem("base: tiny\nevaluation:\n  games: 2\n  games: 4\n");
        assertEquals("evaluation.games", nested.key(), nested.toString());
        assertEquals(4, nested.line());
        assertThrows(JsonProcessingException.class, () -> Mappers.yaml().readTree("a: 1\na: 2\n"), "a tree too");
    }

    @Test
    void aDuplicatedJsonKeyIsAnError() {
        JsonProcessingException e = assertThrows(JsonProcessingException.class,
                () -> Mappers.json().readTree("{\"op\":\"fly\",\"op\":\"legal\"}"));
        ReadProblem p = ReadProblem.of(e);
        assertEquals("op", p.key());
        assertEquals("duplicate key 'op' (expected each key once)", p.problem());
        assertThrows(JsonProcessingException.class, () -> JSON.readValue("{\"base\":\"a\",\"base\":\"b\"}", Study.class));
    }

    @Test
    void aWrongTypeSaysWhatWasExpectedAndWhatCameInTheUsersWords() {
        ReadProblem list = yamlProblem("base: tiny\ngrid:\n  network.aux:\n    a: 1\n");
        assertEquals("grid.network.aux", list.key());
        assertEquals("expected a list, e.g. [1, 2], got a section of keys", list.problem());
        noJava(list);
        ReadProblem section = yamlProblem("base: tiny\nevaluation: [1, 2]\n");
        assertEquals("evaluation", section.key());
        assertTrue(section.problem().startsWith("expected a section of keys"), section.problem());
        assertTrue(section.problem().endsWith("got a list"), section.problem());
        noJava(section);
        ReadProblem number = yamlProblem("base: tiny\nevaluation:\n  games: many\n");
        assertEquals("evaluation.games", number.key());
        assertEquals("expected a whole number, got 'many'", number.problem());
        assertEquals(3, number.line());
        ReadProblem text = yamlProblem("base: [a, b]\n");
        assertEquals("expected a text value, got a list", text.problem());
        noJava(text);
    }

    @Test
    void everyKeyAndItemHasItsLine() {
        Map<String, Integer> lines = ReadProblem.lines("a: 1\nb:\n  c: [x,\n    y]\n  d:\n    - 5\n", YAML);
        assertEquals(Map.of("a", 1, "b", 2, "b.c", 3, "b.c.0", 3, "b.c.1", 4, "b.d", 5, "b.d.0", 6), lines);
    }

    @Test
    void anUnknownKeyListsTheKnownOnes() {
        ReadProblem p = yamlProblem("base: tiny\nsedes: [1]\n");
        assertEquals(2, p.line());
        assertEquals("sedes", p.key());
        assertEquals("unknown key 'sedes' (expected one of base, evaluation, grid, seeds)", p.problem());
    }

    @Test
    void brokenSyntaxHasItsLineAndNoParserInternals() {
        ReadProblem p = yamlProblem("base: tiny\nseeds: [1, 2\n");
        assertTrue(p.line() >= 2, p.toString());
        assertEquals("", p.key());
        assertTrue(p.problem().startsWith("not valid syntax: "), p.problem());
        noJava(p);
    }
}
