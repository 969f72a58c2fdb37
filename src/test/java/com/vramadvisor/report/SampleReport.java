package com.vramadvisor.report;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import com.vramadvisor.report.ReportModel.BreakdownChart;
import com.vramadvisor.report.ReportModel.Capacity;
import com.vramadvisor.report.ReportModel.CapacityLine;
import com.vramadvisor.report.ReportModel.Column;
import com.vramadvisor.report.ReportModel.ComponentRow;
import com.vramadvisor.report.ReportModel.ComponentTable;
import com.vramadvisor.report.ReportModel.DecisionRow;
import com.vramadvisor.report.ReportModel.DecisionTable;
import com.vramadvisor.report.ReportModel.DecisionValues;
import com.vramadvisor.report.ReportModel.Formula;
import com.vramadvisor.report.ReportModel.LabeledValue;
import com.vramadvisor.report.ReportModel.Segment;
import com.vramadvisor.report.ReportModel.SweepChart;

/**
 * Hand-built report models for the writer tests. The byte figures are the 16-bytes-per-parameter model states of
 * an 8,030,261,248-parameter model (Llama-3-8B's published count) in mixed precision with Adam: 2P weights, 4P
 * master weights, 2P gradients, 8P optimizer states (Rajbhandari et al. 2020, section 3.1); the rest are round
 * numbers. The writers must reproduce whatever the model holds, so these need not come from the engine.
 */
final class SampleReport {

    static final long P = 8_030_261_248L;
    static final long WEIGHTS = 2 * P;
    static final long MASTER = 4 * P;
    static final long GRADIENTS = 2 * P;
    static final long OPTIMIZER = 8 * P;
    static final long ACTIVATIONS = 6L << 30;
    static final long OVERHEAD = 3L << 30;
    static final long PEAK = WEIGHTS + MASTER + GRADIENTS + OPTIMIZER + ACTIVATIONS + OVERHEAD;
    static final long H100_USABLE = 85_045_379_072L;
    static final long A100_40_USABLE = 42_298_834_944L;

    private SampleReport() {
    }

    static ReportModel english() {
        return english(12);
    }

    static ReportModel english(int decisionRows) {
        return new ReportModel(ReportLanguage.EN.locale(), "GPU memory sizing report",
                "Llama-3-8B \u00b7 full fine-tuning, bf16 mixed precision, AdamW", LocalDate.of(2025, 6, 1), "0.1.0",
                "2025.06",
                List.of("Peak memory per GPU: 133.57 GiB, set by the backward pass.",
                        "Does not fit on one H100 80GB; 2 GPUs with ZeRO-3 are the smallest set-up that fits."),
                List.of(new LabeledValue("model", "Model", "Llama-3-8B"),
                        new LabeledValue("parameters", "Parameters", "8,030,261,248"),
                        new LabeledValue("mode", "Mode", "Full training"),
                        new LabeledValue("precision", "Precision", "bf16-mixed"),
                        new LabeledValue("optimizer", "Optimizer", "AdamW"),
                        new LabeledValue("batch", "Micro-batch per GPU", "1"),
                        new LabeledValue("sequence", "Sequence length", "4,096"),
                        new LabeledValue("attention", "Attention", "Flash / SDPA")),
                components("Component", "backward", "Backward pass",
                        new String[] {"Weights", "Master weights", "Gradients", "Optimizer states", "Activations",
                            "Runtime overhead"}),
                breakdown("Memory per GPU at the peak (backward pass): 133.57 GiB", "Backward pass",
                        new String[] {"Weights", "Master weights", "Gradients", "Optimizer states", "Activations",
                            "Runtime overhead"}, "H100 SXM 80GB"),
                List.of(sweep("batch", "Peak memory per GPU vs micro-batch", "Micro-batch per GPU",
                        List.of(1L, 2L, 4L, 8L, 16L, 32L), 1, "H100 SXM 80GB", "A100 40GB"),
                        sweep("sequence", "Peak memory per GPU vs sequence length", "Sequence length (tokens)",
                                List.of(512L, 1024L, 2048L, 4096L, 8192L, 16384L), 4096, "H100 SXM 80GB",
                                "A100 40GB")),
                decisions(decisionRows, "Hardware", "yes", "no"),
                List.of("Activations follow Korthikanti et al. 2022 with flash attention (no s\u00d7s scores kept).",
                        "Runtime overhead: 1 GiB CUDA context plus 5 % allocator reserve."),
                List.of(new Formula("Model states", "(2 + 4 + 2 + 8) \u00d7 P bytes",
                                "Rajbhandari et al. 2020, ZeRO, section 3.1"),
                        new Formula("Activations per layer", "s \u00d7 b \u00d7 h \u00d7 (34 + 5 a s / h)",
                                "Korthikanti et al. 2022, section 4.1")));
    }

