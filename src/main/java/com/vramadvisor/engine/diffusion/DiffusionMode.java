package com.vramadvisor.engine.diffusion;

import java.util.Locale;

/**
 * What the pipeline does. The training modes follow the diffusers example scripts: {@code train_text_to_image.py}
 * (full fine-tuning of the denoiser), {@code train_text_to_image_lora.py} / {@code train_dreambooth_lora*.py} (LoRA
 * adapters on the attention projections, base frozen) and {@code train_dreambooth.py} (full fine-tuning with prior
 * preservation, which concatenates a class image to every instance image and so doubles the batch).
 */
public enum DiffusionMode {
    INFER("infer"),
    TRAIN("train"),
    LORA("lora"),
    DREAMBOOTH("dreambooth");

    private final String id;

    DiffusionMode(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public boolean isTraining() {
        return this != INFER;
    }

    /** @throws IllegalArgumentException naming the accepted values */
    public static DiffusionMode parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "infer", "inference" -> INFER;
            case "train", "training", "full" -> TRAIN;
            case "lora" -> LORA;
            case "dreambooth" -> DREAMBOOTH;
            default -> throw new IllegalArgumentException(
                    "must be infer, train, lora or dreambooth, got '" + text + "'");
        };
    }
}
