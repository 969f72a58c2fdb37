package com.vramadvisor.app.results;

import com.vramadvisor.app.workload.NumberParser;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.ranking.HardwareKind;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.ranking.RankingOptions;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
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
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;

/**
 * The decision table: every catalog option for the workload, filterable by vendor, kind, buying or renting, job cost
 * and memory, sortable by any column and ranked by a goal (cost of the job, time to result or capital), with the token
 * budget and deadline that time and cost refer to and a limit on the GPUs one option may use. Selecting rows selects
 * their GPUs for the charts.
 *
 * <p>The vendor, kind, buy/rent, cost, memory and fits-only filters narrow the rows already ranked, without
 * recomputing. The
 * GPU limit cannot: a row's GPU count is the layout search's answer, so hiding the rows above the limit would hide
 * exactly the options a user wants to see judged within it. The limit therefore goes to the ranking
 * ({@link RankingOptions#maxGpus()}), as the token budget does: an option that needs more GPUs to fit is laid out on
 * at most the limit and shown as not fitting, marked {@code exceeds-max-gpus}; only options that cannot be laid out
 * within it at all (a system or instance with more GPUs than the limit) are left out, and the summary counts them
 * among all options, so it reads "81 of 93 options shown" as it does for the other filters.
 *
 * <p>The token budget, the GPU limit and the deadline are inputs of the scenario, not view filters: their fields apply
 * on {@link #commitTokenBudget() commit} (Enter, leaving the field), so a typed value is one undoable change of the
 * scenario rather than one per keystroke, and they show the scenario's values whenever the scenario changes. The goal
 * is a way of looking at the same options: it goes into the {@link #rankingOptions ranking's sort key} and the view
 * sorts the table by its column, but it is not saved with the scenario.
 */
public final class DecisionTableViewModel {

    private final ResultsMessages messages;
    private final ObservableList<DecisionRow> source = FXCollections.observableArrayList();
    private final FilteredList<DecisionRow> filtered = new FilteredList<>(source);
    private final SortedList<DecisionRow> sorted = new SortedList<>(filtered);
    private final ObservableList<String> vendors = FXCollections.observableArrayList();
    private final ObservableList<String> selectedKeys = FXCollections.observableArrayList();
    private final ObservableList<String> readOnlyVendors = FXCollections.unmodifiableObservableList(vendors);
    private final ObservableList<String> readOnlySelection =
            FXCollections.unmodifiableObservableList(selectedKeys);

    private final StringProperty vendorFilter = new SimpleStringProperty(this, "vendorFilter", "");
    private final ObjectProperty<HardwareKind> kindFilter = new SimpleObjectProperty<>(this, "kindFilter");
    private final ObjectProperty<Acquisition> acquisitionFilter =
            new SimpleObjectProperty<>(this, "acquisitionFilter");
    private final ObjectProperty<RankingGoal> goal = new SimpleObjectProperty<>(this, "goal", RankingGoal.COST);
    private final StringProperty maxCostText = new SimpleStringProperty(this, "maxCostText", "");
    private final StringProperty minMemoryText = new SimpleStringProperty(this, "minMemoryText", "");
    private final StringProperty maxCapitalText = new SimpleStringProperty(this, "maxCapitalText", "");
    private final StringProperty maxPowerText = new SimpleStringProperty(this, "maxPowerText", "");
    private final ReadOnlyStringWrapper verdict = new ReadOnlyStringWrapper(this, "verdict", "");
    private final BooleanProperty fitsOnly = new SimpleBooleanProperty(this, "fitsOnly");
    private final StringProperty tokenBudgetText = new SimpleStringProperty(this, "tokenBudgetText", "");
    private final LongProperty tokenBudget = new SimpleLongProperty(this, "tokenBudget",
            RankingOptions.DEFAULT_TOKEN_BUDGET);
    private final StringProperty maxGpusText = new SimpleStringProperty(this, "maxGpusText", "");
    private final IntegerProperty maxGpus = new SimpleIntegerProperty(this, "maxGpus",
            RankingOptions.DEFAULT_MAX_GPUS);
    private final StringProperty deadlineText = new SimpleStringProperty(this, "deadlineText", "");
    private final DoubleProperty deadlineDays = new SimpleDoubleProperty(this, "deadlineDays",
            RankingOptions.DEFAULT_DEADLINE_DAYS);
    private final ReadOnlyStringWrapper filterProblem = new ReadOnlyStringWrapper(this, "filterProblem", "");
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", "");
    private final ReadOnlyStringWrapper selectedOption = new ReadOnlyStringWrapper(this, "selectedOption", "");
    private final ReadOnlyObjectWrapper<BreakdownViewModel.SelectedLayout> selectedLayout =
            new ReadOnlyObjectWrapper<>(this, "selectedLayout");
    private final ReadOnlyBooleanWrapper serving = new ReadOnlyBooleanWrapper(this, "serving");
    private final ReadOnlyBooleanWrapper ranking = new ReadOnlyBooleanWrapper(this, "ranking");