    static ReportModel chinese() {
        return new ReportModel(ReportLanguage.ZH_CN.locale(), "GPU 显存评估报告",
                "Llama-3-8B \u00b7 全参数微调，bf16 混合精度，AdamW", LocalDate.of(2025, 6, 1), "0.1.0", "2025.06",
                List.of("每 GPU 峰值显存：133.57 GiB，出现在反向传播阶段。",
                        "单张 H100 80GB 放不下；至少需要 2 张 GPU 并使用 ZeRO-3。"),
                List.of(new LabeledValue("model", "模型", "Llama-3-8B"),
                        new LabeledValue("parameters", "参数量", "8,030,261,248"),
                        new LabeledValue("mode", "模式", "全参数训练"),
                        new LabeledValue("precision", "精度", "bf16 混合精度"),
                        new LabeledValue("optimizer", "优化器", "AdamW"),
                        new LabeledValue("batch", "每 GPU 微批大小", "1"),
                        new LabeledValue("sequence", "序列长度", "4,096")),
                components("组成部分", "backward", "反向传播",
                        new String[] {"权重", "主权重副本", "梯度", "优化器状态", "激活值", "运行时开销"}),
                breakdown("峰值时（反向传播）每 GPU 显存：133.57 GiB", "反向传播",
                        new String[] {"权重", "主权重副本", "梯度", "优化器状态", "激活值", "运行时开销"}, "H100 SXM 80GB"),
                List.of(sweep("batch", "每 GPU 峰值显存与微批大小", "每 GPU 微批大小", List.of(1L, 2L, 4L, 8L, 16L), 1,
                        "H100 SXM 80GB", "A100 40GB")),
                decisions(6, "硬件", "是", "否"),
                List.of("激活值按 Korthikanti 等 2022 的方法逐张量计算，使用 flash attention。"),
                List.of(new Formula("模型状态", "(2 + 4 + 2 + 8) \u00d7 P 字节", "Rajbhandari 等 2020，ZeRO，第 3.1 节")));
    }

    private static ComponentTable components(String ignored, String phaseId, String phaseLabel, String[] labels) {
        long[] bytes = {WEIGHTS, MASTER, GRADIENTS, OPTIMIZER, ACTIVATIONS, OVERHEAD};
        String[] ids = {"weights", "masterWeights", "gradients", "optimizerStates", "activations", "runtimeOverhead"};
        List<ComponentRow> rows = new ArrayList<>();
        for (int i = 0; i < ids.length; i++) {
            rows.add(new ComponentRow(ids[i], labels[i], bytes[i], i == 4 ? ACTIVATIONS + (1L << 30) : bytes[i]));
        }
        return new ComponentTable(rows, PEAK, phaseId, phaseLabel);
    }

    private static BreakdownChart breakdown(String title, String phase, String[] labels, String gpu) {
        long[] bytes = {WEIGHTS, MASTER, GRADIENTS, OPTIMIZER, ACTIVATIONS, OVERHEAD};
        String[] ids = {"weights", "masterWeights", "gradients", "optimizerStates", "activations", "runtimeOverhead"};
        List<Segment> segments = new ArrayList<>();
        for (int i = 0; i < ids.length; i++) {
            segments.add(new Segment(ids[i], labels[i], bytes[i], colourClass(ids[i])));
        }
        return new BreakdownChart(title, segments, PEAK, phase,
                List.of(new Capacity(gpu, H100_USABLE), new Capacity("A100 40GB", A100_40_USABLE)));
    }

    private static SweepChart sweep(String id, String title, String axis, List<Long> xs, long current,
                                    String big, String small) {
        List<Long> peaks = new ArrayList<>();
        for (long x : xs) {
            long scale = id.equals("batch") ? x : x / 512;
            peaks.add(PEAK - ACTIVATIONS + scale * (ACTIVATIONS / (id.equals("batch") ? 1 : 8)));
        }
        return new SweepChart(id, title, axis, xs, peaks, current,
                List.of(new CapacityLine(big, H100_USABLE, 0), new CapacityLine(small, A100_40_USABLE, 0),
                        new CapacityLine("4 \u00d7 H100 ZeRO-3", 4 * H100_USABLE, xs.get(xs.size() / 2))));
    }

    static DecisionTable decisions(int count, String hardware, String yes, String no) {
        List<Column> columns = List.of(new Column("hardware", hardware, false), new Column("fits", "Fits", false),
                new Column("gpus", "GPUs", true), new Column("perGpu", "Per GPU", true),
                new Column("usable", "Usable", true), new Column("cost", "Cost", true));
        List<DecisionRow> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            boolean fits = i % 3 != 2;
            int gpus = 1 + i % 4;
            String name = "Option-" + i + (i % 5 == 0 ? " NVIDIA HGX H100 8-GPU SXM5 server with NVSwitch, \"quoted\", "
                    + "and a long description that wraps end-" + i : " GPU " + i);
            rows.add(new DecisionRow(List.of(name, fits ? yes : no, Integer.toString(gpus),
                    String.format("%.2f GiB", PEAK / (double) gpus / (1L << 30)), "79.21 GiB",
                    "$" + (1000 * (i + 1))),
                    new DecisionValues("option-" + i, i % 2 == 0 ? "gpu" : "cloud",
                            i % 2 == 0 ? "purchase" : "rental", fits, gpus, 1, gpus, "", "zero3-dp" + gpus,
                            PEAK / gpus, H100_USABLE, H100_USABLE, 1.0 - (double) PEAK / gpus / H100_USABLE,
                            i == 3 ? Double.NaN : 1234.5, 10.0 + i, (10.0 + i) * gpus, 0.4, "compute",
                            i % 2 == 0 ? 30_000.0 * gpus : Double.NaN, Double.NaN, i % 2 == 0 ? Double.NaN : 12.5,
                            1000.0 * (i + 1), 42.0, fits ? List.of() : List.of("does-not-fit"))));
        }
        return new DecisionTable(columns, rows, List.of("Prices: list prices in USD with their dates."));
    }

    /** The window's style class of a language model's component id ({@code kvCache} to {@code component-kv-cache}). */
    static String colourClass(String componentId) {
        return "component-" + componentId.replaceAll("([A-Z])", "-$1").toLowerCase(java.util.Locale.ROOT);
    }
}
