package com.vramadvisor.engine.render;

import com.vramadvisor.engine.core.Sentence;
import com.vramadvisor.engine.core.MemoryPart;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The {@code streamingPools} part of a scene estimate: streamed textures up to the texture pool's budget
 * ({@link TexturePoolBudget}), the Nanite pool and root pages, virtual-texture pools and virtual shadow map pages
 * ({@link StreamingPools}).
 */
final class PoolParts {

    private PoolParts() {
    }

    static MemoryPart pools(StreamingPools p, long streamed, long resident, long otherTextures,
                            TreeSet<String> virtualFormats, long instances, long naniteMeshes, long naniteTriangles,
                            List<Sentence> caveats) {
        List<Sentence> text = new ArrayList<>();
        long sum = 0;
        long fixedPools = 0;
        if (!virtualFormats.isEmpty()) {
            fixedPools = Bytes.mul(StreamingPools.mib(p.virtualTextureMiB()), (long) virtualFormats.size());
        }
        fixedPools = Bytes.add(fixedPools, Bytes.mul(p.virtualShadowMapPages(), StreamingPools.VSM_PAGE_BYTES));
        if (streamed > 0) {
            TexturePoolBudget.Budget budget = TexturePoolBudget.of(p, resident, Bytes.add(otherTextures, fixedPools));
            long used = Math.min(streamed, budget.bytes());
            sum = Bytes.add(sum, used);
            text.add(Sentence.of("render.formula.textureStreaming", "texture streaming min(%,d B wanted, %s)",
                    streamed, budget.formula()));
            if (streamed > budget.bytes()) {
                caveats.add(Sentence.of("render.caveat.streaming", "Streamed textures want %.2f GiB at full detail"
                        + " but the streaming budget is %.2f GiB: the streamer drops mips (blurry textures) rather than"
                        + " running out.", streamed / (double) (1L << 30), budget.bytes() / (double) (1L << 30)));
            }
        }
        if (p.naniteStreamingMiB() > 0 && naniteMeshes > 0) {
            long roots = Bytes.mul(naniteMeshes, StreamingPools.NANITE_ROOT_PAGE_BYTES);
            sum = Bytes.add(sum, Bytes.add(StreamingPools.mib(p.naniteStreamingMiB()), roots));
            text.add(Sentence.of("render.formula.nanitePool", "%d MiB Nanite pool + %d root pages x 32 KiB",
                    p.naniteStreamingMiB(), naniteMeshes));
            double wanted = naniteTriangles * SceneEstimator.NANITE_BYTES_PER_INPUT_TRIANGLE;
            if (wanted > StreamingPools.mib(p.naniteStreamingMiB())) {
                caveats.add(Sentence.of("render.caveat.nanite", "All Nanite clusters at full detail would be %.2f GiB"
                        + " (17.7 B per input triangle); the %d MiB pool holds what the view needs, and lowers detail"
                        + " when a view needs more.", wanted / (1L << 30), p.naniteStreamingMiB()));
            }
        }
        if (!virtualFormats.isEmpty()) {
            long vt = Bytes.mul(StreamingPools.mib(p.virtualTextureMiB()), (long) virtualFormats.size());
            sum = Bytes.add(sum, vt);
            text.add(Sentence.of("render.formula.virtualTextures", "%d virtual-texture pools (%s) x %d MiB",
                    virtualFormats.size(), String.join(", ", virtualFormats), p.virtualTextureMiB()));
        }
        if (p.virtualShadowMapPages() > 0) {
            sum = Bytes.add(sum, Bytes.mul(p.virtualShadowMapPages(), StreamingPools.VSM_PAGE_BYTES));
            text.add(Sentence.of("render.formula.virtualShadowMaps", "%d virtual shadow map pages x 128 x 128 x 4 B",
                    p.virtualShadowMapPages()));
        }
        long gpuScene = p.instanceDataBytes(instances);
        if (gpuScene > 0) {
            sum = Bytes.add(sum, gpuScene);
            text.add(Sentence.of("render.formula.gpuScene", "GPU Scene instance data %,d instances rounded up to %,d"
                    + " x %d B",
                    instances, gpuScene / p.instanceBytes(), p.instanceBytes()));
        }
        Sentence formula = text.isEmpty() ? Sentence.of("render.formula.noPools", "no streaming pools") : text.get(0);
        for (int i = 1; i < text.size(); i++) {
            formula = Sentence.of("render.formula.plus", "%s + %s", formula, text.get(i));
        }
        return new MemoryPart("streamingPools", "streaming pools", sum, formula);
    }

}
