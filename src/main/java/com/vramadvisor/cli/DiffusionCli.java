package com.vramadvisor.cli;

import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.diffusion.AttentionKind;
import com.vramadvisor.engine.diffusion.DiffusionDtype;
import com.vramadvisor.engine.diffusion.DiffusionMode;
import com.vramadvisor.engine.diffusion.DiffusionModel;
import com.vramadvisor.engine.diffusion.DiffusionOptimizer;
import com.vramadvisor.engine.diffusion.DiffusionPresets;
import com.vramadvisor.engine.diffusion.DiffusionWorkload;
import com.vramadvisor.engine.diffusion.MmditConfig;
import com.vramadvisor.engine.diffusion.Offload;
import com.vramadvisor.engine.diffusion.UNetConfig;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code --workload diffusion}: a text-to-image pipeline from {@code --preset} (sd-1.5, sdxl, sd3-medium,
 * flux.1-dev) with {@code --mode infer|train|lora|dreambooth} (default infer), {@code --batch}, {@code --resolution}
 * (side or WIDTHxHEIGHT, default the model's native size), {@code --precision fp16|bf16|fp32} (default fp16),
 * {@code --attention eager|sliced|sdpa} (default sdpa), {@code --optimizer} and {@code --lora-rank} (default 4, the
 * diffusers scripts' default) for training, {@code --sampling-steps} for generation's speed, and the diffusion flags
 * of {@link DomainOptions}. {@code fit} answers the
 * largest square side ({@code maxResolution}).
 */
final class DiffusionCli implements DomainCli {

    /** The shared flags diffusion reads. */
    private static final Set<String> SHARED = Set.of("--preset", "--mode", "--batch", "--precision", "--attention",
            "--optimizer", "--lora-rank", "--runtime-overhead");

    /** The domain flags diffusion reads. */
    private static final Set<String> DOMAIN = Set.of("--resolution", "--offload", "--vae-slicing", "--vae-tiling",
            "--attention-slice", "--no-cfg", "--no-safety-checker", "--gradient-checkpointing", "--train-text-encoder",
            "--ema", "--no-t5", "--text-encoder-precision", "--vae-precision", "--sampling-steps");

    /** Flags for generation only. */
    private static final List<String> INFERENCE_ONLY = List.of("--offload", "--vae-slicing", "--vae-tiling",
            "--attention-slice", "--no-cfg", "--no-safety-checker", "--no-t5", "--sampling-steps");

    /** Flags for training only. */
    private static final List<String> TRAINING_ONLY = List.of("--gradient-checkpointing", "--train-text-encoder",
            "--ema", "--optimizer", "--lora-rank");

    @Override
    public WorkloadKind kind() {
        return WorkloadKind.DIFFUSION;
    }

    @Override
    public Reads reads() {
        return new Reads(SHARED, DOMAIN);
    }

    @Override
    public Sizable build(DomainRequest request) {
        String presetId = request.model().preset;
        if (presetId == null) {
            throw new CliInputException("--workload diffusion needs --preset (" + DiffusionPresets.ids() + ")");
        }
        DiffusionModel model = DiffusionPresets.byId(presetId).orElseThrow(() -> new CliInputException(
                "--preset '" + presetId + "' is no diffusion pipeline (" + DiffusionPresets.ids() + ")"));
        DiffusionMode mode = parse("--mode", request.given("--mode").orElse("infer"), DiffusionMode::parse);
        List<String> wrong = mode.isTraining() ? INFERENCE_ONLY : TRAINING_ONLY;
        for (String flag : wrong) {
            if (request.isGiven(flag)) {
                throw new CliInputException(flag + (mode.isTraining() ? " is for --mode infer"
                        : " is for --mode train, lora or dreambooth"));
            }
        }
        DomainOptions d = request.domain();
        DiffusionDtype dtype = parse("--precision", request.given("--precision").orElse("fp16"),
                DiffusionDtype::parse);
        DiffusionDtype textDtype = d.textEncoderPrecision == null ? dtype
                : parse("--text-encoder-precision", d.textEncoderPrecision, DiffusionDtype::parse);
        DiffusionDtype vaeDtype = d.vaePrecision == null ? dtype
                : parse("--vae-precision", d.vaePrecision, DiffusionDtype::parse);
        AttentionKind attention = parse("--attention", request.given("--attention").orElse("sdpa"),
                AttentionKind::parse);
        if (attention == AttentionKind.SLICED && (mode.isTraining() || !(model.denoiser() instanceof UNetConfig))) {
            throw new CliInputException("--attention sliced is diffusers' enable_attention_slicing for UNet"
                    + " pipelines at inference; use eager or sdpa here");
        }
        if (d.attentionSlice != null && attention != AttentionKind.SLICED) {
            throw new CliInputException("--attention-slice needs --attention sliced");
        }
        int slice = d.attentionSlice == null ? 0 : d.attentionSlice;
        if (slice < 0 || slice > 4_096) {
            throw new CliInputException("--attention-slice must be 1 to 4096, got " + slice);
        }
        if (request.isGiven("--ema") && mode == DiffusionMode.LORA) {
            throw new CliInputException("--ema is for full training (--mode train or dreambooth)");
        }
        if (request.isGiven("--lora-rank") && mode != DiffusionMode.LORA) {
            throw new CliInputException("--lora-rank needs --mode lora");
        }
        if (d.noCfg && !model.classifierFreeGuidance()) {
            throw new CliInputException("--no-cfg: " + model.id() + " runs without classifier-free guidance (its"
                    + " guidance is distilled into the model)");
        }
        if (d.noSafetyChecker && model.safetyCheckerParameters() == 0) {
            throw new CliInputException("--no-safety-checker: " + model.id() + " loads no safety checker");
        }
        if (d.noT5 && !(model.denoiser() instanceof MmditConfig)) {
            throw new CliInputException("--no-t5 is SD3's text_encoder_3=None; " + model.id() + " cannot run without"
                    + " its text encoders");
        }
        int rank = request.workload().loraRank == null ? 4 : request.workload().loraRank;
        if (rank < 1 || rank > 4_096) {
            throw new CliInputException("--lora-rank must be 1 to 4096, got " + rank);
        }
        DiffusionOptimizer optimizer = parse("--optimizer", request.given("--optimizer").orElse("adamw"),
                DiffusionOptimizer::parse);
        Offload offload = parse("--offload", d.offload == null ? "none" : d.offload, Offload::parse);
        boolean overhead = switch (request.given("--runtime-overhead").orElse("on").toLowerCase(Locale.ROOT)) {
            case "on", "true", "yes" -> true;
            case "off", "false", "no" -> false;
            default -> throw new CliInputException("--runtime-overhead must be on or off");
        };
        int steps = d.samplingSteps == null ? 0 : d.samplingSteps;
        if (d.samplingSteps != null && (steps < 1 || steps > DiffusionWorkload.MAX_SAMPLING_STEPS)) {
            throw new CliInputException("--sampling-steps must be 1 to " + DiffusionWorkload.MAX_SAMPLING_STEPS
                    + ", got " + steps);
        }
        int[] size = resolution(d.resolution, model);
        try {
            return DiffusionWorkload.of(model, mode)
                    .withBatch(request.workload().batch)
                    .withSize(size[0], size[1])
                    .withDtype(dtype)
                    .withComponentDtypes(textDtype, vaeDtype)
                    .withAttention(attention, slice)
                    .withVae(d.vaeSlicing, d.vaeTiling)
                    .withPipeline(offload, !d.noCfg && model.classifierFreeGuidance(), !d.noSafetyChecker)
                    .withTraining(d.gradientCheckpointing, optimizer, rank, d.trainTextEncoder, d.ema)
                    .withRuntimeOverhead(overhead)
                    .withoutT5(d.noT5)
                    .withSamplingSteps(steps);
        } catch (IllegalArgumentException e) {
            throw new CliInputException(flagFor(e.getMessage()) + e.getMessage());
        }
    }


    private static String flagFor(String message) {
        if (message.startsWith("batch")) {
            return "--batch: ";
        }
        if (message.startsWith("image sides")) {
            return "--resolution: ";
        }
        return "";
    }

    private static <T> T parse(String flag, String text, Function<String, T> parser) {
        try {
            return parser.apply(text);
        } catch (IllegalArgumentException e) {
            throw new CliInputException(flag + " " + e.getMessage());
        }
    }

    /** {@code 1024} (square) or {@code 1024x768} (width x height); the model's native side when absent. */
    static int[] resolution(String text, DiffusionModel model) {
        if (text == null) {
            return new int[] {model.defaultResolution(), model.defaultResolution()};
        }
        String[] sides = text.trim().toLowerCase(Locale.ROOT).split("[x*]", -1);
        if (sides.length > 2) {
            throw new CliInputException("--resolution must be a side (1024) or WIDTHxHEIGHT (1024x768), got '"
                    + text + "'");
        }
        int[] out = new int[2];
        for (int i = 0; i < 2; i++) {
            String s = sides[Math.min(i, sides.length - 1)].trim();
            try {
                out[i] = Integer.parseInt(s);
            } catch (NumberFormatException e) {
                throw new CliInputException("--resolution must be a side (1024) or WIDTHxHEIGHT (1024x768), got '"
                        + text + "'");
            }
        }
        int multiple = model.denoiser().pixelMultiple();
        if (out[0] < multiple || out[1] < multiple || out[0] > DiffusionWorkload.MAX_SIDE
                || out[1] > DiffusionWorkload.MAX_SIDE || out[0] % multiple != 0 || out[1] % multiple != 0) {
            throw new CliInputException("--resolution sides must be multiples of " + multiple + " from " + multiple
                    + " to " + DiffusionWorkload.MAX_SIDE + " pixels for " + model.id() + ", got '" + text + "'");
        }
        return out;
    }
}
