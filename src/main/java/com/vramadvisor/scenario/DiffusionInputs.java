package com.vramadvisor.scenario;

/**
 * The inputs of a diffusion-pipeline workload as the window and scenario files hold them; the estimator
 * ({@code engine.diffusion}) reads the ids as the command line does.
 *
 * @param presetId  pipeline preset ({@code sd-1.5}, {@code sdxl}, ...)
 * @param mode      {@code infer}, {@code train}, {@code lora} or {@code dreambooth}
 * @param batch     images per step, 1 to {@value #MAX_BATCH}
 * @param width     image width in pixels, 64 to {@value #MAX_SIDE}
 * @param height    image height in pixels, 64 to {@value #MAX_SIDE}
 * @param precision {@code fp32}, {@code fp16}, {@code bf16} (inference) or mixed ids (training)
 * @param attention {@code eager}, {@code sliced} or {@code sdpa} (memory-efficient)
 * @param vaeTiling whether the VAE decodes in tiles
 * @param offload   {@code none}, {@code model} (whole components moved to the CPU between uses) or
 *                  {@code sequential} (layer by layer)
 */
public record DiffusionInputs(String presetId, String mode, int batch, int width, int height, String precision,
                              String attention, boolean vaeTiling, String offload) {

    /** The largest batch a file or the window may give. */
    public static final int MAX_BATCH = 1024;
    /** The largest image side in pixels. */
    public static final int MAX_SIDE = 16384;

    public DiffusionInputs {
        DomainIds.check("diffusion preset", presetId);
        DomainIds.check("diffusion mode", mode);
        DomainIds.range("diffusion batch", batch, 1, MAX_BATCH);
        DomainIds.range("diffusion image width", width, 64, MAX_SIDE);
        DomainIds.range("diffusion image height", height, 64, MAX_SIDE);
        DomainIds.check("diffusion precision", precision);
        DomainIds.check("diffusion attention", attention);
        DomainIds.check("diffusion offload", offload);
    }

    /** SDXL inference, one 1024 x 1024 image in fp16 with memory-efficient attention, no tiling, no offload. */
    public static DiffusionInputs defaults() {
        return new DiffusionInputs("sdxl", "infer", 1, 1024, 1024, "fp16", "sdpa", false, "none");
    }

    public DiffusionInputs withPresetId(String v) {
        return new DiffusionInputs(v, mode, batch, width, height, precision, attention, vaeTiling, offload);
    }

    public DiffusionInputs withMode(String v) {
        return new DiffusionInputs(presetId, v, batch, width, height, precision, attention, vaeTiling, offload);
    }

    public DiffusionInputs withBatch(int v) {
        return new DiffusionInputs(presetId, mode, v, width, height, precision, attention, vaeTiling, offload);
    }

    public DiffusionInputs withResolution(int w, int h) {
        return new DiffusionInputs(presetId, mode, batch, w, h, precision, attention, vaeTiling, offload);
    }

    public DiffusionInputs withPrecision(String v) {
        return new DiffusionInputs(presetId, mode, batch, width, height, v, attention, vaeTiling, offload);
    }

    public DiffusionInputs withAttention(String v) {
        return new DiffusionInputs(presetId, mode, batch, width, height, precision, v, vaeTiling, offload);
    }

    public DiffusionInputs withVaeTiling(boolean v) {
        return new DiffusionInputs(presetId, mode, batch, width, height, precision, attention, v, offload);
    }

    public DiffusionInputs withOffload(String v) {
        return new DiffusionInputs(presetId, mode, batch, width, height, precision, attention, vaeTiling, v);
    }
}
