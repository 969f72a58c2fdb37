package com.vramadvisor.engine.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The texture streamer's budget, worked by hand through the engine's arithmetic
 * ({@code FD3D12DynamicRHI::Init}, {@code FRenderAssetStreamingMipCalcTask::UpdateBudgetedMips_Async}).
 */
class TexturePoolBudgetTest {

    private static final long MIB = 1L << 20;

    @Test
    void aFixedPoolLeavesWhatTheNeverStreamedTexturesDoNotTake() {
        // r.Streaming.PoolSize 1000 (Epic), no VRAM percentage: PoolSize - NonStreamingRenderAssetMemory.
        StreamingPools epic = new StreamingPools(1000, 0, 64, 0);
        assertThat(TexturePoolBudget.of(epic, 400 * MIB, 0).bytes()).isEqualTo(600 * MIB);
        assertThat(TexturePoolBudget.of(epic, 1200 * MIB, 0).bytes()).isZero();
    }

    @Test
    void withoutAPoolSizeThePoolIsSeventyPercentOfNinetyPercentOfTheCard() {
        // 8 GiB card: TotalGraphicsMemory = 0.9 x 8192 MiB = 7372.8 MiB; 70 % = 5160.96 MiB, truncated to 5160 MiB.
        StreamingPools card8 = new StreamingPools(0, 0, 64, 0).withVramRule(70, 8192);
        assertThat(TexturePoolBudget.of(card8, 0, 0).bytes()).isEqualTo(5160 * MIB);
        // 12 GiB card: 0.7 x 11059.2 = 7741.44 -> 7741 MiB. With 500 MiB of resident textures the pool leaves
        // 7241 MiB, but UsableVRAM = max(7741.44, 11059.2 - 1024) = 10035.2 MiB and min(10035.2 - 500, 7741)
        // = 7741 MiB is larger, so the streamer gets the whole pool.
        StreamingPools card12 = new StreamingPools(0, 0, 64, 0).withVramRule(70, 12288);
        assertThat(TexturePoolBudget.of(card12, 500 * MIB, 0).bytes()).isEqualTo(7741 * MIB);
    }

    @Test
    void theVramRuleCanGiveBackTheResidentShareButNeverExceedsThePool() {
        // Stock Epic: PoolSize 1000 and PoolSizeVRAMPercentage 70 on an 8 GiB card. UsableVRAM = max(5160.96,
        // 7372.8 - 1024) = 6348.8 MiB; min(6348.8 - 0 - 400, 1000) = 1000 > 1000 - 400: the budget is the full pool.
        StreamingPools stock = new StreamingPools(1000, 0, 64, 0).withVramRule(70, 8192);
        assertThat(TexturePoolBudget.of(stock, 400 * MIB, 0).bytes()).isEqualTo(1000 * MIB);
        // When render targets and other textures leave less than the pool, the larger figure still wins at Epic
        // (r.Streaming.LimitPoolSizeToVRAM 0): pool 5160 - 400 = 4760 MiB against 6348.8 - 2000 - 400.
        StreamingPools card8 = new StreamingPools(0, 0, 64, 0).withVramRule(70, 8192);
        assertThat(TexturePoolBudget.of(card8, 400 * MIB, 2000 * MIB).bytes()).isEqualTo(4760 * MIB);
    }

    @Test
    void noPoolAndNoRuleMeansNoLimit() {
        assertThat(TexturePoolBudget.of(StreamingPools.NONE, 0, 0).bytes()).isEqualTo(Long.MAX_VALUE);
    }
}
