package com.vramadvisor.engine.render;

/**
 * Fixed-size memory pools of a streaming engine, with Unreal Engine 5's defaults. Sizes are in MiB, as UE's
 * console variables count them ({@code value x 1024 x 1024} bytes); 0 means no such pool.
 *
 * <ul>
 *   <li>Texture streaming pool, {@code r.Streaming.PoolSize}: 1000 at Epic texture quality
 *       ({@code BaseScalability.ini}, [TextureQuality@3]; 800 at High). It is a budget, not an allocation: streamed
 *       textures use what they need up to it (UE documentation, "Texture Streaming Configuration").</li>
 *   <li>Nanite streaming pool, {@code r.Nanite.Streaming.StreamingPoolSize}: 512 ({@code NaniteStreamingManager.cpp},
 *       "Size of streaming pool in MB. Does not include memory used for root pages."), allocated in full, plus
 *       always-resident root pages of {@value #NANITE_ROOT_PAGE_BYTES} bytes per Nanite mesh
 *       (root page size in {@code NaniteDefinitions.h}).</li>
 *   <li>Virtual-texture physical pools: 64 per texture format in use ({@code BaseEngine.ini},
 *       [/Script/Engine.VirtualTexturePoolConfig] {@code +Pools=(SizeInMegabyte=64, ...)}), allocated in full.</li>
 *   <li>Virtual shadow map physical pages, {@code r.Shadow.Virtual.MaxPhysicalPages}: 2048 in UE 5.4
 *       ({@code VirtualShadowMapArray.cpp}), each 128 x 128 texels of 32-bit depth = 65,536 bytes.</li>
 *   <li>GPU Scene instance data ({@code GPUScene.InstanceSceneData}): the buffer is reserved for
 *       {@code RoundUpToPowerOfTwo(instances)} instances of {@code FInstanceSceneShaderData::GetDataStrideInFloat4s()}
 *       float4s each ({@code GPUScene.cpp}, {@code InstanceUniformShaderParameters.h}: 4 float4s = 64 bytes with
 *       uncompressed transforms, 3 with compressed ones); the per-primitive data and the instance payload (custom
 *       data) are not counted.</li>
 * </ul>
 *
 * <p>How the texture pool is sized on a PC, and what the streamer may fill, is in {@link TexturePoolBudget}: either a
 * fixed {@code r.Streaming.PoolSize} or, when a game leaves it at its code default of -1, a percentage of the card's
 * memory ({@code [TextureStreaming] PoolSizeVRAMPercentage}).
 *
 * @param textureStreamingMiB    texture streaming pool budget; 0 = no fixed size (with {@code vramPercent} 0: no
 *                               limit, streamed textures count in full)
 * @param naniteStreamingMiB     Nanite streaming pool; 0 = none
 * @param virtualTextureMiB      size of each virtual-texture physical pool (one per format of virtual textures)
 * @param virtualShadowMapPages  virtual shadow map physical pages; 0 = none
 * @param vramPercent            {@code PoolSizeVRAMPercentage}, 0 to 100; 0 = the rule is off
 * @param targetCardMiB          memory of the card the pool is sized for, needed when {@code vramPercent} is set
 * @param instanceBytes          GPU Scene bytes per instance, 0 to 1024; 0 = no GPU Scene
 */
public record StreamingPools(long textureStreamingMiB, long naniteStreamingMiB, long virtualTextureMiB,
                             long virtualShadowMapPages, int vramPercent, long targetCardMiB, int instanceBytes) {

    public static final long UE_TEXTURE_POOL_MIB = 1000;
    public static final long UE_NANITE_POOL_MIB = 512;
    public static final long UE_VIRTUAL_TEXTURE_POOL_MIB = 64;
    public static final long UE_VSM_PAGES = 2048;
    public static final int UE_INSTANCE_BYTES = 4 * 16;
    public static final long NANITE_ROOT_PAGE_BYTES = 32 * 1024;
    public static final long VSM_PAGE_BYTES = 128 * 128 * 4;
    /** 1 TiB: larger pools are typing mistakes. */
    public static final long MAX_MIB = 1L << 20;

    /** No pools: every texture resident, no Nanite, no virtual textures or shadow maps. */
    public static final StreamingPools NONE = new StreamingPools(0, 0, UE_VIRTUAL_TEXTURE_POOL_MIB, 0);
    /** Unreal Engine 5 defaults at Epic texture quality with virtual shadow maps. */
    public static final StreamingPools UE5_DEFAULTS = new StreamingPools(UE_TEXTURE_POOL_MIB, UE_NANITE_POOL_MIB,
            UE_VIRTUAL_TEXTURE_POOL_MIB, UE_VSM_PAGES, 0, 0, UE_INSTANCE_BYTES);

    public StreamingPools {
        for (long v : new long[] {textureStreamingMiB, naniteStreamingMiB, virtualTextureMiB}) {
            if (v < 0 || v > MAX_MIB) {
                throw new IllegalArgumentException("pool sizes must be 0 to " + MAX_MIB + " MiB");
            }
        }
        if (vramPercent < 0 || vramPercent > 100) {
            throw new IllegalArgumentException("the pool's VRAM percentage must be 0 to 100");
        }
        if (targetCardMiB < 0 || targetCardMiB > MAX_MIB || vramPercent > 0 && targetCardMiB == 0) {
            throw new IllegalArgumentException("a VRAM-percentage pool needs the target card's memory, 1 to " + MAX_MIB
                    + " MiB");
        }
        if (instanceBytes < 0 || instanceBytes > 1024) {
            throw new IllegalArgumentException("GPU Scene bytes per instance must be 0 to 1024");
        }
        if (virtualShadowMapPages < 0 || virtualShadowMapPages > 1L << 24) {
            throw new IllegalArgumentException("virtual shadow map pages must be 0 to " + (1L << 24));
        }
    }

    /** Pools without the VRAM-percentage rule. */
    public StreamingPools(long textureStreamingMiB, long naniteStreamingMiB, long virtualTextureMiB,
                          long virtualShadowMapPages) {
        this(textureStreamingMiB, naniteStreamingMiB, virtualTextureMiB, virtualShadowMapPages, 0, 0, 0);
    }

    /** The same pools with the texture pool sized by the VRAM-percentage rule on a card of {@code cardMiB}. */
    public StreamingPools withVramRule(int percent, long cardMiB) {
        return new StreamingPools(textureStreamingMiB, naniteStreamingMiB, virtualTextureMiB, virtualShadowMapPages,
                percent, cardMiB, instanceBytes);
    }

    /** GPU Scene instance buffer bytes for this many instances: the next power of two times the stride. */
    public long instanceDataBytes(long instances) {
        if (instanceBytes == 0 || instances == 0) {
            return 0;
        }
        long reserve = Long.highestOneBit(instances);
        reserve = reserve == instances ? reserve : Bytes.mul(reserve, 2);
        return Bytes.mul(reserve, instanceBytes);
    }

    static long mib(long mib) {
        return mib << 20;
    }
}
