package com.vramadvisor.app.domain;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.core.MemoryPart;
import com.vramadvisor.engine.core.Sentence;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.core.SizingAxis;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.scenario.ScenarioInputs;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.Test;

class DomainResultsViewModelTest {

    private static final long GIB = 1L << 30;

    /**
     * A simulation whose memory is 1 GiB of runtime plus 1,000 bytes an atom, spread over GPUs by dividing the atoms:
     * figures simple enough to work out by hand below.
     */
    private record LinearMd(long atoms, int gpus) implements Sizable {
        @Override
        public SizedEstimate estimate() {
            return new SizedEstimate(WorkloadKind.MD, Sentence.plain(atoms + " atoms"), OptionalLong.empty(), List.of(
                    new MemoryPart("atoms", "atoms", atoms / gpus * 1000, "1,000 bytes x atoms"),
                    new MemoryPart("runtimeOverhead", "runtime overhead", GIB, "CUDA context")),
                    "steady state", List.of(Sentence.plain("Half neighbour lists.")),
                    List.of(Sentence.plain("NVLink does not pool memory.")));
        }

        @Override
        public SizingAxis axis() {
            return new SizingAxis("maxAtoms", "atoms", 1, 1_000_000_000_000L);
        }

        @Override
        public long axisValue() {
            return atoms;
        }

        @Override
        public Sizable withAxisValue(long value) {
            return new LinearMd(value, gpus);
        }

        @Override
        public Optional<SizedEstimate> perGpu(int n) {
            return Optional.of(new LinearMd(atoms, n).estimate());
        }
    }

    private final SimpleObjectProperty<ScenarioInputs> snapshot = new SimpleObjectProperty<>(
            ScenarioInputs.defaults());
    private final List<GpuSpec> gpus = CatalogLoader.shippedOnly().load().gpus();
    private final GpuSpec gpu = gpus.get(0);

    private DomainResultsViewModel viewModel(DomainSizer sizer) {
        return new DomainResultsViewModel(snapshot, sizer,
                id -> gpus.stream().filter(g -> g.id().equals(id)).findFirst(), new ResultsMessages(Locale.ENGLISH));
    }

    private static DomainSizer md() {
        return in -> Optional.of(new LinearMd(in.domain().md().atoms(), 1));
    }

    @Test
    void aLanguageModelScenarioLeavesTheDomainResultsInactive() {
        DomainResultsViewModel vm = viewModel(md());
        assertThat(vm.activeProperty().get()).isFalse();
        assertThat(vm.rows()).isEmpty();
    }

    @Test
    void thePartsArriveInTheEstimatorsOrderAndSumToThePeak() {
        DomainResultsViewModel vm = viewModel(md());
        snapshot.set(ScenarioInputs.defaults().withKind(WorkloadKind.MD).withGpuId(gpu.id()));
        assertThat(vm.activeProperty().get()).isTrue();
        assertThat(vm.rows()).extracting(PartRow::id).containsExactly("atoms", "runtimeOverhead");
        assertThat(vm.rows()).extracting(PartRow::colour).containsExactly(1, 2);
        long sum = vm.rows().stream().mapToLong(PartRow::bytes).sum();
        assertThat(sum).isEqualTo(vm.peakBytesProperty().get()).isEqualTo(1_000_000L * 1000 + GIB);
        assertThat(vm.rows().get(0).tooltip()).contains("1,000 bytes x atoms");
        assertThat(vm.headlineProperty().get()).contains("steady state");
        assertThat(vm.assumptions()).containsExactly("Half neighbour lists.");
        assertThat(vm.caveats()).containsExactly("NVLink does not pool memory.");
    }

    @Test
    void theLargestAtomCountAndTheGpuCountFollowFromTheUsableMemory() {
        DomainResultsViewModel vm = viewModel(md());
        long usable = gpu.memoryBytesUsable();
        // 1,000 bytes an atom after the 1 GiB runtime: floor((usable - 2^30) / 1000) atoms fit one GPU.
        long largest = (usable - GIB) / 1000;
        // Five times that many atoms: 4 GPUs would each hold 1.25 x largest, 5 GPUs hold largest each, so 5.
        snapshot.set(ScenarioInputs.defaults().withKind(WorkloadKind.MD).withGpuId(gpu.id())
                .withDomain(ScenarioInputs.defaults().domain().withMd(
                        ScenarioInputs.defaults().domain().md().withAtoms(5 * largest))));
        assertThat(vm.fitsProperty().get()).isFalse();
        assertThat(vm.largestTextProperty().get()).contains(String.format(Locale.ENGLISH, "%,d", largest));
        assertThat(vm.gpusTextProperty().get()).startsWith("GPUs needed as described: 5 x");
    }

    @Test
    void aKindWithoutAnEstimatorAndRefusedInputsSayWhyInsteadOfShowingNumbers() {
        DomainResultsViewModel none = viewModel(in -> Optional.empty());
        snapshot.set(ScenarioInputs.defaults().withKind(WorkloadKind.RENDER));
        assertThat(none.headlineProperty().get()).contains("rendering scene");
        assertThat(none.rows()).isEmpty();

        DomainResultsViewModel refused = viewModel(in -> {
            throw new IllegalArgumentException("unknown scene preset 'castle'");
        });
        snapshot.set(ScenarioInputs.defaults().withKind(WorkloadKind.VISION));
        assertThat(refused.headlineProperty().get()).contains("unknown scene preset 'castle'");
        assertThat(refused.workloadProperty().get()).isNull();
    }

    @Test
    void aWorkloadThatDoesNotSpreadSaysMoreGpusDoNotPoolMemory() {
        DomainResultsViewModel vm = viewModel(in -> Optional.of(new NotSpreading(new LinearMd(1000, 1))));
        snapshot.set(ScenarioInputs.defaults().withKind(WorkloadKind.RENDER).withGpuId(gpu.id()));
        assertThat(vm.gpusTextProperty().get()).contains("do not pool");
    }

    private record NotSpreading(LinearMd inner) implements Sizable {
        @Override
        public SizedEstimate estimate() {
            return inner.estimate();
        }

        @Override
        public SizingAxis axis() {
            return inner.axis();
        }

        @Override
        public long axisValue() {
            return inner.axisValue();
        }

        @Override
        public Sizable withAxisValue(long value) {
            return new NotSpreading(new LinearMd(value, 1));
        }
    }

    @Test
    void everyKindsLegendStartsWithACapitalAsALanguageModelsDoes() {
        SimpleObjectProperty<ScenarioInputs> live = new SimpleObjectProperty<>(ScenarioInputs.defaults());
        DomainResultsViewModel vm = new DomainResultsViewModel(live, new EngineDomainSizer(),
                CatalogLoader.shippedOnly().load()::gpu, new ResultsMessages(Locale.ENGLISH));
        for (WorkloadKind kind : List.of(WorkloadKind.VISION, WorkloadKind.DIFFUSION, WorkloadKind.RENDER,
                WorkloadKind.MD, WorkloadKind.GRID)) {
            live.set(ScenarioInputs.defaults().withKind(kind));
            assertThat(vm.rows()).as(kind.toString()).isNotEmpty()
                    .allSatisfy(r -> assertThat(Character.isLowerCase(r.name().charAt(0))).as(r.name()).isFalse());
        }
    }
}
