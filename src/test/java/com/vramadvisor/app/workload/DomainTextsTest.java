package com.vramadvisor.app.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.core.WorkloadKind;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every choice the forms offer and every workload type has a name in each bundle file itself, so a missing Chinese
 * name is caught rather than hidden by the English fallback.
 */
class DomainTextsTest {

    private static Properties bundle(String path) throws Exception {
        Properties p = new Properties();
        try (Reader r = new InputStreamReader(DomainTextsTest.class.getResourceAsStream(path),
                StandardCharsets.UTF_8)) {
            p.load(r);
        }
        return p;
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "_zh_CN"})
    void everyChoiceAndEveryTypeIsNamedInEachBundleFile(String suffix) throws Exception {
        Properties app = bundle("/com/vramadvisor/app/messages" + suffix + ".properties");
        Properties results = bundle("/com/vramadvisor/app/results/messages" + suffix + ".properties");
        for (String id : DomainChoices.allIds()) {
            assertThat(app).as("domain.choice." + id + " in messages" + suffix).containsKey("domain.choice." + id);
        }
        for (WorkloadKind k : WorkloadKind.values()) {
            assertThat(app).as("domain.kind." + k.id()).containsKey("domain.kind." + k.id());
            if (k != WorkloadKind.LLM) {
                assertThat(results).as("domain.results.kind." + k.id()).containsKey("domain.results.kind." + k.id());
            }
        }
    }

    @org.junit.jupiter.api.Test
    void everyEnglishDomainKeyHasAChineseText() throws Exception {
        for (String base : new String[] {"/com/vramadvisor/app/messages", "/com/vramadvisor/app/results/messages"}) {
            Properties english = bundle(base + ".properties");
            Properties chinese = bundle(base + "_zh_CN.properties");
            for (Object key : english.keySet()) {
                if (key.toString().startsWith("domain.")) {
                    assertThat(chinese).as(base + " zh " + key).containsKey(key);
                }
            }
        }
    }
}
