package com.vramadvisor.app.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.compare.CompareRow;
import com.vramadvisor.scenario.SweepAxis;
import com.vramadvisor.engine.llm.AttentionImpl;
import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Phase;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.advice.LeverKind;
import com.vramadvisor.engine.plan.Bound;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.ranking.HardwareKind;
import com.vramadvisor.engine.ranking.Reason;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.MessageFormat;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ResultsMessagesTest {

    private static final Pattern LITERAL =
            Pattern.compile("\"((?:results|compare|advice|plan)(?:\\.[A-Za-z0-9_-]+)+)\"");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{(\\d+)}");

    private static Properties bundle(String suffix) throws IOException {
        Properties p = new Properties();
        try (InputStream in = ResultsMessagesTest.class.getResourceAsStream(
                "/com/vramadvisor/app/results/messages" + suffix + ".properties")) {
            assertThat(in).as("bundle messages%s.properties", suffix).isNotNull();
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return p;
    }

    /**
     * Complete keys written as literals in the results, comparison, advice and planner code (prefixes ending in '.'
     * excluded).
     */
    private static Set<String> literalKeys() throws IOException {
        Set<String> keys = new TreeSet<>();
        for (String pkg : new String[] {"results", "compare", "advice", "plan"}) {
            try (Stream<Path> files = Files.walk(Path.of("src/main/java/com/vramadvisor/app", pkg))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    Matcher m = LITERAL.matcher(Files.readString(file));
                    while (m.find()) {
                        if (!m.group(1).endsWith(".") && !m.group(1).endsWith(".css")) {
                            keys.add(m.group(1));
                        }
                    }
                }
            }
        }
        return keys;
    }

    /** Keys the code builds from enum values. */
    private static Set<String> builtKeys() {
        Set<String> keys = new TreeSet<>();
        for (Component c : Component.values()) {
            keys.add("results.component." + c.jsonName());
        }
        for (Phase p : Phase.values()) {
            keys.add("results.phase." + p.id());
            keys.add("results.phase.label." + p.id());
        }
        for (Recompute r : Recompute.values()) {
            keys.add("results.recompute." + lower(r));
        }
        for (AttentionImpl a : AttentionImpl.values()) {
            keys.add("results.attention." + lower(a));
            keys.add("compare.attention." + lower(a));
        }
        for (Implementation i : Implementation.values()) {
            keys.add("results.formula.activations." + i.id());
        }
        for (Mode m : Mode.values()) {
            keys.add("compare.mode." + lower(m));
        }
        for (SweepAxis a : SweepAxis.values()) {
            keys.add("results.sweep.axis." + lower(a));
            keys.add("results.sweep.what." + lower(a));
        }
        for (HardwareKind k : HardwareKind.values()) {
            keys.add("results.kind." + k.id());
        }
        for (Reason r : Reason.values()) {
            keys.add("results.reason." + r.code());
        }
        for (Bound b : Bound.values()) {
            keys.add("results.bound." + b.code());
            keys.add("results.bound." + b.code() + ".tooltip");
        }
        for (Acquisition a : Acquisition.values()) {
            keys.add("results.acquisition." + a.id());
            if (a == Acquisition.PURCHASE) {
                keys.add("results.acquisition.purchase.tooltip.alone");
                keys.add("results.acquisition.purchase.tooltip.used");
            } else {
                keys.add("results.acquisition." + a.id() + ".tooltip");
            }
        }
        for (RankingGoal g : RankingGoal.values()) {
            keys.add("results.goal." + g.id());
        }
        for (HardwareKind k : EnumSet.of(HardwareKind.GPU, HardwareKind.SYSTEM, HardwareKind.CLOUD)) {
            keys.add("plan.target." + k.id());
        }
        for (CompareRow.Section s : CompareRow.Section.values()) {
            keys.add("compare.section." + lower(s));
        }
        for (LeverKind k : LeverKind.values()) {
            keys.add("advice.lever." + k.id());
        }
        for (LeverKind k : EnumSet.complementOf(EnumSet.of(LeverKind.NEXT_ZERO_STAGE, LeverKind.ZERO3_DATA_PARALLEL,
                LeverKind.WEIGHTS_FP8, LeverKind.WEIGHTS_INT8, LeverKind.WEIGHTS_INT4))) {
            keys.add("advice.speed." + k.id());
        }
        keys.addAll(Set.of("advice.speed.zero12", "advice.speed.zero3", "advice.speed.weights",
                "advice.speed.tensor-parallel-serve"));
        return keys;
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    @Test
    void everyKeyTheCodeUsesIsInBothLanguages() throws IOException {
        Properties en = bundle("");
        Properties zh = bundle("_zh_CN");
        Set<String> used = new TreeSet<>(literalKeys());
        used.addAll(builtKeys());
        assertThat(used).hasSizeGreaterThan(150);
        for (String key : used) {
            assertThat(en.getProperty(key)).as("English %s", key).isNotBlank();
            assertThat(zh.getProperty(key)).as("Chinese %s", key).isNotBlank();
        }
    }

    @Test
    void bothLanguagesHaveTheSameKeysAndPlaceholders() throws IOException {
        Properties en = bundle("");
        Properties zh = bundle("_zh_CN");
        assertThat(zh.stringPropertyNames()).isEqualTo(en.stringPropertyNames());
        for (String key : en.stringPropertyNames()) {
            assertThat(placeholders(zh.getProperty(key))).as(key).isEqualTo(placeholders(en.getProperty(key)));
        }
    }

    @Test
    void patternsWithArgumentsFormatWithoutLosingText() throws IOException {
        for (String suffix : new String[] {"", "_zh_CN"}) {
            Properties p = bundle(suffix);
            for (String key : p.stringPropertyNames()) {
                String pattern = p.getProperty(key);
                if (placeholders(pattern).isEmpty()) {
                    continue;
                }
                Object[] args = new Object[10];
                Arrays.fill(args, "X");
                String out = new MessageFormat(pattern, Locale.ROOT).format(args);
                // A lone apostrophe would swallow the rest of the pattern: the output keeps every placeholder.
                assertThat(out.chars().filter(ch -> ch == 'X').count()).as("%s%s", key, suffix)
                        .isGreaterThanOrEqualTo(placeholders(pattern).size());
                assertThat(out).as("%s%s", key, suffix).doesNotContain("{");
            }
        }
    }

    @Test
    void chineseTextsAreChinese() throws IOException {
        Properties en = bundle("");
        Properties zh = bundle("_zh_CN");
        assertThat(zh.getProperty("results.breakdown.title")).isEqualTo("每块 GPU 的显存");
        long translated = en.stringPropertyNames().stream()
                .filter(k -> !en.getProperty(k).equals(zh.getProperty(k))).count();
        // Unit symbols, glyphs and product names stay as they are; everything else is translated.
        assertThat(translated).isGreaterThan(en.size() * 85L / 100);
    }

    private static Set<String> placeholders(String pattern) {
        Set<String> found = new TreeSet<>();
        Matcher m = PLACEHOLDER.matcher(pattern);
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }
}