    private BiConsumer<String, List<String>> gpuSelection = (primary, others) -> { };
    private Consumer<String> chooseGpu = gpuId -> { };
    private final ReadOnlyStringWrapper memoryFilterLabel = new ReadOnlyStringWrapper(this, "memoryFilterLabel", "");
    private SizeUnit unit = SizeUnit.GIB;
    private final ReadOnlyIntegerWrapper resets = new ReadOnlyIntegerWrapper(this, "resets");
    private Supplier<ScenarioInputs> liveInputs = () -> null;
    private Consumer<ScenarioInputs> applyInputs = inputs -> { };
    private boolean replacing;
    private int optionsConsidered;
    private RankingOptions ranked = RankingOptions.defaults();
    private final PlanTexts plans;
    private final CommitField tokenBudgetField;
    private final CommitField maxGpusField;
    private final CommitField deadlineField;
    private final UsageFields usage;
    private final boolean languageModel;
    private final ObservableList<RankingGoal> goals = FXCollections.observableArrayList();
    private final ObservableList<RankingGoal> readOnlyGoals = FXCollections.unmodifiableObservableList(goals);
    /** Another kind's job in words ("1,000,000 time steps"), empty without a speed model; unused for language models. */
    private String job = "";
    /** Another kind without a speed model: its best options to buy and to rent by price, in words. */
    private String bestByPrice = "";

    DecisionTableViewModel(ResultsMessages messages) {
        this(messages, true);
    }

    /**
     * @param languageModel whether the table ranks a language model (token budget, layouts, serving) or another
     *                      kind (its own job and items, no layout); the same columns, filters and verdict either way
     */
    public DecisionTableViewModel(ResultsMessages messages, boolean languageModel) {
        this.messages = messages;
        this.languageModel = languageModel;
        goals.setAll(languageModel ? List.of(RankingGoal.values())
                : List.of(RankingGoal.COST, RankingGoal.TIME, RankingGoal.CAPITAL));
        this.plans = new PlanTexts(messages);
        showMemoryFilterLabel();
        messages.localeProperty().addListener((obs, old, now) -> showMemoryFilterLabel());
        vendorFilter.addListener((obs, old, now) -> applyFilter());
        kindFilter.addListener((obs, old, now) -> applyFilter());
        acquisitionFilter.addListener((obs, old, now) -> applyFilter());
        maxCostText.addListener((obs, old, now) -> applyFilter());
        minMemoryText.addListener((obs, old, now) -> applyFilter());
        maxCapitalText.addListener((obs, old, now) -> applyFilter());
        maxPowerText.addListener((obs, old, now) -> applyFilter());
        fitsOnly.addListener((obs, old, now) -> applyFilter());
        // The fields show the scenario's values whenever they change: a commit, undo, an opened or restored file.
        tokenBudgetField = new CommitField(tokenBudgetText, tokenBudget, DecisionTableViewModel::parseTokenBudget,
                v -> messages.integer(v.longValue()), t -> messages.get("results.filter.tokens.invalid", t),
                filterProblem::set);
        // The default limit stands for none and shows as the empty field, whose prompt says "no limit".
        maxGpusField = new CommitField(maxGpusText, maxGpus, DecisionTableViewModel::parseMaxGpus,
                v -> v.intValue() == RankingOptions.DEFAULT_MAX_GPUS ? "" : messages.integer(v.intValue()),
                t -> messages.get("results.filter.gpus.invalid", t), filterProblem::set);
        deadlineField = new CommitField(deadlineText, deadlineDays, DecisionTableViewModel::parseDeadline,
                v -> plans.days(v.doubleValue()), t -> messages.get("results.filter.deadline.invalid", t),
                filterProblem::set);
        usage = new UsageFields(messages, filterProblem::set);
        messages.localeProperty().addListener((obs, old, now) -> {
            usage.revert();
            tokenBudgetField.revert();
            maxGpusField.revert();
            deadlineField.revert();
            updateSummary();
        });
    }

