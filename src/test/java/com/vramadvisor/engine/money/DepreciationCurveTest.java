package com.vramadvisor.engine.money;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Residual value as a fraction of the price: linear between points, held beyond them, never rising. */
class DepreciationCurveTest {

    private static DepreciationCurve.Point p(double age, double fraction) {
        return new DepreciationCurve.Point(age, fraction, "test");
    }

    private static final DepreciationCurve HALVING = new DepreciationCurve(DepreciationClass.DATACENTER_GPU,
            List.of(p(0, 1), p(12, 0.5), p(24, 0.25)), "2025", "test");

    @Test
    void interpolatesLinearlyBetweenPointsAndHoldsTheEnds() {
        assertThat(HALVING.residualFraction(0)).isEqualTo(1);
        assertThat(HALVING.residualFraction(6)).isCloseTo(0.75, within(1e-12));
        assertThat(HALVING.residualFraction(12)).isCloseTo(0.5, within(1e-12));
        assertThat(HALVING.residualFraction(18)).isCloseTo(0.375, within(1e-12));
        assertThat(HALVING.residualFraction(240)).isEqualTo(0.25);
        assertThat(HALVING.residualFraction(-3)).isEqualTo(1);
    }

    @Test
    void neverRisesWithAge() {
        double before = 1;
        for (double age = 0; age <= 120; age += 0.5) {
            double now = HALVING.residualFraction(age);
            assertThat(now).isBetween(0.0, 1.0).isLessThanOrEqualTo(before);
            before = now;
        }
    }

    @Test
    void aCurveThatRisesOrDoesNotStartAtPurchaseIsRefused() {
        assertThatThrownBy(() -> new DepreciationCurve(DepreciationClass.CONSUMER_GPU,
                List.of(p(0, 1), p(12, 0.6), p(24, 0.7)), "2025", "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rises");
        assertThatThrownBy(() -> new DepreciationCurve(DepreciationClass.CONSUMER_GPU,
                List.of(p(6, 1), p(12, 0.6)), "2025", "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("age 0");
        assertThatThrownBy(() -> new DepreciationCurve(DepreciationClass.CONSUMER_GPU,
                List.of(p(0, 1), p(12, 0.6), p(12, 0.5)), "2025", "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("increase");
        assertThatThrownBy(() -> p(12, 1.2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> HALVING.residualFraction(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aNetworkCostIsTheFigureOfTheSmallestListedClusterThatHoldsTheNodes() {
        NetworkCost fabric = new NetworkCost("ib", "IB", List.of("hgx-h100"),
                List.of(new NetworkCost.Tier(2, 6_480), new NetworkCost.Tier(64, 15_060),
                        new NetworkCost.Tier(2_048, 33_980)), false, "2024-08", "x");

        assertThat(fabric.usdPerNode(1)).isEqualTo(6_480);
        assertThat(fabric.usdPerNode(3)).isEqualTo(15_060);
        assertThat(fabric.usdPerNode(64)).isEqualTo(15_060);
        assertThat(fabric.usdPerNode(128)).isEqualTo(33_980);
        assertThat(fabric.usdPerNode(10_000)).isEqualTo(33_980);
        assertThat(fabric.appliesTo("hgx-h100")).isTrue();
        assertThat(fabric.appliesTo("desktop-pcie")).isFalse();
    }
}
