package com.vramadvisor.catalog;

import com.vramadvisor.engine.hardware.GpuCapabilities;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.files.UntrustedText;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** Reads one entry of {@code gpus.json} into a {@link GpuSpec}; field names and units in {@code docs/catalog.md}. */
final class GpuEntryParser {

    static final Set<String> SEGMENTS = Set.of("consumer", "workstation", "datacenter");
    static final Pattern DATE = Pattern.compile("\\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\\d|3[01]))?)?");

    private static final double MAX_TFLOPS = 1_000_000;

    private GpuEntryParser() {
    }

    /**
     * A GPU with the node class its entry names ({@code ""} for the default rule of {@code docs/catalog.md}) and the
     * node classes it can be bought in, smallest first (empty when the entry lists none).
     */
    record ParsedGpu(GpuSpec spec, String nodeClass, List<String> nodeClasses) {
    }

    /** The GPU, or {@code null} when the entry has problems (then recorded in the reader). */
    static ParsedGpu parse(EntryReader r) {
        String id = r.id();
        String name = r.text("name");
        String vendor = r.text("vendor");
        String segment = r.text("segment");
        if (!segment.isEmpty() && !SEGMENTS.contains(segment)) {
            r.fail("segment", "expected one of consumer, workstation, datacenter, found "
                    + UntrustedText.quote(segment));
        }
        String formFactor = r.text("formFactor");
        double nominalGb = r.number("memoryGbNominal", 0.001, 100_000);
        String memoryType = r.text("memoryType");
        boolean ecc = r.optionalBoolean("eccOnByDefault", false);
        boolean unified = r.optionalBoolean("unifiedMemory", false);
        double totalMiB = r.optionalNumber("memoryTotalMiB", 0, 1, 1e9);
        double usableMiB = r.optionalNumber("memoryUsableMiB", 0, 1, 1e9);
        String reading = r.optionalText("memoryReadingSource", "");
        if ((totalMiB > 0 || usableMiB > 0) && reading.isEmpty()) {
            r.fail("memoryReadingSource", "required when memoryTotalMiB or memoryUsableMiB is given:"
                    + " name the driver reading they come from");
        }
        if (totalMiB == 0) {
            totalMiB = MemoryRule.totalMiB(nominalGb, ecc);
        }
        if (usableMiB == 0) {
            usableMiB = MemoryRule.usableMiB(totalMiB, unified);
        }
        if (usableMiB > totalMiB) {
            r.fail("memoryUsableMiB",
                    "usable memory (" + usableMiB + " MiB) exceeds the total (" + totalMiB + " MiB)");
        }
        double bandwidth = r.number("memoryBandwidthGBps", 0.001, 1_000_000);
        double fp32 = r.optionalNumber("fp32Tflops", 0, 0, MAX_TFLOPS);
        double fp64 = r.optionalNumber("fp64Tflops", GpuSpec.FP64_UNKNOWN, 0, MAX_TFLOPS);
        double tf32 = r.optionalNumber("tf32Tflops", 0, 0, MAX_TFLOPS);
        double fp16 = r.optionalNumber("fp16Tflops", 0, 0, MAX_TFLOPS);
        double fp8 = r.optionalNumber("fp8Tflops", 0, 0, MAX_TFLOPS);
        double int8 = r.optionalNumber("int8Tops", 0, 0, MAX_TFLOPS);
        double fp4 = r.optionalNumber("fp4Tflops", 0, 0, MAX_TFLOPS);
        double bf16 = r.optionalNumber("bf16Tflops", 0, 0, MAX_TFLOPS);
        int tdp = r.optionalInteger("tdpWatts", 0, 0, 100_000);
        String interconnect = r.optionalText("interconnect", "PCIe");
        double interconnectGBps = r.optionalNumber("interconnectGBps", 0, 0, 1_000_000);
        int pcieGen = r.optionalInteger("pcieGen", 0, 0, 9);
        int launchYear = r.integer("launchYear", 1990, 2100);
        double price = r.optionalNumber("priceUsd", 0, 0, 1e9);
        String priceDate = r.optionalText("priceDate", "");
        checkPrice(r, price, priceDate);
        PurchaseFields.Purchase purchase = PurchaseFields.read(r, price, priceDate);
        GpuCapabilities capabilities = capabilities(r, purchase.released());
        String nodeClass = r.optionalText("nodeClass", "");
        if (!nodeClass.isEmpty() && !EntryReader.ID.matcher(nodeClass).matches()) {
            r.fail("nodeClass", "expected the id of a node class in nodes.json, found "
                    + UntrustedText.quote(nodeClass));
        }
        List<String> nodeClasses = nodeClasses(r, nodeClass);
        if (nodeClass.isEmpty() && !nodeClasses.isEmpty()) {
            nodeClass = nodeClasses.get(nodeClasses.size() - 1);
        }
        String source = r.text("source");
        r.rejectUnknownFields();
        if (!r.ok()) {
            return null;
        }
        String provenance = source + " | memory: "
                + (reading.isEmpty() ? "estimated by the usable-memory rule (docs/catalog.md)" : reading);
        try {
            return new ParsedGpu(new GpuSpec(id, name, vendor, segment, formFactor, nominalGb, memoryType,
                    MemoryRule.bytes(totalMiB), MemoryRule.bytes(usableMiB), bandwidth, fp32, tf32, fp16, fp8, int8,
                    tdp, interconnect, interconnectGBps, pcieGen, launchYear, price, priceDate, provenance, fp4, fp64,
                    bf16, purchase.released(), purchase.priceMarket(), purchase.unpricedReason(), capabilities),
                    nodeClass, nodeClasses);
        } catch (IllegalArgumentException e) {
            r.fail(null, e.getMessage());
            return null;
        }
    }

