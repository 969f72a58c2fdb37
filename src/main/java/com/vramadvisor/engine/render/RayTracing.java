package com.vramadvisor.engine.render;

import java.util.Objects;

/**
 * Hardware ray-tracing acceleration structures: one BLAS per distinct mesh and one TLAS over all instances.
 *
 * <p>BLAS bytes = buffered triangles (fallback triangles for Nanite meshes) x {@link BvhProfile} bytes per triangle,
 * compacted or not. TLAS bytes = instances x ({@value #INSTANCE_DESC_BYTES} B instance descriptor, the size of
 * {@code D3D12_RAYTRACING_INSTANCE_DESC} in the DXR specification, plus {@value #TLAS_BYTES_PER_INSTANCE} B of tree):
 * a leaf per instance holding its 64-byte descriptor and a third of a 128-byte four-wide fp32 box node per leaf, the
 * node arithmetic of Kapoulkine's "Measuring acceleration structures" (2025) applied to instances. Build scratch is
 * transient (the driver's {@code ScratchDataSizeInBytes}) and is not counted.
 *
 * @param enabled    whether the scene uses hardware ray tracing at all
 * @param compaction whether BLASes are compacted after their build
 * @param profile    the GPU family whose BLAS sizes apply
 */
public record RayTracing(boolean enabled, boolean compaction, BvhProfile profile) {

    /** {@code sizeof(D3D12_RAYTRACING_INSTANCE_DESC)}; {@code VkAccelerationStructureInstanceKHR} is the same. */
    public static final int INSTANCE_DESC_BYTES = 64;
    /** TLAS tree bytes per instance: one 64-byte leaf plus one third of a 128-byte box node. */
    public static final int TLAS_BYTES_PER_INSTANCE = 64 + 128 / 3;

    public static final RayTracing OFF = new RayTracing(false, true, BvhProfile.NVIDIA);

    public RayTracing {
        Objects.requireNonNull(profile, "profile");
    }

    /** BLAS bytes per triangle as built. */
    public double blasBytesPerTriangle() {
        return compaction ? profile.compactedBytesPerTriangle() : profile.uncompactedBytesPerTriangle();
    }

    /** BLAS bytes for this many triangles. */
    public long blasBytes(long triangles) {
        return (long) Math.ceil(triangles * blasBytesPerTriangle());
    }

    /** TLAS plus instance descriptor bytes for this many instances. */
    public long tlasBytes(long instances) {
        return Bytes.mul(instances, (long) (INSTANCE_DESC_BYTES + TLAS_BYTES_PER_INSTANCE));
    }
}