    /** A whole number of at least 1 ({@code 1e9}, {@code 2B}, {@code 500M}), else {@code null}. */
    private static Number parseTokenBudget(String text) {
        OptionalLong v = NumberParser.parse(text, NumberParser.Suffixes.DECIMAL);
        return v.isEmpty() || v.getAsLong() < 1 ? null : v.getAsLong();
    }

    /** Empty for the ranking's default limit, a whole number of at least 1, else {@code null}. */
    private static Number parseMaxGpus(String text) {
        if (text.isBlank()) {
            return RankingOptions.DEFAULT_MAX_GPUS;
        }
        OptionalLong v = NumberParser.parse(text, NumberParser.Suffixes.DECIMAL);
        return v.isEmpty() || v.getAsLong() < 1 || v.getAsLong() > Parallelism.MAX_GPUS ? null : (int) v.getAsLong();
    }

    /**
     * Days above 0 and at most {@link ScenarioInputs#MAX_DEADLINE_DAYS}, fractions allowed ({@code 90}, {@code 0.5},
     * {@code 1,000}), else {@code null}.
     */
    private static Number parseDeadline(String text) {
        OptionalDouble days = NumberParser.parseDecimal(text);
        return days.isPresent() && days.getAsDouble() > 0 && days.getAsDouble() <= ScenarioInputs.MAX_DEADLINE_DAYS
                ? days.getAsDouble() : null;
    }

    /**
     * What the table ranks {@code inputs} with: the scenario's token budget, GPU limit and deadline, sorted by the
     * goal. Read on the FX thread when a ranking is requested.
     */
    public RankingOptions rankingOptions(ScenarioInputs inputs) {
        return inputs.rankingOptions().toBuilder().rankBy(goal.get().sortKey()).priceAsOf(priceAsOf()).build();
    }

    /**
     * What the table ranks another kind's {@code inputs} with, as {@code recommend} does for a scenario file of that
     * kind: the scenario's GPU limit, deadline and usage, sorted by the goal. A language model's token budget and
     * serving targets mean nothing to it.
     */
    public RankingOptions otherKindRankingOptions(ScenarioInputs inputs) {
        return RankingOptions.builder().maxGpus(inputs.maxGpus()).deadlineDays(inputs.deadlineDays())
                .usage(inputs.usage()).rankBy(goal.get().sortKey()).priceAsOf(priceAsOf()).build();
    }

    /** Whether the table ranks a language model; otherwise another kind, without token budget, layout or serving. */
    public boolean languageModel() {
        return languageModel;
    }

    /** The goals this table can rank by: users per dollar only where a language model is served. */
    public ObservableList<RankingGoal> goals() {
        return readOnlyGoals;
    }

    /**
     * The month prices are judged against, as the command line judges them: this month, or the
     * {@code vramadvisor.priceAsOf} system property ({@code YYYY-MM}) for reproducible output.
     */
    static String priceAsOf() {
        String given = System.getProperty("vramadvisor.priceAsOf");
        return given != null && given.matches("\\d{4}-(0[1-9]|1[0-2])") ? given
                : YearMonth.now(ZoneOffset.UTC).toString();
    }

