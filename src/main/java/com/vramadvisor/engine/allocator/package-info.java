/**
 * What the process holds beyond its live tensors: PyTorch's caching allocator (rounding, cached and fragmented
 * blocks) and the CUDA context. The language-model estimator asks it for the reserve over the allocated timeline it
 * computes; the command line and the window show allocated, reserved and process totals and the range apart.
 * Depends on {@code java.lang} only.
 */
package com.vramadvisor.engine.allocator;
