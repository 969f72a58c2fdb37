package com.vramadvisor.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.scenario.ScenarioFileException;
import com.vramadvisor.app.workload.EnumTexts;
import com.vramadvisor.engine.llm.AttentionImpl;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Optimizer;
import com.vramadvisor.engine.llm.Phase;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.Recompute;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class AppMessagesTest {

    /** Source folders whose texts come from {@code com/vramadvisor/app/messages*.properties}. */
    private static final List<String> PACKAGES = List.of("shell", "workload", "scenario", "settings", "ui", "export",
            "prices");
    private static final Set<String> KEY_PREFIXES = Set.of("app", "menu", "main", "workload", "scenario", "input",
            "status", "dialog", "summary", "phase", "enum", "export", "prices");
    private static final Pattern LITERAL = Pattern.compile("\"([a-z][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_]+)+)\"");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{(\\d+)[^}]*}");

    private static Properties bundle(String suffix) throws IOException {
        Properties p = new Properties();
        try (InputStream in = AppMessagesTest.class.getResourceAsStream(
                "/com/vramadvisor/app/messages" + suffix + ".properties")) {
            assertThat(in).as("bundle messages%s.properties", suffix).isNotNull();
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return p;
    }

    private static Set<String> keysUsedInCode() throws IOException {
        Set<String> keys = new TreeSet<>();
        for (String pkg : PACKAGES) {
            Path dir = Path.of("src/main/java/com/vramadvisor/app", pkg);
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    Matcher m = LITERAL.matcher(Files.readString(file));
                    while (m.find()) {
                        String literal = m.group(1);
                        boolean fileName = literal.matches(".*\\.(css|json|properties|ttc)");
                        if (!fileName && KEY_PREFIXES.contains(literal.substring(0, literal.indexOf('.')))) {
                            keys.add(literal);
                        }
                    }
                }
            }
        }
        return keys;
    }

    /** Keys built at run time from enum values. */
    private static Set<String> keysBuiltFromValues() {
        Set<String> keys = new TreeSet<>();
        List<Enum<?>> shown = new ArrayList<>();
        shown.addAll(List.of(Mode.values()));
        shown.addAll(List.of(Precision.values()));
        shown.addAll(List.of(Optimizer.values()));
        shown.addAll(List.of(Recompute.values()));
        shown.addAll(List.of(AttentionImpl.values()));
        for (Enum<?> e : shown) {
            keys.add(EnumTexts.key(e));
        }
        for (Phase p : Phase.values()) {
            keys.add("phase." + p.name());
        }
        // The storage types of the quantisation and KV-cache buttons: a name and what it stores per weight.
        for (DataType t : List.of(DataType.FP16, DataType.BF16, DataType.FP8, DataType.INT8, DataType.INT4,
                DataType.NF4, DataType.NF4_SINGLE, DataType.BNB_FP4, DataType.MXFP4, DataType.NVFP4)) {
            keys.add("workload.quantization.type." + t.id());
            keys.add("workload.quantization.type." + t.id() + ".tooltip");
        }
        for (ScenarioFileException.Reason r : ScenarioFileException.Reason.values()) {
            keys.add("scenario.problem." + r.name().toLowerCase(Locale.ROOT));
        }
        return keys;
    }

    @Test
    void theCodeFindsSomeKeysSoTheScanItselfWorks() throws IOException {
        assertThat(keysUsedInCode()).contains("menu.file", "workload.batch.label", "scenario.open.failed")
                .hasSizeGreaterThan(80);
    }

    @Test
    void everyKeyTheCodeUsesExistsInEnglishAndChinese() throws IOException {
        Set<String> used = new TreeSet<>(keysUsedInCode());
        used.addAll(keysBuiltFromValues());
        Properties en = bundle("");
        Properties zh = bundle("_zh_CN");
        assertThat(used).allSatisfy(key -> {
            assertThat(en).as("English bundle").containsKey(key);
            assertThat(zh).as("Chinese bundle").containsKey(key);
        });
    }

    @Test
    void theCatalogStatusCountsInTheSingularAndThePlural() {
        Messages en = new Messages(Locale.ENGLISH);
        assertThat(en.get("status.catalogWithProblems", 1, 1, 1))
                .isEqualTo("Catalog: 1 GPU, 1 model, 1 entry skipped (hover for details)");
        assertThat(en.get("status.catalogWithProblems", 38, 1200, 2))
                .isEqualTo("Catalog: 38 GPUs, 1,200 models, 2 entries skipped (hover for details)");
        assertThat(en.get("status.catalog", 0, 39)).isEqualTo("Catalog: 0 GPUs, 39 models");
        assertThat(new Messages(Locale.SIMPLIFIED_CHINESE).get("status.catalog", 38, 39))
                .isEqualTo("目录：38 款 GPU，39 个模型");
    }

    @Test
    void bothBundlesHaveTheSameKeys() throws IOException {
        assertThat(bundle("_zh_CN").stringPropertyNames()).isEqualTo(bundle("").stringPropertyNames());
    }

    @Test
    void translationsUseTheSameArgumentsAsTheEnglishText() throws IOException {
        Properties en = bundle("");
        Properties zh = bundle("_zh_CN");
        for (String key : en.stringPropertyNames()) {
            assertThat(placeholders(zh.getProperty(key))).as(key).isEqualTo(placeholders(en.getProperty(key)));
        }
    }

    @Test
    void chineseTextsAreActuallyChinese() throws IOException {
        Properties zh = bundle("_zh_CN");
        long withHan = zh.stringPropertyNames().stream().filter(k -> zh.getProperty(k).codePoints()
                .anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN)).count();
        // Names such as "AdamW", "FP32" or "LoRA" stay as they are; everything else is translated.
        assertThat(withHan).isGreaterThan(zh.size() * 3L / 4);
    }

    @Test
    void aMissingKeyIsVisibleOnScreenRatherThanAnException() {
        Messages messages = new Messages(Locale.ENGLISH);
        assertThat(messages.get("no.such.key")).isEqualTo("!no.such.key!");
    }

    @Test
    void anyChineseSystemLocaleGetsSimplifiedChineseAndOthersEnglish() {
        assertThat(Messages.supportedLocale(Locale.TRADITIONAL_CHINESE)).isEqualTo(Locale.SIMPLIFIED_CHINESE);
        assertThat(Messages.supportedLocale(Locale.GERMANY)).isEqualTo(Locale.ENGLISH);
        assertThat(new Messages(Locale.CHINA).get("menu.file")).isEqualTo("文件(_F)");
        assertThat(new Messages(Locale.US).get("menu.file")).isEqualTo("_File");
    }

    private static Set<String> placeholders(String text) {
        Set<String> found = new TreeSet<>();
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }
}
