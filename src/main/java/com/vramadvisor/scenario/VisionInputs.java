package com.vramadvisor.scenario;

/**
 * The inputs of a vision-model workload as the window and scenario files hold them; the estimator
 * ({@code engine.vision}) reads the ids as the command line's {@code --preset}, {@code --mode}, {@code --precision}
 * and {@code --optimizer} do.
 *
 * @param presetId  architecture preset ({@code resnet-50}, {@code vit-b-16})
 * @param mode      {@code train} or {@code infer}
 * @param batch     images per step (per GPU when data-parallel), 1 to {@value #MAX_BATCH}
 * @param width     image width in pixels, 8 to {@value #MAX_SIDE}
 * @param height    image height in pixels, 8 to {@value #MAX_SIDE}
 * @param precision {@code fp32}, {@code tf32}, {@code fp16-mixed}, {@code bf16-mixed}, {@code int8} (inference)
 * @param optimizer {@code sgd-momentum}, {@code adamw} or {@code lamb}; ignored for inference
 * @param recompute whether activations are recomputed in backward (activation checkpointing)
 */
public record VisionInputs(String presetId, String mode, int batch, int width, int height, String precision,
                           String optimizer, boolean recompute) {

    /** The largest batch a file or the window may give. */
    public static final int MAX_BATCH = 1 << 16;
    /** The largest image side in pixels. */
    public static final int MAX_SIDE = 16384;

    public VisionInputs {
        DomainIds.check("vision preset", presetId);
        DomainIds.check("vision mode", mode);
        DomainIds.range("vision batch", batch, 1, MAX_BATCH);
        DomainIds.range("vision image width", width, 8, MAX_SIDE);
        DomainIds.range("vision image height", height, 8, MAX_SIDE);
        DomainIds.check("vision precision", precision);
        DomainIds.check("vision optimizer", optimizer);
    }

    /** ResNet-50 training, batch 128 at 224 x 224 in bf16 mixed precision with SGD and momentum. */
    public static VisionInputs defaults() {
        return new VisionInputs("resnet-50", "train", 128, 224, 224, "bf16-mixed", "sgd-momentum", false);
    }

    public VisionInputs withPresetId(String v) {
        return new VisionInputs(v, mode, batch, width, height, precision, optimizer, recompute);
    }

    public VisionInputs withMode(String v) {
        return new VisionInputs(presetId, v, batch, width, height, precision, optimizer, recompute);
    }

    public VisionInputs withBatch(int v) {
        return new VisionInputs(presetId, mode, v, width, height, precision, optimizer, recompute);
    }

    public VisionInputs withResolution(int w, int h) {
        return new VisionInputs(presetId, mode, batch, w, h, precision, optimizer, recompute);
    }

    public VisionInputs withPrecision(String v) {
        return new VisionInputs(presetId, mode, batch, width, height, v, optimizer, recompute);
    }

    public VisionInputs withOptimizer(String v) {
        return new VisionInputs(presetId, mode, batch, width, height, precision, v, recompute);
    }

    public VisionInputs withRecompute(boolean v) {
        return new VisionInputs(presetId, mode, batch, width, height, precision, optimizer, v);
    }
}