    /**
     * Follows the scenario's mode: serving shows the users columns and, switching from training with the default
     * goal (cost), ranks by users per dollar; back to training, the users goal goes back to cost. A goal the user
     * chose otherwise stays.
     */
    void followMode(Mode mode) {
        boolean now = mode == Mode.INFER;
        if (now == serving.get()) {
            return;
        }
        serving.set(now);
        if (now && goal.get() == RankingGoal.COST) {
            goal.set(RankingGoal.USERS);
        } else if (!now && goal.get() == RankingGoal.USERS) {
            goal.set(RankingGoal.COST);
        }
    }

    /**
     * Whether a ranking was asked for and its rows have not arrived yet: the rows shown are those of an earlier
     * scenario and will be replaced. The view marks the table with the {@code :ranking} pseudo-class.
     */
    public ReadOnlyBooleanProperty rankingProperty() {
        return ranking.getReadOnlyProperty();
    }

    /** A ranking for the current inputs was asked for; its rows follow through {@link #update}. */
    public void rankingStarted() {
        ranking.set(true);
    }

    /** Whether the scenario serves a model (inference), so the users columns apply. */
    public ReadOnlyBooleanProperty servingProperty() {
        return serving.getReadOnlyProperty();
    }

    /** Where a row selection goes: the primary GPU id and the other selected rows' GPU ids. */
    public void onGpuSelection(BiConsumer<String, List<String>> consumer) {
        gpuSelection = consumer;
    }

    /**
     * Where a row's GPU goes when the user makes it the scenario's (a click on the row, Enter, a double-click); a
     * selection alone (the arrow keys) only shows the row and leaves the scenario as it is.
     */
    public void onChooseGpu(Consumer<String> consumer) {
        chooseGpu = Objects.requireNonNull(consumer, "consumer");
    }

    /** Makes {@code row}'s GPU the scenario's target GPU: one edit, one undo step. */
    public void chooseGpu(DecisionRow row) {
        if (row != null && !row.gpuId().isEmpty()) {
            chooseGpu.accept(row.gpuId());
        }
    }

    /**
     * @param next              the ranked rows, all within the GPU limit, formatted ({@link DecisionRows})
     * @param optionsConsidered the options the ranking built, including those it left out for the GPU limit
     * @param options           what the rows were ranked with
     */
    void update(ScenarioInputs inputs, List<DecisionRow> next, int optionsConsidered, RankingOptions options) {
        update(inputs, next, optionsConsidered, options, "");
    }

    /**
     * @param verdictText the money verdict in the table's language ({@link com.vramadvisor.figures.VerdictText}),
     *                    empty when no row fits with a job cost
     */
    void update(ScenarioInputs inputs, List<DecisionRow> next, int optionsConsidered, RankingOptions options,
                String verdictText) {
        TreeSet<String> vendorNames = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        for (DecisionRow r : next) {
            if (!r.vendor().isEmpty()) {
                vendorNames.add(r.vendor());
            }
        }
        if (!vendors.equals(new ArrayList<>(vendorNames))) {
            vendors.setAll(vendorNames);
        }
        // A table clears or moves its selection while its items are replaced; that is not the user choosing.
        this.optionsConsidered = optionsConsidered;
        if (inputs.sizeUnit() != unit) {
            unit = inputs.sizeUnit();
            showMemoryFilterLabel();
            applyFilter();
        }
        this.ranked = options;
        replacing = true;
        try {
            source.setAll(next);
        } finally {
            replacing = false;
        }
        verdict.set(verdictText);
        updateSummary();
        describeSelection();
        ranking.set(false);
    }

