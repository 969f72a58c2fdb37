package com.vramadvisor.catalog;

import com.vramadvisor.engine.hardware.CloudOffer;
import com.vramadvisor.engine.hardware.Interruption;
import com.vramadvisor.engine.hardware.Market;
import com.vramadvisor.engine.hardware.ProviderKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The shipped rental market: what it covers and that its prices hang together, each figure from its source. */
class RentalMarketTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();
    private static final List<CloudOffer> OFFERS = CATALOG.cloudOffers();

    @Test
    void theMarketHasSixOrMoreProvidersOfEveryKindAndSixtyOrMoreOffers() {
        assertThat(OFFERS).hasSizeGreaterThanOrEqualTo(60);
        assertThat(OFFERS.stream().map(CloudOffer::provider).distinct().count()).isGreaterThanOrEqualTo(6);
        assertThat(OFFERS).extracting(CloudOffer::providerKind).contains(ProviderKind.values());
        assertThat(OFFERS).extracting(CloudOffer::market).contains(Market.values());
        assertThat(OFFERS).extracting(CloudOffer::provider)
                .contains("AWS", "Google Cloud", "Azure", "Lambda", "CoreWeave", "Nebius", "Crusoe",
                        "RunPod Secure Cloud", "RunPod Community Cloud", "Vast.ai");
    }

    @Test
    void theGpusPeopleRentAreOffered() {
        Set<String> rented = OFFERS.stream().map(CloudOffer::gpuId).collect(Collectors.toSet());
        assertThat(rented).contains("h100-sxm-80gb", "h100-pcie-80gb", "h100-nvl-94gb", "h200-sxm-141gb",
                "b200-sxm-180gb", "a100-sxm-40gb", "a100-sxm-80gb", "a100-pcie-40gb", "a100-pcie-80gb", "l4", "l40s",
                "a10g", "t4", "v100-sxm2-16gb", "rtx-4090", "rtx-5090", "mi300x", "rtx-pro-6000-blackwell-server");
    }

    @Test
    void theCheapestH100RentsForAtMostFourDollarsAGpuHourOnDemand() {
        // Specialist clouds rent an H100 for USD 2-4 per GPU-hour (Lambda's page: USD 3.99 for 8 x H100 SXM).
        double cheapest = OFFERS.stream()
                .filter(o -> o.gpuId().startsWith("h100-") && o.market() == Market.ON_DEMAND)
                .mapToDouble(CloudOffer::usdPerGpuHour).min().orElseThrow();
        assertThat(cheapest).isLessThanOrEqualTo(4.00);
    }

    @Test
    void everyOfferIsDatedSourcedAndPlacedAndStatesItsInterruptionRisk() {
        for (CloudOffer o : OFFERS) {
            assertThat(o.priceDate()).as(o.id()).matches("\\d{4}-\\d{2}(-\\d{2})?");
            assertThat(o.source()).as(o.id()).isNotBlank();
            assertThat(o.region()).as(o.id()).isNotBlank();
            assertThat(o.id()).as(o.id()).endsWith("-" + o.market().id());
            if (o.market() == Market.SPOT || o.market() == Market.MARKETPLACE) {
                assertThat(o.interruption()).as(o.id()).isNotEqualTo(Interruption.NONE);
            }
            assertThat(o.interruptionNote().isEmpty()).as(o.id()).isEqualTo(o.interruption() == Interruption.NONE);
        }
    }

    @Test
    void aCommitmentOrASpotPriceIsBelowTheOnDemandPriceOfTheSameInstance() {
        Map<String, CloudOffer> onDemand = OFFERS.stream().filter(o -> o.market() == Market.ON_DEMAND)
                .collect(Collectors.toMap(o -> o.provider() + "|" + o.instanceType() + "|" + o.region(), o -> o));
        int compared = 0;
        for (CloudOffer o : OFFERS) {
            CloudOffer base = onDemand.get(o.provider() + "|" + o.instanceType() + "|" + o.region());
            if (o.market() == Market.ON_DEMAND || base == null) {
                continue;
            }
            assertThat(o.priceUsdPerHour()).as(o.id()).isLessThan(base.priceUsdPerHour());
            compared++;
        }
        assertThat(compared).isGreaterThan(40);
    }

    @Test
    void threeYearsCommittedCostLessPerHourThanOne() {
        for (CloudOffer three : OFFERS.stream().filter(o -> o.market() == Market.COMMIT_3Y).toList()) {
            OFFERS.stream().filter(o -> o.market() == Market.COMMIT_1Y && o.provider().equals(three.provider())
                            && o.instanceType().equals(three.instanceType()))
                    .forEach(one -> assertThat(three.priceUsdPerHour()).as(three.id())
                            .isLessThan(one.priceUsdPerHour()));
        }
    }

    @ParameterizedTest(name = "{0}: {1} GPUs, USD {2} per hour ({4})")
    @CsvSource(delimiter = '|', textBlock = """
            lambda-gpu-8x-h100-sxm5-on-demand          | 8 | 31.92      | 3.99    | Lambda page 2026-08-26: $3.99 per GPU-hour
            coreweave-nvidia-hgx-h100-x8-on-demand     | 8 | 49.24      | 6.155   | CoreWeave page 2026-09-04: $49.24 per hour
            nebius-8-x-nvidia-hgx-h100-on-demand       | 8 | 30.80      | 3.85    | Nebius price list 2026-09-21: $3.85 per GPU-hour
            nebius-8-x-nvidia-hgx-h100-spot            | 8 | 17.20      | 2.15    | Nebius preemptible: $2.15 per GPU-hour
            runpod-secure-1-x-h100-sxm-on-demand       | 1 | 3.49       | 3.49    | RunPod Secure Cloud 2026-09-28
            runpod-community-1-x-h100-sxm-marketplace  | 1 | 2.69       | 2.69    | RunPod Community Cloud 2026-09-28
            aws-p5.48xlarge-commit-3y                  | 8 | 23.77728   | 2.97216 | AWS yrTerm3Standard.noUpfront, us-east-1
            gcp-a3-highgpu-8g-on-demand                | 8 | 88.4899999 | 11.0612 | Google Cloud pricing.yml 2026-07-30
            """)
    void offersCarryTheirSourcesFigures(String id, int gpus, double usdPerHour, double usdPerGpuHour, String source) {
        CloudOffer o = CATALOG.cloudOffer(id).orElseThrow();
        assertThat(o.gpuCount()).as(source).isEqualTo(gpus);
        assertThat(o.priceUsdPerHour()).as(source).isCloseTo(usdPerHour, within(1e-6));
        assertThat(o.usdPerGpuHour()).as(source).isCloseTo(usdPerGpuHour, within(5e-4));
    }

    @Test
    void aThreeYearCommitmentBillsItsWholeTerm() {
        // 3 years of 8,760 hours at AWS's no-upfront three-year rate for p5.48xlarge, USD 23.77728 per hour.
        CloudOffer p5 = CATALOG.cloudOffer("aws-p5.48xlarge-commit-3y").orElseThrow();
        assertThat(p5.market().termHours()).isEqualTo(26_280);
        assertThat(p5.termCommitmentUsd()).isCloseTo(23.77728 * 26_280, within(1e-6));
        assertThat(CATALOG.cloudOffer("aws-p5.48xlarge-on-demand").orElseThrow().termCommitmentUsd()).isZero();
    }
}
