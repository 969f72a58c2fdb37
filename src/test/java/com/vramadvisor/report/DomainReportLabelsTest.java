package com.vramadvisor.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.vramadvisor.cli.Cli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Iterator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A Chinese report names every part and peak phase the shipped estimators produce in Chinese: each workload below is
 * estimated through the command line and its part ids and phase looked up as the report looks them up.
 */
class DomainReportLabelsTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "vision --preset resnet-50", "vision --preset vit-b-16 --mode infer",
        "diffusion --preset sdxl", "diffusion --preset sd-1.5 --mode train",
        "diffusion --preset sd3-medium --mode lora", "diffusion --preset sd3-medium --offload model --no-t5",
        "diffusion --preset sd-1.5 --attention eager", "diffusion --preset sdxl --mode dreambooth --ema",
        "diffusion --preset flux.1-dev --resolution 2048 --precision bf16",
        "render --scene game-4k", "render --scene film-offline",
        "md --atoms 1M --potential lj", "md --atoms 1M --potential reaxff",
        "grid --cells 1e8", "grid --cells 1e8 --solver cg"})
    void everyPartAndPhaseOfTheShippedEstimatorsHasAChineseLabel(String workload) throws Exception {
        String[] flags = ("estimate --format json --workload " + workload).split(" ");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Cli.run(new PrintWriter(out), new PrintWriter(err), flags);
        assertThat(status).as(err.toString()).isZero();
        JsonNode estimate = new ObjectMapper().readTree(out.toString());
        ReportText zh = ReportText.of(ReportLanguage.ZH_CN);
        for (Iterator<String> ids = estimate.get("components").fieldNames(); ids.hasNext(); ) {
            String id = ids.next();
            assertThat(zh.has("domain.part." + id)).as(workload + ": part " + id).isTrue();
        }
        StringWriter md = new StringWriter();
        String[] report = ("report --md - --workload " + workload).split(" ");
        assertThat(Cli.run(new PrintWriter(md), new PrintWriter(new StringWriter()), report)).isZero();
        String table = md.toString().split("## Memory per GPU by component", 2)[1].split("\\*\\*Peak per GPU", 2)[0];
        long rows = table.lines().filter(l -> l.matches("\\| [^|]+ \\|.*") && !l.startsWith("| Component")
                && !l.startsWith("| ---")).peek(l -> assertThat(Character.isLowerCase(l.charAt(2)))
                .as(workload + ": the window's capital in " + l).isFalse()).count();
        assertThat(rows).as(workload + ": component rows").isPositive();
        String phase = estimate.get("peakPhase").asText();
        assertThat(DomainReportModels.phase(zh, phase)).as(workload + ": phase " + phase).isNotEqualTo(phase)
                .doesNotContain("the ");
    }
}
