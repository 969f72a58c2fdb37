package com.vramadvisor.app.workload;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.app.ui.HoverTip;
import java.io.File;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Stream;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * The input forms of the kinds beyond language models, built from the panel's form helpers (sliders with exact
 * fields, drop-downs, check boxes, spinners), so each has the same keyboard access as the language-model panel:
 * mnemonics on the labels, arrow keys on sliders and spinners, Enter to apply a typed value and Escape to drop it.
 */
final class DomainFormsView {

    private final DomainForms forms;
    private final Messages messages;
    private final BooleanProperty adjusting;

    DomainFormsView(DomainForms forms, Messages messages, BooleanProperty adjusting) {
        this.forms = forms;
        this.messages = messages;
        this.adjusting = adjusting;
    }

    VBox vision() {
        VisionFormViewModel vm = forms.vision();
        ChoiceField<String> preset = choice("visionPresetCombo", "domain.vision.preset.label",
                "domain.vision.preset.tooltip", DomainChoices.visionPresets(), vm.presetProperty(),
                DomainFormsView::presetText);
        ChoiceField<String> mode = choice("visionModeCombo", "domain.mode.label", "domain.vision.mode.tooltip",
                DomainChoices.visionModes(), vm.modeProperty());
        SliderField batch = new SliderField("visionBatch", "domain.batch.label", "domain.vision.batch.tooltip",
                vm.batchProperty(), vm.batchInput(), SliderScale.powersOfTwo(0, 12), adjusting, messages);
        SliderField resolution = new SliderField("visionResolution", "domain.resolution.label",
                "domain.vision.resolution.tooltip", vm.resolutionProperty(), vm.resolutionInput(),
                SliderScale.steps(32, 1024, 32), adjusting, messages);
        ChoiceField<String> precision = choice("visionPrecisionCombo", "domain.precision.label",
                "domain.vision.precision.tooltip", DomainChoices.visionPrecisions(), vm.precisionProperty());
        ChoiceField<String> optimizer = choice("visionOptimizerCombo", "domain.optimizer.label",
                "domain.vision.optimizer.tooltip", DomainChoices.visionOptimizers(), vm.optimizerProperty());
        CheckField recompute = new CheckField("visionRecomputeCheck", "domain.recompute.label",
                "domain.vision.recompute.tooltip", vm.recomputeProperty(), messages);
        showWhen(optimizer.root(), vm.trainingProperty());
        recompute.root().visibleProperty().bind(vm.trainingProperty());
        recompute.root().managedProperty().bind(vm.trainingProperty());
        return form("visionForm",
                FormRows.section(messages, "domain.section.model", preset.root(), mode.root()),
                FormRows.section(messages, "domain.section.data", batch.root(), resolution.root()),
                FormRows.section(messages, "domain.section.numerics", precision.root(), optimizer.root(),
                        recompute.root()));
    }

    VBox diffusion() {
        DiffusionFormViewModel vm = forms.diffusion();
        ChoiceField<String> preset = choice("diffusionPresetCombo", "domain.diffusion.preset.label",
                "domain.diffusion.preset.tooltip", DomainChoices.diffusionPresets(), vm.presetProperty(),
                DomainFormsView::presetText);
        ChoiceField<String> mode = choice("diffusionModeCombo", "domain.mode.label",
                "domain.diffusion.mode.tooltip", DomainChoices.diffusionModes(), vm.modeProperty());
        SliderField batch = new SliderField("diffusionBatch", "domain.batch.label",
                "domain.diffusion.batch.tooltip", vm.batchProperty(), vm.batchInput(), SliderScale.powersOfTwo(0, 6),
                adjusting, messages);
        SliderField resolution = new SliderField("diffusionResolution", "domain.resolution.label",
                "domain.diffusion.resolution.tooltip", vm.resolutionProperty(), vm.resolutionInput(),
                SliderScale.steps(256, 4096, 64), adjusting, messages);
        ChoiceField<String> precision = choice("diffusionPrecisionCombo", "domain.precision.label",
                "domain.diffusion.precision.tooltip", DomainChoices.diffusionPrecisions(), vm.precisionProperty());
        ChoiceField<String> attention = choice("diffusionAttentionCombo", "domain.attention.label",
                "domain.diffusion.attention.tooltip", DomainChoices.diffusionAttention(), vm.attentionProperty());
        CheckField tiling = new CheckField("diffusionVaeTilingCheck", "domain.vaeTiling.label",
                "domain.diffusion.vaeTiling.tooltip", vm.vaeTilingProperty(), messages);
        ChoiceField<String> offload = choice("diffusionOffloadCombo", "domain.offload.label",
                "domain.diffusion.offload.tooltip", DomainChoices.diffusionOffload(), vm.offloadProperty());
        // Offload and tiling are pipeline settings for generation; the training scripts have neither.
        javafx.beans.binding.BooleanBinding generating = javafx.beans.binding.Bindings.createBooleanBinding(
                () -> "infer".equals(vm.modeProperty().get()), vm.modeProperty());
        showWhen(tiling.root(), generating);
        showWhen(offload.root(), generating);
        return form("diffusionForm",
                FormRows.section(messages, "domain.section.model", preset.root(), mode.root()),
                FormRows.section(messages, "domain.section.data", batch.root(), resolution.root()),
                FormRows.section(messages, "domain.section.numerics", precision.root(), attention.root(),
                        tiling.root(), offload.root()));
    }

