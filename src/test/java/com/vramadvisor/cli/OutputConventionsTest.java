package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.ranking.SortKey;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** What every command shares: --format json, kebab-case enum values, human names and one unit in text. */
class OutputConventionsTest {

    private static final Pattern KEBAB = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

    /** JSON fields whose values are enum ids. */
    private static final Set<String> ENUM_FIELDS = Set.of("mode", "peakPhase", "lever", "trend", "largestPart",
            "sizeClass", "scenario", "findings", "kind", "acquisition", "sortedBy", "recompute", "reasons", "bound");

    private static final String[][] PRINTING_COMMANDS = {
        {"estimate", "--preset", "llama-3-8b", "--seq", "2048"},
        {"estimate", "--preset", "llama-3-8b", "--mode", "infer", "--context", "8192", "--gpu", "h100-sxm-80gb"},
        {"recommend", "--preset", "llama-3-8b", "--seq", "2048", "--top", "5"},
        {"fit", "--preset", "llama-2-7b", "--mode", "infer", "--weights", "fp16", "--seq", "512", "--budget-gib",
            "16"},
        {"advise", "--preset", "llama-3-8b", "--seq", "4096", "--memory-gib", "24"},
        {"advise", "--preset", "llama-3-8b", "--mode", "infer", "--batch", "32", "--context", "8192",
            "--memory-gib", "24"},
        {"guide"},
        {"plan", "--preset", "llama-2-70b", "--seq", "4096", "--tokens", "2e12", "--gpu", "a100-sxm-80gb"},
        {"catalog", "list", "gpus"},
        {"catalog", "validate", "catalog"},
    };

    @Test
    void everyCommandThatPrintsTakesFormatJsonAndSpellsEnumValuesInKebabCase() throws IOException {
        int checked = 0;
        for (String[] command : PRINTING_COMMANDS) {
            EstimateCommandTest.Result r = run(with(command, "--format", "json"));
            assertThat(r.status()).as(String.join(" ", command) + ": " + r.err()).isZero();
            JsonNode root = new ObjectMapper().readTree(r.out());
            List<String> values = new ArrayList<>();
            collectEnumValues(root, values);
            for (String v : values) {
                assertThat(v).as(command[0] + " JSON value").matches(KEBAB);
            }
            checked += values.size();
        }
        assertThat(checked).isGreaterThan(20);
    }

    @Test
    void adviseSpellsTheAboutSameTrendWithAHyphen() throws IOException {
        // 8-bit AdamW is "about the same" speed: the trend that used to come out as about_same.
        JsonNode advice = new ObjectMapper().readTree(run("advise", "--preset", "llama-3-8b", "--seq", "4096",
                "--memory-gib", "24", "--format", "json").out());
        List<String> trends = new ArrayList<>();
        advice.get("levers").forEach(l -> trends.add(l.get("speed").get("trend").asText()));
        assertThat(trends).contains("about-same").doesNotContain("about_same");
    }

    @Test
    void jsonIsAFlagOnlyAsAHiddenDeprecatedAliasOnAdvise() throws IOException {
        String[] advise = {"advise", "--preset", "llama-3-8b", "--seq", "4096", "--memory-gib", "80"};
        EstimateCommandTest.Result alias = run(with(advise, "--json"));
        assertThat(alias.status()).as(alias.err()).isZero();
        assertThat(new ObjectMapper().readTree(alias.out()))
                .isEqualTo(new ObjectMapper().readTree(run(with(advise, "--format", "json")).out()));
        assertThat(run("advise", "--help").out()).doesNotContain("--json").contains("--format");
        EstimateCommandTest.Result estimate = run("estimate", "--preset", "llama-3-8b", "--json");
        assertThat(estimate.status()).isEqualTo(2);
        assertThat(estimate.err().strip()).contains("--json").endsWith("(use --format json)").doesNotContain("\n");
    }

    @Test
    void guideTextNamesPartsInWordsAndShowsEveryFigureInGib() {
        EstimateCommandTest.Result r = run("guide");
        assertThat(r.status()).as(r.err()).isZero();
        // GiB like every other command; "GB" only inside product names ("RTX 3060 12GB").
        assertThat(r.out()).doesNotContainPattern("\\d GB\\b").contains(" GiB")
                .contains("Memory in GiB (2^30 bytes)");
        // The findings' sentences name the largest part in words too, not by its JSON id.
        assertThat(r.out()).doesNotContainPattern("largest part: [a-z]+[A-Z]");
        List<String> parts = new ArrayList<>();
        for (String line : r.out().split("\n")) {
            if (line.startsWith("  need on one GPU")) {
                String part = line.substring(line.indexOf("largest part: ") + 14, line.lastIndexOf(')'));
                parts.add(part);
            }
        }
        assertThat(parts).isNotEmpty().contains("optimizer states");
        for (String p : parts) {
            // Words, capitalised only where a name is (KV cache, UNet, FLUX), never a camel-case JSON id.
            assertThat(p).as("largest part").matches("[a-zA-Z ]+").doesNotMatch(".*\\b[a-z]+[A-Z][a-zA-Z]*\\b.*");
        }
    }

    @Test
    void weightsHelpListsEveryStorageTypeTheParserAccepts() {
        String help = optionHelp(run("estimate", "--workload", "llm", "--help").out(), "--weights=DTYPE");
        for (DataType d : DataType.values()) {
            assertThat(help).contains(d.id());
            assertThat(DataType.parse(d.id())).isEqualTo(d);
        }
        assertThat(help).doesNotContain("...").endsWith("iq4_xs.");
    }

    @Test
    void sortHelpListsEveryKeyAndEachListedKeyParses() {
        String help = optionHelp(run("recommend", "--help").out(), "--sort=KEY");
        assertThat(help).doesNotContain("...");
        int listed = 0;
        for (String key : new RecommendCommand.SortKeys()) {
            assertThat(help).contains(key);
            SortKey.parse(key);
            listed++;
        }
        assertThat(listed).isEqualTo(SortKey.values().length + 3);
        assertThat(run("recommend", "--preset", "gpt2", "--sort", "gpu-hours", "--top", "2").status()).isZero();
    }

    /** One option's description in the help, from its name to the next option, with the line wrapping undone. */
    private static String optionHelp(String help, String option) {
        int start = help.indexOf("  " + option + " ");
        assertThat(start).as(option).isNotNegative();
        int end = help.indexOf("\n      --", start + 1);
        return help.substring(start, end < 0 ? help.length() : end).replaceAll("\\s*\\n\\s*", " ").strip();
    }

    private static String[] with(String[] command, String... more) {
        String[] all = new String[command.length + more.length];
        System.arraycopy(command, 0, all, 0, command.length);
        System.arraycopy(more, 0, all, command.length, more.length);
        return all;
    }

    private static void collectEnumValues(JsonNode node, List<String> into) {
        if (node.isArray()) {
            node.forEach(n -> collectEnumValues(n, into));
        } else if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (ENUM_FIELDS.contains(e.getKey())) {
                    if (e.getValue().isTextual()) {
                        into.add(e.getValue().asText());
                    } else if (e.getValue().isArray()) {
                        e.getValue().forEach(v -> {
                            if (v.isTextual()) {
                                into.add(v.asText());
                            }
                        });
                    }
                }
                collectEnumValues(e.getValue(), into);
            }
        }
    }
}
