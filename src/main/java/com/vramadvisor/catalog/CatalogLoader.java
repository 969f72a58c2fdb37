package com.vramadvisor.catalog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.files.FileReadException;
import com.vramadvisor.files.RegularFiles;
import com.vramadvisor.files.UntrustedText;
import com.vramadvisor.json.JsonTrees;
import com.vramadvisor.engine.hardware.CloudOffer;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.engine.hardware.SystemSpec;
import com.vramadvisor.engine.money.ColocationPrice;
import com.vramadvisor.engine.money.SellingCost;
import com.vramadvisor.engine.money.DepreciationCurve;
import com.vramadvisor.engine.money.ElectricityPrice;
import com.vramadvisor.engine.money.MoneyFacts;
import com.vramadvisor.engine.money.NetworkCost;
import com.vramadvisor.engine.money.PowerUsageEffectiveness;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Loads the catalog shipped inside the application (classpath {@code catalog/*.json}) and then the user's catalog
 * folder, whose entries add to the shipped ones or replace those with the same id. Shipped files are never
 * written. A broken file or entry is reported as a {@link CatalogProblem} and skipped; everything else loads.
 * Reads local files only, each a regular file of at most {@link #MAX_USER_FILE_BYTES} ({@link RegularFiles}).
 */
public final class CatalogLoader {

    /** System property that overrides the user catalog folder. */
    public static final String DIRECTORY_PROPERTY = "vramadvisor.catalog.dir";
    /** Environment variable that overrides the user catalog folder (the system property wins). */
    public static final String DIRECTORY_VARIABLE = "VRAM_ADVISOR_CATALOG_DIR";

    /**
     * The catalog files, each with the name of its entry list ({@code money.json} has sections instead of one list,
     * so its list field is empty).
     */
    public enum Kind {
        GPUS("gpus.json", "gpus"),
        SYSTEMS("systems.json", "systems"),
        CLOUD("cloud.json", "offers"),
        MODELS("models.json", "models"),
        NODES("nodes.json", "nodes"),
        MONEY("money.json", "");

        private final String fileName;
        private final String listField;

        Kind(String fileName, String listField) {
            this.fileName = fileName;
            this.listField = listField;
        }

        public String fileName() {
            return fileName;
        }

        public String listField() {
            return listField;
        }
    }

    private static final String SHIPPED_ROOT = "catalog/";
    /**
     * Largest user catalog file read: 16 MiB, over a hundred times the largest shipped file, so a wrong file (a
     * disk image, a log) is refused before it is read instead of filling the memory.
     */
    public static final int MAX_USER_FILE_BYTES = 16 << 20;
    /** The file names a user catalog folder may hold, for problems that name them. */
    private static final String EXPECTED_FILES =
            "gpus.json, systems.json, cloud.json, models.json, nodes.json, money.json or " + UserPriceList.FILE_NAME;
    /**
     * The speed model's fitted efficiencies, which the shipped catalog folder holds beside the catalog files
     * ({@code EfficiencyTable}; written by {@code speed fit}): not a catalog file, and not a stray one.
     */
    private static final String EFFICIENCY_FILE = "efficiency.json";
    /** The JSON path of a problem that is not inside a JSON document. */
    private static final String NO_PATH = "";

    private final Path userDirectory;

    private CatalogLoader(Path userDirectory) {
        this.userDirectory = userDirectory;
    }

    /** Shipped catalog plus the user folder at {@link #defaultUserDirectory()}. */
    public static CatalogLoader withDefaultUserDirectory() {
        return new CatalogLoader(defaultUserDirectory());
    }

    /** Shipped catalog plus the given user folder (which need not exist). */
    public static CatalogLoader withUserDirectory(Path directory) {
        return new CatalogLoader(directory);
    }

    /** Shipped catalog only. */
    public static CatalogLoader shippedOnly() {
        return new CatalogLoader(null);
    }

    /** The user folder this loader reads, if any. */
    public Optional<Path> userDirectory() {
        return Optional.ofNullable(userDirectory);
    }

    /**
     * Checks a catalog folder as {@code catalog validate DIR} does: loads it over the shipped catalog (so its
     * systems and offers may name shipped GPUs) and returns every problem; empty means the folder is good.
     */
    public static List<CatalogProblem> validate(Path directory) {
        String name = directory.toString();
        if (!Files.isDirectory(directory)) {
            return List.of(new CatalogProblem(name, NO_PATH, Files.exists(directory)
                    ? "is a file, not a catalog folder" : "does not exist"));
        }
        boolean any = Files.exists(directory.resolve(UserPriceList.FILE_NAME));
        for (Kind kind : Kind.values()) {
            any |= Files.exists(directory.resolve(kind.fileName()));
        }
        List<CatalogProblem> problems = new ArrayList<>(withUserDirectory(directory).load().problems());
        if (!any) {
            problems.add(new CatalogProblem(name, NO_PATH,
                    "no catalog files here; expected " + EXPECTED_FILES));
        }
        return List.copyOf(problems);
    }

    /**
     * The user catalog folder: {@value #DIRECTORY_PROPERTY} if set, else {@value #DIRECTORY_VARIABLE}, else
     * {@code %APPDATA%\VRAM Advisor\catalog} on Windows and {@code $XDG_CONFIG_HOME/vram-advisor/catalog}
     * (default {@code ~/.config/vram-advisor/catalog}) elsewhere.
     */
    public static Path defaultUserDirectory() {
        return defaultUserDirectory(System.getProperty("os.name", ""), System.getenv(),
                System.getProperty(DIRECTORY_PROPERTY), System.getProperty("user.home", ""));
    }

    static Path defaultUserDirectory(String osName, Map<String, String> env, String property, String userHome) {
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        String variable = env.get(DIRECTORY_VARIABLE);
        if (variable != null && !variable.isBlank()) {
            return Path.of(variable);
        }
        if (osName.toLowerCase(Locale.ROOT).startsWith("windows")) {
            String appData = env.get("APPDATA");
            Path base = appData != null && !appData.isBlank()
                    ? Path.of(appData) : Path.of(userHome, "AppData", "Roaming");
            return base.resolve("VRAM Advisor").resolve("catalog");
        }
        String xdg = env.get("XDG_CONFIG_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(userHome, ".config");
        return base.resolve("vram-advisor").resolve("catalog");
    }

    /** Loads everything; never throws for bad content, which ends up in {@link Catalog#problems()}. */
    public Catalog load() {
        Loading loading = new Loading();
        for (Kind kind : Kind.values()) {
            String file = SHIPPED_ROOT + kind.fileName() + " (shipped)";
            readShipped(kind, file, loading).ifPresent(root -> loading.read(kind, file, root));
        }
        if (userDirectory != null && Files.exists(userDirectory)) {
            if (!Files.isDirectory(userDirectory)) {
                loading.problem(userDirectory.toString(), NO_PATH, "the user catalog folder is not a folder");
            } else {
                for (Kind kind : Kind.values()) {
                    Path path = userDirectory.resolve(kind.fileName());
                    if (Files.exists(path)) {
                        readUser(path, loading).ifPresent(root -> loading.read(kind, path.toString(), root));
                    }
                }
                Path prices = userDirectory.resolve(UserPriceList.FILE_NAME);
                if (Files.exists(prices, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    loading.readPrices(UserPriceList.read(prices), prices.toString());
                }
                reportStrayFiles(loading);
            }
        }
        return loading.finish();
    }

    private Optional<JsonNode> readShipped(Kind kind, String file, Loading loading) {
        InputStream in = CatalogLoader.class.getClassLoader().getResourceAsStream(SHIPPED_ROOT + kind.fileName());
        if (in == null) {
            loading.problem(file, "$", "missing from the application");
            return Optional.empty();
        }
        return parse(in, file, loading);
    }

    private Optional<JsonNode> readUser(Path path, Loading loading) {
        try {
            return parse(new ByteArrayInputStream(RegularFiles.readAllBytes(path, MAX_USER_FILE_BYTES)),
                    path.toString(), loading);
        } catch (FileReadException e) {
            loading.problem(path.toString(), NO_PATH, e.reason() == FileReadException.Reason.TOO_LARGE
                    ? "the file is larger than 16 MiB (the shipped catalog files are well under 1 MiB)"
                    : "the file " + e.problem());
            return Optional.empty();
        }
    }

    private Optional<JsonNode> parse(InputStream stream, String file, Loading loading) {
        try (InputStream in = stream) {
            JsonNode root = JsonTrees.read(in, JsonTrees.Check.NO_DUPLICATE_FIELDS);
            if (root == null || root.isMissingNode()) {
                loading.problem(file, "$", "the file is empty");
                return Optional.empty();
            }
            return Optional.of(root);
        } catch (JsonProcessingException e) {
            loading.problem(file, "$", "malformed JSON: " + oneLine(e));
        } catch (IOException e) {
            loading.problem(file, "$", "cannot read the file: " + oneLine(e));
        }
        return Optional.empty();
    }

    private void reportStrayFiles(Loading loading) {
        try (var files = Files.list(userDirectory)) {
            files.filter(p -> p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json"))
                    .filter(p -> Arrays.stream(Kind.values())
                            .noneMatch(k -> k.fileName().equals(p.getFileName().toString())))
                    .filter(p -> !p.getFileName().toString().equals(UserPriceList.FILE_NAME))
                    .filter(p -> !p.getFileName().toString().equals(EFFICIENCY_FILE))
                    .sorted()
                    .forEach(p -> loading.problem(p.toString(), NO_PATH,
                            "not a catalog file name; expected " + EXPECTED_FILES));
        } catch (IOException e) {
            loading.problem(userDirectory.toString(), NO_PATH, "cannot list the folder: " + oneLine(e));
        }
    }

    /** Jackson messages carry a source excerpt on further lines; keep the first line and the location. */
    private static String oneLine(Exception e) {
        if (e instanceof JsonProcessingException j) {
            return JsonTrees.problem(j);
        }
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.lines().findFirst().orElse(message);
    }

    /** One load in progress: entries by kind and id, where each came from, and the problems so far. */
    private static final class Loading {
        private final Map<String, Located<GpuEntryParser.ParsedGpu>> gpus = new LinkedHashMap<>();
        private final Map<String, Located<NodeSpec>> nodes = new LinkedHashMap<>();
        private final Map<String, Located<HardwareEntryParser.ParsedSystem>> systems = new LinkedHashMap<>();
        private final Map<String, Located<HardwareEntryParser.ParsedOffer>> offers = new LinkedHashMap<>();
        private final Map<String, Located<ModelPreset>> presets = new LinkedHashMap<>();
        private final Map<String, String> versions = new LinkedHashMap<>();
        private final List<CatalogProblem> problems = new ArrayList<>();
        private final List<UserPriceList.Entry> prices = new ArrayList<>();
        private String pricesFile = "";
        private ElectricityPrice electricity;
        private PowerUsageEffectiveness pue;
        private ColocationPrice colocation;
        private SellingCost selling;
        private final Map<String, NetworkCost> networkCosts = new LinkedHashMap<>();
        private final Map<String, DepreciationCurve> curves = new LinkedHashMap<>();

        void problem(String file, String path, String message) {
            problems.add(new CatalogProblem(file, path, message));
        }

        void readPrices(UserPriceList.Read read, String file) {
            problems.addAll(read.problems());
            prices.addAll(read.entries());
            pricesFile = file;
        }

        void read(Kind kind, String file, JsonNode root) {
            if (!root.isObject()) {
                problem(file, "$", "expected an object with \"catalogVersion\" and \"" + kind.listField()
                        + "\", found " + EntryReader.describe(root));
                return;
            }
            JsonNode version = root.get("catalogVersion");
            if (version == null || !version.isTextual() || version.asText().isBlank()) {
                problem(file, "$.catalogVersion", "required: a string such as \"2025-06-30\"");
            } else {
                versions.put(file, version.asText());
            }
            if (kind == Kind.MONEY) {
                readMoney(file, root);
                return;
            }
            root.fieldNames().forEachRemaining(name -> {
                if (!name.equals("catalogVersion") && !name.equals("description") && !name.equals(kind.listField())) {
                    problem(file, "$." + UntrustedText.escape(name), "unknown field, ignored (entries go in \""
                            + kind.listField() + "\")");
                }
            });
            JsonNode list = root.get(kind.listField());
            if (list == null || !list.isArray()) {
                problem(file, "$." + kind.listField(), list == null ? "required list of entries is missing"
                        : "expected a list of entries, found " + EntryReader.describe(list));
                return;
            }
            Map<String, String> seen = new LinkedHashMap<>();
            for (int i = 0; i < list.size(); i++) {
                String path = "$." + kind.listField() + "[" + i + "]";
                JsonNode node = list.get(i);
                if (!node.isObject()) {
                    problem(file, path, "expected an object, found " + EntryReader.describe(node));
                    continue;
                }
                EntryReader reader = new EntryReader(file, node, path);
                switch (kind) {
                    case GPUS -> put(gpus, GpuEntryParser.parse(reader), g -> g.spec().id(), reader, file, seen);
                    case NODES -> put(nodes, NodeEntryParser.parse(reader), NodeSpec::id, reader, file, seen);
                    case SYSTEMS -> put(systems, HardwareEntryParser.parseSystem(reader), s -> s.spec().id(),
                            reader, file, seen);
                    case CLOUD -> put(offers, HardwareEntryParser.parseOffer(reader), o -> o.offer().id(),
                            reader, file, seen);
                    case MODELS -> put(presets, ModelEntryParser.parse(reader), ModelPreset::id, reader, file, seen);
                    default -> throw new IllegalStateException(kind.name());
                }
            }
        }

        /**
         * The sections of {@code money.json}: a section a later file gives replaces the earlier one; network costs
         * and curves replace those with the same id. A broken section or entry is reported and skipped.
         */
        private void readMoney(String file, JsonNode root) {
            List<String> sections = List.of("electricity", "pue", "colocation", "sellingCost", "networkCosts",
                    "depreciationCurves");
            root.fieldNames().forEachRemaining(name -> {
                if (!name.equals("catalogVersion") && !name.equals("description") && !sections.contains(name)) {
                    problem(file, "$." + UntrustedText.escape(name), "unknown field, ignored (money.json has "
                            + String.join(", ", sections) + ")");
                }
            });
            ElectricityPrice e = section(file, root, "electricity", MoneyEntryParser::electricity);
            electricity = e != null ? e : electricity;
            PowerUsageEffectiveness p = section(file, root, "pue", MoneyEntryParser::pue);
            pue = p != null ? p : pue;
            ColocationPrice c = section(file, root, "colocation", MoneyEntryParser::colocation);
            colocation = c != null ? c : colocation;
            SellingCost sc = section(file, root, "sellingCost", MoneyEntryParser::sellingCost);
            selling = sc != null ? sc : selling;
            for (NetworkCost n : list(file, root, "networkCosts", MoneyEntryParser::networkCost, NetworkCost::id)) {
                networkCosts.put(n.id(), n);
            }
            for (DepreciationCurve d : list(file, root, "depreciationCurves", MoneyEntryParser::curve,
                    d -> d.hardwareClass().id())) {
                curves.put(d.hardwareClass().id(), d);
            }
        }

        private <T> T section(String file, JsonNode root, String field, Function<EntryReader, T> parse) {
            JsonNode node = root.get(field);
            if (node == null || node.isNull()) {
                return null;
            }
            if (!node.isObject()) {
                problem(file, "$." + field, "expected an object, found " + EntryReader.describe(node));
                return null;
            }
            EntryReader reader = new EntryReader(file, node, "$." + field);
            T value = parse.apply(reader);
            problems.addAll(reader.problems());
            return value;
        }

        private <T> List<T> list(String file, JsonNode root, String field, Function<EntryReader, T> parse,
                                 Function<T, String> id) {
            JsonNode node = root.get(field);
            if (node == null || node.isNull()) {
                return List.of();
            }
            if (!node.isArray()) {
                problem(file, "$." + field, "expected a list of entries, found " + EntryReader.describe(node));
                return List.of();
            }
            List<T> values = new ArrayList<>();
            Map<String, String> seen = new LinkedHashMap<>();
            for (int i = 0; i < node.size(); i++) {
                String path = "$." + field + "[" + i + "]";
                JsonNode element = node.get(i);
                if (!element.isObject()) {
                    problem(file, path, "expected an object, found " + EntryReader.describe(element));
                    continue;
                }
                EntryReader reader = new EntryReader(file, element, path);
                T value = parse.apply(reader);
                problems.addAll(reader.problems());
                if (value == null) {
                    continue;
                }
                String first = seen.putIfAbsent(id.apply(value), path);
                if (first != null) {
                    problem(file, path + ".id", "duplicate id \"" + id.apply(value) + "\" (first at " + first
                            + "); this entry is skipped");
                    continue;
                }
                values.add(value);
            }
            return values;
        }

        private <T> void put(Map<String, Located<T>> into, T value, Function<T, String> id, EntryReader reader,
                             String file, Map<String, String> seenInFile) {
            if (value == null) {
                problems.addAll(reader.problems());
                return;
            }
            String key = id.apply(value);
            String first = seenInFile.putIfAbsent(key, reader.path());
            if (first != null) {
                problem(file, reader.path() + ".id", "duplicate id \"" + key + "\" (first at " + first
                        + "); this entry is skipped");
                return;
            }
            // A user entry with a shipped entry's id replaces it in place; a new id is appended.
            into.put(key, new Located<>(value, file, reader.path()));
        }

        Catalog finish() {
            List<SystemSpec> systemList = new ArrayList<>();
            for (Located<HardwareEntryParser.ParsedSystem> s : systems.values()) {
                if (resolves(s.file(), s.path(), s.value().spec().gpuId(), s.value().spec().gpuCount(),
                        s.value().memoryGbTotal())) {
                    systemList.add(s.value().spec());
                }
            }
            List<CloudOffer> offerList = new ArrayList<>();
            for (Located<HardwareEntryParser.ParsedOffer> o : offers.values()) {
                if (resolves(o.file(), o.path(), o.value().offer().gpuId(), o.value().offer().gpuCount(),
                        o.value().memoryGbTotal())) {
                    offerList.add(o.value().offer());
                }
            }
            Map<String, String> gpuNodes = new LinkedHashMap<>();
            Map<String, List<String>> gpuNodeClasses = new LinkedHashMap<>();
            List<GpuSpec> gpuList = new ArrayList<>();
            for (Located<GpuEntryParser.ParsedGpu> g : gpus.values()) {
                gpuList.add(g.value().spec());
                List<String> classes = resolveNodeClasses(g);
                if (!classes.isEmpty()) {
                    gpuNodeClasses.put(g.value().spec().id(), classes);
                }
                String node = g.value().nodeClass();
                if (node.isEmpty()) {
                    continue;
                }
                if (nodes.containsKey(node)) {
                    gpuNodes.put(g.value().spec().id(), node);
                } else {
                    problem(g.file(), g.path() + ".nodeClass", "unknown node class " + UntrustedText.quote(node)
                            + " (not in nodes.json); the default rule of docs/catalog.md applies");
                }
            }
            List<NetworkCost> networkList = new ArrayList<>();
            for (NetworkCost n : networkCosts.values()) {
                List<String> unknown = n.nodeClasses().stream().filter(c -> !nodes.containsKey(c)).toList();
                if (unknown.isEmpty()) {
                    networkList.add(n);
                } else {
                    problem(Kind.MONEY.fileName(), "$.networkCosts", "network cost " + UntrustedText.quote(n.id())
                            + " names unknown node class " + UntrustedText.quote(unknown.get(0))
                            + " (not in nodes.json); it is skipped");
                }
            }
            MoneyFacts money = new MoneyFacts(electricity, pue, colocation, networkList, List.copyOf(curves.values()),
                    selling);
            Map<String, AppliedUserPrice> applied = applyPrices(gpuList, systemList, offerList);
            return new Catalog(gpuList, systemList, offerList, values(presets), values(nodes), gpuNodes,
                    gpuNodeClasses, money, versions, applied, problems);
        }

        /**
         * Puts the user's prices in place of the catalog's, in the lists given; an entry naming no loaded GPU, system
         * or offer, or giving the wrong kind of price for it, is a problem and is skipped.
         */
        private Map<String, AppliedUserPrice> applyPrices(List<GpuSpec> gpuList, List<SystemSpec> systemList,
                                                          List<CloudOffer> offerList) {
            Map<String, AppliedUserPrice> applied = new LinkedHashMap<>();
            for (UserPriceList.Entry entry : prices) {
                UserPrice price = entry.price();
                String id = price.id();
                int gpu = indexOf(gpuList, GpuSpec::id, id);
                int system = indexOf(systemList, SystemSpec::id, id);
                int offer = indexOf(offerList, CloudOffer::id, id);
                if (gpu < 0 && system < 0 && offer < 0) {
                    problem(pricesFile, entry.path() + ".id", "unknown id " + UntrustedText.quote(id)
                            + ": no GPU, system or cloud offer of the catalog has it; this price is skipped");
                    continue;
                }
                UserPrice.Field wanted = offer >= 0 ? UserPrice.Field.USD_PER_HOUR : UserPrice.Field.PURCHASE_USD;
                if (price.field() != wanted) {
                    problem(pricesFile, entry.path() + "." + price.field().jsonName(), UntrustedText.quote(id)
                            + (offer >= 0 ? " is a cloud offer: give priceUsdPerHour, US dollars per hour for the"
                            + " whole instance" : " is bought: give priceUsd, the purchase price in US dollars")
                            + "; this price is skipped");
                    continue;
                }
                String released = offer >= 0 ? "" : system >= 0 ? systemList.get(system).released()
                        : gpuList.get(gpu).released();
                if (!released.isEmpty() && PurchaseFields.before(price.date(), released)) {
                    problem(pricesFile, entry.path() + ".date", "the price is dated " + price.date() + ", before the"
                            + " release of " + UntrustedText.quote(id) + " (" + released + "); this price is skipped");
                    continue;
                }
                if (offer >= 0) {
                    CloudOffer o = offerList.get(offer);
                    applied.put(id, new AppliedUserPrice(price, o.priceUsdPerHour(), o.priceDate()));
                    offerList.set(offer, o.withUserPrice(price.value(), price.date()));
                } else if (system >= 0) {
                    SystemSpec s = systemList.get(system);
                    applied.put(id, new AppliedUserPrice(price, s.priceUsd(), s.priceDate()));
                    systemList.set(system, s.withPrice(price.value(), price.date()));
                } else {
                    GpuSpec g = gpuList.get(gpu);
                    applied.put(id, new AppliedUserPrice(price, g.priceUsd(), g.priceDate()));
                    gpuList.set(gpu, g.withPrice(price.value(), price.date()));
                }
            }
            return applied;
        }

        private static <T> int indexOf(List<T> list, Function<T, String> id, String wanted) {
            for (int i = 0; i < list.size(); i++) {
                if (id.apply(list.get(i)).equals(wanted)) {
                    return i;
                }
            }
            return -1;
        }

        /**
         * A GPU's {@code nodeClasses} that {@code nodes.json} knows, each unknown one reported; a list out of order
         * (a class that holds fewer cards after one that holds more) is reported and dropped.
         */
        private List<String> resolveNodeClasses(Located<GpuEntryParser.ParsedGpu> g) {
            List<String> known = new ArrayList<>();
            for (String id : g.value().nodeClasses()) {
                if (nodes.containsKey(id)) {
                    known.add(id);
                } else {
                    problem(g.file(), g.path() + ".nodeClasses", "unknown node class " + UntrustedText.quote(id)
                            + " (not in nodes.json)");
                }
            }
            for (int i = 1; i < known.size(); i++) {
                int before = nodes.get(known.get(i - 1)).value().maxGpus();
                int after = nodes.get(known.get(i)).value().maxGpus();
                if (after < before) {
                    problem(g.file(), g.path() + ".nodeClasses", "classes go smallest first, but "
                            + UntrustedText.quote(known.get(i)) + " (" + after + " GPUs) follows "
                            + UntrustedText.quote(known.get(i - 1)) + " (" + before + " GPUs)");
                    return List.of();
                }
            }
            return List.copyOf(known);
        }

        /** Whether the GPU exists and, when a total memory is stated, it matches count x memory within 1 %. */
        private boolean resolves(String file, String path, String gpuId, int count, double memoryGbTotal) {
            Located<GpuEntryParser.ParsedGpu> gpu = gpus.get(gpuId);
            if (gpu == null) {
                problem(file, path + ".gpuId", "unknown GPU " + UntrustedText.quote(gpuId) + " (not in gpus.json)");
                return false;
            }
            double expected = count * gpu.value().spec().memoryGbNominal();
            if (memoryGbTotal > 0 && Math.abs(memoryGbTotal - expected) > 0.01 * expected) {
                problem(file, path + ".memoryGbTotal", "states " + memoryGbTotal + " GB but " + count + " x "
                        + gpuId + " (" + gpu.value().spec().memoryGbNominal() + " GB) is " + expected + " GB");
                return false;
            }
            return true;
        }

        private static <T> List<T> values(Map<String, Located<T>> map) {
            return map.values().stream().map(Located::value).toList();
        }
    }

    private record Located<T>(T value, String file, String path) {
    }
}
