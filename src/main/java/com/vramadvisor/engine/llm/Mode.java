package com.vramadvisor.engine.llm;

/** What the GPUs do: full training, LoRA or QLoRA fine-tuning, or inference. */
public enum Mode {
    TRAIN,
    LORA,
    QLORA,
    INFER
}
