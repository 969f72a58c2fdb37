package com.vramadvisor.cli;

import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.vision.VisionModel;
import com.vramadvisor.engine.vision.VisionOptimizer;
import com.vramadvisor.engine.vision.VisionPrecision;
import com.vramadvisor.engine.vision.VisionWorkload;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;

/**
 * {@code --workload vision}: a torchvision classifier ({@code --preset resnet-50}) in training or inference.
 * Shared flags read here: {@code --mode} (train or infer), {@code --batch} (the whole batch; {@code fit} spreads it
 * over data-parallel GPUs), {@code --precision} (default bf16-mixed), {@code --optimizer} (default the model's
 * recipe optimizer), {@code --recompute} (none or full), {@code --attention} (ViT: flash/sdpa or eager); domain
 * flags: {@code --resolution} (224 or WxH, default 224) and {@code --channels-last}.
 */
final class VisionCli implements DomainCli {

    /** The shared flags vision reads. */
    private static final Set<String> SHARED = Set.of("--preset", "--mode", "--batch", "--precision", "--optimizer",
            "--recompute", "--attention");

    /** The domain flags vision reads. */
    private static final Set<String> DOMAIN = Set.of("--resolution", "--channels-last");

    @Override
    public WorkloadKind kind() {
        return WorkloadKind.VISION;
    }

    @Override
    public Reads reads() {
        return new Reads(SHARED, DOMAIN);
    }

    @Override
    public Sizable build(DomainRequest request) {
        String preset = request.model().preset;
        if (preset == null) {
            throw new CliInputException("--workload vision needs --preset (resnet-18, resnet-50, resnet-101,"
                    + " resnet-152, vgg-16, efficientnet-b0, convnext-tiny, vit-b-16 or vit-l-16)");
        }
        VisionModel model = parse(() -> VisionModel.parse(preset), "--preset");
        boolean training = switch (request.workload().mode.trim().toLowerCase(Locale.ROOT)) {
            case "train", "training" -> true;
            case "infer", "inference", "serve" -> false;
            case "lora", "qlora" -> throw new CliInputException("--mode " + request.workload().mode
                    + " is not supported for vision (use train or infer)");
            default -> throw new CliInputException("--mode must be train or infer for vision, got '"
                    + request.workload().mode + "'");
        };
        long batch = request.workload().batch;
        if (batch < 1 || batch > VisionWorkload.MAX_BATCH) {
            throw new CliInputException("--batch must be 1 to " + VisionWorkload.MAX_BATCH + ", got " + batch);
        }
        int[] wh = resolution(request.domain().resolution);
        VisionPrecision precision = request.given("--precision")
                .map(p -> parse(() -> VisionPrecision.parse(p), "--precision")).orElse(VisionPrecision.BF16_MIXED);
        if (training && precision == VisionPrecision.INT8) {
            throw new CliInputException("--precision int8 needs --mode infer; train in fp32, tf32, fp16-mixed or"
                    + " bf16-mixed");
        }
        VisionOptimizer optimizer = request.given("--optimizer")
                .map(o -> parse(() -> VisionOptimizer.parse(o), "--optimizer")).orElse(model.recipeOptimizer());
        boolean recompute = request.given("--recompute").map(r -> switch (r.trim().toLowerCase(Locale.ROOT)) {
            case "none" -> false;
            case "full" -> true;
            default -> throw new CliInputException("--recompute must be none or full for vision, got '" + r + "'");
        }).orElse(false);
        if (recompute && !training) {
            throw new CliInputException("--recompute needs --mode train");
        }
        boolean sdpa = request.given("--attention").map(a -> {
            if (!model.isTransformer()) {
                throw new CliInputException("--attention applies to vit-b-16 and vit-l-16 only");
            }
            return switch (a.trim().toLowerCase(Locale.ROOT)) {
                case "flash", "sdpa" -> true;
                case "eager", "math" -> false;
                default -> throw new CliInputException("--attention must be sdpa, flash or eager, got '" + a + "'");
            };
        }).orElse(true);
        return parse(() -> new VisionWorkload(model, training, batch, wh[0], wh[1], precision, optimizer, recompute,
                sdpa, request.domain().channelsLast), "--resolution");
    }


    /** {@code 224} (square) or {@code WxH}; default 224. */
    static int[] resolution(String text) {
        if (text == null) {
            return new int[] {224, 224};
        }
        String t = text.trim().toLowerCase(Locale.ROOT);
        String[] parts = t.split("x", -1);
        if (parts.length > 2) {
            throw new CliInputException("--resolution must be a side (224) or width x height (320x240), got '"
                    + text + "'");
        }
        try {
            int w = Integer.parseInt(parts[0].trim());
            int h = parts.length == 2 ? Integer.parseInt(parts[1].trim()) : w;
            if (w < VisionModel.MIN_SIDE || h < VisionModel.MIN_SIDE || w > VisionModel.MAX_SIDE
                    || h > VisionModel.MAX_SIDE) {
                throw new CliInputException("--resolution must be " + VisionModel.MIN_SIDE + " to "
                        + VisionModel.MAX_SIDE + " pixels a side, got '" + text + "'");
            }
            return new int[] {w, h};
        } catch (NumberFormatException e) {
            throw new CliInputException("--resolution must be a side (224) or width x height (320x240), got '"
                    + text + "'");
        }
    }

    private static <T> T parse(Supplier<T> s, String flag) {
        try {
            return s.get();
        } catch (IllegalArgumentException e) {
            throw new CliInputException(flag + ": " + e.getMessage());
        }
    }
}
