package com.vramadvisor.engine.money;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The money model on hand-worked cases (round figures chosen so the arithmetic can be done on paper) and its
 * properties over random purchases.
 */
class JobCostModelTest {

    /** Resale falls linearly from 70 % when new to 10 % at 60 months, then stays: a test curve, not a catalog one. */
    private static final Residuals LINEAR = (cls, months) -> months >= 60 ? 0.1 : 0.7 - 0.6 * months / 60;
    /** $0.10/kWh, PUE 1.5, $200 per kW-month of colocation, 10 % selling cost. */
    private static final OwnershipTerms TERMS = new OwnershipTerms(0.10, 1.5, 200.0, 0.10, LINEAR,
            OwnershipTerms.NetworkPrices.NONE);

    private static Purchase server(double usd, double watts) {
        return new Purchase(List.of(new Purchase.Part(DepreciationClass.DATACENTER_GPU, usd)), watts, true);
    }

    @Test
    void aServerBoughtForOneShortJobCostsWhatItLosesWhenSoldAgain() {
        // $100,000 server at 10 kW, a 73-hour job (0.1 months): resale 100,000 x (0.7 - 0.001) x 0.9 = 62,910;
        // hosting 200 x 10 kW x 0.1 month = 200; energy 10 kW x 73 h x 1.5 x 0.10 = 109.5.
        JobCostModel m = new JobCostModel(TERMS, Usage.JOB_ONLY);
        JobCostModel.Owned o = m.buy(server(100_000, 10_000), 73.0);
        assertThat(o.resaleUsd()).isCloseTo(62_910, within(0.01));
        assertThat(o.hostingUsd()).isCloseTo(200, within(0.01));
        assertThat(o.energyKWh()).isCloseTo(1_095, within(0.01));
        assertThat(o.jobCostUsd()).isCloseTo(100_000 - 62_910 + 200 + 109.5, within(0.01));
    }

    @Test
    void aBusyServerChargesTheJobItsShareOfOwnership() {
        // Busy half the time for 5 years (43,800 h, 21,900 busy): resale at 60 months 100,000 x 0.1 x 0.9 = 9,000,
        // hosting 200 x 10 x 60 = 120,000; fixed 211,000; a 219-hour job carries 219 / 21,900 = 1 % of it, 2,110,
        // plus its energy 10 x 219 x 1.5 x 0.1 = 328.5.
        JobCostModel m = new JobCostModel(TERMS, Usage.of(0.5, 5));
        assertThat(m.buy(server(100_000, 10_000), 219.0).jobCostUsd()).isCloseTo(2_110 + 328.5, within(0.01));
    }

    @Test
    void aDeskSideMachinePaysNoHostingAndNoCoolingOverhead() {
        Purchase desk = new Purchase(List.of(new Purchase.Part(DepreciationClass.CONSUMER_GPU, 2_000)), 500.0, false);
        JobCostModel.Owned o = new JobCostModel(TERMS, Usage.JOB_ONLY).buy(desk, 10.0);
        assertThat(o.hostingUsd()).isZero();
        assertThat(o.energyKWh()).isCloseTo(5, within(1e-9));
    }

    @Test
    void aCommitmentBillsItsWholeTermToAJobThatUsesNoMore() {
        JobCostModel once = new JobCostModel(TERMS, Usage.JOB_ONLY);
        assertThat(once.rent(2.0, 0, 10.0)).isEqualTo(20.0);
        assertThat(once.rent(2.0, 1, 10.0)).isCloseTo(2.0 * 8_760, within(1e-6));
        // Busy 80 % for 3 years on a 1-year commitment renewed: the job pays rate / utilisation per hour.
        assertThat(new JobCostModel(TERMS, Usage.of(0.8, 3)).rent(2.0, 1, 10.0)).isCloseTo(25.0, within(1e-9));
        // Busy 80 % for 1 year on a 3-year term: three years are billed for one year's work.
        assertThat(new JobCostModel(TERMS, Usage.of(0.8, 1)).rent(2.0, 3, 10.0)).isCloseTo(75.0, within(1e-9));
    }

    @Test
    void breakEvenFollowsFromTheFixedCostAndTheRentAboveEnergy() {
        // Over 5 years: fixed 211,000 (see above); renting the same GPUs at $11.5/h against 1.5/h of energy leaves
        // $10 an hour; 211,000 / (10 x 43,800) = 0.4817.
        JobCostModel m = new JobCostModel(TERMS, Usage.JOB_ONLY);
        assertThat(m.breakEvenUtilization(server(100_000, 10_000), 11.5, 5)).isCloseTo(211_000 / 438_000.0,
                within(1e-9));
        // Renting for less than the power costs: buying never wins.
        assertThat(m.breakEvenUtilization(server(100_000, 10_000), 1.0, 5)).isNull();
        // Renting so cheaply that buying loses even when busy all the time.
        assertThat(m.breakEvenUtilization(server(100_000, 10_000), 4.0, 5)).isNull();
    }

    @Test
    void breakEvenMonthsIsTheFirstMonthRentingHasCostMore() {
        // Busy all the time, $100/h rent: month 1 rents 73,000 against 100,000 - 62,100 + 2,000 + 1,095 = 40,995.
        JobCostModel m = new JobCostModel(TERMS, Usage.JOB_ONLY);
        assertThat(m.breakEvenMonths(server(100_000, 10_000), 100, 1)).isEqualTo(1.0);
        assertThat(m.breakEvenMonths(server(100_000, 10_000), 1.0, 1)).isNull();
    }

    @Test
    void moreUseNeverRaisesTheJobCostOfAPurchaseAndAJobPaysAtLeastItsEnergyAndAtMostTheWholeOwnership() {
        Random random = new Random(20261207L);
        for (int i = 0; i < 500; i++) {
            Purchase p = server(1_000 + random.nextDouble() * 500_000, 100 + random.nextDouble() * 20_000);
            double hours = random.nextDouble() * 5_000;
            double years = 0.5 + random.nextDouble() * 6;
            double low = 0.05 + random.nextDouble() * 0.45;
            double high = low + random.nextDouble() * (1 - low);
            double atLow = new JobCostModel(TERMS, Usage.of(low, years)).buy(p, hours).jobCostUsd();
            double atHigh = new JobCostModel(TERMS, Usage.of(high, years)).buy(p, hours).jobCostUsd();
            assertThat(atHigh).as("case %d", i).isLessThanOrEqualTo(atLow + 1e-6);
            JobCostModel.Owned o = new JobCostModel(TERMS, Usage.of(low, years)).buy(p, hours);
            assertThat(o.jobCostUsd()).as("case %d", i).isGreaterThanOrEqualTo(o.energyUsd() - 1e-9)
                    .isLessThanOrEqualTo(o.capitalUsd() + o.hostingUsd() + o.energyUsd() + 1e-6);
            Double u = new JobCostModel(TERMS, Usage.JOB_ONLY).breakEvenUtilization(p, 20 + random.nextDouble()
                    * 200, years);
            if (u != null) {
                assertThat(u).isBetween(0.0, 1.0);
            }
        }
    }
}
