package com.vramadvisor.report;

import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The architecture notes of inference estimates (what a plain decoder's estimate does not say) have an English and a
 * Chinese report text for the new presets.
 */
class ArchitectureAssumptionTranslationTest {

    @Test
    void everyAssumptionOfTheNewPresetsIsTranslated() {
        MemoryEstimator estimator = new MemoryEstimator();
        ReportFormulas zh = new ReportFormulas(ReportText.of(ReportLanguage.ZH_CN));
        ModelSpec v3 = CatalogLoader.shippedOnly().load().model("deepseek-v3").orElseThrow();
        Workload w = Workload.builder().mode(Mode.INFER).weightType(DataType.BF16).context(8192).batch(1).build();
        List<String> plain = estimator.estimate(CatalogLoader.shippedOnly().load().model("llama-3.3-70b")
                .orElseThrow(), w).assumptions();
        for (String id : new String[] {"deepseek-v3", "gemma-3-27b", "gpt-oss-120b", "llama-4-scout"}) {
            ModelSpec m = CatalogLoader.shippedOnly().load().model(id).orElseThrow();
            List<String> notes = estimator.estimate(m, w).assumptions().stream().filter(a -> !plain.contains(a))
                    .toList();
            assertThat(notes).as(id).isNotEmpty();
            for (String a : notes) {
                String key = ReportFormulas.key(a);
                assertThat(ReportText.of(ReportLanguage.ZH_CN).has(key)).as("%s: '%s' (key %s)", id, a, key).isTrue();
                assertThat(ReportText.of(ReportLanguage.EN).has(key)).as("%s: '%s'", id, a).isTrue();
                assertThat(zh.translate(a)).containsPattern("\\p{IsHan}");
            }
        }
        ModelSpec naive = v3.toBuilder().mla(v3.mla().withNaiveCache(true)).build();
        for (String a : estimator.estimate(naive, w).assumptions().stream().filter(a -> !plain.contains(a))
                .toList()) {
            assertThat(zh.translate(a)).as(a).containsPattern("\\p{IsHan}");
        }
    }
}
