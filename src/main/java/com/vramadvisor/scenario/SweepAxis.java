package com.vramadvisor.scenario;

/** The input the sweep chart varies along its horizontal axis. */
public enum SweepAxis {
    /** Micro-batch (training) or concurrent sequences (inference). */
    BATCH,
    /** Tokens per training sequence, or prompt tokens per prefill. */
    SEQUENCE,
    /** Tokens per sequence kept in the KV cache (inference). */
    CONTEXT
}
