package com.vramadvisor.catalog;

import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.hardware.CloudOffer;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.engine.hardware.SystemSpec;
import com.vramadvisor.engine.money.MoneyFacts;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The hardware and model catalog as loaded: shipped entries, overridden or extended by the user's folder, with
 * every entry that could not be loaded listed in {@link #problems()}. Immutable; lists keep file order (shipped
 * entries first, user additions after them).
 */
public final class Catalog {

    private final Map<String, GpuSpec> gpus;
    private final Map<String, SystemSpec> systems;
    private final Map<String, CloudOffer> cloudOffers;
    private final Map<String, ModelPreset> presets;
    private final Map<String, NodeSpec> nodes;
    private final Map<String, String> gpuNodes;
    private final Map<String, List<String>> gpuNodeClasses;
    private final MoneyFacts money;
    private final Map<String, String> versions;
    private final Map<String, AppliedUserPrice> userPrices;
    private final List<CatalogProblem> problems;

    Catalog(List<GpuSpec> gpus, List<SystemSpec> systems, List<CloudOffer> cloudOffers, List<ModelPreset> presets,
            List<NodeSpec> nodes, Map<String, String> gpuNodes, Map<String, List<String>> gpuNodeClasses,
            MoneyFacts money, Map<String, String> versions, Map<String, AppliedUserPrice> userPrices,
            List<CatalogProblem> problems) {
        this.gpus = index(gpus, GpuSpec::id);
        this.systems = index(systems, SystemSpec::id);
        this.cloudOffers = index(cloudOffers, CloudOffer::id);
        this.presets = index(presets, ModelPreset::id);
        this.nodes = index(nodes, NodeSpec::id);
        this.gpuNodes = Map.copyOf(gpuNodes);
        this.gpuNodeClasses = Map.copyOf(gpuNodeClasses);
        this.money = money;
        this.versions = Map.copyOf(versions);
        this.userPrices = Collections.unmodifiableMap(new LinkedHashMap<>(userPrices));
        this.problems = List.copyOf(problems);
    }

    /** A catalog with nothing in it. */
    public static Catalog empty() {
        return new Catalog(List.of(), List.of(), List.of(), List.of(), List.of(), Map.of(), Map.of(), MoneyFacts.EMPTY,
                Map.of(), Map.of(), List.of());
    }

    private static <T> Map<String, T> index(List<T> entries, Function<T, String> id) {
        Map<String, T> map = new LinkedHashMap<>();
        for (T entry : entries) {
            map.put(id.apply(entry), entry);
        }
        return Collections.unmodifiableMap(map);
    }

    public List<GpuSpec> gpus() {
        return List.copyOf(gpus.values());
    }

    public List<SystemSpec> systems() {
        return List.copyOf(systems.values());
    }

    public List<CloudOffer> cloudOffers() {
        return List.copyOf(cloudOffers.values());
    }

    /** Node classes in file order. */
    public List<NodeSpec> nodes() {
        return List.copyOf(nodes.values());
    }

    /**
     * Everything the decision table offers: GPUs (with the node classes each can be installed in), systems and cloud
     * offers, and what owning the hardware costs beside its price.
     */
    public HardwareList hardware() {
        return new HardwareList(gpus(), systems(), cloudOffers(), nodes, gpuNodes, gpuNodeClasses, money);
    }

    /**
     * Electricity price, PUE, colocation price, cluster network costs and depreciation curves
     * ({@code money.json}, a user's file of that name overriding sections and ids).
     */
    public MoneyFacts money() {
        return money;
    }

    /** Model presets as engine records. */
    public List<ModelSpec> models() {
        return presets.values().stream().map(ModelPreset::spec).toList();
    }

    /** Model presets with their published parameter counts and sources. */
    public List<ModelPreset> presets() {
        return List.copyOf(presets.values());
    }

    public Optional<GpuSpec> gpu(String id) {
        return Optional.ofNullable(gpus.get(id));
    }

    public Optional<SystemSpec> system(String id) {
        return Optional.ofNullable(systems.get(id));
    }

    public Optional<CloudOffer> cloudOffer(String id) {
        return Optional.ofNullable(cloudOffers.get(id));
    }

    public Optional<ModelSpec> model(String id) {
        return preset(id).map(ModelPreset::spec);
    }

    public Optional<ModelPreset> preset(String id) {
        return Optional.ofNullable(presets.get(id));
    }

    /**
     * The {@code catalogVersion} of each file that was read, keyed by the file as {@link CatalogProblem#file()}
     * names it.
     */
    public Map<String, String> versions() {
        return versions;
    }

    /**
     * The user's own prices in effect, by the id of the GPU, system or cloud offer they price, in the order of the
     * user's price list: those entries carry the user's price and date instead of the catalog's (an offer says so in
     * {@link CloudOffer#priceSource()}). Empty when the user has no price list.
     */
    public Map<String, AppliedUserPrice> userPrices() {
        return userPrices;
    }

    /** Whether the price of the GPU, system or cloud offer {@code id} is the user's own. */
    public boolean isUserPriced(String id) {
        return userPrices.containsKey(id);
    }

    /** Every file or entry that was skipped, and why. Empty when everything loaded. */
    public List<CatalogProblem> problems() {
        return problems;
    }
}