    /**
     * {@code displayOutputs}, {@code displayOutputsOffByDefault}, {@code graphicsApis}, {@code videoEncoders},
     * {@code maxEncodeSessions}, {@code stacks}, {@code discontinued}, {@code cudaComputeCapability} and
     * {@code halfRateFp32Accumulate} ({@code docs/catalog.md}, "Capabilities"); a value that is absent is unknown
     * (for the last: false).
     */
    private static GpuCapabilities capabilities(EntryReader r, String released) {
        int outputs = r.optionalInteger("displayOutputs", GpuCapabilities.UNKNOWN_COUNT, 0, 64);
        boolean offByDefault = r.optionalBoolean("displayOutputsOffByDefault", false);
        if (offByDefault && outputs <= 0) {
            r.fail("displayOutputsOffByDefault", "outputs that ship disabled need displayOutputs of 1 or more");
        }
        List<String> apis = subset(r, "graphicsApis", GpuCapabilities.GRAPHICS_APIS);
        int encoders = r.optionalInteger("videoEncoders", GpuCapabilities.UNKNOWN_COUNT, 0, 64);
        int sessions = r.optionalInteger("maxEncodeSessions", 0, 1, 100_000);
        if (sessions > 0 && encoders == 0) {
            r.fail("maxEncodeSessions", "a cap on encode sessions for a GPU without video encoders");
        }
        List<String> stacks = subset(r, "stacks", GpuCapabilities.STACKS);
        String discontinued = PurchaseFields.month(r, "discontinued", false);
        if (!discontinued.isEmpty() && !released.isEmpty() && discontinued.compareTo(released) < 0) {
            r.fail("discontinued", "the end of sale (" + discontinued + ") lies before the release (" + released
                    + ")");
        }
        int computeCapability = computeCapability(r, stacks);
        boolean halfRate = r.optionalBoolean("halfRateFp32Accumulate", false);
        if (halfRate && (stacks == null || !stacks.contains("cuda"))) {
            r.fail("halfRateFp32Accumulate", "half-rate FP32 accumulation is an NVIDIA tensor-core rule, for a GPU"
                    + " whose stacks include cuda");
        }
        if (!r.ok()) {
            return GpuCapabilities.UNKNOWN;
        }
        return new GpuCapabilities(outputs, offByDefault, apis, encoders, sessions, stacks, discontinued,
                computeCapability, halfRate);
    }

