package com.vramadvisor.app.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.app.workload.WorkloadViewModel;
import com.vramadvisor.engine.llm.ModelShapes;
import com.vramadvisor.engine.llm.ParameterCounter;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.ranking.HardwareKind;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.SortKey;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class DecisionTableViewModelTest {

    private final WorkloadViewModel workload = new WorkloadViewModel(ScenarioInputs.defaults(), List.of(),
            ModelShapes::fromParameterCount, spec -> ParameterCounter.count(spec).total());
    private final FakeResultsEngine engine = new FakeResultsEngine();
    private final ResultsViewModel vm = new ResultsViewModel(workload.snapshotProperty(), engine,
            new ResultsMessages(Locale.ENGLISH), Runnable::run, Runnable::run);
    private final DecisionTableViewModel table = vm.table();

    DecisionTableViewModelTest() {
        // As the application binds them: the table's fields edit the scenario's token budget, GPU limit and deadline.
        table.tokenBudgetProperty().bindBidirectional(workload.tokenBudgetProperty());
        table.maxGpusProperty().bindBidirectional(workload.maxGpusProperty());
        table.deadlineDaysProperty().bindBidirectional(workload.deadlineDaysProperty());
    }

    /** Types a deadline and presses Enter. */
    private boolean typeDeadline(String text) {
        table.deadlineTextProperty().set(text);
        return table.commitDeadline();
    }

    /** Types a GPU limit and presses Enter. */
    private boolean typeMaxGpus(String text) {
        table.maxGpusTextProperty().set(text);
        return table.commitMaxGpus();
    }

    /** Types a token budget and presses Enter. */
    private boolean typeTokenBudget(String text) {
        table.tokenBudgetTextProperty().set(text);
        return table.commitTokenBudget();
    }

    private DecisionRow row(String id) {
        return table.rows().stream().filter(r -> r.hardwareId().equals(id)).findFirst().orElseThrow();
    }

    private List<String> ids() {
        return table.rows().stream().map(DecisionRow::hardwareId).toList();
    }

    private void setBatch(int batch) {
        workload.batchProperty().set(batch);
    }

    @Test
    void everyOptionOfTheRankingBecomesARowInTheEnginesOrder() {
        assertThat(ids()).containsExactly("big-80gb", "small-24gb", "cloud-8x-big");
        assertThat(table.vendors()).containsExactly("AMD", "NVIDIA");
        assertThat(table.summaryProperty().get())
                .isEqualTo("3 of 3 options shown, 3 fit; time and cost for 1,000,000,000 tokens, deadline 90 days");
    }

    @Test
    void rowsCarryFormattedTextsInTheChosenUnit() {
        DecisionRow big = row("big-80gb");
        // 16e9 + 4096 x 100 kB = 16.41e9 B = 15.3 GiB of 79 GiB; 1e9 tokens at 1,000 tokens/s = 277.8 h = 11.6 days,
        // shown in whole days from 10 days.
        assertThat(big.memoryText()).isEqualTo("15.3 / 79.0\u00a0GiB");
        assertThat(big.speedText()).isEqualTo("1,000 tok/s");
        assertThat(big.timeText()).isEqualTo("12 days");
        assertThat(big.capitalText()).isEqualTo("$30,000");
        assertThat(row("small-24gb").capitalText()).isEqualTo("\u2014");
        assertThat(row("cloud-8x-big").gpusText()).isEqualTo("8 \u00b7 zero3-dp8");
        assertThat(row("cloud-8x-big").layoutText()).isEqualTo("zero3-dp8");
        assertThat(row("cloud-8x-big").layoutTip()).startsWith("Tensor parallel 1 \u00d7 pipeline stages 1 \u00d7 data "
                + "parallel 8\nZeRO stage 3 over the data-parallel GPUs\nno recomputation\n1 micro-batches per step");
        assertThat(big.mfuText()).isEqualTo("40%");
        assertThat(big.boundText()).isEqualTo("Compute");
        assertThat(big.gpuHoursText()).isEqualTo("278 GPU-h");
        assertThat(big.machinesText()).isEqualTo("1 \u00d7 1");
        assertThat(big.machinesTip()).isEqualTo("One machine with 1 GPU(s); GPU-to-GPU link: NVLink.");

        workload.sizeUnitProperty().set(SizeUnit.GB);
        assertThat(row("big-80gb").memoryText()).isEqualTo("16.4 / 84.8\u00a0GB");
    }

    @Test
    void selectingARowSelectsItsGpuForTheCharts() {
        DecisionRow small = row("small-24gb");
        table.select(List.of(small), small);

        assertThat(vm.selectedGpuIdProperty().get()).isEqualTo("small-24gb");
        assertThat(vm.breakdown().capacityBytesProperty().get()).isEqualTo(23L << 30);
        assertThat(vm.sweep().capacityLines()).extracting(CapacityLine::gpuId).containsExactly("small-24gb");
    }

    @Test
    void selectingSeveralRowsDrawsEachGpusCapacityWithTheFocusedOneFirst() {
        DecisionRow big = row("big-80gb");
        DecisionRow small = row("small-24gb");
        DecisionRow cloud = row("cloud-8x-big");
        table.select(List.of(big, small, cloud), small);

        assertThat(vm.selectedGpuIdProperty().get()).isEqualTo("small-24gb");
        assertThat(vm.sweep().capacityLines()).extracting(CapacityLine::gpuId)
                .containsExactly("small-24gb", "big-80gb");
        assertThat(table.selectedKeys()).containsExactly("gpu:big-80gb", "cloud:cloud-8x-big", "gpu:small-24gb");
    }

    @Test
    void filtersNarrowTheRowsWithoutRecomputing() {
        int before = engine.estimates;

        table.vendorFilterProperty().set("amd");
        assertThat(ids()).containsExactly("small-24gb");
        table.vendorFilterProperty().set("");

        table.kindFilterProperty().set(HardwareKind.CLOUD);
        assertThat(ids()).containsExactly("cloud-8x-big");
        table.kindFilterProperty().set(null);

        // The job costs: 1e9 tokens / 8,000 tokens/s = 34.7 h x $40 = $1,389 for the cloud; $3,024 for the big card
        // (the tenth of $30,000 the fake loses on resale, plus electricity); the small card has no price, so a cost
        // limit hides it.
        table.maxCostTextProperty().set("2k");
        assertThat(ids()).containsExactly("cloud-8x-big");
        table.maxCostTextProperty().set("5k");
        assertThat(ids()).containsExactlyInAnyOrder("big-80gb", "cloud-8x-big");
        table.maxCostTextProperty().set("");

        table.acquisitionFilterProperty().set(Acquisition.RENTAL);
        assertThat(ids()).containsExactly("cloud-8x-big");
        table.acquisitionFilterProperty().set(Acquisition.PURCHASE);
        assertThat(ids()).containsExactly("big-80gb", "small-24gb");
        table.acquisitionFilterProperty().set(null);

        table.minMemoryTextProperty().set("40");
        assertThat(ids()).containsExactly("big-80gb", "cloud-8x-big");

        assertThat(engine.estimates).isEqualTo(before);
    }

    @Test
    void theMemoryFilterNamesItsUnitAndComparesInIt() {
        // The small card has 24 GiB = 25.8 GB in all: a 25 minimum hides it in GiB and keeps it in GB.
        assertThat(table.memoryFilterLabelProperty().get()).isEqualTo("Min GiB per GPU");
        table.minMemoryTextProperty().set("25");
        assertThat(ids()).doesNotContain("small-24gb");
        workload.sizeUnitProperty().set(SizeUnit.GB);
        assertThat(table.memoryFilterLabelProperty().get()).isEqualTo("Min GB per GPU");
        assertThat(ids()).contains("small-24gb");
        table.minMemoryTextProperty().set("26");
        assertThat(ids()).doesNotContain("small-24gb");
    }

    @Test
    void fitsOnlyHidesOptionsTheWorkloadOutgrows() {
        // 16 GB + 30 x 4096 x 100 kB = 28.3 GB: over the small card's 23 GiB (24.7 GB).
        setBatch(30);
        table.fitsOnlyProperty().set(true);
        assertThat(ids()).doesNotContain("small-24gb").contains("big-80gb");
    }

    @Test
    void aMalformedFilterSaysWhatIsWrongAndKeepsTheLastFilter() {
        table.minMemoryTextProperty().set("40");
        table.minMemoryTextProperty().set("forty");
        assertThat(table.filterProblemProperty().get()).isEqualTo("Min memory 'forty' is not a whole number of GiB.");
        assertThat(ids()).containsExactly("big-80gb", "cloud-8x-big");

        table.minMemoryTextProperty().set("");
        assertThat(table.filterProblemProperty().get()).isEmpty();
        assertThat(ids()).hasSize(3);
    }

    @Test
    void aGpuLimitGoesToTheRankingAndTheSummaryCountsWhatItLeftOut() {
        assertThat(engine.maxGpus).isEqualTo(RankingOptions.DEFAULT_MAX_GPUS);

        // The fake's cloud row runs on 8 GPUs; the two single cards on one each.
        typeMaxGpus("4");
        assertThat(engine.maxGpus).isEqualTo(4);
        assertThat(ids()).containsExactly("big-80gb", "small-24gb");
        assertThat(table.summaryProperty().get())
                .isEqualTo("2 of 3 options shown, 2 fit; time and cost for 1,000,000,000 tokens, deadline 90 days");

        // The limit and the row filters narrow together, and the total stays the options considered.
        table.vendorFilterProperty().set("AMD");
        assertThat(ids()).containsExactly("small-24gb");
        assertThat(table.summaryProperty().get()).startsWith("1 of 3 options shown, 1 fit;");
        table.vendorFilterProperty().set("");

        typeMaxGpus("8");
        assertThat(ids()).containsExactly("big-80gb", "small-24gb", "cloud-8x-big");

        typeMaxGpus("1");
        typeMaxGpus("");
        assertThat(engine.maxGpus).isEqualTo(RankingOptions.DEFAULT_MAX_GPUS);
        assertThat(ids()).hasSize(3);
        assertThat(table.summaryProperty().get()).startsWith("3 of 3 options shown");
    }

    @Test
    void aGpuLimitBelowOneOrNotANumberSaysSoAndKeepsTheLastLimit() {
        typeMaxGpus("4");
        typeMaxGpus("0");
        assertThat(table.filterProblemProperty().get()).isEqualTo("Max GPUs '0' is not a whole number of at least 1.");
        assertThat(table.maxGpusProperty().get()).isEqualTo(4);
        assertThat(ids()).containsExactly("big-80gb", "small-24gb");

        typeMaxGpus("two");
        assertThat(table.filterProblemProperty().get())
                .isEqualTo("Max GPUs 'two' is not a whole number of at least 1.");
        assertThat(engine.maxGpus).isEqualTo(4);

        typeMaxGpus("16");
        assertThat(table.filterProblemProperty().get()).isEmpty();
        assertThat(ids()).hasSize(3);
    }

    @Test
    void theTokenBudgetScalesTimeAndRentedCost() {
        Double hoursBefore = row("cloud-8x-big").hours();
        Double costBefore = row("cloud-8x-big").jobCostUsd();
        int rankingsBefore = engine.recommendations;
        typeTokenBudget("2B");
        assertThat(table.tokenBudgetProperty().get()).isEqualTo(2_000_000_000L);
        assertThat(workload.snapshot().tokenBudget()).isEqualTo(2_000_000_000L);
        assertThat(row("cloud-8x-big").hours()).isEqualTo(hoursBefore * 2, org.assertj.core.data.Offset.offset(1e-9));
        // Rent is hours x hourly price, so it doubles with the hours: 2 x $1,389 = $2,778.
        assertThat(row("cloud-8x-big").jobCostUsd()).isEqualTo(costBefore * 2,
                org.assertj.core.data.Offset.offset(1e-6));
        assertThat(row("cloud-8x-big").jobCostText()).isEqualTo("$2,778");
        assertThat(table.tokenBudgetTextProperty().get()).isEqualTo("2,000,000,000");
        assertThat(table.summaryProperty().get()).endsWith("for 2,000,000,000 tokens, deadline 90 days");
        assertThat(engine.recommendations).as("one ranking for the one change").isEqualTo(rankingsBefore + 1);
    }

    @Test
    void typedTextAppliesOnlyWhenCommittedAndEscapeShowsTheScenariosValueAgain() {
        table.tokenBudgetTextProperty().set("2");
        table.tokenBudgetTextProperty().set("2e");
        assertThat(workload.snapshot().tokenBudget()).isEqualTo(RankingOptions.DEFAULT_TOKEN_BUDGET);
        table.revertTokenBudget();
        assertThat(table.tokenBudgetTextProperty().get()).isEqualTo("1,000,000,000");

        table.maxGpusTextProperty().set("4");
        assertThat(engine.maxGpus).isEqualTo(RankingOptions.DEFAULT_MAX_GPUS);
        table.revertMaxGpus();
        assertThat(table.maxGpusTextProperty().get()).isEmpty();
        assertThat(ids()).hasSize(3);
    }

    @Test
    void aBadTokenBudgetSaysSoAndKeepsTheScenariosBudget() {
        assertThat(typeTokenBudget("lots")).isFalse();
        assertThat(table.filterProblemProperty().get()).isEqualTo("Token budget 'lots' is not a whole number of tokens.");
        assertThat(typeTokenBudget("0")).isFalse();
        assertThat(workload.snapshot().tokenBudget()).isEqualTo(RankingOptions.DEFAULT_TOKEN_BUDGET);

        assertThat(typeTokenBudget("500M")).isTrue();
        assertThat(table.filterProblemProperty().get()).isEmpty();
        assertThat(workload.snapshot().tokenBudget()).isEqualTo(500_000_000L);
    }

    @Test
    void aScenarioAppliedFromOutsideShowsItsTokenBudgetAndGpuLimitInTheFields() {
        // What opening a file, undo and restoring the last scenario do: apply a whole scenario.
        workload.apply(ScenarioInputs.defaults().withTokenBudget(500_000_000L).withMaxGpus(4));

        assertThat(table.tokenBudgetTextProperty().get()).isEqualTo("500,000,000");
        assertThat(table.maxGpusTextProperty().get()).isEqualTo("4");
        assertThat(engine.maxGpus).isEqualTo(4);
        assertThat(ids()).containsExactly("big-80gb", "small-24gb");
        assertThat(table.summaryProperty().get())
                .isEqualTo("2 of 3 options shown, 2 fit; time and cost for 500,000,000 tokens, deadline 90 days");

        workload.apply(ScenarioInputs.defaults());
        assertThat(table.tokenBudgetTextProperty().get()).isEqualTo("1,000,000,000");
        assertThat(table.maxGpusTextProperty().get()).as("the default limit shows as no limit").isEmpty();
        assertThat(ids()).hasSize(3);
    }

    @Test
    void sortingFollowsTheComparatorTheTableSets() {
        table.rows().comparatorProperty().unbind();
        Comparator<DecisionRow> byCost = Comparator.comparing(DecisionRow::jobCostUsd,
                Comparator.nullsLast(Comparator.naturalOrder()));
        table.rows().setComparator(byCost);
        assertThat(ids()).containsExactly("cloud-8x-big", "big-80gb", "small-24gb");

        setBatch(2);
        assertThat(ids()).containsExactly("cloud-8x-big", "big-80gb", "small-24gb");
    }

    @Test
    void aSeveralGpuRowIsDescribedNextToTheBreakdownOfTheWorkloadAsConfigured() {
        DecisionRow cloud = row("cloud-8x-big");
        table.select(List.of(cloud), cloud);
        // The fake's 8-GPU row needs peak / 8 + 8 GB: (16.41 GB / 8) + 8 GB = 10.05 GB = 9.4 GiB of 79 GiB.
        assertThat(vm.breakdown().selectedOptionProperty().get())
                .isEqualTo("Selected in the table: Cloud 8 x Big fits with 9.4 / 79.0\u00a0GiB per GPU, laid out as "
                        + "8 \u00b7 zero3-dp8.");

        DecisionRow single = row("big-80gb");
        table.select(List.of(single), single);
        assertThat(vm.breakdown().selectedOptionProperty().get()).isEmpty();
    }

    @Test
    void aShortJobReadsInSecondsAndBelowACentRatherThanAsNothing() {
        assertThat(typeTokenBudget("2000")).isTrue();
        DecisionRow big = row("big-80gb");
        DecisionRow cloud = row("cloud-8x-big");
        // 2,000 tokens at 1,000 tokens/s = 2 s; bought for this job alone, the card still loses a tenth of $30,000.
        assertThat(big.timeText()).isEqualTo("2 s");
        assertThat(big.jobCostText()).isEqualTo("$3,000");
        assertThat(big.capitalText()).isEqualTo("$30,000");
        // The cloud: 8,000 tokens/s, 0.25 s x $40/h = $0.0028, under a cent and under a second.
        assertThat(cloud.timeText()).isEqualTo("< 1 s");
        assertThat(cloud.jobCostText()).isEqualTo("< $0.01");
    }

    @Test
    void purchaseAndRentalKeepTheirOwnMoneyColumnsAndShareOnlyTheJobCost() {
        DecisionRow big = row("big-80gb");
        DecisionRow cloud = row("cloud-8x-big");
        assertThat(big.acquisition()).isEqualTo(Acquisition.PURCHASE);
        assertThat(big.acquisitionText()).isEqualTo("Buy");
        assertThat(big.rentText()).isEmpty();
        assertThat(big.rentalUsdPerHour()).isNull();
        assertThat(cloud.acquisitionText()).isEqualTo("Rent");
        assertThat(cloud.capitalText()).isEmpty();
        assertThat(cloud.purchaseUsd()).isNull();
        assertThat(cloud.rentText()).isEqualTo("$40.00/h");
        assertThat(cloud.rentTip()).isEqualTo("1 instance(s) x $40.00 per hour = $40.00 per hour, power included, at "
                + "the price's date.");

        // 1e9 tokens at 1,000 tokens/s = 277.8 h: bought for this job alone, the fake resells the $30,000 card for
        // $27,000, plus 277.8 h x 0.7 kW = 194.4 kWh at $0.124 = $24.11 (shown in whole dollars from $10); the cloud:
        // 34.7 h x $40 = $1,389.
        assertThat(big.jobCostText()).isEqualTo("$3,024");
        assertThat(big.jobCostTip()).isEqualTo("Capital $30,000 - resale $27,000 + colocation $0.00 = $3,000 of owning it"
                + "\nx all of it (bought for this job alone) = $3,000\n+ electricity 194.4 kWh = $24\n= $3,024");
        assertThat(cloud.jobCostText()).isEqualTo("$1,389");
        assertThat(cloud.jobCostTip()).isEqualTo("34.7 h x $40.00 per hour = $1,389");
        assertThat(row("small-24gb").jobCostTip()).isEqualTo("Unknown: no price.");
        assertThat(big.rowTip()).isEqualTo("Big 80GB \u2014 Buy\nOne machine with 1 GPU(s); GPU-to-GPU link: NVLink."
                + "\nLayout: single\nBound by: Compute");
    }

    @Test
    void theGoalBecomesTheRankingsSortKeyAndIsOneRankingEach() {
        assertThat(table.goalProperty().get()).isEqualTo(RankingGoal.COST);
        assertThat(engine.options.sortKey()).isEqualTo(SortKey.JOB_COST_USD);
        int before = engine.recommendations;

        table.goalProperty().set(RankingGoal.TIME);
        assertThat(engine.options.sortKey()).isEqualTo(SortKey.HOURS);
        table.goalProperty().set(RankingGoal.CAPITAL);
        assertThat(engine.options.sortKey()).isEqualTo(SortKey.PURCHASE_USD);
        assertThat(engine.recommendations).isEqualTo(before + 2);
        assertThat(table.rankingOptions(workload.snapshot()).sortKey()).isEqualTo(SortKey.PURCHASE_USD);
        // The goal is a way of looking at the options, not an input of the scenario.
        assertThat(workload.snapshot()).isEqualTo(ScenarioInputs.defaults());
    }

    @Test
    void servingRanksByUsersPerDollarWithTheTargetsAndTrainingGoesBackToCost() {
        assertThat(table.servingProperty().get()).isFalse();
        workload.modeProperty().set(com.vramadvisor.engine.llm.Mode.INFER);
        assertThat(table.servingProperty().get()).isTrue();
        assertThat(table.goalProperty().get()).isEqualTo(RankingGoal.USERS);
        assertThat(engine.options.sortKey()).isEqualTo(SortKey.USERS_PER_DOLLAR);
        assertThat(engine.options.descending()).as("most users per dollar first").isTrue();
        assertThat(engine.options.servingTargets().tpotMs()).isEqualTo(50);
        workload.serving().tpotTargetMsProperty().set(25);
        assertThat(engine.options.servingTargets().tpotMs()).isEqualTo(25);
        // A goal the user chooses stays; cost is ranked cheapest first again.
        table.goalProperty().set(RankingGoal.COST);
        assertThat(engine.options.descending()).isFalse();
        workload.modeProperty().set(com.vramadvisor.engine.llm.Mode.TRAIN);
        assertThat(table.goalProperty().get()).isEqualTo(RankingGoal.COST);
        workload.modeProperty().set(com.vramadvisor.engine.llm.Mode.INFER);
        table.goalProperty().set(RankingGoal.USERS);
        workload.modeProperty().set(com.vramadvisor.engine.llm.Mode.TRAIN);
        assertThat(table.goalProperty().get()).isEqualTo(RankingGoal.COST);
        assertThat(engine.options.sortKey()).isEqualTo(SortKey.JOB_COST_USD);
    }

    @Test
    void aTypedDeadlineGoesToTheRankingAndMarksRowsThatFinishLater() {
        assertThat(table.deadlineTextProperty().get()).isEqualTo("90");
        assertThat(engine.options.deadlineDays()).isEqualTo(90);

        // The big card takes 277.8 h = 11.6 days; the cloud instance 34.7 h.
        assertThat(typeDeadline("10")).isTrue();
        assertThat(workload.snapshot().deadlineDays()).isEqualTo(10);
        assertThat(engine.options.deadlineDays()).isEqualTo(10);
        DecisionRow big = row("big-80gb");
        assertThat(big.pastDeadline()).isTrue();
        assertThat(big.fitRank()).isEqualTo(1);
        assertThat(big.timeTip()).isEqualTo("1,000,000,000 tokens at 1,000 tok/s: 12 days, past the deadline of 10 "
                + "days even on the most GPUs searched.");
        assertThat(row("cloud-8x-big").pastDeadline()).isFalse();
        assertThat(row("cloud-8x-big").fitRank()).isEqualTo(2);
        assertThat(table.summaryProperty().get()).endsWith("deadline 10 days");

        assertThat(typeDeadline("0.5")).isTrue();
        assertThat(table.deadlineTextProperty().get()).isEqualTo("0.5");
        assertThat(engine.options.deadlineHours()).isEqualTo(12);
    }

    @Test
    void aDeadlineOfNoDaysOrNotANumberSaysSoAndKeepsTheScenariosDeadline() {
        assertThat(typeDeadline("0")).isFalse();
        assertThat(table.filterProblemProperty().get()).isEqualTo("Deadline '0' is not a number of days above 0.");
        assertThat(typeDeadline("soon")).isFalse();
        assertThat(typeDeadline("-3")).isFalse();
        assertThat(workload.snapshot().deadlineDays()).isEqualTo(RankingOptions.DEFAULT_DEADLINE_DAYS);

        table.deadlineTextProperty().set("90");
        table.revertDeadline();
        assertThat(table.deadlineTextProperty().get()).isEqualTo("90");
        assertThat(typeDeadline("1,000")).isTrue();
        assertThat(table.filterProblemProperty().get()).isEmpty();
        assertThat(table.deadlineTextProperty().get()).isEqualTo("1,000");
    }
}
