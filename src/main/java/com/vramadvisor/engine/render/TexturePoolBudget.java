package com.vramadvisor.engine.render;

import com.vramadvisor.engine.core.Sentence;

/**
 * What Unreal Engine 5's texture streamer may fill on a PC: the budget for streamed mips, as the engine computes it
 * (UE 5.x source, all sizes in MiB = 2^20 bytes).
 *
 * <ol>
 *   <li>Pool size. {@code r.Streaming.PoolSize} is -1 in code ({@code TextureStreamingHelpers.cpp}, "-1: Default
 *       texture pool size, otherwise the size in MB"); the scalability levels set it ({@code BaseScalability.ini}
 *       [TextureQuality@2] 800 at High, [TextureQuality@3] 1000 at Epic, see {@link StreamingPools}).
 *       When it is not set, the pool is the RHI's {@code GTexturePoolSize}: in {@code FD3D12DynamicRHI::Init}
 *       {@code TotalGraphicsMemory = 0.9 x} the DXGI local-memory budget ("Target using 90% of our budget") and
 *       {@code GTexturePoolSize = trunc(PoolSizeVRAMPercentage / 100 x TotalGraphicsMemory)};
 *       {@code [TextureStreaming] PoolSizeVRAMPercentage} is 70 in the engine's shipped configuration, the value
 *       every published Engine.ini tuning guide quotes as the default.</li>
 *   <li>Non-streamed textures come out of the pool: {@code AvailableMemoryForStreaming = PoolSize -
 *       NonStreamingRenderAssetMemory - MemoryMargin}
 *       ({@code FRenderAssetStreamingMipCalcTask::UpdateBudgetedMips_Async}).</li>
 *   <li>With a VRAM percentage set, the engine also computes {@code UsableVRAM = max(TotalGraphicsMemory x percent,
 *       TotalGraphicsMemory - r.Streaming.PoolSize.VRAMPercentageClamp)} (clamp 1024) and
 *       {@code AvailableVRAMForStreaming = min(UsableVRAM - UsedVRAM, PoolSize)}, where {@code UsedVRAM} is every
 *       non-streamed texture and render target; it takes that figure when it is larger
 *       ({@code r.Streaming.LimitPoolSizeToVRAM} is 0 at Epic texture quality).</li>
 * </ol>
 *
 * <p>The DXGI budget is taken as the card's whole memory, an upper bound: Windows and other applications lower it.
 * The 5 MiB {@code MemoryMargin} is left out.
 */
public final class TexturePoolBudget {

    /** {@code r.Streaming.PoolSize.VRAMPercentageClamp}, MiB ({@code TextureStreamingHelpers.cpp}). */
    public static final long VRAM_PERCENTAGE_CLAMP_MIB = 1024;
    /** {@code [TextureStreaming] PoolSizeVRAMPercentage} as shipped. */
    public static final int UE_VRAM_PERCENT = 70;

    /** The budget in bytes ({@link Long#MAX_VALUE} = no limit) and how it was reached. */
    public record Budget(long bytes, Sentence formula) {
    }

    private TexturePoolBudget() {
    }

    /**
     * @param p                 the pools
     * @param residentTextures  bytes of textures that are never streamed
     * @param otherTextures     bytes of render targets and other non-streamed GPU textures (atlases, pools)
     */
    public static Budget of(StreamingPools p, long residentTextures, long otherTextures) {
        if (p.textureStreamingMiB() == 0 && p.vramPercent() == 0) {
            return new Budget(Long.MAX_VALUE, Sentence.of("render.budget.noLimit", "no limit"));
        }
        long total = 0;
        long pool;
        Sentence poolText;
        if (p.vramPercent() > 0) {
            total = StreamingPools.mib(p.targetCardMiB()) / 10 * 9;
        }
        if (p.textureStreamingMiB() > 0) {
            pool = StreamingPools.mib(p.textureStreamingMiB());
            poolText = Sentence.of("render.budget.pool", "%d MiB pool", p.textureStreamingMiB());
        } else {
            pool = StreamingPools.mib((long) (total * (p.vramPercent() / 100.0)) >> 20);
            poolText = Sentence.of("render.budget.poolPercent", "pool %d%% x 0.9 x %,d MiB card = %,d MiB",
                    p.vramPercent(),
                    p.targetCardMiB(), pool >> 20);
        }
        long available = Math.max(0, pool - residentTextures);
        Sentence text = Sentence.of("render.budget.available", "%s - resident textures", poolText);
        if (p.vramPercent() > 0) {
            long usable = Math.max((long) (total * (p.vramPercent() / 100.0)),
                    total - StreamingPools.mib(VRAM_PERCENTAGE_CLAMP_MIB));
            long vram = Math.min(usable - otherTextures - residentTextures, pool);
            if (vram > available) {
                available = vram;
                text = Sentence.of("render.budget.usable",
                        "min(usable %,d MiB = max(%d%%, all - 1024 MiB) of 0.9 x %,d MiB"
                        + " - render targets and other textures - resident textures, %s)", usable >> 20,
                        p.vramPercent(), p.targetCardMiB(), poolText);
            }
        }
        return new Budget(available, text);
    }
}