    /**
     * {@code cudaComputeCapability}: {@code "major.minor"} as NVIDIA's list of CUDA GPUs gives it ({@code "8.6"}),
     * in tenths; only for a GPU whose stacks include {@code cuda}; {@link GpuCapabilities#UNKNOWN_COUNT} when absent.
     */
    private static int computeCapability(EntryReader r, List<String> stacks) {
        String text = r.optionalText("cudaComputeCapability", null);
        if (text == null) {
            return GpuCapabilities.UNKNOWN_COUNT;
        }
        if (!text.matches("[1-9][0-9]?\\.[0-9]")) {
            r.fail("cudaComputeCapability", "expected major.minor such as 8.6, found " + UntrustedText.quote(text));
            return GpuCapabilities.UNKNOWN_COUNT;
        }
        if (stacks == null || !stacks.contains("cuda")) {
            r.fail("cudaComputeCapability", "a CUDA compute capability for a GPU whose stacks do not include cuda");
            return GpuCapabilities.UNKNOWN_COUNT;
        }
        int dot = text.indexOf('.');
        return Integer.parseInt(text.substring(0, dot)) * 10 + Integer.parseInt(text.substring(dot + 1));
    }

    /** A list field whose values must come from {@code allowed}; {@code null} when absent. */
    private static List<String> subset(EntryReader r, String field, Set<String> allowed) {
        List<String> values = r.optionalTextList(field);
        if (values == null) {
            return null;
        }
        for (String v : values) {
            if (!allowed.contains(v)) {
                r.fail(field, "expected values among " + String.join(", ", allowed.stream().sorted().toList())
                        + ", found " + UntrustedText.quote(v));
                return null;
            }
        }
        if (values.stream().distinct().count() != values.size()) {
            r.fail(field, "a value is listed twice");
            return null;
        }
        return values;
    }

    /**
     * {@code nodeClasses}: node class ids, smallest first, the last being {@code nodeClass} when both are given. The
     * ids are resolved, and their order checked, once every node class is known.
     */
    private static List<String> nodeClasses(EntryReader r, String nodeClass) {
        List<String> ids = r.optionalTextList("nodeClasses");
        if (ids == null) {
            return List.of();
        }
        if (ids.isEmpty()) {
            r.fail("nodeClasses", "an empty list; leave the field out instead");
            return List.of();
        }
        for (String id : ids) {
            if (!EntryReader.ID.matcher(id).matches()) {
                r.fail("nodeClasses", "expected ids of node classes in nodes.json, found " + UntrustedText.quote(id));
                return List.of();
            }
        }
        if (ids.stream().distinct().count() != ids.size()) {
            r.fail("nodeClasses", "a node class is listed twice");
            return List.of();
        }
        if (!nodeClass.isEmpty() && !ids.get(ids.size() - 1).equals(nodeClass)) {
            r.fail("nodeClasses", "the last (largest) class must be nodeClass " + UntrustedText.quote(nodeClass)
                    + ", the default the ranking uses");
            return List.of();
        }
        return List.copyOf(ids);
    }

    /**
     * A price needs its date and a date needs its price; dates are ISO {@code yyyy}, {@code yyyy-mm} or
     * {@code yyyy-mm-dd}.
     */
    static void checkPrice(EntryReader r, double price, String priceDate) {
        if (price > 0 && priceDate.isEmpty()) {
            r.fail("priceDate", "a price needs the date it was valid (yyyy, yyyy-mm or yyyy-mm-dd)");
        } else if (price == 0 && !priceDate.isEmpty()) {
            r.fail("priceDate", "a price date without a price");
        } else if (!priceDate.isEmpty() && !DATE.matcher(priceDate).matches()) {
            r.fail("priceDate", "expected an ISO date yyyy, yyyy-mm or yyyy-mm-dd, found "
                    + UntrustedText.quote(priceDate));
        }
    }
}
