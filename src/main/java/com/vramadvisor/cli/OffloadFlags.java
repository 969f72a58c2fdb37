package com.vramadvisor.cli;

import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Offload;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.serving.ServingEngine;

/**
 * Reads the language-model meaning of {@code --offload} (shared with diffusion, which parses its own values),
 * {@code --offload-to} and {@code --gpu-layers} into the workload's {@link Offload}.
 */
final class OffloadFlags {

    private OffloadFlags() {
    }

    /**
     * The workload with the offload the flags ask for; unchanged when none of them was given.
     *
     * @throws CliInputException naming the flag when a value is unknown or the combination cannot run
     */
    static Workload apply(Workload w, ScenarioArgs args) {
        DomainOptions d = args.domain;
        if (d.offload == null && d.offloadTo == null && d.gpuLayers == null) {
            return w;
        }
        Offload.Target target = parse("--offload", d.offload == null ? "none" : d.offload, Offload.Target::parse);
        Offload.Device device = parse("--offload-to", d.offloadTo == null ? "cpu" : d.offloadTo,
                Offload.Device::parse);
        if (d.offloadTo != null && target == Offload.Target.NONE) {
            throw new CliInputException("--offload-to needs --offload optimizer, parameters or all");
        }
        int layers = -1;
        if (d.gpuLayers != null) {
            if (d.gpuLayers < 0 || d.gpuLayers > Offload.MAX_GPU_LAYERS) {
                throw new CliInputException("--gpu-layers must be between 0 and " + Offload.MAX_GPU_LAYERS + ", got "
                        + d.gpuLayers);
            }
            String engine = args.workload.engine;
            if (w.mode() == Mode.INFER && (engine == null
                    || ServingEngine.parse(engine) != ServingEngine.LLAMA_CPP)) {
                throw new CliInputException("--gpu-layers needs --engine llama.cpp");
            }
            layers = d.gpuLayers;
        }
        try {
            Workload offloaded = w.toBuilder().offload(new Offload(target, device, layers)).build();
            offloaded.requireRunnableOffload();
            return offloaded;
        } catch (IllegalArgumentException e) {
            String flag = d.gpuLayers != null && target == Offload.Target.NONE ? "--gpu-layers" : "--offload";
            String hint = w.implementation() == Implementation.PYTORCH && target != Offload.Target.NONE
                    && w.framework() == null ? " (--framework deepspeed follows DeepSpeed)" : "";
            throw new CliInputException(flag + ": " + e.getMessage() + hint);
        }
    }

    private static <T> T parse(String flag, String text, java.util.function.Function<String, T> parser) {
        try {
            return parser.apply(text);
        } catch (IllegalArgumentException e) {
            throw new CliInputException(flag + ": " + e.getMessage());
        }
    }
}
