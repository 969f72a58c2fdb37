package com.vramadvisor.engine.vision;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The layer tables reproduce torchvision's published parameter counts: the {@code "num_params"} field of each
 * model's {@code IMAGENET1K_V1} weights in torchvision's {@code torchvision/models/*.py} (resnet.py, vgg.py,
 * efficientnet.py, convnext.py, vision_transformer.py), also shown in the "Params" column of
 * https://pytorch.org/vision/stable/models.html. The tables build each network from its block configuration, so a
 * wrong stride, channel count or missing bias shows up here.
 */
class VisionParameterCountTest {

    @ParameterizedTest(name = "{0}: {1} parameters")
    @CsvSource({
        "resnet-18, 11689512",
        "resnet-50, 25557032",
        "resnet-101, 44549160",
        "resnet-152, 60192808",
        "vgg-16, 138357544",
        "efficientnet-b0, 5288548",
        "convnext-tiny, 28589128",
        "vit-b-16, 86567656",
        "vit-l-16, 304326632"
    })
    void theLayerTableHasTorchvisionsParameterCount(String id, long published) {
        VisionModel m = VisionModel.parse(id);
        assertThat(m.table(224, 224, false, true).params()).isEqualTo(published);
        assertThat(m.table(224, 224, true, false).params()).isEqualTo(published);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"resnet-50", "efficientnet-b0", "convnext-tiny", "vgg-16"})
    void aConvolutionalNetworkHasTheSameParametersAtAnyResolution(String id) {
        VisionModel m = VisionModel.parse(id);
        assertThat(m.table(384, 288, false, true).params()).isEqualTo(m.table(224, 224, false, true).params());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"vit-b-16, 768", "vit-l-16, 1024"})
    void aVisionTransformerBuiltAt384HasOnePositionEmbeddingPerToken(String id, long hidden) {
        // torchvision's vit_b_16(image_size=384): (384/16)^2 + 1 = 577 position embeddings instead of 197.
        VisionModel m = VisionModel.parse(id);
        long at224 = m.table(224, 224, false, true).params();
        assertThat(m.table(384, 384, false, true).params()).isEqualTo(at224 + (577 - 197) * hidden);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"resnet-50", "convnext-tiny", "vit-b-16"})
    void autocastCopiesOnlyConvolutionAndLinearParameters(String id) {
        LayerTable t = VisionModel.parse(id).table(224, 224, true, true);
        assertThat(t.castParams()).isLessThan(t.params()).isGreaterThan(t.params() * 99 / 100);
    }
}
