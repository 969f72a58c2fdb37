package com.vramadvisor.app.results;

import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.PhaseBreakdown;
import com.vramadvisor.engine.llm.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Builds the rows of a memory breakdown at the peak phase, each with its formula in words and this scenario's inputs
 * filled in. The wording follows {@code docs/estimation.md}, which gives the sources; a tooltip shows it next to the
 * component's bytes so a user can check the number.
 */
public final class ComponentRows {

    private final ResultsMessages messages;

    public ComponentRows(ResultsMessages messages) {
        this.messages = messages;
    }

    /** Non-zero components at the peak phase in the engine's order, sizes in the scenario's display unit. */
    public List<ComponentRow> atPeak(ScenarioInputs inputs, Estimate estimate) {
        SizeUnit unit = inputs.sizeUnit();
        PhaseBreakdown peak = estimate.peakBreakdown();
        long total = estimate.peakBytes();
        List<ComponentRow> rows = new ArrayList<>();
        for (Component c : Component.values()) {
            long bytes = peak.get(c);
            if (bytes == 0) {
                continue;
            }
            double share = total == 0 ? 0 : bytes / (double) total;
            String name = componentName(c);
            String size = messages.size(bytes, unit);
            String shareText = messages.percent(share, 1);
            String formula = formula(c, inputs.model(), inputs.workload(), estimate);
            rows.add(new ComponentRow(c, name, bytes, share, size, shareText, formula,
                    messages.get("results.breakdown.segment.tooltip", name, size, messages.integer(bytes), shareText,
                            formula)));
        }
        return rows;
    }

    /** The localised name of a component. */
    public String componentName(Component c) {
        return messages.get("results.component." + c.jsonName());
    }

    /** The localised name of the phase that sets the peak. */
    public String phaseName(Estimate estimate) {
        return messages.get("results.phase." + estimate.peakPhase().id());
    }

    String formula(Component component, ModelSpec model, Workload workload, Estimate estimate) {
        Parallelism par = workload.parallelism();
        String tp = messages.integer(par.tensorParallel());
        String pp = messages.integer(par.pipelineParallel());
        String dp = messages.integer(par.dataParallel());
        String zero = messages.integer(par.zeroStage());
        String trainable = messages.integer(estimate.trainableParameters());
        return switch (component) {
            case WEIGHTS -> messages.get("results.formula.weights", messages.integer(estimate.parameters()),
                    workload.effectiveWeightType().id(), bytes(workload.effectiveWeightType().bytesPerElement()),
                    tp, pp, dp, zero) + weightsNote(workload);
            case MASTER_WEIGHTS -> messages.get("results.formula.masterWeights", trainable, dp, zero);
            case GRADIENTS -> messages.get("results.formula.gradients", trainable, dp, zero);
            case OPTIMIZER_STATES -> messages.get("results.formula.optimizerStates", trainable,
                    workload.optimizer().id(), dp, zero);
            case ACTIVATIONS -> workload.mode() == Mode.INFER
                    ? messages.get("results.formula.activations.infer", messages.integer(workload.batch()),
                            messages.integer(workload.sequenceLength()), messages.integer(model.hiddenSize()))
                    : messages.get("results.formula.activations", messages.integer(workload.batch()),
                    messages.integer(workload.sequenceLength()), messages.integer(model.hiddenSize()),
                    messages.integer(model.layers()), messages.get(recomputeKey(workload)),
                    messages.get(attentionKey(workload)), tp, pp) + " "
                    + messages.get("results.formula.activations." + workload.implementation().id());
            case LOGITS -> workload.mode() == Mode.INFER
                    ? messages.get("results.formula.logits.infer", messages.integer(workload.batch()),
                            messages.integer(model.vocabSize()))
                    : messages.get("results.formula.logits", messages.integer(workload.batch()),
                    messages.integer(workload.sequenceLength()), messages.integer(model.vocabSize()));
            case KV_CACHE -> messages.get("results.formula.kvCache", messages.integer(model.layers()),
                    messages.integer(model.kvHeads()), messages.integer(model.headDim()),
                    messages.integer(workload.effectiveContext()), messages.integer(workload.batch()),
                    workload.kvCacheType().id(), bytes(workload.kvCacheType().bytesPerElement()));
            case RUNTIME_OVERHEAD -> messages.get("results.formula.runtimeOverhead",
                    messages.decimal(workload.overhead().contextBytes() / (double) (1L << 30), 2),
                    messages.percent(workload.overhead().allocatorFraction(), 0));
        };
    }

    /** What the plain parameters-times-bytes product leaves out for this workload's weights, if anything. */
    private String weightsNote(Workload workload) {
        DataType type = workload.effectiveWeightType();
        if (autocastTraining(workload)) {
            return " " + messages.get("results.formula.weights.autocast");
        }
        if (type.bitsPerElement() < 16 && !type.isGguf()) {
            return " " + messages.get("results.formula.weights.quantized");
        }
        return "";
    }

    /** Autocast keeps 16-bit copies of the fp32 weights it runs on, in training only (not in inference). */
    private static boolean autocastTraining(Workload workload) {
        return workload.mode() != Mode.INFER && workload.autocast();
    }

    private String bytes(double bytesPerElement) {
        return bytesPerElement == Math.rint(bytesPerElement)
                ? messages.integer((long) bytesPerElement)
                : messages.decimal(bytesPerElement, 3);
    }

    private static String recomputeKey(Workload workload) {
        return "results.recompute." + workload.recompute().name().toLowerCase(Locale.ROOT);
    }

    private static String attentionKey(Workload workload) {
        return "results.attention." + workload.attention().name().toLowerCase(Locale.ROOT);
    }
}