    /**
     * Another kind's ranking: as {@link #update(ScenarioInputs, List, int, RankingOptions, String)}, with the job the
     * time and cost are for.
     *
     * @param rows    the ranked rows ({@link DecisionRows#otherKindRow})
     * @param jobText the job in words ("1,000,000 time steps"); empty when the workload has no speed model
     * @param best    without a speed model, where no verdict can compare job costs: the best option to buy and to
     *                rent by price, in words, for the summary; ignored otherwise
     */
    public void showOtherKind(ScenarioInputs inputs, List<DecisionRow> rows, int optionsConsidered,
                              RankingOptions options, String verdictText, String jobText, String best) {
        this.job = jobText == null ? "" : jobText;
        this.bestByPrice = best == null ? "" : best;
        update(inputs, rows, optionsConsidered, options, verdictText);
    }

    /** No rows: the inputs are rejected or there is no workload. */
    public void clear() {
        ranking.set(false);
        optionsConsidered = 0;
        verdict.set("");
        replacing = true;
        try {
            source.clear();
        } finally {
            replacing = false;
        }
        updateSummary();
        describeSelection();
    }

    /**
     * Back to a table that shows every option in the engine's order: no filter, ranked by the job's cost. The view
     * follows {@link #resetsProperty()} to drop a sort the user chose by clicking a column.
     */
    public void resetFilters() {
        vendorFilter.set("");
        kindFilter.set(null);
        acquisitionFilter.set(null);
        maxCostText.set("");
        minMemoryText.set("");
        maxCapitalText.set("");
        maxPowerText.set("");
        fitsOnly.set(false);
        goal.set(serving.get() ? RankingGoal.USERS : RankingGoal.COST);
        resets.set(resets.get() + 1);
    }

    /** Counts {@link #resetFilters()} calls; the view restores its default sort on each. */
    public ReadOnlyIntegerProperty resetsProperty() {
        return resets.getReadOnlyProperty();
    }

    /**
     * Where "Use this layout" reads the live scenario and installs the changed one (as one edit, one undo step).
     */
    public void onUseLayout(Supplier<ScenarioInputs> live, Consumer<ScenarioInputs> apply) {
        this.liveInputs = Objects.requireNonNull(live, "live");
        this.applyInputs = Objects.requireNonNull(apply, "apply");
    }

    /** Whether "Use this layout" can take {@code row}: only a layout that fits is worth adopting. */
    public boolean canUseLayout(DecisionRow row) {
        return row != null && row.fits() && row.layout() != null;
    }

    /**
     * Sets {@code row}'s layout in the scenario, as the planner's Apply does: parallel sizes, ZeRO stage, sequence
     * parallelism, recomputation, micro-batches per step, and the row's GPU model.
     */
    public void useLayout(DecisionRow row) {
        ScenarioInputs now = liveInputs.get();
        if (!canUseLayout(row) || now == null) {
            return;
        }
        applyInputs.accept(LayoutChoice.adopt(now, row.layout(), row.gpuId()));
    }

    /**
     * The user selected {@code rows}, {@code focused} last: its GPU becomes the one the charts are drawn for, the
     * others' GPUs get capacity lines. Ignored while the rows are being replaced.
     */
    public void select(List<DecisionRow> rows, DecisionRow focused) {
        if (replacing || focused == null) {
            return;
        }
        List<String> ids = new ArrayList<>();
        List<String> others = new ArrayList<>();
        for (DecisionRow r : rows) {
            ids.add(r.key());
            if (!r.gpuId().equals(focused.gpuId()) && !others.contains(r.gpuId())) {
                others.add(r.gpuId());
            }
        }
        ids.remove(focused.key());
        ids.add(focused.key());
        selectedKeys.setAll(ids);
        describeSelection();
        gpuSelection.accept(focused.gpuId(), others);
    }

    /**
     * The GPU is now {@code gpuId}, chosen outside the table (the workload panel, a new or opened scenario, undo). A
     * selection focused on a row of another GPU no longer describes what the charts show, so it is dropped; a
     * selection on that GPU (the usual echo of a click in the table) stays.
     *
     * @return whether the selection was dropped
     */
    public boolean gpuChosenElsewhere(String gpuId) {
        if (selectedKeys.isEmpty()) {
            return false;
        }
        String focusedKey = selectedKeys.get(selectedKeys.size() - 1);
        for (DecisionRow r : source) {
            if (r.key().equals(focusedKey) && r.gpuId().equals(gpuId)) {
                return false;
            }
        }
        selectedKeys.clear();
        describeSelection();
        return true;
    }

