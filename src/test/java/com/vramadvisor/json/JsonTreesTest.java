package com.vramadvisor.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.vramadvisor.json.JsonTrees.Check;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The streaming reader must build exactly the tree Jackson's ObjectMapper builds, node types included. */
class JsonTreesTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {
        "{}", "[]", "0", "-1", "2147483647", "2147483648", "-9223372036854775808", "9223372036854775808",
        "123456789012345678901234567890", "1.5", "1e3", "-0.0", "6.02214076e23", "\"text\"", "\"\\u4e2d\\u6587\"",
        "true", "false", "null",
        "{\"a\":1,\"b\":[1,2.5,\"x\",null,{\"c\":false}],\"d\":{\"e\":{\"f\":[]}}}",
        "  [ [ [ ] ] , { } ]  ",
    })
    void buildsTheTreeObjectMapperBuilds(String json) throws Exception {
        JsonNode expected = MAPPER.readTree(json);
        JsonNode actual = JsonTrees.read(json);
        assertThat(actual).isEqualTo(expected);
        assertThat(actual.getNodeType()).isEqualTo(expected.getNodeType());
        if (expected.isNumber()) {
            assertThat(actual.numberType()).isEqualTo(expected.numberType());
        }
    }

    static Stream<Path> shippedCatalogFiles() throws Exception {
        return Files.list(Path.of("catalog")).filter(p -> p.toString().endsWith(".json")).sorted();
    }

    @ParameterizedTest
    @MethodSource("shippedCatalogFiles")
    void readsTheShippedCatalogLikeObjectMapper(Path file) throws Exception {
        assertThat(JsonTrees.read(file, 1 << 20, Check.NO_DUPLICATE_FIELDS)).isEqualTo(MAPPER.readTree(file.toFile()));
        byte[] bytes = Files.readAllBytes(file);
        assertThat(JsonTrees.read(bytes)).isEqualTo(MAPPER.readTree(bytes));
        assertThat(JsonTrees.read(new ByteArrayInputStream(bytes))).isEqualTo(MAPPER.readTree(bytes));
    }

    @Test
    void emptyInputIsMissingLikeObjectMapper() throws Exception {
        assertThat(JsonTrees.read("")).isEqualTo(MAPPER.readTree(""));
        assertThat(JsonTrees.read("   \n").isMissingNode()).isTrue();
        assertThat(JsonTrees.read(new byte[0]).isMissingNode()).isTrue();
    }

    @Test
    void duplicateFieldsAreRefusedOnlyWhenAsked() throws Exception {
        String json = "{\"a\":1,\"a\":2}";
        assertThat(JsonTrees.read(json).get("a").intValue()).isEqualTo(2);
        assertThatThrownBy(() -> JsonTrees.read(json, Check.NO_DUPLICATE_FIELDS))
                .isInstanceOf(JsonParseException.class).hasMessageContaining("Duplicate field 'a'");
    }

    @Test
    void trailingContentIsRefusedOnlyWhenAsked() throws Exception {
        assertThat(JsonTrees.read("{\"a\":1} {\"b\":2}").has("a")).isTrue();
        assertThatThrownBy(() -> JsonTrees.read("{\"a\":1} {\"b\":2}", Check.NO_TRAILING_CONTENT))
                .isInstanceOf(JsonParseException.class)
                .satisfies(e -> assertThat(((JsonParseException) e).getLocation().getLineNr()).isEqualTo(1));
        assertThat(JsonTrees.read("{\"a\":1}\n\n", Check.NO_TRAILING_CONTENT).has("a")).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"a\":", "{\"a\":[1,2", "[{", "{\"a\":1,\"b\""})
    void truncatedInputEndsWithAnEndOfInputError(String json) {
        assertThatThrownBy(() -> JsonTrees.read(json)).isInstanceOf(JsonEOFException.class);
        assertThatThrownBy(() -> JsonTrees.read(json.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(JsonEOFException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{a:1}", "[1,]", "{\"a\" 1}", "NaN", "[1 2]", "{\"a\":tru}"})
    void malformedInputIsAParseErrorWithALocation(String json) {
        assertThatThrownBy(() -> JsonTrees.read(json)).isInstanceOf(JsonParseException.class)
                .satisfies(e -> assertThat(((JsonParseException) e).getLocation().getColumnNr()).isPositive());
    }

    @Test
    void nestingBeyondTheParsersLimitIsAnErrorWithALocationNotAStackOverflow() {
        String deep = "[".repeat(5000) + "]".repeat(5000);
        assertThatThrownBy(() -> JsonTrees.read(deep)).isInstanceOf(JsonParseException.class)
                .hasCauseInstanceOf(StreamConstraintsException.class)
                .satisfies(e -> assertThat(JsonTrees.problem((JsonParseException) e)).isEqualTo(
                        "line 1, column 1002: Document nesting depth (1001) exceeds the maximum allowed (1000)"));
    }

    @Test
    void aProblemIsOneLineWithoutJacksonsSourceExcerpt() {
        assertThatThrownBy(() -> JsonTrees.read("{\"a\": [1,\n2")).isInstanceOf(JsonParseException.class)
                .satisfies(e -> assertThat(JsonTrees.problem((JsonParseException) e))
                        .isEqualTo("line 2, column 2: unexpected end of file"));
        assertThatThrownBy(() -> JsonTrees.read("{\"a\": 1,\n")).isInstanceOf(JsonParseException.class)
                .satisfies(e -> assertThat(JsonTrees.problem((JsonParseException) e))
                        .isEqualTo("line 2, column 1: unexpected end of file"));
        assertThatThrownBy(() -> JsonTrees.read("{\"a\": x\u001b[31m}")).isInstanceOf(JsonParseException.class)
                .satisfies(e -> assertThat(JsonTrees.problem((JsonParseException) e))
                        .startsWith("line 1, column ").contains("Unrecognized token 'x\\u001b")
                        .doesNotContain("\u001b").doesNotContain("Source"));
    }
}
