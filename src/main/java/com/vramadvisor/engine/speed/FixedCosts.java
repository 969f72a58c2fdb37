package com.vramadvisor.engine.speed;

/**
 * Fixed costs of one engine or framework that do not shrink with the work: per forward pass (the scheduler, sampling,
 * the host's part of a step) and per layer of a pass (kernel launches; what remains of them where the engine replays
 * captured CUDA graphs). They dominate small batches of small models and image models at batch 1.
 *
 * @param passSeconds  per forward pass, seconds
 * @param layerSeconds per layer and pass (for image models: per operator launch), seconds
 */
public record FixedCosts(double passSeconds, double layerSeconds) {

    /** No fixed cost. */
    public static final FixedCosts NONE = new FixedCosts(0, 0);

    public FixedCosts {
        if (!(passSeconds >= 0) || !(layerSeconds >= 0) || Double.isInfinite(passSeconds)
                || Double.isInfinite(layerSeconds)) {
            throw new IllegalArgumentException("fixed costs must be finite and not negative");
        }
    }
}