    private void applyFilter() {
        String vendor = vendorFilter.get() == null ? "" : vendorFilter.get();
        HardwareKind kind = kindFilter.get();
        Acquisition acquisition = acquisitionFilter.get();
        OptionalLong maxCost = parse(maxCostText.get(), "results.filter.cost.invalid");
        OptionalLong minMemory = parse(minMemoryText.get(), "results.filter.memory.invalid");
        OptionalLong maxCapital = parse(maxCapitalText.get(), "results.filter.capital.invalid");
        OptionalDouble maxPowerKw = parseKw(maxPowerText.get());
        if (maxCost == null || minMemory == null || maxCapital == null || maxPowerKw == null) {
            return;
        }
        filterProblem.set("");
        Predicate<DecisionRow> p = r -> (vendor.isEmpty() || r.vendor().equalsIgnoreCase(vendor))
                && (kind == null || r.kind() == kind)
                && (acquisition == null || r.acquisition() == acquisition)
                && (maxCost.isEmpty() || (r.jobCostUsd() != null && r.jobCostUsd() <= maxCost.getAsLong()))
                && (minMemory.isEmpty() || unit.fromBytes(r.gpuMemoryBytes()) >= minMemory.getAsLong())
                && (!fitsOnly.get() || r.fits())
                && withinCapital(r, maxCapital) && withinPower(r, maxPowerKw);
        filtered.setPredicate(p);
        updateSummary();
    }

    /**
     * The capital cap, as {@link RankingOptions#maxCapitalUsd()} applies it: a bought row needs a known capital at
     * most the cap; rented rows need none.
     */
    private static boolean withinCapital(DecisionRow r, OptionalLong maxCapital) {
        return maxCapital.isEmpty() || r.acquisition() == Acquisition.RENTAL
                || r.purchaseUsd() != null && r.purchaseUsd() <= maxCapital.getAsLong();
    }

    /**
     * The power cap, as {@link RankingOptions#maxPowerKw()} applies it: a bought row needs a known power at load at
     * most the cap; rented rows draw in the provider's data centre.
     */
    private static boolean withinPower(DecisionRow r, OptionalDouble maxPowerKw) {
        return maxPowerKw.isEmpty() || r.acquisition() == Acquisition.RENTAL
                || r.money().powerWatts() != null && r.money().powerWatts() <= maxPowerKw.getAsDouble() * 1000;
    }

    /** Empty text is no limit; kilowatts of 0 or more, fractions allowed; else {@code null} with the problem said. */
    private OptionalDouble parseKw(String text) {
        if (text == null || text.isBlank()) {
            return OptionalDouble.empty();
        }
        OptionalDouble v = NumberParser.parseDecimal(text);
        if (v.isEmpty() || !(v.getAsDouble() >= 0) || Double.isInfinite(v.getAsDouble())) {
            filterProblem.set(messages.get("results.filter.power.invalid", text.strip()));
            return null;
        }
        return v;
    }

    /** Empty text is no limit; a malformed one keeps the last filter and says what is wrong. */
    private OptionalLong parse(String text, String problemKey) {
        if (text == null || text.isBlank()) {
            return OptionalLong.empty();
        }
        OptionalLong v = NumberParser.parse(text, NumberParser.Suffixes.DECIMAL);
        if (v.isEmpty() || v.getAsLong() < 0) {
            filterProblem.set(messages.get(problemKey, text.strip(), unit.symbol()));
            return null;
        }
        return v;
    }

    /**
     * Applies the typed token budget (Enter or leaving the field): a whole number of at least 1 becomes the scenario's
     * budget, one undoable change; anything else says what is wrong and keeps the budget.
     *
     * @return whether the text was applied
     */
    public boolean commitTokenBudget() {
        return tokenBudgetField.commit();
    }

