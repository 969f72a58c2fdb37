package com.vramadvisor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.core.MemoryPart;
import com.vramadvisor.engine.core.Sentence;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.report.DomainReportModels;
import com.vramadvisor.report.EstimatorSentences;
import com.vramadvisor.report.ReportContext;
import com.vramadvisor.report.ReportLanguage;
import com.vramadvisor.report.ReportModel;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * A Chinese report of every workload kind shows no estimator sentence in English: each workload below is built as
 * the command line builds it, on one GPU and split over four, and every assumption, caveat and part formula (with
 * the sentences nested in them) and the subject must have a Chinese pattern that takes the same arguments. Only
 * what a scene file or model names itself (item lists, names) is shown as written.
 */
class DomainSentencesChineseTest {

    private static final EstimatorSentences ZH = EstimatorSentences.of(ReportLanguage.ZH_CN);
    /** A format specifier other than {@code %%} and {@code %n}. */
    private static final Pattern SPECIFIER = Pattern.compile("%(\\d+\\$)?[-#+ 0,(]*\\d*(\\.\\d+)?([a-zA-Z%])");
    private static final Pattern HAN = Pattern.compile("\\p{IsHan}");

    @ParameterizedTest
    @ValueSource(strings = {
        "vision --preset resnet-50", "vision --preset resnet-50 --precision fp32 --recompute full --channels-last",
        "vision --preset vgg-16 --recompute full", "vision --preset vit-b-16 --attention eager",
        "vision --preset vit-b-16 --mode infer", "vision --preset resnet-50 --mode infer --precision int8",
        "diffusion --preset sdxl", "diffusion --preset sd-1.5 --mode train", "diffusion --preset sd-1.5 --batch 4",
        "diffusion --preset sd3-medium --mode lora", "diffusion --preset sd3-medium --offload model --no-t5",
        "diffusion --preset sd3-medium", "diffusion --preset sd-1.5 --attention eager",
        "diffusion --preset sd-1.5 --attention sliced", "diffusion --preset sd-1.5 --attention sliced"
                + " --attention-slice 2", "diffusion --preset sdxl --mode dreambooth --ema",
        "diffusion --preset sdxl --vae-tiling --resolution 2048", "diffusion --preset sd-1.5 --offload sequential",
        "diffusion --preset sd-1.5 --no-safety-checker --runtime-overhead off",
        "diffusion --preset sdxl --mode train --train-text-encoder --gradient-checkpointing",
        "diffusion --preset flux.1-dev --resolution 2048 --precision bf16", "diffusion --preset flux.1-dev --mode lora",
        "render --scene game-1080p", "render --scene game-4k --viewers 2", "render --scene archviz-pathtraced",
        "render --scene film-offline", "render --scene usd-review",
        "md --potential lj", "md --potential eam --list half", "md --potential tersoff --box 20x20x10",
        "md --potential reaxff", "md --potential snap --precision double", "md --kspace pppm --precision single",
        "grid --cells 1e8", "grid --cells 1e8 --solver cg --precision single", "grid --cells 1e8 --solver gmres",
        "grid --cells 256x256x256 --solver hpcg"})
    void aChineseReportShowsNoEstimatorSentenceInEnglish(String workload) {
        Sizable w = build(workload);
        for (int gpus : new int[] {1, 4}) {
            SizedEstimate e = w.perGpu(gpus).orElse(w.estimate());
            assertTranslated(workload + ": subject", e.subjectSentence());
            assertThat(com.vramadvisor.app.domain.DomainTexts.phase(e.peakPhase(), Locale.SIMPLIFIED_CHINESE))
                    .as(workload + ": the peak's phase, '" + e.peakPhase() + "'").containsPattern(HAN);
            for (Sentence s : e.assumptionSentences()) {
                assertTranslated(workload + ": assumption", s);
            }
            for (Sentence s : e.caveatSentences()) {
                assertTranslated(workload + ": caveat", s);
            }
            for (MemoryPart p : e.parts()) {
                if (!p.id().equals("geometry")) {
                    assertTranslated(workload + ": formula of " + p.id(), p.formulaSentence());
                }
            }
        }
        ReportModel zh = DomainReportModels.from(w, null, new ReportContext(ReportLanguage.ZH_CN,
                LocalDate.of(2026, 12, 1), "0.9.0", "2026-12-01", List.of()));
        assertThat(zh.title()).as(workload).containsPattern(HAN);
        assertThat(zh.assumptions()).as(workload).isNotEmpty().allSatisfy(a -> assertThat(a).containsPattern(HAN));
        assertThat(zh.formulas()).as(workload).filteredOn(f -> !f.expression().isEmpty())
                .filteredOn(f -> !f.quantity().equals("几何体") && !f.quantity().equals("geometry"))
                .allSatisfy(f -> assertThat(f.expression()).as(f.quantity()).containsPattern(HAN));
    }

    /** The sentence and every translatable sentence inside it have a Chinese pattern that fits their arguments. */
    private static void assertTranslated(String where, Sentence s) {
        assertThat(s.translatable()).as(where + ": '" + s.english() + "' has no key").isTrue();
        check(where, s);
    }

    private static void check(String where, Sentence s) {
        if (s.translatable()) {
            String zh = ZH.pattern(s.key());
            assertThat(zh).as(where + ": no Chinese for " + s.key() + " ('" + s.english() + "')").isNotNull();
            assertThat(specifiers(zh)).as(where + ": " + s.key() + " takes other arguments in Chinese")
                    .isEqualTo(specifiers(s.pattern()));
            String text = ZH.text(s);
            if (s.pattern().replaceAll(SPECIFIER.pattern(), "").matches("(?s).*[A-Za-z]{3,}.*")) {
                assertThat(text).as(where + ": " + s.key()).containsPattern(HAN).isNotEqualTo(s.english());
            }
        }
        for (Object a : s.args()) {
            if (a instanceof Sentence nested) {
                check(where, nested);
            }
        }
    }

    /** The conversions of a pattern's arguments, in argument order. */
    private static List<String> specifiers(String pattern) {
        List<String> out = new ArrayList<>();
        Matcher m = SPECIFIER.matcher(pattern);
        int next = 1;
        while (m.find()) {
            if (m.group(3).equals("%") || m.group(3).equals("n")) {
                continue;
            }
            int index = m.group(1) == null ? next++ : Integer.parseInt(m.group(1).replace("$", ""));
            out.add(index + ":" + m.group(3));
        }
        out.sort(null);
        return out;
    }

    private static Sizable build(String flags) {
        EstimateCommand command = new EstimateCommand();
        CommandLine cl = new CommandLine(command);
        cl.parseArgs(("--workload " + flags).split(" "));
        return DomainRun.build(command.args.kind(), command.args, command.spec);
    }
}
