package com.vramadvisor.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

class JsonReportWriterTest {

    @TempDir
    Path dir;

    @Test
    void jsonHoldsTheModelWithRawNumbers() throws Exception {
        Path json = dir.resolve("report.json");
        new JsonReportWriter().write(SampleReport.chinese(), json);
        JsonNode root = new ObjectMapper().readTree(json.toFile());

        assertThat(root.get("format").asText()).isEqualTo("vram-advisor-report");
        assertThat(root.get("formatVersion").asInt()).isEqualTo(1);
        assertThat(root.get("locale").asText()).isEqualTo("zh-CN");
        assertThat(root.get("date").asText()).isEqualTo("2025-06-01");
        assertThat(root.at("/components/peakBytes").asLong()).isEqualTo(SampleReport.PEAK);
        assertThat(root.at("/components/peakPhaseId").asText()).isEqualTo("backward");
        assertThat(root.at("/components/rows/3/id").asText()).isEqualTo("optimizerStates");
        assertThat(root.at("/components/rows/3/bytesAtPeak").asLong()).isEqualTo(SampleReport.OPTIMIZER);
        assertThat(root.at("/inputs/1/label").asText()).isEqualTo("参数量");
        assertThat(root.at("/sweeps/0/xs").size()).isEqualTo(5);
        assertThat(root.at("/decisions/rows/0/raw/hardwareId").asText()).isEqualTo("option-0");
    }

    @Test
    void unknownNumbersAreNullNotNaN() throws Exception {
        Path json = dir.resolve("report.json");
        new JsonReportWriter().write(SampleReport.english(), json);
        JsonNode root = new ObjectMapper().readTree(json.toFile());
        assertThat(root.at("/decisions/rows/3/raw/tokensPerSecond").isNull()).isTrue();
        assertThat(root.at("/decisions/rows/2/raw/tokensPerSecond").asDouble()).isEqualTo(1234.5);
    }
}