    /**
     * Applies the typed GPU limit (Enter or leaving the field): empty is the ranking's default limit, a whole number
     * of at least 1 the limit; anything else says what is wrong and keeps the last limit.
     *
     * @return whether the text was applied
     */
    public boolean commitMaxGpus() {
        return maxGpusField.commit();
    }

    /**
     * Applies the typed deadline (Enter or leaving the field): a number of days above 0, fractions allowed, becomes
     * the scenario's deadline, one undoable change; anything else says what is wrong and keeps the deadline.
     *
     * @return whether the text was applied
     */
    public boolean commitDeadline() {
        return deadlineField.commit();
    }

    /** Drops the typed token budget and shows the scenario's again (Escape). */
    public void revertTokenBudget() {
        tokenBudgetField.revert();
    }

    /** Drops the typed GPU limit and shows the scenario's again (Escape). */
    public void revertMaxGpus() {
        maxGpusField.revert();
    }

    /** Drops the typed deadline and shows the scenario's again (Escape). */
    public void revertDeadline() {
        deadlineField.revert();
    }

    /**
     * The focused row in words when it runs on more than one GPU: the charts show the workload as configured, the row
     * a layout the ranking chose, and the user should see both.
     */
    private void describeSelection() {
        String focusedKey = selectedKeys.isEmpty() ? "" : selectedKeys.get(selectedKeys.size() - 1);
        String text = "";
        BreakdownViewModel.SelectedLayout layout = null;
        for (DecisionRow r : source) {
            if (r.key().equals(focusedKey) && r.gpusNeeded() > 1) {
                text = messages.get(r.fits() ? "results.table.selected.fits" : "results.table.selected.over",
                        r.name(), r.memoryText(), r.gpusText());
                layout = new BreakdownViewModel.SelectedLayout(r.gpuId(), r.perGpuBytes(), r.capacityBytes(),
                        r.gpusText());
            }
        }
        selectedOption.set(text);
        selectedLayout.set(layout);
    }

    private void updateSummary() {
        long fitting = filtered.stream().filter(DecisionRow::fits).count();
        String shown = messages.integer(filtered.size());
        String all = messages.integer(Math.max(optionsConsidered, source.size()));
        String fit = messages.integer(fitting);
        String days = plans.days(ranked.deadlineDays());
        if (languageModel) {
            summary.set(messages.get("results.table.summary", shown, all, fit, messages.integer(ranked.tokenBudget()),
                    days));
        } else {
            summary.set(job.isEmpty() ? messages.get("results.table.summary.untimed", shown, all, fit, bestByPrice)
                    : messages.get("results.table.summary.job", shown, all, fit, job, days));
        }
    }

    /** Rows after the filters; the view binds their comparator to the table's sort order. */
    public SortedList<DecisionRow> rows() {
        return sorted;
    }

    /** Vendors present in the catalog, for the vendor filter. */
    public ObservableList<String> vendors() {
        return readOnlyVendors;
    }

    /**
     * {@link DecisionRow#key() Keys} of the selected rows, the focused one last, so the view can restore the selection
     * after the rows are replaced.
     */
    public ObservableList<String> selectedKeys() {
        return readOnlySelection;
    }

    /** Vendor to keep, empty for all. */
    public StringProperty vendorFilterProperty() {
        return vendorFilter;
    }

    /** Kind of option to keep, {@code null} for all. */
    public ObjectProperty<HardwareKind> kindFilterProperty() {
        return kindFilter;
    }

    /** Bought or rented options to keep, {@code null} for both. */
    public ObjectProperty<Acquisition> acquisitionFilterProperty() {
        return acquisitionFilter;
    }

    /**
     * What the table ranks by: cost of the job (the default), time to result or capital. The ranking sorts by its
     * key and the view sorts the table by its column.
     */
    public ObjectProperty<RankingGoal> goalProperty() {
        return goal;
    }

