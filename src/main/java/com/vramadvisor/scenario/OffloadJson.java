package com.vramadvisor.scenario;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.vramadvisor.engine.llm.Offload;

/**
 * The workload's {@code offload} object in a scenario file: {@code target} (none, optimizer, parameters, all),
 * {@code device} (cpu, nvme) and {@code gpuLayers} (llama.cpp {@code -ngl}, -1 for all). Written only when something
 * is offloaded; a file without it (every file written before offload existed) offloads nothing.
 */
final class OffloadJson {

    private OffloadJson() {
    }

    static void write(ObjectNode workload, Offload offload) {
        if (!offload.any()) {
            return;
        }
        ObjectNode o = workload.putObject("offload");
        o.put("target", offload.target().id());
        o.put("device", offload.device().id());
        o.put("gpuLayers", offload.gpuLayers());
    }

    static Offload read(JsonReader workload) throws ScenarioFileException {
        if (!workload.has("offload")) {
            return Offload.NONE;
        }
        JsonReader o = workload.object("offload");
        Offload.Target target;
        Offload.Device device;
        try {
            target = Offload.Target.parse(o.optionalText("target", "none"));
        } catch (IllegalArgumentException e) {
            throw o.malformed("target", e.getMessage());
        }
        try {
            device = Offload.Device.parse(o.optionalText("device", "cpu"));
        } catch (IllegalArgumentException e) {
            throw o.malformed("device", e.getMessage());
        }
        return new Offload(target, device, o.optionalInteger("gpuLayers", -1, Offload.MAX_GPU_LAYERS, -1));
    }
}
