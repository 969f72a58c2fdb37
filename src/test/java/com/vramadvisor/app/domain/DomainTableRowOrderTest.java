package com.vramadvisor.app.domain;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.ranking.Acquisition;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Clicking the domain table's job-cost column orders it as the engine ranks: job costs that read the same go to the
 * option that costs less to have. Figures: the grid example of docs/decision-table.md (10^4 steps of a 256^3 grid, a
 * second or so): the shipped catalog's H100 NVL 94GB ($85,098) at $0.00117 and V100 PCIe 32GB ($58,500) at $0.00364.
 */
class DomainTableRowOrderTest {

    private static DomainTableRow row(String id, Acquisition way, Double cost, Double jobCost) {
        return new DomainTableRow(id, id, id, way.id(), way, true, "Yes", 1, "1", 0, "", 0, "", cost, "", "", 1.0,
                "", 1.0, "", jobCost, "");
    }

    @Test
    void jobCostsThatReadTheSameGoToTheCheaperPurchaseThenUnknownLast() {
        List<DomainTableRow> rows = new ArrayList<>(List.of(
                row("unpriced", Acquisition.PURCHASE, null, null),
                row("h100-nvl-94gb", Acquisition.PURCHASE, 85_098.0, 0.00117),
                row("dearer-job", Acquisition.PURCHASE, 1_000.0, 0.02),
                row("v100-pcie-32gb", Acquisition.PURCHASE, 58_500.0, 0.00364)));
        rows.sort(DomainTableRow.BY_JOB_COST);
        assertThat(rows).extracting(DomainTableRow::hardwareId)
                .containsExactly("v100-pcie-32gb", "h100-nvl-94gb", "dearer-job", "unpriced");
    }
}
