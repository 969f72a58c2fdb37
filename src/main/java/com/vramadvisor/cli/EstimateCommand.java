package com.vramadvisor.cli;

import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.ranking.OneGpuSpeed;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.engine.serving.ServingLatency;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code estimate}: per-GPU memory of one workload, by component, with the peak and its phase, the allocated,
 * reserved and process totals and the range; with {@code --gpu}, the three-state answer on that GPU (fits, tight,
 * does not fit) with the headroom and, for inference, the serving latency on that GPU as well. Without
 * {@code --gpu} the estimate stays device-neutral.
 */
@Command(name = "estimate", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Estimate per-GPU memory for a model and workload.")
final class EstimateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ScenarioArgs args;

    @Option(names = "--format", paramLabel = "FORMAT", description = "text or json (default text).")
    String format = "text";

    @Option(names = "--gpu", paramLabel = "ID", description = "A GPU id from 'catalog list gpus' or 'mine' (this"
            + " machine's GPU): answers fits,"
            + " tight or does not fit on that GPU with the headroom; for inference also the time to first token,"
            + " time per output token and tokens/s at --tp and --pp on that GPU, for image models and simulations the"
            + " images or time steps per second on it. Default for a --scenario of a kind"
            + " other than llm: the GPU the file names, if any.")
    String gpuId;

    @Override
    public Integer call() {
        OutputFormat fmt = OutputFormat.parse(format, OutputFormat.TEXT, OutputFormat.JSON);
        if (args.kind() != WorkloadKind.LLM) {
            Sizable workload = DomainRun.build(args.kind(), args, spec);
            GpuSpec gpu = gpuId == null ? DomainRun.scenarioGpu(args, spec.commandLine().getErr())
                    : LatencyFigures.gpu(args.catalog.catalog(spec.commandLine().getErr()), gpuId);
            MemoryTargetOption.Target target = gpu == null ? null : DomainRun.target(gpu);
            OneGpuSpeed.Result speed = gpu == null ? null
                    : DomainRun.speed(workload, gpu, args.catalog.catalog(spec.commandLine().getErr()));
            DomainRun.printEstimate(spec.commandLine().getOut(), fmt, workload.estimate(), target, speed);
            return 0;
        }
        ModelResolver.Resolved resolved = args.resolve();
        ModelSpec m = resolved.model();
        GpuSpec gpu = gpuId == null ? null : LatencyFigures.gpu(args.catalog.catalog(spec.commandLine().getErr()),
                gpuId);
        Workload w = args.onGpu(resolved.workload(), gpu);
        Estimate e = new MemoryEstimator().estimate(m, w);
        ServingLatency.Latency latency = null;
        FitAnswer fit = null;
        if (gpu != null) {
            long capacity = ServingEngine.capacityBytes(gpu, w);
            fit = FitAnswer.of(e, capacity, ReservationOutput.against(gpu, w, capacity));
            if (w.mode() == Mode.INFER) {
                latency = LatencyFigures.of(m, w, args.catalog.catalog(spec.commandLine().getErr()), gpu)
                        .orElseThrow(() -> new CliInputException("the catalog gives '" + gpuId
                                + "' no memory bandwidth, so its latency cannot be estimated"));
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (fmt == OutputFormat.JSON) {
            try {
                Map<String, Object> root = EstimateOutput.toJson(m, w, e);
                if (fit != null) {
                    fit.putJson(root);
                    ReservationOutput.putJson(root, gpu, w, fit.capacityBytes());
                }
                if (latency != null) {
                    LatencyFigures.putJson(root, gpu, latency);
                    LatencyFigures.putLoadJson(root, w);
                }
                out.println(EstimateOutput.json().writeValueAsString(root));
            } catch (com.fasterxml.jackson.core.JsonProcessingException ex) {
                throw new UncheckedIOException(ex);
            }
        } else {
            EstimateOutput.printText(out, m, w, e);
            if (fit != null) {
                out.println();
                fit.printText(out);
            }
            if (latency != null) {
                out.println();
                LatencyFigures.printText(out, gpu, w, latency);
            }
        }
        out.flush();
        return 0;
    }
}
