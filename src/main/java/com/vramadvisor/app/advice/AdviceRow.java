package com.vramadvisor.app.advice;

import com.vramadvisor.engine.advice.LeverKind;
import com.vramadvisor.engine.advice.SpeedEffect;
import com.vramadvisor.scenario.ScenarioInputs;

/**
 * One line of the "What to change" table, formatted for the current language and size unit.
 *
 * @param kind          which change
 * @param changeText    the change with its new value ("ZeRO-3 over 3 data-parallel GPUs")
 * @param peakBytes     peak per GPU after the change, bytes
 * @param peakText      {@code peakBytes} in the chosen unit (GiB or GB, labelled)
 * @param savedText     bytes saved against the current peak, in the same unit
 * @param fits          whether the peak fits the selected GPU's usable memory (false when no GPU is selected)
 * @param fitKnown      whether a GPU is selected, so that {@code fits} means something
 * @param fitText       a sentence for the fit icon's tooltip
 * @param trend         direction of the speed effect
 * @param speedText     the speed effect in the current language
 * @param speedTooltip  the speed effect in full with its source
 * @param applied       the scenario with only this change applied: what "Apply" installs
 */
public record AdviceRow(LeverKind kind, String changeText, long peakBytes, String peakText, String savedText,
                        boolean fits, boolean fitKnown, String fitText, SpeedEffect.Trend trend, String speedText,
                        String speedTooltip, ScenarioInputs applied) {
}