    /** Highest job cost in US dollars to keep (rent for the hours, or amortised purchase and energy); empty: none. */
    public StringProperty maxCostTextProperty() {
        return maxCostText;
    }

    /** The minimum-memory filter's label, naming the unit its number is in ("Min GiB per GPU"). */
    public ReadOnlyStringProperty memoryFilterLabelProperty() {
        return memoryFilterLabel.getReadOnlyProperty();
    }

    private void showMemoryFilterLabel() {
        memoryFilterLabel.set(messages.get("results.filter.memory", unit.symbol()));
    }

    /**
     * The smallest total memory per GPU to show, as typed: a whole number in the display unit (GiB or GB, as the
     * label says), compared with the memory the driver reports.
     */
    public StringProperty minMemoryTextProperty() {
        return minMemoryText;
    }

    /** Highest capital in US dollars a bought option may need, as typed; empty: none. Rented options stay. */
    public StringProperty maxCapitalTextProperty() {
        return maxCapitalText;
    }

    /** Highest power at load in kW a bought option may draw, as typed; empty: none. Rented options stay. */
    public StringProperty maxPowerTextProperty() {
        return maxPowerText;
    }

    /** How bought hardware will be used: the "this job only" box and the utilisation and years fields. */
    public UsageFields usage() {
        return usage;
    }

    /**
     * The money verdict above the table: renting or buying cheaper for this job, against the best of the other way,
     * and where buying would win, in the command line's sentence ({@link com.vramadvisor.figures.VerdictText});
     * empty when no row fits with a job cost.
     */
    public ReadOnlyStringProperty verdictProperty() {
        return verdict.getReadOnlyProperty();
    }

    public BooleanProperty fitsOnlyProperty() {
        return fitsOnly;
    }

    /**
     * Tokens that time, cost and energy refer to, as typed ({@code 1e9}, {@code 2B}, {@code 500M}); applied by
     * {@link #commitTokenBudget()}.
     */
    public StringProperty tokenBudgetTextProperty() {
        return tokenBudgetText;
    }

    /**
     * The scenario's token budget. The application binds it to the scenario's (the workload view-model's), so a
     * committed text edits the scenario and a scenario opened, undone or restored shows here; the ranking itself
     * reads the budget from the scenario snapshot.
     */
    public LongProperty tokenBudgetProperty() {
        return tokenBudget;
    }

    /**
     * Most GPUs one option may use, as typed; empty for the ranking's default of
     * {@value RankingOptions#DEFAULT_MAX_GPUS}; applied by {@link #commitMaxGpus()}.
     */
    public StringProperty maxGpusTextProperty() {
        return maxGpusText;
    }

    /** The scenario's GPU limit, bound like {@link #tokenBudgetProperty()}. */
    public IntegerProperty maxGpusProperty() {
        return maxGpus;
    }

    /** Days a training run may take, as typed ({@code 90}, {@code 0.5}); applied by {@link #commitDeadline()}. */
    public StringProperty deadlineTextProperty() {
        return deadlineText;
    }

    /** The scenario's deadline in days, bound like {@link #tokenBudgetProperty()}. */
    public DoubleProperty deadlineDaysProperty() {
        return deadlineDays;
    }

    /** What is wrong with a filter, the token budget, the GPU limit or the deadline as typed, empty when nothing is. */
    public ReadOnlyStringProperty filterProblemProperty() {
        return filterProblem.getReadOnlyProperty();
    }

    /** The focused row's GPU, per-GPU need, capacity and layout when it spans several GPUs, else {@code null}. */
    ReadOnlyObjectProperty<BreakdownViewModel.SelectedLayout> selectedLayoutProperty() {
        return selectedLayout.getReadOnlyProperty();
    }

    /** The focused row's layout and per-GPU need when it spans several GPUs, empty otherwise. */
    public ReadOnlyStringProperty selectedOptionProperty() {
        return selectedOption.getReadOnlyProperty();
    }

    /**
     * Rows shown of all the options the ranking considered (those the GPU limit left out included), how many fit,
     * the token budget and the deadline, in one line.
     */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }
}
