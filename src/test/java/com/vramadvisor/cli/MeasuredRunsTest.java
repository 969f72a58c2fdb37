package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default estimate against public measurements made on real GPUs, each compared with the figure its tool
 * reports (docs/verifying.md): NVML/nvidia-smi process memory with the process total, max_memory_allocated with
 * the allocated peak.
 *
 * <p>Sources:
 * <ul>
 *   <li>BERT: Hugging Face Transformers documentation, "Efficient Training on a Single GPU" (perf_train_gpu_one,
 *       v4.20-v4.27, 2022): bert-large-uncased with a sequence-classification head, sequences of 512 tokens, the
 *       Trainer (AdamW by default, gradients zeroed in place between steps), Tesla V100-SXM2 16 GB, CUDA 11.2,
 *       "GPU memory occupied" from NVML's used memory in MiB (info.used // 1024**2).</li>
 *   <li>OctoCoder: Hugging Face Transformers documentation, "Optimizing LLMs for Speed and Memory"
 *       (llm_tutorial_optimization): bigcode/octocoder (15.5B, GPTBigCode with multi-query attention) generating
 *       60 tokens after a 20-token prompt with pipeline(); torch.cuda.max_memory_allocated() in GiB:
 *       29.0260648727417 in bfloat16, 15.219234466552734 with load_in_8bit, 9.543574333190918 with load_in_4bit.</li>
 *   <li>Llama-2-70B QLoRA: PEFT documentation, "DeepSpeed" (36.6 GB per GPU with ZeRO-3 on 2 GPUs) and "Fully
 *       Sharded Data Parallel" (35.6 GB per GPU without CPU offloading), both run_peft_qlora_*.sh: batch 2,
 *       gradient accumulation 2, 2,048 tokens, gradient checkpointing, flash attention, LoRA r=8 on all linear
 *       layers with lora_dropout 0.1, 4-bit NF4 with nested quantisation stored in bf16, bf16. GB read as 10^9
 *       bytes. The DeepSpeed run peaks while the whole quantised model is on each GPU, before ZeRO-3 partitions it
 *       (see {@link #theDeepSpeedQloraRunPeaksWhenTheWholeQuantisedModelPassesThroughEachGpu()}).</li>
 *   <li>Llama-2-70B LoRA: PEFT documentation, "DeepSpeed" (docs/source/accelerate/deepspeed.md): 64 GB (80%) per
 *       H100 80GB with ZeRO-3 on 8 GPUs; the command shown there and in examples/sft/run_peft_deepspeed.sh:
 *       --per_device_train_batch_size 8, --gradient_accumulation_steps 4, --max_seq_len 2048 with --packing True
 *       (every sequence 2,048 tokens), --gradient_checkpointing True (--use_reentrant False), --use_flash_attn
 *       True, --lora_r 8, --lora_dropout 0.1, --lora_target_modules all-linear, --bf16 True under
 *       configs/deepspeed_config.yaml (zero_stage 3, mixed_precision bf16, 8 processes, no offload).</li>
 * </ul>
 */
class MeasuredRunsTest {

    private static final long MIB = 1L << 20;
    private static final String[] BERT = {"--preset", "bert-large", "--head", "classifier", "--seq", "512",
        "--attention", "eager", "--dropout", "0.1", "--grads-between-steps", "kept", "--cuda-module-loading", "eager"};
    private static final String[] OCTOCODER = {"--hidden", "6144", "--layers", "40", "--heads", "48", "--kv-heads",
        "1", "--ffn", "24576", "--vocab", "49152", "--mlp", "gelu", "--norm", "layernorm", "--position", "learned",
        "--bias", "--tied", "--max-position", "8192", "--mode", "infer", "--engine", "hf", "--batch", "1", "--seq",
        "20", "--context", "80", "--attention", "eager"};
    private static final String[] LLAMA2_70B_QLORA = {"--preset", "llama-2-70b", "--mode", "qlora", "--weights",
        "nf4", "--lora-rank", "8", "--lora-dropout", "0.1", "--seq", "2048", "--batch", "2", "--grad-accum", "2", "--recompute", "full",
        "--attention", "flash", "--precision", "bf16-mixed", "--zero", "3", "--dp", "2"};

    @TempDir
    Path tmp;

    /** One published run: the flags that describe it, what was measured, and by what. */
    record Case(String name, String[] flags, long measuredBytes, String source) {
    }

    static List<Case> bertRuns() {
        return List.of(
                bert("batch 4, fp32, AdamW", 14_949, "--batch", "4", "--precision", "fp32"),
                bert("batch 1 x 4 accumulated, fp32", 8_681, "--batch", "1", "--grad-accum", "4", "--precision",
                        "fp32"),
                bert("batch 1 x 4, checkpointing, fp32", 6_775, "--batch", "1", "--grad-accum", "4", "--recompute",
                        "full", "--precision", "fp32"),
                bert("batch 4, fp16 mixed", 13_939, "--batch", "4", "--precision", "fp16-mixed"),
                bert("batch 1 x 4, checkpointing, fp16 mixed", 7_275, "--batch", "1", "--grad-accum", "4",
                        "--recompute", "full", "--precision", "fp16-mixed"),
                bert("batch 4, fp32, Adafactor", 12_295, "--batch", "4", "--precision", "fp32", "--optimizer",
                        "adafactor"),
                bert("batch 1 x 4, checkpointing, fp16 mixed, Adafactor", 4_847, "--batch", "1", "--grad-accum",
                        "4", "--recompute", "full", "--precision", "fp16-mixed", "--optimizer", "adafactor"));
    }

    static List<Case> publishedRuns() {
        List<Case> all = new ArrayList<>(bertRuns());
        all.add(new Case("octocoder bf16", concat(OCTOCODER, "--weights", "bf16"),
                Math.round(29.0260648727417 * (1L << 30)), "allocated"));
        all.add(new Case("octocoder 8-bit", concat(OCTOCODER, "--weights", "int8"),
                Math.round(15.219234466552734 * (1L << 30)), "allocated"));
        // load_in_4bit alone: BitsAndBytesConfig's defaults, FP4 without double quantisation and an fp32 compute
        // type (bnb_4bit_compute_dtype float32), which --precision fp32 states.
        all.add(new Case("octocoder 4-bit", concat(OCTOCODER, "--weights", "bnb_fp4", "--precision", "fp32"),
                Math.round(9.543574333190918 * (1L << 30)), "allocated"));
        // FSDP under autocast (Trainer bf16=True), PEFT adapters kept in fp32.
        all.add(new Case("Llama-2-70B QLoRA, FSDP, 2 GPUs", LLAMA2_70B_QLORA, 35_600_000_000L, "nvidia-smi"));
        all.add(loraZero3());
        all.add(qloraZero3());
        return all;
    }

    @Test
    void theDefaultEstimateIsWithin2AndAHalfPercentMedianAnd7PercentWorstOfThePublishedRuns() throws IOException {
        List<Double> errors = new ArrayList<>();
        StringBuilder table = new StringBuilder();
        for (Case c : publishedRuns()) {
            JsonNode e = estimate(c.flags());
            double error = (figure(e, c.source()) - c.measuredBytes()) / (double) c.measuredBytes();
            errors.add(Math.abs(error));
            table.append(String.format("%n%-50s %+.1f%%", c.name(), 100 * error));
        }
        double[] sorted = errors.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double median = (sorted[(sorted.length - 1) / 2] + sorted[sorted.length / 2]) / 2;
        // Issue 14 asks for 7 % median and 12 % worst; the gate holds what all thirteen runs reach.
        assertThat(median).as("median error" + table).isLessThanOrEqualTo(0.025);
        assertThat(sorted[sorted.length - 1]).as("worst error" + table).isLessThanOrEqualTo(0.07);
    }

    @Test
    void theMeasuredProcessTotalLiesInsideTheRangeForAtLeast80PercentOfTheRuns() throws IOException {
        int inside = 0;
        int total = 0;
        StringBuilder table = new StringBuilder();
        for (Case c : publishedRuns()) {
            if (!c.source().equals("nvidia-smi")) {
                continue;
            }
            JsonNode e = estimate(c.flags());
            long low = e.get("range").get("lowBytes").asLong();
            long high = e.get("range").get("highBytes").asLong();
            boolean in = c.measuredBytes() >= low && c.measuredBytes() <= high;
            inside += in ? 1 : 0;
            total++;
            table.append(String.format("%n%-50s %s", c.name(), in ? "inside" : "outside"));
        }
        assertThat(inside / (double) total).as("share inside the range" + table).isGreaterThanOrEqualTo(0.8);
    }

    @Test
    void withoutTheAllocatorAndContextTheUncheckpointedBertRunsFallShort() throws IOException {
        // What the issue reported of the previous model: NVML sees the allocator's cache, which the tensors alone
        // leave out. This guards against the reserve model being switched off unnoticed.
        for (Case c : bertRuns().subList(0, 1)) {
            JsonNode e = estimate(c.flags());
            assertThat(e.get("allocatedPeakBytes").asLong()).isLessThan(c.measuredBytes() * 85 / 100);
            assertThat(e.get("processPeakBytes").asLong()).isGreaterThan(c.measuredBytes() * 95 / 100);
        }
    }

    @Test
    void theLoraZero3RunKeepsSixteenBitBlockInputsAndAdapterDropoutCopies() throws IOException {
        // DeepSpeed runs the whole model in bf16 (no autocast), so each checkpointed block keeps its input in 2 bytes:
        // 8 x 2048 x 8192 x 2 bytes x 80 layers = 21,474,836,480 bytes (Korthikanti et al. 2022, Table 2: 2sbh per
        // layer with full recomputation). The run's lora_dropout 0.1 adds, in the one block being recomputed, each
        // adapter's dropped-out bf16 input and 1-byte mask in place of the shared inputs.
        Case c = loraZero3();
        JsonNode e = estimate(c.flags());
        long blockInputs = 8L * 2048 * 8192 * 2 * 80;
        assertThat(e.get("phases").get("forward-end").get("activations").asLong()).isBetween(blockInputs,
                blockInputs + blockInputs / 50);
        JsonNode without = estimate(withoutAdapterDropout(c.flags()));
        long sbh = 8L * 2048 * 8192;
        long sbf = 8L * 2048 * 28672;
        // q, k, v, o, gate, up: 3 bytes per element each; down: 3 bytes per FFN element; minus the shared inputs no
        // longer kept (q/k/v input, gate/up input: 2 bytes each; down input: 2 bytes per FFN element).
        long extra = 6 * 3 * sbh + 3 * sbf - 2 * 2 * sbh - 2 * sbf;
        assertThat(e.get("components").get("activations").asLong()
                - without.get("components").get("activations").asLong()).isEqualTo(extra);
    }

    @Test
    void theDeepSpeedQloraRunPeaksWhenTheWholeQuantisedModelPassesThroughEachGpu() throws IOException {
        // Transformers builds a quantised model without deepspeed.zero.Init (get_init_context: "and not
        // is_quantized"), so DeepSpeed's engine moves the whole model onto each GPU (_configure_distributed_model:
        // self.module.to(self.device)) before stage 3 partitions it. Counted by hand for Llama-2-70B: 80 blocks of
        // 2 x 8192^2 + 2 x 8192 x 1024 + 3 x 8192 x 28672 weights in NF4 with nested quantisation (4 bits, an 8-bit
        // absmax per 64 and an fp32 absmax per 256 of those: Dettmers et al. 2023, QLoRA, section 3), token table
        // and LM head (32000 x 8192 each) and 161 norms of 8192 in bf16, the 103,546,880 LoRA r=8 parameters in
        // bf16 (DeepSpeed casts the module to bf16 first) and one 8192 x 28672 matrix in bf16 being quantised.
        Case c = qloraZero3();
        JsonNode e = estimate(c.flags());
        double blocks = 80.0 * (2 * 8192.0 * 8192 + 2 * 8192.0 * 1024 + 3 * 8192.0 * 28672);
        double expected = blocks * (4 + 8.0 / 64 + 32.0 / (64 * 256)) / 8 + 2 * 32000.0 * 8192 * 2
                + 161 * 8192.0 * 2 + 103_546_880.0 * 2 + 8192.0 * 28672 * 2;
        assertThat(e.get("peakPhase").asText()).isEqualTo("model-load");
        assertThat(e.get("phases").get("model-load").get("weights").asDouble()).isCloseTo(expected,
                within(expected * 1e-6));
        // FSDP shards module by module as it places them, so its run has no such phase.
        assertThat(estimate(LLAMA2_70B_QLORA).get("phases").has("model-load")).isFalse();
    }

    private static Case qloraZero3() {
        // DeepSpeed ZeRO-3 with bf16: the model runs in bf16 (DeepSpeed's layout).
        return new Case("Llama-2-70B QLoRA, DeepSpeed ZeRO-3, 2 GPUs",
                concat(LLAMA2_70B_QLORA, "--implementation", "megatron"), 36_600_000_000L, "nvidia-smi");
    }

    /** The flags with adapter dropout 0. */
    private static String[] withoutAdapterDropout(String[] flags) {
        List<String> out = new ArrayList<>(Arrays.asList(flags));
        out.set(out.indexOf("--lora-dropout") + 1, "0");
        return out.toArray(String[]::new);
    }

    @Test
    void oneCalibratedBertRunBringsTheOthersWithin4PercentMedian() throws IOException {
        // A user on the default (lazily loading) stack measures one run with nvidia-smi; the V100 runs above were
        // made with CUDA 11.2, whose context loads every kernel eagerly. Calibrating on the first run and applying
        // the profile to the other six must bring them within 4 % median.
        List<Case> runs = bertRuns();
        Path profile = tmp.resolve("v100.json");
        Case first = runs.get(0);
        EstimateCommandTest.Result cal = run(concat(concat(new String[] {"calibrate"}, lazy(first.flags())),
                "--gpu", "v100-sxm2-16gb", "--measured-mib", String.valueOf(first.measuredBytes() / MIB),
                "--source", "nvidia-smi", "--save", profile.toString(), "--format", "json"));
        assertThat(cal.status()).as(cal.err()).isZero();
        List<Double> before = new ArrayList<>();
        List<Double> after = new ArrayList<>();
        for (Case c : runs.subList(1, runs.size())) {
            before.add(Math.abs(relative(estimate(lazy(c.flags())).get("processPeakBytes").asLong(), c)));
            after.add(Math.abs(relative(estimate(concat(lazy(c.flags()), "--calibration", profile.toString()))
                    .get("processPeakBytes").asLong(), c)));
        }
        assertThat(median(after)).as("after " + after).isLessThanOrEqualTo(0.04);
        assertThat(median(before)).as("before " + before).isGreaterThan(median(after));
    }

    private static Case loraZero3() {
        return new Case("Llama-2-70B LoRA, DeepSpeed ZeRO-3, 8 GPUs", new String[] {"--preset", "llama-2-70b",
            "--mode", "lora", "--weights", "bf16", "--lora-rank", "8", "--lora-dropout", "0.1", "--seq", "2048",
            "--batch", "8", "--grad-accum", "4", "--recompute", "full", "--attention", "flash", "--precision",
            "bf16-mixed", "--zero", "3", "--dp", "8", "--implementation", "megatron"}, 64_000_000_000L, "nvidia-smi");
    }

    private static Case bert(String name, long measuredMib, String... flags) {
        return new Case("bert-large " + name, concat(BERT, flags), measuredMib * MIB, "nvidia-smi");
    }

    /** The flags without --cuda-module-loading eager: the default, lazily loading stack. */
    private static String[] lazy(String[] flags) {
        List<String> out = new ArrayList<>(Arrays.asList(flags));
        int i = out.indexOf("--cuda-module-loading");
        if (i >= 0) {
            out.remove(i + 1);
            out.remove(i);
        }
        return out.toArray(String[]::new);
    }

    private static double relative(long estimated, Case c) {
        return (estimated - c.measuredBytes()) / (double) c.measuredBytes();
    }

    private static double median(List<Double> values) {
        double[] s = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return (s[(s.length - 1) / 2] + s[s.length / 2]) / 2;
    }

    static long figure(JsonNode e, String source) {
        return switch (source) {
            case "allocated" -> e.get("allocatedPeakBytes").asLong();
            case "reserved" -> e.get("reservedPeakBytes").asLong();
            default -> e.get("processPeakBytes").asLong();
        };
    }

    static JsonNode estimate(String... flags) throws IOException {
        EstimateCommandTest.Result r = run(concat(concat(new String[] {"estimate"}, flags), "--format", "json"));
        assertThat(r.status()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    static String[] concat(String[] a, String... b) {
        return Stream.concat(Arrays.stream(a), Arrays.stream(b)).toArray(String[]::new);
    }
}
