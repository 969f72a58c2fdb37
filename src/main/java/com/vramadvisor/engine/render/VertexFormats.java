package com.vramadvisor.engine.render;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Bytes per vertex from attribute formats, and the named layouts scene files may use instead of a list.
 *
 * <p>Attribute sizes are those of the Vulkan/DXGI vertex formats ({@code float3} = R32G32B32_SFLOAT = 12 bytes,
 * {@code half2} = R16G16_SFLOAT = 4 bytes, {@code unorm8x4} = R8G8B8A8_UNORM = 4 bytes). Named layouts:
 * <ul>
 *   <li>{@code gltf}: POSITION float3, NORMAL float3, TANGENT float4, TEXCOORD_0 float2 = 48 bytes, the accessor
 *       types the glTF 2.0 specification (Meshes, attribute table) requires for those attributes;</li>
 *   <li>{@code ue-static}: position float3 (12), tangent basis packed as two snorm8x4 (8), one half2 UV (4) =
 *       24 bytes, Unreal Engine's static-mesh build defaults, with "Use High Precision Tangent Basis" and "Use Full
 *       Precision UVs" off;</li>
 *   <li>{@code position}: float3 only = 12 bytes (depth-only or ray-tracing geometry).</li>
 * </ul>
 */
public final class VertexFormats {

    /** The layout used when a mesh names none. */
    public static final String DEFAULT_LAYOUT = "gltf";

    private static final Map<String, Integer> ATTRIBUTES = Map.ofEntries(
            Map.entry("float1", 4), Map.entry("float2", 8), Map.entry("float3", 12), Map.entry("float4", 16),
            Map.entry("half2", 4), Map.entry("half4", 8),
            Map.entry("unorm8x4", 4), Map.entry("snorm8x4", 4), Map.entry("uint8x4", 4),
            Map.entry("unorm16x2", 4), Map.entry("snorm16x2", 4), Map.entry("unorm16x4", 8),
            Map.entry("snorm16x4", 8), Map.entry("uint16x4", 8), Map.entry("rgb10a2", 4), Map.entry("uint32", 4));

    private static final Map<String, List<String>> LAYOUTS = Map.of(
            "gltf", List.of("float3", "float3", "float4", "float2"),
            "ue-static", List.of("float3", "snorm8x4", "snorm8x4", "half2"),
            "position", List.of("float3"));

    private VertexFormats() {
    }

    /**
     * Bytes of one attribute.
     *
     * @throws IllegalArgumentException naming the accepted formats
     */
    public static int attributeBytes(String format) {
        Integer bytes = ATTRIBUTES.get(format == null ? "" : format.trim().toLowerCase(Locale.ROOT));
        if (bytes == null) {
            throw new IllegalArgumentException("unknown vertex attribute format (expected one of "
                    + String.join(", ", ATTRIBUTES.keySet().stream().sorted().toList()) + ")");
        }
        return bytes;
    }

    /** Bytes of a vertex with these attributes, tightly packed. */
    public static int vertexBytes(List<String> attributes) {
        if (attributes.isEmpty()) {
            throw new IllegalArgumentException("a vertex needs at least one attribute");
        }
        int sum = 0;
        for (String a : attributes) {
            sum += attributeBytes(a);
        }
        return sum;
    }

    /**
     * Bytes of a vertex in a named layout.
     *
     * @throws IllegalArgumentException naming the known layouts
     */
    public static int layoutBytes(String layout) {
        List<String> attributes = LAYOUTS.get(layout == null ? "" : layout.trim().toLowerCase(Locale.ROOT));
        if (attributes == null) {
            throw new IllegalArgumentException("unknown vertex layout (expected gltf, ue-static or position, or a"
                    + " list of attribute formats)");
        }
        return vertexBytes(attributes);
    }
}
