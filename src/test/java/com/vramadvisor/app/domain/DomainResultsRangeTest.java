package com.vramadvisor.app.domain;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.core.MemoryPart;
import com.vramadvisor.engine.core.MemoryRange;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.Sentence;
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

/** The window's domain results show the estimate's range and answer fit in three states. */
class DomainResultsRangeTest {

    private static final long GIB = 1L << 30;
    private final List<GpuSpec> gpus = CatalogLoader.shippedOnly().load().gpus();
    private final GpuSpec gpu = gpus.get(0);

    /** A fixed estimate of {@code peak} bytes with the range up to {@code high}. */
    private record Fixed(long peak, long high) implements Sizable {
        @Override
        public SizedEstimate estimate() {
            return new SizedEstimate(WorkloadKind.MD, Sentence.plain("fixed"), OptionalLong.empty(),
                    List.of(new MemoryPart("atoms", "atoms", peak, "fixed")), "steady state", List.of(), List.of(),
                    new MemoryRange(peak - GIB, high));
        }

        @Override
        public SizingAxis axis() {
            return new SizingAxis("maxAtoms", "atoms", 1, 1_000_000L);
        }

        @Override
        public long axisValue() {
            return 1;
        }

        @Override
        public Sizable withAxisValue(long value) {
            return this;
        }
    }

    private DomainResultsViewModel show(Fixed workload) {
        SimpleObjectProperty<ScenarioInputs> snapshot = new SimpleObjectProperty<>(ScenarioInputs.defaults());
        DomainResultsViewModel vm = new DomainResultsViewModel(snapshot, in -> Optional.of(workload),
                id -> gpus.stream().filter(g -> g.id().equals(id)).findFirst(), new ResultsMessages(Locale.ENGLISH));
        snapshot.set(ScenarioInputs.defaults().withKind(WorkloadKind.MD).withGpuId(gpu.id()));
        return vm;
    }

    @Test
    void aCardInsideTheRangeIsTightAndTheHeadlineNamesTheRange() {
        long usable = gpu.memoryBytesUsable();
        DomainResultsViewModel tight = show(new Fixed(usable - GIB, usable + GIB));
        assertThat(tight.fitsProperty().get()).isTrue();
        assertThat(tight.fitTextProperty().get()).startsWith("Tight");
        assertThat(tight.headlineProperty().get()).contains("range");
        DomainResultsViewModel roomy = show(new Fixed(usable / 2, usable / 2 + GIB));
        assertThat(roomy.fitTextProperty().get()).startsWith("Fits");
    }
}
