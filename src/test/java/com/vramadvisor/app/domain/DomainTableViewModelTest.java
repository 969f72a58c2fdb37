package com.vramadvisor.app.domain;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.results.DecisionRow;
import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.scenario.MdInputs;
import com.vramadvisor.scenario.RenderInputs;
import com.vramadvisor.scenario.ScenarioInputs;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.Test;

class DomainTableViewModelTest {

    private final Catalog catalog = CatalogLoader.shippedOnly().load();
    private final SimpleObjectProperty<ScenarioInputs> snapshot = new SimpleObjectProperty<>(
            ScenarioInputs.defaults());
    private final ResultsMessages messages = new ResultsMessages(Locale.ENGLISH);
    private final DomainResultsViewModel results = new DomainResultsViewModel(snapshot, new EngineDomainSizer(),
            catalog::gpu, messages);

    private static ScenarioInputs md(long atoms) {
        ScenarioInputs s = ScenarioInputs.defaults().withKind(WorkloadKind.MD);
        return s.withDomain(s.domain().withMd(MdInputs.defaults().withAtoms(atoms)));
    }

    @Test
    void aSimulationTooLargeForOneCardIsSpreadOverSeveralAndEveryFittingRowHasHeadroom() {
        DomainTableViewModel table = new DomainTableViewModel(snapshot, results.workloadProperty(),
                catalog.hardware(), messages, Runnable::run, Runnable::run);
        // 100 million Lennard-Jones atoms need about 45 GiB on one GPU (docs/estimation-hpc.md): more than one
        // 24 GB card holds, so a single RTX 4090 bought alone needs several cards.
        snapshot.set(md(100_000_000));
        assertThat(table.rows()).isNotEmpty();
        assertThat(table.rows()).filteredOn(DecisionRow::fits).allMatch(r -> r.headroomFraction() >= 0);
        assertThat(table.rows()).filteredOn(r -> !r.fits() && !noFp64(r)).allMatch(r -> r.headroomFraction() < 0);
        // Mixed precision accumulates forces in double: a GPU without FP64 hardware cannot run it, whatever its
        // memory, and is left out of the table.
        assertThat(table.rows()).noneMatch(this::noFp64);
        DecisionRow rtx = table.rows().stream().filter(r -> r.hardwareId().equals("rtx-4090")).findFirst()
                .orElseThrow();
        assertThat(rtx.gpusNeeded()).isGreaterThan(1);
        // The language model's summary and verdict, with the kind's job in place of a token budget.
        assertThat(table.table().summaryProperty().get()).contains("options shown")
                .contains("time and cost for 1,000,000 time steps, deadline 90 days");
        assertThat(table.table().verdictProperty().get()).contains("cheaper for this job");
    }

    private boolean noFp64(DecisionRow r) {
        return catalog.gpu(r.gpuId()).map(g -> g.fp64Known() && g.fp64Tflops() == 0).orElse(false);
    }

    @Test
    void inChineseTheJobIsWordedInChinese() {
        ResultsMessages chinese = new ResultsMessages(Locale.SIMPLIFIED_CHINESE);
        DomainResultsViewModel zh = new DomainResultsViewModel(snapshot, new EngineDomainSizer(), catalog::gpu,
                chinese);
        DomainTableViewModel table = new DomainTableViewModel(snapshot, zh.workloadProperty(), catalog.hardware(),
                chinese, Runnable::run, Runnable::run);
        snapshot.set(md(1_000_000));
        DecisionRow h100 = table.rows().stream().filter(r -> r.hardwareId().equals("h100-sxm-80gb"))
                .findFirst().orElseThrow();
        assertThat(h100.timeTip()).startsWith("1,000,000 个时间步").doesNotContain("time steps");
        assertThat(table.table().summaryProperty().get()).contains("1,000,000 个时间步")
                .doesNotContain("time steps");
    }

    @Test
    void aSceneDoesNotSpreadSoACardThatCannotHoldItNeedsNoGpuCount() {
        DomainTableViewModel table = new DomainTableViewModel(snapshot, results.workloadProperty(),
                catalog.hardware(), messages, Runnable::run, Runnable::run);
        ScenarioInputs s = ScenarioInputs.defaults().withKind(WorkloadKind.RENDER);
        // One viewer of the 4K scene at 7680 x 4320: beyond a small card, and more cards do not pool memory.
        snapshot.set(s.withDomain(s.domain().withRender(new RenderInputs("game-4k", "", 7680, 4320, 1))));
        assertThat(table.rows()).filteredOn(r -> !r.fits()).allMatch(r -> r.gpusNeeded() == 0 && r.gpuCountText()
                .equals("\u2014"));
        assertThat(table.rows()).filteredOn(DecisionRow::fits).allMatch(r -> r.gpusNeeded() == 1);
    }

    @Test
    void aRankingThatANewerRequestOvertookIsDropped() {
        Deque<Runnable> work = new ArrayDeque<>();
        DomainTableViewModel table = new DomainTableViewModel(snapshot, results.workloadProperty(),
                catalog.hardware(), messages, work::add, Runnable::run);
        snapshot.set(md(1_000_000));
        snapshot.set(md(2_000_000_000L));
        // One turn of the worker ranks only the latest request.
        while (!work.isEmpty()) {
            work.poll().run();
        }
        DecisionRow h100 = table.rows().stream().filter(r -> r.hardwareId().equals("h100-sxm-80gb"))
                .findFirst().orElseThrow();
        assertThat(h100.gpusNeeded()).isGreaterThan(1);
    }

