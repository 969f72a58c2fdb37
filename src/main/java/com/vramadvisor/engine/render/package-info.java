/**
 * Rendering scenes: render targets, textures with exact mip chains, geometry, ray-tracing acceleration structures,
 * streaming pools, path tracer and denoiser buffers, and per-viewer copies for collaborative review. {@link
 * com.vramadvisor.engine.render.Scene} is the immutable description, {@link
 * com.vramadvisor.engine.render.SceneEstimator} the arithmetic and {@link
 * com.vramadvisor.engine.render.RenderWorkload} its {@link com.vramadvisor.engine.core.Sizable} face. Formulas and
 * sources: {@code docs/estimation-render.md}.
 */
package com.vramadvisor.engine.render;
