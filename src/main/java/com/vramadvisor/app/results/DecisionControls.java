package com.vramadvisor.app.results;

import com.vramadvisor.app.ui.HoverTip;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.ranking.HardwareKind;
import com.vramadvisor.engine.ranking.RankingOptions;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.FlowPane;

/** The controls above the decision table: the question it answers, and the filters that narrow its rows. */
final class DecisionControls {

    private final DecisionTableViewModel viewModel;
    private final ResultsMessages messages;

    DecisionControls(DecisionTableViewModel viewModel, ResultsMessages messages) {
        this.viewModel = viewModel;
        this.messages = messages;
    }

    /**
     * What the table answers: rank by which goal, for how many tokens, within which deadline, on at most how many
     * GPUs. The three numbers are scenario inputs and apply on Enter; the goal applies at once.
     */
    FlowPane question() {
        ComboBox<RankingGoal> goal = new ComboBox<>();
        goal.setId("goalComboBox");
        goal.setItems(viewModel.goals());
        Function<RankingGoal, String> goalName = g -> messages.get("results.goal." + g.id());
        named(goal, goalName);
        goal.valueProperty().bindBidirectional(viewModel.goalProperty());
        tooltip("results.goal.tooltip").attach(goal);

        TextField tokens = field("tokenBudgetField", "results.filter.tokens", tooltip("results.filter.tokens.tooltip"));
        tokens.textProperty().bindBidirectional(viewModel.tokenBudgetTextProperty());
        tokens.setPrefColumnCount(10);
        appliesOnCommit(tokens, viewModel::commitTokenBudget, viewModel::revertTokenBudget);
        TextField deadline = field("deadlineField", "results.filter.deadline.prompt",
                tooltip("results.filter.deadline.tooltip"));
        deadline.textProperty().bindBidirectional(viewModel.deadlineTextProperty());
        deadline.setPrefColumnCount(5);
        appliesOnCommit(deadline, viewModel::commitDeadline, viewModel::revertDeadline);
        // The tooltip says what an empty field means, the ranking's own limit, from the constant itself.
        TextField gpus = field("maxGpusField", "results.filter.gpus.prompt",
                Tooltips.describing(Bindings.createStringBinding(
                () -> messages.get("results.filter.gpus.tooltip", messages.integer(RankingOptions.DEFAULT_MAX_GPUS)),
                messages.localeProperty())));
        gpus.textProperty().bindBidirectional(viewModel.maxGpusTextProperty());
        gpus.setPrefColumnCount(5);
        appliesOnCommit(gpus, viewModel::commitMaxGpus, viewModel::revertMaxGpus);

        // How bought hardware will be used decides what buying costs the job: this job only, or busy U % for Y years.
        UsageFields usage = viewModel.usage();
        CheckBox jobOnly = new CheckBox();
        jobOnly.setId("usageJobOnlyCheckBox");
        jobOnly.textProperty().bind(messages.text("results.usage.jobOnly"));
        jobOnly.selectedProperty().bindBidirectional(usage.jobOnlyProperty());
        tooltip("results.usage.jobOnly.tooltip").attach(jobOnly);
        TextField utilization = field("usageUtilizationField", "results.usage.utilization.prompt",
                tooltip("results.usage.utilization.tooltip"));
        utilization.textProperty().bindBidirectional(usage.utilizationTextProperty());
        utilization.setPrefColumnCount(4);
        appliesOnCommit(utilization, usage::commit, usage::revert);
        TextField years = field("usageYearsField", "results.usage.years.prompt",
                tooltip("results.usage.years.tooltip"));
        years.textProperty().bindBidirectional(usage.yearsTextProperty());
        years.setPrefColumnCount(3);
        appliesOnCommit(years, usage::commit, usage::revert);
        utilization.disableProperty().bind(usage.jobOnlyProperty());
        years.disableProperty().bind(usage.jobOnlyProperty());

        FlowPane bar = new FlowPane(14, 4, Labelled.box(messages, "results.goal", goal));
        if (viewModel.languageModel()) {
            // Another kind's job has fields of its own, shown below this bar; tokens mean nothing to it.
            bar.getChildren().add(Labelled.box(messages, "results.filter.tokens", tokens));
        }
        bar.getChildren().addAll(Labelled.box(messages, "results.filter.deadline", deadline),
                Labelled.box(messages, "results.filter.gpus", gpus),
                Labelled.box(messages, "results.usage", jobOnly),
                Labelled.box(messages, "results.usage.utilization", utilization),
                Labelled.box(messages, "results.usage.years", years));
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().addAll("filter-bar", "question-bar");
        return bar;
    }