    @Test
    void aTimedWorkloadShowsSpeedTimeAndJobCostAndASceneSaysWhyItHasNone() {
        DomainTableViewModel table = new DomainTableViewModel(snapshot, results.workloadProperty(),
                catalog.hardware(), messages, Runnable::run, Runnable::run);
        snapshot.set(md(1_000_000));
        DecisionRow h100 = table.rows().stream().filter(r -> r.hardwareId().equals("h100-sxm-80gb"))
                .findFirst().orElseThrow();
        assertThat(h100.itemsPerSecond()).isPositive();
        assertThat(h100.speedText()).endsWith("steps/s");
        // A million time steps of this small system take minutes on one H100: shown in whole minutes.
        assertThat(h100.hours()).isLessThan(1.0);
        assertThat(h100.timeText()).isEqualTo(Math.round(h100.hours() * 60) + " min");
        assertThat(h100.timeTip()).startsWith("1,000,000 time steps at ").contains("within the deadline of 90 days");
        assertThat(table.table().summaryProperty().get()).contains("1,000,000 time steps", "deadline 90 days");
        assertThat(table.noteProperty().get()).isEmpty();

        ScenarioInputs s = ScenarioInputs.defaults().withKind(WorkloadKind.RENDER);
        snapshot.set(s.withDomain(s.domain().withRender(new RenderInputs("game-4k", "", 3840, 2160, 1))));
        assertThat(table.rows()).isNotEmpty().allMatch(r -> r.itemsPerSecond() == null
                && r.speedText().equals("\u2014") && r.jobCostText().equals("\u2014"));
        assertThat(table.noteProperty().get()).contains("no speed estimate", "not a throughput job");
        // No job cost to compare, so no verdict: the summary names the best options by price, as the command line's
        // text does for a scene, each the first of its way in the table's order.
        assertThat(table.table().verdictProperty().get()).isEmpty();
        DecisionRow firstBuy = table.rows().stream().filter(r -> r.fits() && r.acquisition() == Acquisition.PURCHASE)
                .findFirst().orElseThrow();
        DecisionRow firstRent = table.rows().stream().filter(r -> r.fits() && r.acquisition() == Acquisition.RENTAL)
                .findFirst().orElseThrow();
        assertThat(table.table().summaryProperty().get()).contains("no speed estimate")
                .contains("Best to buy: " + firstBuy.name() + " ($").contains("Best to rent: " + firstRent.name());
    }

    @Test
    void aShortJobOnOwnedHardwareCostsCentsNotZeroDollars() {
        DomainTableViewModel table = new DomainTableViewModel(snapshot, results.workloadProperty(),
                catalog.hardware(), messages, Runnable::run, Runnable::run);
        // A million atoms for a million steps take well under an hour on a bought card: its share of the price
        // over three years is cents, which the verdict and the table must not round to "$0".
        snapshot.set(md(1_000_000));
        assertThat(table.table().verdictProperty().get()).contains("for this job").doesNotContain("$0 ")
                .doesNotContain("$0,");
        assertThat(table.rows()).filteredOn(r -> r.jobCostUsd() != null && r.jobCostUsd() > 0)
                .noneMatch(r -> r.jobCostText().equals("$0"));
    }

    @Test
    void theBestOptionNamedIsOneThatFitsWithRoomToSpareWhenTheTableHasOne() {
        DomainTableViewModel table = new DomainTableViewModel(snapshot, results.workloadProperty(),
                catalog.hardware(), messages, Runnable::run, Runnable::run);
        // SDXL at 1024 x 1024 in fp16 peaks near 11 GiB with a range up to about 12.4 GiB: a 12 GB card holds the
        // estimate, but only tightly, and cards with room to spare exist. The table is ranked by the job's cost.
        snapshot.set(ScenarioInputs.defaults().withKind(WorkloadKind.DIFFUSION));
        DecisionRow cheapest = table.rows().stream().filter(r -> r.fits() && r.fitText().startsWith("Tight")
                && r.acquisition() == Acquisition.PURCHASE).findFirst().orElseThrow();
        DecisionRow roomy = table.rows().stream().filter(r -> r.fits() && !r.fitText().startsWith("Tight")
                && r.acquisition() == Acquisition.PURCHASE).findFirst().orElseThrow();
        assertThat(table.table().verdictProperty().get()).contains(roomy.name()).doesNotContain(cheapest.name());
    }

    @Test
    void clickingTheJobCostColumnGivesJobCostsThatReadTheSameToTheCheaperPurchaseAndUnknownLast() {
        DomainTableViewModel table = new DomainTableViewModel(snapshot, results.workloadProperty(),
                catalog.hardware(), messages, Runnable::run, Runnable::run);
        // The grid example of docs/decision-table.md: 10^4 steps of a 256^3 grid take a second or so, so many bought
        // options' job costs read the same at the cent shown.
        snapshot.set(ScenarioInputs.defaults().withKind(WorkloadKind.GRID));
        List<DecisionRow> rows = new ArrayList<>(table.rows());
        rows.sort(DecisionRow.BY_JOB_COST);
        assertThat(rows).isNotEmpty();
        int firstUnknown = rows.size();
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).jobCostUsd() == null) {
                firstUnknown = Math.min(firstUnknown, i);
            } else {
                assertThat(i).as("a known job cost after an unknown one").isLessThan(firstUnknown);
            }
        }
        for (int i = 1; i < firstUnknown; i++) {
            DecisionRow a = rows.get(i - 1);
            DecisionRow b = rows.get(i);
            if (a.jobCostText().equals(b.jobCostText()) && a.acquisition() == Acquisition.PURCHASE
                    && b.acquisition() == Acquisition.PURCHASE && a.purchaseUsd() != null && b.purchaseUsd() != null) {
                assertThat(a.purchaseUsd()).as("%s before %s at %s", a.name(), b.name(), a.jobCostText())
                        .isLessThanOrEqualTo(b.purchaseUsd());
            }
        }
    }
}
