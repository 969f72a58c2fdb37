package com.vramadvisor.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.LossUpcast;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import org.junit.jupiter.api.Test;

/** Both choices of the loss's logits upcast have an English and a Chinese report text. */
class LossUpcastAssumptionTranslationTest {

    @Test
    void theLogitsAssumptionIsTranslatedForEitherChoice() {
        ModelSpec gpt2 = CatalogLoader.shippedOnly().load().model("gpt2").orElseThrow();
        ReportFormulas zh = new ReportFormulas(ReportText.of(ReportLanguage.ZH_CN));
        for (LossUpcast u : LossUpcast.values()) {
            Workload w = Workload.builder().lossUpcast(u).build();
            String logits = new MemoryEstimator().estimate(gpt2, w).assumptions().stream()
                    .filter(a -> a.startsWith("logits for every token")).findFirst().orElseThrow();
            String key = ReportFormulas.key(logits);
            assertThat(ReportText.of(ReportLanguage.EN).has(key)).as(key).isTrue();
            assertThat(ReportText.of(ReportLanguage.ZH_CN).has(key)).as(key).isTrue();
            assertThat(zh.translate(logits)).containsPattern("\\p{IsHan}");
        }
    }
}
