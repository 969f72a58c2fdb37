package com.vramadvisor.engine.render;

import java.util.Objects;

/**
 * A group of {@code count} distinct meshes of the same size, each placed {@code instancesEach} times. Instances share
 * their mesh's buffers and acceleration structure; each adds one top-level instance.
 *
 * <p>Geometry bytes per mesh = {@code vertices x vertexBytes + 3 x triangles x indexBytes}. Without a vertex count,
 * {@code vertices = ceil(triangles / 2)}: on a closed triangle mesh Euler's formula gives {@code F ~ 2V} (Hoppe,
 * "Optimization of mesh locality for transparent vertex caching", SIGGRAPH 1999); UV seams and hard edges
 * split vertices, so real meshes have more, and a file can say how many. Indices are 16-bit when every vertex index
 * fits ({@code vertices <= 65,536}), 32-bit otherwise.
 *
 * <p>A Nanite mesh keeps its full-detail clusters in the Nanite streaming pool (counted there), and only its fallback
 * mesh ({@code fallbackTriangles}) as ordinary vertex and index buffers, which ray tracing also builds its
 * acceleration structure from (UE documentation, "Nanite Virtualized Geometry", Fallback Mesh).
 *
 * @param name              what the meshes are ("buildings")
 * @param triangles         triangles per mesh at full detail, at least 1
 * @param vertices          vertices per mesh, or {@link #DERIVED} (-1) for {@code ceil(triangles / 2)}
 * @param vertexBytes       bytes per vertex ({@link VertexFormats}), 1 to 1024
 * @param count             distinct meshes in the group, at least 1
 * @param instancesEach     placements of each mesh, at least 1
 * @param nanite            whether the meshes are Nanite (virtualised) geometry
 * @param fallbackTriangles triangles of a Nanite mesh's fallback, or {@link #DERIVED} for the full count (an upper
 *                          bound); ignored for other meshes
 */
public record Mesh(String name, long triangles, long vertices, int vertexBytes, long count, long instancesEach,
                   boolean nanite, long fallbackTriangles) {

    /** Marker for a count derived from the triangles. */
    public static final long DERIVED = -1;
    /** Largest triangle count of one mesh the estimate accepts (ten billion). */
    public static final long MAX_TRIANGLES = 10_000_000_000L;

    public Mesh {
        Objects.requireNonNull(name, "name");
        if (triangles < 1 || triangles > MAX_TRIANGLES) {
            throw new IllegalArgumentException("triangles must be 1 to " + MAX_TRIANGLES);
        }
        if (vertices != DERIVED && (vertices < 3 || vertices > 3 * triangles)) {
            throw new IllegalArgumentException("vertices must be 3 to 3 x triangles (" + 3 * triangles + ")");
        }
        if (vertexBytes < 1 || vertexBytes > 1024) {
            throw new IllegalArgumentException("bytes per vertex must be 1 to 1024");
        }
        if (count < 1 || instancesEach < 1) {
            throw new IllegalArgumentException("mesh count and instances must be at least 1");
        }
        if (fallbackTriangles != DERIVED && (fallbackTriangles < 1 || fallbackTriangles > triangles)) {
            throw new IllegalArgumentException("fallback triangles must be 1 to the mesh's triangles");
        }
    }

    /** A plain (non-Nanite) mesh with derived vertices, in the default vertex layout. */
    public static Mesh of(String name, long triangles, long count) {
        return new Mesh(name, triangles, DERIVED, VertexFormats.layoutBytes(VertexFormats.DEFAULT_LAYOUT), count, 1,
                false, DERIVED);
    }

    /** Triangles held in vertex/index buffers and built into the acceleration structure, per mesh. */
    public long bufferTriangles() {
        if (!nanite) {
            return triangles;
        }
        return fallbackTriangles == DERIVED ? triangles : fallbackTriangles;
    }

    /** Vertices of the buffered mesh. */
    public long bufferVertices() {
        if (!nanite && vertices != DERIVED) {
            return vertices;
        }
        return Math.max(3, (bufferTriangles() + 1) / 2);
    }

    /** 2 or 4: the smallest index that addresses every vertex. */
    public int indexBytes() {
        return bufferVertices() <= 65_536 ? 2 : 4;
    }

    /** Vertex and index buffer bytes of one mesh. */
    public long bytesEach() {
        return Bytes.add(Bytes.mul(bufferVertices(), (long) vertexBytes),
                Bytes.mul(Bytes.mul(bufferTriangles(), 3L), (long) indexBytes()));
    }

    /** Vertex and index buffer bytes of the group. */
    public long bytes() {
        return Bytes.mul(bytesEach(), count);
    }

    /** Placed instances of the group. */
    public long instances() {
        return Bytes.mul(count, instancesEach);
    }

    String describe() {
        return count + " x " + name + " (" + bufferTriangles() + " triangles, " + bufferVertices() + " vertices x "
                + vertexBytes + " B + " + indexBytes() + "-byte indices)";
    }
}
