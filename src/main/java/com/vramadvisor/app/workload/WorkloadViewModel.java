package com.vramadvisor.app.workload;

import com.vramadvisor.scenario.DomainInputs;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.scenario.SweepAxis;
import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.engine.llm.ActivationOffload;
import com.vramadvisor.engine.llm.AttentionImpl;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Framework;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.LoraSpec;
import com.vramadvisor.engine.llm.LossUpcast;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Offload;
import com.vramadvisor.engine.llm.Optimizer;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.RuntimeOverhead;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.money.Usage;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.serving.ServingEngine;
import java.text.NumberFormat;
import java.util.List;
import java.util.Locale;
import java.util.function.LongFunction;
import java.util.function.ToLongFunction;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The inputs of the workload panel, and the decision table's token budget, GPU limit and deadline. Each input is a
 * writable property the controls bind to; after every change the properties fold into one immutable
 * {@link ScenarioInputs}, published through {@link #snapshotProperty()} exactly once per change. Everything downstream
 * (charts, decision table, comparison, planner, scenario files) reads the snapshot; the engine never sees a property.
 *
 * <p>Whole scenarios (undo, redo, opening a file, restoring a pinned comparison) go through {@link #apply}, which
 * sets every input and then publishes a single snapshot.
 */
public final class WorkloadViewModel {

    /** Id the engine gives the standard architecture it derives from a parameter count ({@code ModelShapes}). */
    static final String SHAPE_ID = "params-only";

    private final LongFunction<ModelSpec> shapeForParameters;
    private final ToLongFunction<ModelSpec> parameterCounter;
    private final Messages messages;
    private final ObservableList<ModelSpec> presets = FXCollections.observableArrayList();
    private final ObservableList<GpuSpec> gpus = FXCollections.observableArrayList();

    private final ObjectProperty<Mode> mode = new SimpleObjectProperty<>(this, "mode", Mode.TRAIN);
    private final ReadOnlyObjectWrapper<ModelSpec> model = new ReadOnlyObjectWrapper<>(this, "model");
    private final ReadOnlyStringWrapper modelPresetId = new ReadOnlyStringWrapper(this, "modelPresetId", "");
    private final ObjectProperty<ModelSpec> selectedPreset = new SimpleObjectProperty<>(this, "selectedPreset");
    private final LongProperty parameterCount = new SimpleLongProperty(this, "parameterCount");
    private final IntegerProperty batch = new SimpleIntegerProperty(this, "batch", 1);
    private final IntegerProperty sequenceLength = new SimpleIntegerProperty(this, "sequenceLength", 4096);
    private final IntegerProperty context = new SimpleIntegerProperty(this, "context", 0);
    private final ObjectProperty<Precision> precision = new SimpleObjectProperty<>(this, "precision");
    private final ObjectProperty<DataType> weightType = new SimpleObjectProperty<>(this, "weightType");
    private final ObjectProperty<DataType> kvCacheType = new SimpleObjectProperty<>(this, "kvCacheType");
    private final ObjectProperty<Optimizer> optimizer = new SimpleObjectProperty<>(this, "optimizer");
    private final IntegerProperty zeroStage = new SimpleIntegerProperty(this, "zeroStage");
    private final IntegerProperty tensorParallel = new SimpleIntegerProperty(this, "tensorParallel", 1);
    private final IntegerProperty pipelineParallel = new SimpleIntegerProperty(this, "pipelineParallel", 1);
    private final IntegerProperty dataParallel = new SimpleIntegerProperty(this, "dataParallel", 1);
    private final IntegerProperty expertParallel = new SimpleIntegerProperty(this, "expertParallel", 1);
    private final IntegerProperty contextParallel = new SimpleIntegerProperty(this, "contextParallel", 1);
    private final BooleanProperty sequenceParallel = new SimpleBooleanProperty(this, "sequenceParallel");
    private final ObjectProperty<Offload.Target> offloadTarget =
            new SimpleObjectProperty<>(this, "offloadTarget", Offload.Target.NONE);
    private final ObjectProperty<Offload.Device> offloadDevice =
            new SimpleObjectProperty<>(this, "offloadDevice", Offload.Device.CPU);
    private final BooleanProperty partialGpuLayers = new SimpleBooleanProperty(this, "partialGpuLayers");
    private final IntegerProperty gpuLayers = new SimpleIntegerProperty(this, "gpuLayers", 0);
    private final IntegerProperty gradientAccumulation = new SimpleIntegerProperty(this, "gradientAccumulation", 1);
    private final ObjectProperty<Recompute> recompute = new SimpleObjectProperty<>(this, "recompute");
    private final ObjectProperty<ActivationOffload> activationOffload = new SimpleObjectProperty<>(this,
            "activationOffload", ActivationOffload.NONE);
    private final ObjectProperty<LossUpcast> lossUpcast = new SimpleObjectProperty<>(this, "lossUpcast",
            LossUpcast.FP32);
    private final ObjectProperty<AttentionImpl> attention = new SimpleObjectProperty<>(this, "attention");
    private final ObjectProperty<Implementation> implementation =
            new SimpleObjectProperty<>(this, "implementation", Implementation.PYTORCH);
    private final ObjectProperty<ServingEngine> servingEngine =
            new SimpleObjectProperty<>(this, "servingEngine", ServingEngine.VLLM);
    private final IntegerProperty maxBatchedTokens = new SimpleIntegerProperty(this, "maxBatchedTokens",
            ServingEngine.VLLM.defaultBatchedTokens());
    private final IntegerProperty loraRank = new SimpleIntegerProperty(this, "loraRank", 16);
    private final BooleanProperty runtimeOverhead = new SimpleBooleanProperty(this, "runtimeOverhead", true);
    private final StringProperty gpuId = new SimpleStringProperty(this, "gpuId", "");
    private final ObjectProperty<SweepAxis> sweepAxis = new SimpleObjectProperty<>(this, "sweepAxis");
    private final ObjectProperty<SizeUnit> sizeUnit = new SimpleObjectProperty<>(this, "sizeUnit");
    private final LongProperty tokenBudget = new SimpleLongProperty(this, "tokenBudget",
            RankingOptions.DEFAULT_TOKEN_BUDGET);
    private final IntegerProperty maxGpus = new SimpleIntegerProperty(this, "maxGpus", RankingOptions.DEFAULT_MAX_GPUS);
    private final DoubleProperty deadlineDays = new SimpleDoubleProperty(this, "deadlineDays",
            RankingOptions.DEFAULT_DEADLINE_DAYS);

    private final ObjectProperty<Usage> usage = new SimpleObjectProperty<>(this, "usage", Usage.JOB_ONLY);

    private final ObjectProperty<WorkloadKind> kind = new SimpleObjectProperty<>(this, "kind", WorkloadKind.LLM);
    private final ObjectProperty<DomainInputs> domain = new SimpleObjectProperty<>(this, "domain",
            DomainInputs.defaults());

    private final ReadOnlyObjectWrapper<ScenarioInputs> snapshot = new ReadOnlyObjectWrapper<>(this, "snapshot");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyStringWrapper modelSummary = new ReadOnlyStringWrapper(this, "modelSummary", "");
    private final ReadOnlyStringWrapper customModelText = new ReadOnlyStringWrapper(this, "customModelText", "");
    private final ExactValues exact;
    private final DomainForms forms;
    private final ServingInputs serving;

    /** Workload fields the panel has no control for (dropout, LoRA targets, ...), kept so files round-trip. */
    private Workload base;
    private boolean applying;
    /** The engine of the last published or applied inputs: a change of engine resets the chunk to its default. */
    private ServingEngine lastEngine = ServingEngine.VLLM;

    /**
     * A view-model with English texts and no GPU list, for code that only needs the snapshot.
     *
     * @param initial            the scenario to start with
     * @param presets            catalog model presets offered in the model picker
     * @param shapeForParameters the engine's standard architecture for a parameter count (the parameter slider)
     * @param parameterCounter   the engine's exact parameter count of an architecture
     */
    public WorkloadViewModel(ScenarioInputs initial, List<ModelSpec> presets, LongFunction<ModelSpec> shapeForParameters,
                             ToLongFunction<ModelSpec> parameterCounter) {
        this(initial, presets, List.of(), shapeForParameters, parameterCounter, new Messages(Locale.ENGLISH));
    }

    /**
     * @param initial            the scenario to start with
     * @param presets            catalog model presets offered in the model picker
     * @param gpus               catalog GPUs offered as the target GPU
     * @param shapeForParameters the engine's standard architecture for a parameter count (the parameter slider)
     * @param parameterCounter   the engine's exact parameter count of an architecture
     * @param messages           texts and locale for messages and number formats
     */
    public WorkloadViewModel(ScenarioInputs initial, List<ModelSpec> presets, List<GpuSpec> gpus,
                             LongFunction<ModelSpec> shapeForParameters, ToLongFunction<ModelSpec> parameterCounter,
                             Messages messages) {
        this.shapeForParameters = shapeForParameters;
        this.parameterCounter = parameterCounter;
        this.messages = messages;
        this.presets.setAll(presets);
        this.gpus.setAll(gpus);
        this.serving = new ServingInputs(servingEngine, messages);
        apply(initial);
        Observable[] inputs = {mode, batch, sequenceLength, context, precision, weightType, kvCacheType, optimizer,
            zeroStage, tensorParallel, pipelineParallel, dataParallel, expertParallel, contextParallel,
            sequenceParallel, offloadTarget, offloadDevice, activationOffload, partialGpuLayers, gpuLayers,
            gradientAccumulation, recompute, lossUpcast, attention, implementation, servingEngine, maxBatchedTokens,
            loraRank, runtimeOverhead, gpuId, sweepAxis, sizeUnit, tokenBudget, maxGpus, deadlineDays, usage, kind,
            domain};
        for (Observable input : inputs) {
            input.addListener(obs -> publish());
        }
        for (Observable input : serving.inputs()) {
            input.addListener(obs -> publish());
        }
        selectedPreset.addListener((obs, old, preset) -> {
            if (!applying && preset != null) {
                setModel(preset, preset.id());
            }
        });
        parameterCount.addListener((obs, old, count) -> {
            if (!applying) {
                setModel(shapeForParameters.apply(count.longValue()), "");
            }
        });
        exact = new ExactValues(this, messages);
        forms = new DomainForms(domain, messages);
        messages.localeProperty().addListener(obs -> updateModelSummary());
        updateModelSummary();
    }

    /** Sets every input from {@code inputs} and publishes one snapshot. */
    public void apply(ScenarioInputs inputs) {
        applying = true;
        try {
            Workload w = inputs.workload();
            base = w;
            model.set(inputs.model());
            modelPresetId.set(inputs.modelPresetId());
            selectedPreset.set(findPreset(inputs.modelPresetId(), inputs.model()));
            parameterCount.set(parameterCounter.applyAsLong(inputs.model()));
            mode.set(w.mode());
            batch.set(w.batch());
            sequenceLength.set(w.sequenceLength());
            context.set(w.context());
            precision.set(w.precision());
            weightType.set(w.weightType());
            kvCacheType.set(w.kvCacheType());
            optimizer.set(w.optimizer());
            Parallelism p = w.parallelism();
            zeroStage.set(p.zeroStage());
            tensorParallel.set(p.tensorParallel());
            pipelineParallel.set(p.pipelineParallel());
            dataParallel.set(p.dataParallel());
            sequenceParallel.set(p.sequenceParallel());
            expertParallel.set(p.expertParallel());
            contextParallel.set(p.contextParallel());
            gradientAccumulation.set(w.gradientAccumulation());
            Offload o = w.offload();
            offloadTarget.set(o.target());
            offloadDevice.set(o.device());
            activationOffload.set(w.activationOffload());
            partialGpuLayers.set(o.gpuLayers() >= 0);
            if (o.gpuLayers() >= 0) {
                gpuLayers.set(o.gpuLayers());
            }
            recompute.set(w.recompute());
            lossUpcast.set(w.lossUpcast());
            attention.set(w.attention());
            implementation.set(w.implementation());
            servingEngine.set(inputs.servingEngine());
            lastEngine = inputs.servingEngine();
            maxBatchedTokens.set(shownBatchedTokens(inputs.servingEngine(), inputs.maxBatchedTokens()));
            if (w.lora() != null) {
                loraRank.set(w.lora().rank());
            }
            runtimeOverhead.set(w.overhead().enabled());
            gpuId.set(inputs.gpuId());
            sweepAxis.set(inputs.sweepAxis());
            sizeUnit.set(inputs.sizeUnit());
            tokenBudget.set(inputs.tokenBudget());
            maxGpus.set(inputs.maxGpus());
            deadlineDays.set(inputs.deadlineDays());
            usage.set(inputs.usage());
            kind.set(inputs.kind());
            domain.set(inputs.domain());
            serving.apply(inputs.servingTargets());
        } finally {
            applying = false;
        }
        updateModelSummary();
        publish();
    }

    /** Uses a model from outside the preset list (an imported file); clears the preset selection. */
    public void useModel(ModelSpec spec) {
        setModel(spec, "", null);
    }

    /**
     * Uses an imported model and, when the file says how its weights are stored, that storage type for served or
     * frozen weights; one snapshot for both.
     */
    public void useImportedModel(ModelSpec spec, DataType storedWeightType) {
        setModel(spec, "", storedWeightType);
    }

    private void setModel(ModelSpec spec, String presetId) {
        setModel(spec, presetId, null);
    }

    private void setModel(ModelSpec spec, String presetId, DataType storedWeightType) {
        applying = true;
        try {
            if (storedWeightType != null) {
                weightType.set(storedWeightType);
            }
            model.set(spec);
            modelPresetId.set(presetId);
            selectedPreset.set(findPreset(presetId, spec));
            parameterCount.set(parameterCounter.applyAsLong(spec));
        } finally {
            applying = false;
        }
        updateModelSummary();
        publish();
    }

    /**
     * The preset with this id, but only while the architecture is still the preset's: a scenario file keeps the
     * architecture it was saved with, and when the catalog has changed since, the picker must not claim otherwise.
     */
    private ModelSpec findPreset(String id, ModelSpec spec) {
        if (id == null || id.isEmpty()) {
            return null;
        }
        for (ModelSpec p : presets) {
            if (p.id().equals(id) && p.equals(spec)) {
                return p;
            }
        }
        return null;
    }

    private void publish() {
        if (applying) {
            return;
        }
        String rejected = normalise();
        ScenarioInputs next;
        try {
            Workload w = buildWorkload();
            // As the CLI: an offload the chosen software cannot run is refused with the engine's reason.
            w.requireRunnableOffload();
            w.requireRunnableActivationOffload();
            next = new ScenarioInputs(model.get(), modelPresetId.get(), w, gpuId.get(),
                    sweepAxis.get(), sizeUnit.get(), tokenBudget.get(), maxGpus.get(), deadlineDays.get(),
                    servingEngine.get(), storedBatchedTokens(), kind.get(), domain.get(), serving.targets(),
                    usage.get());
        } catch (IllegalArgumentException e) {
            problem.set(messages.get("workload.problem.engine", e.getMessage()));
            return;
        }
        problem.set(rejected);
        if (!next.equals(snapshot.get())) {
            snapshot.set(next);
        }
    }

    /**
     * Brings inputs that contradict each other or the model back to a consistent state before a snapshot is built,
     * so that one user change still gives exactly one snapshot. Returns a message for a rejected value, else empty.
     */
    private String normalise() {
        applying = true;
        try {
            String message = "";
            ModelSpec m = model.get();
            // Megatron splits attention heads across the tensor-parallel group, so t must divide the head count.
            if (m.heads() % tensorParallel.get() != 0) {
                int wanted = tensorParallel.get();
                int previous = snapshot.get() == null ? 1 : snapshot.get().workload().parallelism().tensorParallel();
                int fallback = m.heads() % previous == 0 ? previous : largestDivisorAtMost(m.heads(), wanted);
                tensorParallel.set(fallback);
                message = messages.get("workload.problem.tensorParallel", wanted, m.heads(), fallback);
            }
            // Each pipeline stage needs at least one block.
            if (pipelineParallel.get() > m.layers()) {
                message = messages.get("workload.problem.pipelineParallel", pipelineParallel.get(), m.layers());
                pipelineParallel.set(m.layers());
            }
            // A new engine starts from its own chunk (vLLM 8192, llama.cpp 512), not the previous engine's.
            ServingEngine engine = servingEngine.get();
            if (lastEngine != engine && engine.chunksPrefill()) {
                maxBatchedTokens.set(engine.defaultBatchedTokens());
            }
            lastEngine = engine;
            // The KV cache holds the prompt plus generated tokens, so it is never shorter than the prompt.
            if (mode.get() == Mode.INFER && context.get() < sequenceLength.get()) {
                context.set(sequenceLength.get());
            }
            return message;
        } finally {
            applying = false;
        }
    }

    /**
     * The chunk the field shows: the scenario's own, else the engine's default. The field never shows 0, so an engine
     * that prefills in one pass keeps vLLM's default there, hidden, for when the user switches back.
     */
    private static int shownBatchedTokens(ServingEngine engine, int stored) {
        if (stored > 0) {
            return stored;
        }
        return engine.chunksPrefill() ? engine.defaultBatchedTokens() : ServingEngine.VLLM.defaultBatchedTokens();
    }

    /** The chunk the scenario stores: 0 for the engine's default or an engine without chunks, so files stay clean. */
    private int storedBatchedTokens() {
        ServingEngine engine = servingEngine.get();
        int shown = maxBatchedTokens.get();
        return !engine.chunksPrefill() || shown == engine.defaultBatchedTokens() ? 0 : shown;
    }

    private static int largestDivisorAtMost(int n, int limit) {
        for (int d = Math.min(n, limit); d > 1; d--) {
            if (n % d == 0) {
                return d;
            }
        }
        return 1;
    }

    /**
     * The parameter field's short form of {@code count}: the size a standard architecture was made for ("13B", as
     * published) when the current model is the engine's shape for that size, whose exact count is a little off it
     * (12,99x,xxx,xxx); otherwise the count to four significant digits ("8.03B" for Llama 3 8B).
     */
    public String parameterLabel(long count) {
        ModelSpec m = model.get();
        if (m != null && modelPresetId.get().isEmpty() && SHAPE_ID.equals(m.id())
                && parameterCounter.applyAsLong(m) == count) {
            for (long size : ParameterScale.roundSizes(count)) {
                if (size >= ExactValues.MIN_PARAMETERS && size <= ExactValues.MAX_PARAMETERS
                        && m.equals(shapeForParameters.apply(size))) {
                    return ParameterScale.compactLabel(size);
                }
            }
        }
        return ParameterScale.compactLabel(count);
    }

    private void updateModelSummary() {
        ModelSpec m = model.get();
        if (m == null) {
            return;
        }
        long count = parameterCount.get();
        String key = !modelPresetId.get().isEmpty() ? "workload.model.summary"
                : SHAPE_ID.equals(m.id()) ? "workload.model.summary.shape" : "workload.model.summary.custom";
        modelSummary.set(messages.get(key, m.name().isBlank() ? ParameterScale.shortLabel(count) : m.name(),
                NumberFormat.getIntegerInstance(messages.locale()).format(count), ParameterScale.shortLabel(count)));
        // What the Model box shows when no preset is chosen: the model's name and size, never a blank box.
        customModelText.set(!modelPresetId.get().isEmpty() ? ""
                : SHAPE_ID.equals(m.id()) || m.name().isBlank()
                        ? messages.get("workload.model.customShape", ParameterScale.shortLabel(count))
                        : messages.get("workload.model.customNamed", m.name(), ParameterScale.shortLabel(count)));
    }

    private Workload buildWorkload() {
        Mode m = mode.get();
        boolean adapters = m == Mode.LORA || m == Mode.QLORA;
        LoraSpec lora = null;
        if (adapters) {
            LoraSpec previous = base.lora();
            lora = new LoraSpec(loraRank.get(), previous != null ? previous.targets() : LoraSpec.ALL_LINEAR);
        }
        return base.toBuilder()
                .mode(m)
                .batch(batch.get())
                .sequenceLength(sequenceLength.get())
                .context(context.get())
                .precision(precision.get())
                .weightType(weightType.get())
                .kvCacheType(kvCacheType.get())
                .optimizer(optimizer.get())
                .parallelism(new Parallelism(tensorParallel.get(), pipelineParallel.get(), dataParallel.get(),
                        zeroStage.get(), sequenceParallel.get(), expertParallel.get(), contextParallel.get()))
                .gradientAccumulation(gradientAccumulation.get())
                .recompute(recompute.get())
                .lossUpcast(lossUpcast.get() == null ? LossUpcast.FP32 : lossUpcast.get())
                .attention(attention.get())
                .implementation(implementation.get())
                .framework(keptFramework())
                .lora(lora)
                .overhead(overhead())
                .offload(offload())
                .activationOffload(mode.get() == Mode.INFER ? ActivationOffload.NONE : activationOffload.get())
                .build();
    }

    /**
     * The framework a scenario file named, while the controls still agree with it (its memory layout, or its serving
     * engine); none once they name another, so that the controls keep deciding.
     */
    private Framework keptFramework() {
        Framework f = base.framework();
        if (f == null) {
            return null;
        }
        boolean agrees = f.training() ? f.memoryLayout() == implementation.get()
                : ServingEngine.of(f) == servingEngine.get();
        return agrees ? f : null;
    }

    /**
     * The offload the visible controls describe: training states for training, llama.cpp's GPU layers when llama.cpp
     * serves; hidden controls keep their values but offload nothing.
     */
    private Offload offload() {
        if (mode.get() != Mode.INFER) {
            return offloadTarget.get() == Offload.Target.NONE ? Offload.NONE
                    : new Offload(offloadTarget.get(), offloadDevice.get(), -1);
        }
        if (servingEngine.get() == ServingEngine.LLAMA_CPP && partialGpuLayers.get()) {
            return new Offload(Offload.Target.NONE, Offload.Device.CPU, gpuLayers.get());
        }
        return Offload.NONE;
    }

    private RuntimeOverhead overhead() {
        if (!runtimeOverhead.get()) {
            return RuntimeOverhead.OFF;
        }
        // Keeps a file's own context size and allocator fraction when the user switches overhead back on.
        return base.overhead().enabled() ? base.overhead() : RuntimeOverhead.DEFAULT;
    }

    /** The current inputs as one immutable value; changes once per input change. */
    public ReadOnlyObjectProperty<ScenarioInputs> snapshotProperty() {
        return snapshot.getReadOnlyProperty();
    }

    public ScenarioInputs snapshot() {
        return snapshot.get();
    }

    /** Why the last input change could not be applied, empty when the inputs are consistent. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    public ObservableList<ModelSpec> presets() {
        return presets;
    }

    /** Catalog GPUs that can be the target GPU. */
    public ObservableList<GpuSpec> gpus() {
        return gpus;
    }

    /**
     * What the Model box shows while no preset is chosen ("Custom: 405B parameters", "Custom: my-model (7.2B)"); empty
     * while a preset is.
     */
    public ReadOnlyStringProperty customModelTextProperty() {
        return customModelText.getReadOnlyProperty();
    }

    /** "Llama-3-8B: 8,030,261,248 parameters (8.0B)", in the current language. */
    public ReadOnlyStringProperty modelSummaryProperty() {
        return modelSummary.getReadOnlyProperty();
    }

    /** What is sized: a language model (the panel as it always was) or one of the other kinds. */
    public ObjectProperty<WorkloadKind> kindProperty() { return kind; }

    /** The inputs of every kind beyond language models; each kind's form edits its own record. */
    public ObjectProperty<DomainInputs> domainProperty() { return domain; }

    /** The forms of the kinds beyond language models. */
    public DomainForms forms() {
        return forms;
    }

    /** The text fields for exact values behind the sliders and spinners. */
    public ExactValues exact() {
        return exact;
    }

    /** Whether the workload trains something (full, LoRA or QLoRA): optimizer, ZeRO and recomputation apply. */
    public BooleanBinding trainingProperty() {
        return Bindings.createBooleanBinding(() -> mode.get() != Mode.INFER, mode);
    }

    /** Whether adapters are trained (LoRA, QLoRA): the rank applies. */
    public BooleanBinding adaptersProperty() {
        return Bindings.createBooleanBinding(() -> mode.get() == Mode.LORA || mode.get() == Mode.QLORA, mode);
    }

    /** Whether the workload serves a model: context, KV cache and concurrent sequences apply. */
    public BooleanBinding inferenceProperty() {
        return Bindings.createBooleanBinding(() -> mode.get() == Mode.INFER, mode);
    }

    public ObjectProperty<Mode> modeProperty() { return mode; }
    public ReadOnlyObjectProperty<ModelSpec> modelProperty() { return model.getReadOnlyProperty(); }
    public ReadOnlyStringProperty modelPresetIdProperty() { return modelPresetId.getReadOnlyProperty(); }
    public ObjectProperty<ModelSpec> selectedPresetProperty() { return selectedPreset; }
    public LongProperty parameterCountProperty() { return parameterCount; }
    public IntegerProperty batchProperty() { return batch; }
    public IntegerProperty sequenceLengthProperty() { return sequenceLength; }
    public IntegerProperty contextProperty() { return context; }
    public ObjectProperty<Precision> precisionProperty() { return precision; }
    public ObjectProperty<DataType> weightTypeProperty() { return weightType; }
    /** Saved activations moved to host memory ({@link ActivationOffload}; {@code --activation-offload}). */
    public ObjectProperty<ActivationOffload> activationOffloadProperty() { return activationOffload; }
    /** Whether the training loss casts the logits to fp32 ({@link LossUpcast}; {@code --loss-upcast}). */
    public ObjectProperty<LossUpcast> lossUpcastProperty() { return lossUpcast; }
    public ObjectProperty<DataType> kvCacheTypeProperty() { return kvCacheType; }
    public ObjectProperty<Optimizer> optimizerProperty() { return optimizer; }
    public IntegerProperty zeroStageProperty() { return zeroStage; }
    public IntegerProperty tensorParallelProperty() { return tensorParallel; }
    public IntegerProperty pipelineParallelProperty() { return pipelineParallel; }
    public IntegerProperty dataParallelProperty() { return dataParallel; }
    public BooleanProperty sequenceParallelProperty() { return sequenceParallel; }

    /** Expert-parallel size ep: routed experts sharded over ep GPUs; must divide data x context parallel. */
    public IntegerProperty expertParallelProperty() { return expertParallel; }

    /** Context-parallel size cp: each GPU holds s / cp tokens of every sequence. */
    public IntegerProperty contextParallelProperty() { return contextParallel; }
    public IntegerProperty gradientAccumulationProperty() { return gradientAccumulation; }

    /** Training states moved off the GPU (DeepSpeed ZeRO-Offload/Infinity, FSDP CPU offload). */
    public ObjectProperty<Offload.Target> offloadTargetProperty() { return offloadTarget; }

    /** Where offloaded training states go: host memory or NVMe (ZeRO-Infinity). */
    public ObjectProperty<Offload.Device> offloadDeviceProperty() { return offloadDevice; }

    /** Whether llama.cpp keeps only {@link #gpuLayersProperty()} blocks on the GPU ({@code -ngl}); else all. */
    public BooleanProperty partialGpuLayersProperty() { return partialGpuLayers; }

    /** llama.cpp's {@code --n-gpu-layers} while {@link #partialGpuLayersProperty()} is set. */
    public IntegerProperty gpuLayersProperty() { return gpuLayers; }

    /** Whether llama.cpp serves the model, so its GPU layers apply. */
    public BooleanBinding llamaCppProperty() {
        return Bindings.createBooleanBinding(
                () -> mode.get() == Mode.INFER && servingEngine.get() == ServingEngine.LLAMA_CPP, mode, servingEngine);
    }
    public ObjectProperty<Recompute> recomputeProperty() { return recompute; }
    public ObjectProperty<AttentionImpl> attentionProperty() { return attention; }
    public IntegerProperty loraRankProperty() { return loraRank; }

    /** The serving engine whose memory layout an inference estimate follows (KV blocks, prefill chunks). */
    public ObjectProperty<ServingEngine> servingEngineProperty() { return servingEngine; }

    /**
     * Prompt tokens one prefill pass processes (vLLM's {@code max_num_batched_tokens}, llama.cpp's {@code n_ubatch});
     * always at least 1, the engine's default until changed; unused by Hugging Face generate.
     */
    public IntegerProperty maxBatchedTokensProperty() { return maxBatchedTokens; }

    /** The serving targets and running-request cap of inference mode, and the engine's KV block size. */
    public ServingInputs serving() { return serving; }

    /** Whether the selected engine prefills in chunks, so the batched-token limit applies. */
    public BooleanBinding chunkedPrefillProperty() {
        return Bindings.createBooleanBinding(() -> mode.get() == Mode.INFER && servingEngine.get().chunksPrefill(),
                mode, servingEngine);
    }

    /** The training software whose memory layout the estimate follows; matters for training only. */
    public ObjectProperty<Implementation> implementationProperty() { return implementation; }
    public BooleanProperty runtimeOverheadProperty() { return runtimeOverhead; }

    /** Catalog id of the GPU the charts measure against; the decision table writes it when a row is selected. */
    public StringProperty gpuIdProperty() { return gpuId; }

    /** The input the sweep chart varies; the sweep chart's axis selector writes it. */
    public ObjectProperty<SweepAxis> sweepAxisProperty() { return sweepAxis; }

    public ObjectProperty<SizeUnit> sizeUnitProperty() { return sizeUnit; }

    /**
     * Tokens the decision table's time, cost and energy refer to; the table's token budget field edits it (the
     * application binds the two), so it is saved, undone and compared with the rest of the scenario.
     */
    public LongProperty tokenBudgetProperty() { return tokenBudget; }

    /**
     * Most GPUs one option of the decision table may use ({@value RankingOptions#DEFAULT_MAX_GPUS} for no limit); the
     * table's Max GPUs field edits it, as {@link #tokenBudgetProperty()}.
     */
    public IntegerProperty maxGpusProperty() { return maxGpus; }

    /**
     * Days a training run may take; the decision table ranks with the fewest GPUs that finish within it. The table's
     * Deadline field edits it, as {@link #tokenBudgetProperty()}.
     */
    public DoubleProperty deadlineDaysProperty() { return deadlineDays; }

    /**
     * How bought hardware will be used, which decides what buying costs the job: this job only (the default), or busy
     * a share of the time for some years. The decision table's usage fields edit it, as
     * {@link #tokenBudgetProperty()}.
     */
    public ObjectProperty<Usage> usageProperty() { return usage; }
}
