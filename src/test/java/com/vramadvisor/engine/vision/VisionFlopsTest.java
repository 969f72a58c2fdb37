package com.vramadvisor.engine.vision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Forward work per image counted from the layer tables against torchvision's model documentation
 * (https://pytorch.org/vision/stable/models.html, table "Classification", column "GFLOPS", each weight's
 * {@code _ops} at 224 x 224). torchvision counts multiply-accumulates of convolutions, linear layers and attention's
 * matrix products and calls them FLOPs, so our FLOPs (2 per multiply-accumulate) are twice its figure.
 */
class VisionFlopsTest {

    @ParameterizedTest(name = "{0}: {1} GMACs")
    @CsvSource({
        "resnet-18, 1.81",
        "resnet-50, 4.09",
        "resnet-101, 7.80",
        "resnet-152, 11.51",
        "vgg-16, 15.47",
        "efficientnet-b0, 0.39",
        "convnext-tiny, 4.46",
        "vit-b-16, 17.56",
        "vit-l-16, 61.55",
    })
    void forwardFlopsAreTwiceTorchvisionsPublishedMultiplyAccumulates(String preset, double publishedGmacs) {
        LayerTable t = VisionModel.parse(preset).table(224, 224, false, true);
        double gmacs = t.forwardFlops() / 2e9;
        // torchvision rounds to two decimals; 1.5 % also covers what it leaves out (biases, pooling).
        assertThat(gmacs).isCloseTo(publishedGmacs, within(Math.max(0.006, 0.015 * publishedGmacs)));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"resnet-50", "vit-l-16"})
    void theWorkGrowsWithTheImage(String preset) {
        VisionModel m = VisionModel.parse(preset);
        assertThat(m.table(448, 448, false, true).forwardFlops())
                .isGreaterThan(3 * m.table(224, 224, false, true).forwardFlops());
    }
}
