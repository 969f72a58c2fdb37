/**
 * Diffusion pipelines (Stable Diffusion 1.5, SDXL, Stable Diffusion 3 Medium): parameter counts built from the
 * published diffusers configs, and the peak memory of generation (denoiser, VAE decode, attention implementation,
 * VAE slicing and tiling, CPU offload) and of fine-tuning (full, LoRA, DreamBooth). Depends on
 * {@code engine.core} only; see {@code docs/estimation-diffusion.md} for the formulas and their sources.
 */
package com.vramadvisor.engine.diffusion;
