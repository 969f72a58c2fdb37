package com.vramadvisor.engine.core;

/**
 * Which of a GPU's published peak rates a workload's arithmetic runs at: the catalog's dense figures
 * ({@code fp32Tflops}, {@code tf32Tflops}, {@code fp16Tflops}, {@code fp8Tflops}, {@code int8Tops},
 * {@code fp64Tflops}). Matrix multiplications and convolutions in 16 bits run on tensor cores (FP16/BF16 rate);
 * float32 without TF32 runs on the CUDA cores (FP32 rate).
 */
public enum ComputeRate {
    /** Float32 on the vector units. */
    FP32,
    /** TensorFloat-32 tensor cores (float32 storage). */
    TF32,
    /** FP16 tensor cores. */
    FP16,
    /**
     * BF16 tensor cores: at the FP16 rate where the GPU has BF16 arithmetic; emulated at the FP32 rate where it does
     * not ({@link com.vramadvisor.engine.hardware.GpuSpec#lacksBf16Arithmetic}: V100, T4).
     */
    BF16,
    /** 8-bit integer tensor cores (TensorRT INT8 engines). */
    INT8,
    /** Double precision. */
    FP64
}
