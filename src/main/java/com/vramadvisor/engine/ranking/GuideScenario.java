package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.llm.LoraSpec;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;

import java.util.List;
import java.util.Objects;

/**
 * A representative workload for one line of the hardware guide.
 *
 * @param id          stable lowercase id ({@code medium-lora})
 * @param sizeClass   the size class it represents
 * @param description English description; the UI translates by id
 * @param model       the model
 * @param workload    what runs on it
 */
public record GuideScenario(String id, SizeClass sizeClass, String description, ModelSpec model, Workload workload) {

    public GuideScenario {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(sizeClass, "sizeClass");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(workload, "workload");
    }

    /**
     * The default scenarios, all with bf16 compute, FlashAttention/SDPA and the engine's default runtime overhead.
     * Fine-tuning uses mixed-precision AdamW; LoRA and QLoRA put rank-16 adapters on every linear layer and, as the
     * QLoRA paper does, checkpoint activations; full fine-tuning of 7B and 70B models checkpoints too, as it is
     * usually run. Inference keeps its KV cache in fp16.
     */
    public static List<GuideScenario> defaults() {
        ModelSpec qwen = ReferenceModels.qwen25HalfB();
        ModelSpec llama7 = ReferenceModels.llama2_7b();
        ModelSpec llama8 = ReferenceModels.llama3_8b();
        ModelSpec llama70 = ReferenceModels.llama2_70b();
        LoraSpec r16 = new LoraSpec(16, LoraSpec.ALL_LINEAR);
        Workload train = Workload.builder().build();
        Workload serve = Workload.builder().mode(Mode.INFER).build();
        return List.of(
                new GuideScenario("small-full-finetune", SizeClass.SMALL_UNDER_1B,
                        "Full fine-tuning of Qwen2.5-0.5B, AdamW, batch 4 x 1024 tokens", qwen,
                        train.toBuilder().batch(4).sequenceLength(1024).build()),
                new GuideScenario("small-inference", SizeClass.SMALL_UNDER_1B,
                        "Serving Qwen2.5-0.5B in bf16, 8 sequences of 4096 tokens", qwen,
                        serve.toBuilder().batch(8).sequenceLength(2048).context(4096).build()),
                new GuideScenario("medium-full-finetune", SizeClass.MEDIUM_1B_TO_10B,
                        "Full fine-tuning of Llama-2-7B, AdamW, batch 1 x 2048 tokens, checkpointing", llama7,
                        train.toBuilder().batch(1).sequenceLength(2048).recompute(Recompute.FULL).build()),
                new GuideScenario("medium-lora", SizeClass.MEDIUM_1B_TO_10B,
                        "LoRA r=16 on Llama-2-7B in bf16, batch 4 x 2048 tokens, checkpointing", llama7,
                        train.toBuilder().mode(Mode.LORA).lora(r16).batch(4).sequenceLength(2048)
                                .recompute(Recompute.FULL).build()),
                new GuideScenario("medium-qlora", SizeClass.MEDIUM_1B_TO_10B,
                        "QLoRA r=16 on Llama-2-7B (NF4 base), batch 4 x 2048 tokens, checkpointing", llama7,
                        train.toBuilder().mode(Mode.QLORA).lora(r16).batch(4).sequenceLength(2048)
                                .recompute(Recompute.FULL).build()),
                new GuideScenario("medium-inference", SizeClass.MEDIUM_1B_TO_10B,
                        "Serving Llama-3-8B in bf16, one sequence of 8192 tokens", llama8,
                        serve.toBuilder().batch(1).sequenceLength(4096).context(8192).build()),
                new GuideScenario("large-inference", SizeClass.LARGE_OVER_10B,
                        "Serving Llama-2-70B in bf16, 8 sequences of 4096 tokens", llama70,
                        serve.toBuilder().batch(8).sequenceLength(2048).context(4096).build()),
                new GuideScenario("large-qlora", SizeClass.LARGE_OVER_10B,
                        "QLoRA r=16 on Llama-2-70B (NF4 base), batch 1 x 2048 tokens, checkpointing", llama70,
                        train.toBuilder().mode(Mode.QLORA).lora(r16).batch(1).sequenceLength(2048)
                                .recompute(Recompute.FULL).build()),
                new GuideScenario("large-full-finetune", SizeClass.LARGE_OVER_10B,
                        "Full fine-tuning of Llama-2-70B, AdamW, batch 1 x 4096 tokens, checkpointing", llama70,
                        train.toBuilder().batch(1).sequenceLength(4096).recompute(Recompute.FULL).build()));
    }
}
