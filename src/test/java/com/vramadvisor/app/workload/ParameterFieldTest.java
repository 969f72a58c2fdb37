package com.vramadvisor.app.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.ui.Messages;
import java.util.Locale;
import javafx.beans.property.SimpleLongProperty;
import org.junit.jupiter.api.Test;

/** The Parameters field shows a short form that fits its width; the exact count stays one tooltip away. */
class ParameterFieldTest {

    private final SimpleLongProperty count = new SimpleLongProperty(405_077_442_560L);
    private final NumberInput input = new NumberInput(count, ParameterScale.MIN_PARAMETERS,
            ParameterScale.MAX_PARAMETERS, "workload.parameters.name", NumberParser.Suffixes.DECIMAL,
            new Messages(Locale.ENGLISH)).showCompact(ParameterScale::compactLabel);

    @Test
    void aTwelveDigitCountShowsAsFourSignificantDigitsWithItsUnit() {
        assertThat(input.textProperty().get()).isEqualTo("405.1B");
        assertThat(input.exactTextProperty().get()).isEqualTo("405,077,442,560");
        assertThat(ParameterScale.compactLabel(8_030_261_248L)).isEqualTo("8.03B");
        assertThat(ParameterScale.compactLabel(125_000_000L)).isEqualTo("125M");
        assertThat(ParameterScale.compactLabel(1_500_000_000_000L)).isEqualTo("1.5T");
    }

    @Test
    void committingTheUneditedShortFormKeepsTheExactCount() {
        assertThat(input.commit()).isTrue();
        assertThat(count.get()).isEqualTo(405_077_442_560L);
    }

    @Test
    void aTypedCountIsAppliedAndShownShortAgain() {
        input.textProperty().set("70,553,706,496");
        assertThat(input.commit()).isTrue();
        assertThat(count.get()).isEqualTo(70_553_706_496L);
        assertThat(input.textProperty().get()).isEqualTo("70.55B");
        assertThat(input.exactTextProperty().get()).isEqualTo("70,553,706,496");
    }
}