    VBox render() {
        RenderFormViewModel vm = forms.render();
        ChoiceField<String> preset = choice("renderScenePresetCombo", "domain.render.scene.label",
                "domain.render.scene.tooltip", DomainChoices.scenePresets(), vm.scenePresetProperty());
        preset.combo().disableProperty().bind(vm.sceneFileProperty().isNotEmpty());
        Label scene = new Label();
        scene.setId("renderSceneLabel");
        scene.getStyleClass().add("hint-label");
        scene.setWrapText(true);
        scene.textProperty().bind(vm.sceneTextProperty());
        Button open = button("renderOpenSceneButton", "domain.render.openScene", "domain.render.openScene.tooltip");
        open.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle(messages.get("domain.render.openScene.title"));
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(
                    messages.get("domain.render.openScene.filter"), "*.json"));
            File file = chooser.showOpenDialog(open.getScene() == null ? null : open.getScene().getWindow());
            if (file != null) {
                vm.useSceneFile(file.toPath());
            }
        });
        Button usePreset = button("renderUsePresetButton", "domain.render.usePreset",
                "domain.render.usePreset.tooltip");
        usePreset.setOnAction(e -> vm.usePreset());
        usePreset.disableProperty().bind(vm.sceneFileProperty().isEmpty());
        HBox buttons = new HBox(8, open, usePreset);
        ChoiceField<String> resolution = choice("renderResolutionCombo", "domain.render.resolution.label",
                "domain.render.resolution.tooltip", vm.resolutions(), vm.resolutionProperty(), this::resolutionText);
        vm.resolutionProperty().addListener((obs, old, now) -> {
            if (now != null && !resolution.combo().getItems().contains(now)) {
                resolution.combo().getItems().setAll(vm.resolutions());
            }
        });
        StepperField viewers = new StepperField("renderViewersSpinner", "domain.viewers.label",
                "domain.render.viewers.tooltip", vm.viewersProperty(), vm.viewersInput(), messages);
        return form("renderForm",
                FormRows.section(messages, "domain.section.scene", preset.root(), buttons, scene),
                FormRows.section(messages, "domain.section.output", resolution.root(), viewers.root()));
    }

    VBox md() {
        MdFormViewModel vm = forms.md();
        SliderField atoms = new SliderField("mdAtoms", "domain.atoms.label", "domain.md.atoms.tooltip",
                vm.atomsProperty(), vm.atomsInput().showCompact(DomainFormsView::compact),
                SliderScale.oneTwoFive(3, 11), adjusting, messages);
        ChoiceField<String> potential = choice("mdPotentialCombo", "domain.potential.label",
                "domain.md.potential.tooltip", DomainChoices.potentials(), vm.potentialProperty());
        ChoiceField<String> precision = choice("mdPrecisionCombo", "domain.precision.label",
                "domain.md.precision.tooltip", DomainChoices.hpcPrecisions(), vm.precisionProperty());
        StepperField cutoff = new StepperField("mdCutoffSpinner", "domain.cutoff.label", "domain.md.cutoff.tooltip",
                vm.cutoffTenthsProperty(), vm.cutoffInput(), messages);
        StepperField gpus = new StepperField("mdGpusSpinner", "domain.gpus.label", "domain.md.gpus.tooltip",
                vm.gpusProperty(), vm.gpusInput(), messages);
        return form("mdForm",
                FormRows.section(messages, "domain.section.system", atoms.root(), potential.root(), cutoff.root()),
                FormRows.section(messages, "domain.section.numerics", precision.root()),
                FormRows.section(messages, "domain.section.spread", gpus.root()));
    }

    VBox grid() {
        GridFormViewModel vm = forms.grid();
        SliderField x = new SliderField("gridCellsX", "domain.cellsX.label", "domain.grid.cells.tooltip",
                vm.cellsXProperty(), vm.xInput(), SliderScale.powersOfTwo(3, 14), adjusting, messages);
        SliderField y = new SliderField("gridCellsY", "domain.cellsY.label", "domain.grid.cells.tooltip",
                vm.cellsYProperty(), vm.yInput(), SliderScale.powersOfTwo(3, 14), adjusting, messages);
        SliderField z = new SliderField("gridCellsZ", "domain.cellsZ.label", "domain.grid.cells.tooltip",
                vm.cellsZProperty(), vm.zInput(), SliderScale.powersOfTwo(0, 14), adjusting, messages);
        StepperField fields = new StepperField("gridFieldsSpinner", "domain.fields.label",
                "domain.grid.fields.tooltip", vm.fieldsProperty(), vm.fieldsInput(), messages);
        StepperField halo = new StepperField("gridHaloSpinner", "domain.halo.label", "domain.grid.halo.tooltip",
                vm.haloProperty(), vm.haloInput(), messages);
        ChoiceField<String> precision = choice("gridPrecisionCombo", "domain.precision.label",
                "domain.grid.precision.tooltip", DomainChoices.gridPrecisions(), vm.precisionProperty());
        ChoiceField<String> solver = choice("gridSolverCombo", "domain.solver.label", "domain.grid.solver.tooltip",
                DomainChoices.solvers(), vm.solverProperty());
        StepperField gpus = new StepperField("gridGpusSpinner", "domain.gpus.label", "domain.grid.gpus.tooltip",
                vm.gpusProperty(), vm.gpusInput(), messages);
        return form("gridForm",
                FormRows.section(messages, "domain.section.grid", x.root(), y.root(), z.root(),
                        FormRows.row(fields.root(), halo.root())),
                FormRows.section(messages, "domain.section.numerics", precision.root(), solver.root()),
                FormRows.section(messages, "domain.section.spread", gpus.root()));
    }

    /** "32M" for 32,000,000 atoms: the atom field's short form, its tooltip giving every digit. */
    static String compact(long value) {
        String[] suffixes = {"", "k", "M", "B"};
        double v = value;
        int i = 0;
        while (v >= 1000 && i < suffixes.length - 1) {
            v /= 1000;
            i++;
        }
        String digits = v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
        return digits + suffixes[i];
    }

    private ObservableStringValue resolutionText(String wh) {
        return "0x0".equals(wh) ? messages.text("domain.render.resolution.scene")
                : messages.text("domain.render.resolution.value", wh.replace("x", " \u00d7 "));
    }

    private static ObservableStringValue presetText(String id) {
        return new SimpleStringProperty(DomainChoices.presetName(id));
    }

    /** The bundle's name of an id; an id a scenario file brought that no form knows shows as itself. */
    private ObservableStringValue choiceText(String id) {
        String key = "domain.choice." + id;
        return messages.has(key) ? messages.text(key) : new SimpleStringProperty(id);
    }

    private ChoiceField<String> choice(String id, String labelKey, String tipKey, List<String> choices,
                                       ObjectProperty<String> value) {
        return choice(id, labelKey, tipKey, choices, value, this::choiceText);
    }

    private ChoiceField<String> choice(String id, String labelKey, String tipKey, List<String> choices,
                                       ObjectProperty<String> value, Function<String, ObservableStringValue> text) {
        // A file may name a preset this version does not list; it stays selectable rather than vanishing.
        List<String> offered = value.get() == null || choices.contains(value.get()) ? choices
                : Stream.concat(choices.stream(), Stream.of(value.get())).toList();
        return new ChoiceField<>(id, labelKey, tipKey, offered, value, text, messages);
    }

    private Button button(String id, String key, String tipKey) {
        Button b = new Button();
        b.setId(id);
        b.textProperty().bind(messages.text(key));
        b.setMnemonicParsing(true);
        HoverTip.of(messages, tipKey).attach(b);
        return b;
    }

    private static void showWhen(Node node, ObservableBooleanValue visible) {
        node.visibleProperty().bind(visible);
        node.managedProperty().bind(visible);
    }

    private static VBox form(String id, Node... sections) {
        VBox box = new VBox(sections);
        box.setId(id);
        box.getStyleClass().addAll("workload-panel", "domain-form");
        return box;
    }
}
