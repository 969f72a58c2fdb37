package com.vramadvisor.app.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.workload.WorkloadViewModel;
import com.vramadvisor.engine.llm.ModelShapes;
import com.vramadvisor.engine.llm.ParameterCounter;
import com.vramadvisor.engine.money.Usage;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.scenario.ScenarioInputs;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The decision table's money: usage as a scenario input, the capital and power caps, and the verdict. */
class DecisionMoneyViewModelTest {

    private final WorkloadViewModel workload = new WorkloadViewModel(ScenarioInputs.defaults(), List.of(),
            ModelShapes::fromParameterCount, spec -> ParameterCounter.count(spec).total());
    private final FakeResultsEngine engine = new FakeResultsEngine();
    private final ResultsViewModel vm = new ResultsViewModel(workload.snapshotProperty(), engine,
            new ResultsMessages(Locale.ENGLISH), Runnable::run, Runnable::run);
    private final DecisionTableViewModel table = vm.table();
    private final UsageFields usage = table.usage();

    DecisionMoneyViewModelTest() {
        // As the application binds it: the table's usage fields edit the scenario's usage.
        usage.usageProperty().bindBidirectional(workload.usageProperty());
    }

    @Test
    void aPurchaseIsForThisJobOnlyUntilTheUserSaysHowBusyItWillBe() {
        assertThat(usage.jobOnlyProperty().get()).isTrue();
        assertThat(engine.options.usage()).isEqualTo(Usage.JOB_ONLY);

        // Unticking with the fields empty is the command line's --utilization 1 --years 3.
        usage.jobOnlyProperty().set(false);
        assertThat(workload.snapshot().usage()).isEqualTo(Usage.of(1, 3));
        assertThat(engine.options.usage()).isEqualTo(Usage.of(1, 3));
        assertThat(usage.utilizationTextProperty().get()).isEqualTo("100");

        usage.utilizationTextProperty().set("60");
        usage.yearsTextProperty().set("2.5");
        assertThat(usage.commit()).isTrue();
        assertThat(workload.snapshot().usage()).isEqualTo(Usage.of(0.6, 2.5));
        assertThat(engine.options.usage()).isEqualTo(Usage.of(0.6, 2.5));

        usage.jobOnlyProperty().set(true);
        assertThat(workload.snapshot().usage()).isEqualTo(Usage.JOB_ONLY);
        assertThat(usage.utilizationTextProperty().get()).isEmpty();
    }

    @Test
    void aUtilisationAboveAllTheTimeOrYearsPastTwentyAreRefusedAndTheUsageKept() {
        usage.jobOnlyProperty().set(false);
        usage.utilizationTextProperty().set("150");
        assertThat(usage.commit()).isFalse();
        assertThat(table.filterProblemProperty().get()).contains("150");
        usage.utilizationTextProperty().set("50");
        usage.yearsTextProperty().set("21");
        assertThat(usage.commit()).isFalse();
        assertThat(table.filterProblemProperty().get()).contains("21");
        assertThat(workload.snapshot().usage()).isEqualTo(Usage.of(1, 3));
    }

    @Test
    void anOpenedScenarioShowsItsUsageInTheFields() {
        workload.apply(ScenarioInputs.defaults().withUsage(Usage.of(0.9, 3)));
        assertThat(usage.jobOnlyProperty().get()).isFalse();
        assertThat(usage.utilizationTextProperty().get()).isEqualTo("90");
        assertThat(usage.yearsTextProperty().get()).isEqualTo("3");
        assertThat(engine.options.usage()).isEqualTo(Usage.of(0.9, 3));
    }

    @Test
    void theCapitalCapHidesDearOrUnpricedPurchasesAndKeepsRentals() {
        int before = table.rows().size();
        // Big 80GB costs $30,000, Small 24GB has no price in the fake.
        table.maxCapitalTextProperty().set("20000");
        assertThat(table.rows()).hasSizeLessThan(before);
        assertThat(table.rows()).allSatisfy(r -> assertThat(r.acquisition() == Acquisition.RENTAL
                || r.purchaseUsd() != null && r.purchaseUsd() <= 20_000).isTrue());
        assertThat(table.rows()).anyMatch(r -> r.acquisition() == Acquisition.RENTAL);
        table.maxCapitalTextProperty().set("abc");
        assertThat(table.filterProblemProperty().get()).contains("abc");
    }

    @Test
    void thePowerCapHidesPurchasesDrawingMoreAndKeepsRentals() {
        // Every bought GPU of the fake draws 700 W.
        table.maxPowerTextProperty().set("0.5");
        assertThat(table.rows()).isNotEmpty().allMatch(r -> r.acquisition() == Acquisition.RENTAL);
        table.maxPowerTextProperty().set("0.7");
        assertThat(table.rows()).anyMatch(r -> r.acquisition() == Acquisition.PURCHASE);
    }

    @Test
    void theVerdictNamesTheWayOfTheFirstRowThatFitsWithACost() {
        DecisionRow first = table.rows().stream().filter(r -> r.fits() && r.jobCostUsd() != null && !r.pastDeadline())
                .findFirst().orElseThrow();
        String verdict = table.verdictProperty().get();
        assertThat(verdict).startsWith(first.acquisition() == Acquisition.RENTAL ? "Renting is cheaper for this job: "
                : "Buying is cheaper for this job: ").contains(first.name());
    }

    @Test
    void boughtRowsCarryTheirMarketAndRentedRowsNoBreakEven() {
        DecisionRow rented = table.rows().stream().filter(r -> r.acquisition() == Acquisition.RENTAL).findFirst()
                .orElseThrow();
        assertThat(rented.money().paysOffText()).isEqualTo("-");
        assertThat(rented.money().marketText()).isEqualTo("On demand");
        DecisionRow bought = table.rows().stream().filter(r -> r.acquisition() == Acquisition.PURCHASE).findFirst()
                .orElseThrow();
        assertThat(bought.money().marketText()).isEqualTo("Purchase");
        assertThat(bought.money().priceDateText()).isNotBlank();
    }

    @Test
    void aFittingSeveralGpuRowSelectedJudgesTheMemoryCardByItsOwnPerGpuNeed() {
        workload.gpuIdProperty().set("big-80gb");
        // 16 GB of weights + 200 x 4,096 tokens x 100 kB = 98 GB: over the big card's 79 GiB on one GPU.
        workload.batchProperty().set(200);
        BreakdownViewModel breakdown = vm.breakdown();
        assertThat(breakdown.fitsProperty().get()).as("one GPU").isFalse();
        DecisionRow cloud = table.rows().stream().filter(r -> r.hardwareId().equals("cloud-8x-big")).findFirst()
                .orElseThrow();
        assertThat(cloud.fits()).isTrue();

        table.select(List.of(cloud), cloud);

        assertThat(breakdown.fitsProperty().get()).isTrue();
        assertThat(breakdown.fitTextProperty().get()).startsWith("Fits as selected").doesNotContain("over");
        // Back to the single card: the card judges the workload as configured again.
        DecisionRow single = table.rows().stream().filter(r -> r.hardwareId().equals("big-80gb")).findFirst()
                .orElseThrow();
        table.select(List.of(single), single);
        assertThat(breakdown.fitsProperty().get()).isFalse();
        assertThat(breakdown.fitTextProperty().get()).startsWith("Does not fit");
    }
}