    FlowPane filters() {
        ComboBox<String> vendor = new ComboBox<>();
        vendor.setId("vendorFilterComboBox");
        vendor.getItems().add("");
        vendor.getItems().addAll(viewModel.vendors());
        viewModel.vendors().addListener((ListChangeListener<String>) c -> {
            String chosen = vendor.getValue();
            vendor.getItems().setAll("");
            vendor.getItems().addAll(viewModel.vendors());
            vendor.setValue(chosen);
        });
        named(vendor, v -> v.isEmpty() ? messages.get("results.filter.vendor.all") : v);
        vendor.valueProperty().bindBidirectional(viewModel.vendorFilterProperty());
        tooltip("results.filter.vendor.tooltip").attach(vendor);

        ComboBox<HardwareKind> kind = new ComboBox<>();
        kind.setId("kindFilterComboBox");
        kind.getItems().add(null);
        kind.getItems().addAll(HardwareKind.values());
        Function<HardwareKind, String> kindName = k -> k == null ? messages.get("results.filter.kind.all")
                : messages.get("results.kind." + k.id());
        named(kind, kindName);
        kind.valueProperty().bindBidirectional(viewModel.kindFilterProperty());
        tooltip("results.filter.kind.tooltip").attach(kind);

        ComboBox<Acquisition> acquisition = new ComboBox<>();
        acquisition.setId("acquisitionFilterComboBox");
        acquisition.getItems().add(null);
        acquisition.getItems().addAll(Acquisition.values());
        Function<Acquisition, String> acquisitionName = a -> a == null ? messages.get("results.filter.acquisition.all")
                : messages.get("results.acquisition." + a.id());
        named(acquisition, acquisitionName);
        acquisition.valueProperty().bindBidirectional(viewModel.acquisitionFilterProperty());
        tooltip("results.filter.acquisition.tooltip").attach(acquisition);

        TextField cost = field("maxCostField", "results.filter.cost.prompt", tooltip("results.filter.cost.tooltip"));
        cost.textProperty().bindBidirectional(viewModel.maxCostTextProperty());
        cost.setPrefColumnCount(5);
        TextField memory = field("minMemoryField", "results.filter.memory.prompt",
                tooltip("results.filter.memory.tooltip"));
        memory.textProperty().bindBidirectional(viewModel.minMemoryTextProperty());
        memory.setPrefColumnCount(4);

        TextField capital = field("maxCapitalField", "results.filter.capital.prompt",
                tooltip("results.filter.capital.tooltip"));
        capital.textProperty().bindBidirectional(viewModel.maxCapitalTextProperty());
        capital.setPrefColumnCount(6);
        TextField power = field("maxPowerField", "results.filter.power.prompt",
                tooltip("results.filter.power.tooltip"));
        power.textProperty().bindBidirectional(viewModel.maxPowerTextProperty());
        power.setPrefColumnCount(4);

        CheckBox fitsOnly = new CheckBox();
        fitsOnly.setId("fitsOnlyCheckBox");
        fitsOnly.textProperty().bind(messages.text("results.filter.fitsOnly"));
        fitsOnly.selectedProperty().bindBidirectional(viewModel.fitsOnlyProperty());
        tooltip("results.filter.fitsOnly.tooltip").attach(fitsOnly);

        FlowPane bar = new FlowPane(14, 4, Labelled.box(messages, "results.filter.vendor", vendor),
                Labelled.box(messages, "results.filter.kind", kind),
                Labelled.box(messages, "results.filter.acquisition", acquisition),
                Labelled.box(messages, "results.filter.cost", cost),
                Labelled.box(messages, "results.filter.capital", capital),
                Labelled.box(messages, "results.filter.power", power),
                Labelled.box(viewModel.memoryFilterLabelProperty(), memory), fitsOnly);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("filter-bar");
        return bar;
    }

    private TextField field(String id, String promptKey, HoverTip tooltip) {
        TextField f = new TextField();
        f.setId(id);
        f.promptTextProperty().bind(messages.text(promptKey));
        f.setPrefColumnCount(7);
        tooltip.attach(f);
        return f;
    }

    /**
     * The token budget, deadline and GPU limit are scenario inputs: like the workload panel's exact-value fields they
     * apply on Enter or when focus leaves, so a typed number is one undo step, and Escape puts the scenario's value
     * back.
     */
    private static void appliesOnCommit(TextField field, Runnable commit, Runnable revert) {
        field.setOnAction(e -> commit.run());
        field.focusedProperty().addListener((obs, was, focused) -> {
            if (!focused) {
                commit.run();
            }
        });
        field.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                revert.run();
                e.consume();
            }
        });
    }

    private HoverTip tooltip(String key) {
        return Tooltips.describing(messages.text(key));
    }

    /**
     * Shows the choices by name, and names them again when the language changes: a combo box keeps the text its
     * cells were given until their item changes.
     */
    private <T> void named(ComboBox<T> combo, Function<T, String> name) {
        combo.setCellFactory(lv -> textCell(name));
        combo.setButtonCell(textCell(name));
        messages.localeProperty().addListener((obs, old, now) -> {
            combo.setCellFactory(lv -> textCell(name));
            combo.setButtonCell(textCell(name));
        });
    }

    private <T> ListCell<T> textCell(Function<T, String> text) {
        return new ListCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : text.apply(item));
            }
        };
    }
}
