package com.vramadvisor.engine.vision;

import java.util.Locale;

/**
 * Optimizers of vision training and the float32 state tensors each keeps per parameter, as PyTorch's
 * {@code torch.optim} implementations allocate them ({@code state['momentum_buffer']}, {@code exp_avg},
 * {@code exp_avg_sq}, {@code square_avg}) and NVIDIA Apex's {@code FusedLAMB} ({@code exp_avg}, {@code exp_avg_sq}).
 */
public enum VisionOptimizer {
    /** Plain SGD: no state. */
    SGD("sgd", "SGD", 0),
    /** SGD with momentum: one momentum buffer. */
    SGD_MOMENTUM("sgd-momentum", "SGD with momentum", 1),
    /** RMSprop with momentum (EfficientNet's recipe): square average and momentum buffer. */
    RMSPROP("rmsprop", "RMSprop with momentum", 2),
    /** Adam and AdamW: first and second moments. */
    ADAMW("adamw", "AdamW", 2),
    /** LAMB (You et al. 2019, arXiv:1904.00962): first and second moments, as Adam. */
    LAMB("lamb", "LAMB", 2);

    private final String id;
    private final String label;
    private final int states;

    VisionOptimizer(String id, String label, int states) {
        this.id = id;
        this.label = label;
        this.states = states;
    }

    public String id() {
        return id;
    }

    public String label() {
        return label;
    }

    /** Float32 tensors the size of the parameters that the optimizer keeps. */
    public int states() {
        return states;
    }

    /**
     * @throws IllegalArgumentException naming the accepted ids when {@code text} is none of them
     */
    public static VisionOptimizer parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "sgd" -> SGD;
            case "sgd-momentum", "momentum" -> SGD_MOMENTUM;
            case "rmsprop" -> RMSPROP;
            case "adamw", "adam" -> ADAMW;
            case "lamb" -> LAMB;
            default -> throw new IllegalArgumentException("unknown optimizer '" + text
                    + "' for vision (expected sgd, sgd-momentum, rmsprop, adamw, adam or lamb)");
        };
    }
}
