package com.vramadvisor.app.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.ui.HoverTip;
import com.vramadvisor.app.MainWindowFixture;
import com.vramadvisor.app.shell.AppContext;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.serving.ServingEngine;
import java.nio.file.Path;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Spinner;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The serving engine choice in the real main window: the breakdown follows it, and undo takes it back. */
@ExtendWith(ApplicationExtension.class)
class ServingEngineUiTest {

    @TempDir
    static Path configDir;

    private AppContext context;

    @Start
    void start(Stage stage) throws Exception {
        context = MainWindowFixture.show(stage, configDir);
    }

    @AfterEach
    void closeContext() {
        context.close();
    }

    private static boolean shown(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return true;
    }

    /** The breakdown's peak; the estimate is recomputed inline on the FX thread with every snapshot. */
    private long peakFor(ServingEngine engine) {
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().servingEngine()).isEqualTo(engine);
        Estimate e = context.results().estimateProperty().get();
        assertThat(e).isNotNull();
        return e.peakBytes();
    }

    @Test
    void switchingToHuggingFaceGenerateRaisesThePeakOfALongPromptWorkload(FxRobot robot) {
        // 16 prompts of 6,144 tokens: a one-pass prefill holds the feed-forward buffers of 98,304 tokens, vLLM's
        // chunk those of 8,192.
        robot.interact(() -> {
            WorkloadViewModel vm = context.workload();
            vm.modeProperty().set(Mode.INFER);
            vm.batchProperty().set(16);
            vm.contextProperty().set(8192);
            vm.sequenceLengthProperty().set(6144);
        });
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        ComboBox<ServingEngine> engine = robot.lookup("#servingEngineCombo").queryAs(ComboBox.class);
        Spinner<?> chunk = robot.lookup("#maxBatchedTokensSpinner").queryAs(Spinner.class);
        assertThat(engine.getValue()).isEqualTo(ServingEngine.VLLM);
        assertThat(HoverTip.tooltipOf(engine).getText()).contains("blocks of 16 tokens").contains("one forward pass");
        assertThat(shown(chunk)).isTrue();
        assertThat(HoverTip.tooltipOf(chunk).getText()).contains("max_num_batched_tokens");
        long vllmPeak = peakFor(ServingEngine.VLLM);

        robot.interact(engine::requestFocus);
        robot.clickOn(engine);
        robot.clickOn("Hugging Face generate");
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(context.workload().snapshot().servingEngine()).isEqualTo(ServingEngine.HF_GENERATE);
        long hfPeak = peakFor(ServingEngine.HF_GENERATE);
        assertThat(hfPeak).isGreaterThan(vllmPeak + (1L << 30));
        assertThat(shown(chunk)).as("one pass: no chunk to set").isFalse();

        robot.interact(() -> context.scenario().undo());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(engine.getValue()).as("one undo step takes the choice back").isEqualTo(ServingEngine.VLLM);
        assertThat(peakFor(ServingEngine.VLLM)).isEqualTo(vllmPeak);
        assertThat(shown(chunk)).isTrue();
    }
}
