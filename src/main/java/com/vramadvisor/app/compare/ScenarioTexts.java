package com.vramadvisor.app.compare;

import com.vramadvisor.app.results.PlanTexts;
import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.app.workload.EnumTexts;
import com.vramadvisor.app.workload.WorkloadView;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.ranking.RankingOptions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** The inputs of several scenarios as comparable lines of text, one value per scenario. */
final class ScenarioTexts {

    /** Shown where an input does not apply to a scenario (a KV cache type in training, an optimizer in inference). */
    static final String NONE = "\u2014";

    private final ResultsMessages messages;
    private final PlanTexts plans;
    /** The workload panel's texts (choice names), made again when the language changes. */
    private Messages panelTexts;

    ScenarioTexts(ResultsMessages messages) {
        this.messages = messages;
        this.plans = new PlanTexts(messages);
    }

    /** Model, mode and the main sizes in a few words, e.g. {@code Llama-3-8B · Training · 4 x 4,096}. */
    String subtitle(ScenarioInputs in) {
        Workload w = in.workload();
        return messages.get("compare.subtitle", in.model().name(), mode(w.mode()), messages.integer(w.batch()),
                messages.integer(w.mode() == Mode.INFER ? w.effectiveContext() : w.sequenceLength()));
    }

    List<CompareRow> inputRows(List<ScenarioInputs> inputs, List<Estimate> estimates) {
        List<CompareRow> rows = new ArrayList<>();
        add(rows, inputs, "compare.input.model", in -> in.model().name());
        List<String> params = new ArrayList<>();
        for (Estimate e : estimates) {
            params.add(e == null ? NONE : messages.integer(e.parameters()));
        }
        rows.add(row(CompareRow.Section.INPUTS, messages.get("compare.input.parameters"), params));
        add(rows, inputs, "compare.input.mode", in -> mode(in.workload().mode()));
        add(rows, inputs, "compare.input.batch", in -> messages.integer(in.workload().batch()));
        add(rows, inputs, "compare.input.sequence", in -> messages.integer(in.workload().sequenceLength()));
        add(rows, inputs, "compare.input.context", in -> infer(in)
                ? messages.integer(in.workload().effectiveContext()) : NONE);
        // Choices are named as the workload panel's controls name them, not by their command-line keys.
        add(rows, inputs, "compare.input.precision", in -> infer(in) ? NONE : panel(in.workload().precision()));
        add(rows, inputs, "compare.input.weights", in -> WorkloadView.dataTypeLabel(
                in.workload().effectiveWeightType()));
        add(rows, inputs, "compare.input.kvCache", in -> infer(in)
                ? WorkloadView.dataTypeLabel(in.workload().kvCacheType()) : NONE);
        add(rows, inputs, "compare.input.implementation", in -> infer(in) ? NONE
                : panel(in.workload().implementation()));
        add(rows, inputs, "compare.input.optimizer", in -> infer(in) ? NONE : panel(in.workload().optimizer()));
        add(rows, inputs, "compare.input.lora", in -> in.workload().lora() == null ? NONE
                : messages.integer(in.workload().lora().rank()));
        add(rows, inputs, "compare.input.parallelism", in -> parallelism(in.workload().parallelism()));
        add(rows, inputs, "compare.input.zero", in -> messages.integer(in.workload().parallelism().zeroStage()));
        add(rows, inputs, "compare.input.recompute", in -> messages.get("results.recompute."
                + in.workload().recompute().name().toLowerCase(Locale.ROOT)));
        add(rows, inputs, "compare.input.attention", in -> messages.get("compare.attention."
                + in.workload().attention().name().toLowerCase(Locale.ROOT)));
        add(rows, inputs, "compare.input.gradientAccumulation", in -> infer(in) ? NONE
                : messages.integer(in.workload().gradientAccumulation()));
        add(rows, inputs, "compare.input.overhead", in -> messages.get(in.workload().overhead().enabled()
                ? "compare.on" : "compare.off"));
        // The comparison shows memory only, but these are inputs of the scenario too: two pins that differ only here
        // rank the hardware differently, so the difference is flagged like any other.
        add(rows, inputs, "compare.input.tokenBudget", in -> messages.integer(in.tokenBudget()));
        add(rows, inputs, "compare.input.maxGpus", in -> in.maxGpus() == RankingOptions.DEFAULT_MAX_GPUS
                ? messages.get("results.filter.gpus.prompt") : messages.integer(in.maxGpus()));
        add(rows, inputs, "compare.input.deadline", in -> plans.days(in.deadlineDays()));
        return rows;
    }

    private void add(List<CompareRow> rows, List<ScenarioInputs> inputs, String key,
                     Function<ScenarioInputs, String> value) {
        List<String> values = new ArrayList<>();
        for (ScenarioInputs in : inputs) {
            values.add(value.apply(in));
        }
        rows.add(row(CompareRow.Section.INPUTS, messages.get(key), values));
    }

    /** A line whose {@code differs} flag says whether the columns disagree (never with a single column). */
    static CompareRow row(CompareRow.Section section, String label, List<String> values) {
        return new CompareRow(section, label, values, values.size() > 1 && new HashSet<>(values).size() > 1);
    }

    /** A choice's name on the workload panel, in the comparison's language. */
    private String panel(Enum<?> value) {
        if (panelTexts == null || !panelTexts.locale().equals(Messages.supportedLocale(messages.locale()))) {
            panelTexts = new Messages(messages.locale());
        }
        return panelTexts.get(EnumTexts.key(value));
    }

    private String mode(Mode mode) {
        return messages.get("compare.mode." + mode.name().toLowerCase(Locale.ROOT));
    }

    private String parallelism(Parallelism p) {
        return messages.get("compare.parallelism", messages.integer(p.tensorParallel()),
                messages.integer(p.pipelineParallel()), messages.integer(p.dataParallel()),
                p.sequenceParallel() ? messages.get("compare.sequenceParallel") : "");
    }

    private static boolean infer(ScenarioInputs in) {
        return in.workload().mode() == Mode.INFER;
    }
}
