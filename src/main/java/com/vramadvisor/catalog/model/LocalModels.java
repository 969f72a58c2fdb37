package com.vramadvisor.catalog.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.files.FileReadException;
import com.vramadvisor.files.RegularFiles;
import com.vramadvisor.files.UntrustedText;
import com.vramadvisor.json.JsonTrees;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Finds a model the user already downloaded, by the name they know it by, in the folders of the tools that
 * downloaded it, without the network:
 * <ul>
 *   <li><b>Hugging Face cache</b> ({@code huggingface_hub}): {@code $HF_HUB_CACHE}, else {@code $HF_HOME/hub}, else
 *       {@code ~/.cache/huggingface/hub}. A repository {@code ORG/NAME} lives in {@code models--ORG--NAME}; its files
 *       are under {@code snapshots/<commit>/}, and {@code refs/main} names the commit of the main branch (the
 *       hub library's cache layout, "Understand caching" in its documentation). The snapshot folder is read like a
 *       model folder ({@code config.json}, safetensors).</li>
 *   <li><b>LM Studio</b>: {@code ~/.lmstudio/models} (current releases) and {@code ~/.cache/lm-studio/models} (older
 *       ones) hold {@code PUBLISHER/REPO/*.gguf}. A folder with one GGUF file is that file; with several, the name
 *       must end in the file name ({@code ORG/REPO/model-Q4_K_M.gguf}); a folder without GGUF files but with a
 *       {@code config.json} (an MLX or safetensors download) is read as a model folder.</li>
 *   <li><b>Ollama</b>: {@code $OLLAMA_MODELS}, else {@code ~/.ollama/models}. A name {@code [HOST/][NAMESPACE/]MODEL[:TAG]}
 *       (host {@code registry.ollama.ai}, namespace {@code library} and tag {@code latest} by default) has a manifest
 *       at {@code manifests/HOST/NAMESPACE/MODEL/TAG}; its layer of media type
 *       {@code application/vnd.ollama.image.model} names the GGUF blob {@code blobs/sha256-<hex>}.</li>
 * </ul>
 * The first place that has the name wins, in the order above.
 */
public final class LocalModels {

    /** Ollama's media type for the layer that holds the weights (a GGUF file). */
    static final String OLLAMA_MODEL_LAYER = "application/vnd.ollama.image.model";

    private static final int MAX_MANIFEST_BYTES = 1 << 20;
    /** A Hugging Face cache ref holds one 40-digit commit hash; a longer file is not one and reads as empty. */
    private static final int SMALL_FILE_BYTES = 4096;
    private static final int MAX_LISTED = 8;
    private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9._:/+-]{1,300}");
    private static final Pattern SHA256 = Pattern.compile("sha256[:-]([0-9a-f]{64})");

    private final Path home;
    private final Map<String, String> env;

    /**
     * @param home the user's home folder
     * @param env  the environment ({@code HF_HUB_CACHE}, {@code HF_HOME}, {@code OLLAMA_MODELS})
     */
    public LocalModels(Path home, Map<String, String> env) {
        this.home = home;
        this.env = Map.copyOf(env);
    }

    /** The process's home folder and environment. */
    public static LocalModels ofThisUser() {
        return new LocalModels(Path.of(System.getProperty("user.home", ".")), System.getenv());
    }

    /** The folders searched, in order, for messages and documentation. */
    public List<Path> searchedFolders() {
        return List.of(huggingFaceHub(), home.resolve(".lmstudio/models"), home.resolve(".cache/lm-studio/models"),
                ollamaModels());
    }

    /**
     * The file or folder to import for a model name.
     *
     * @throws ModelImportException when the name is malformed, found nowhere (the message lists where it looked), or
     *                              names an LM Studio folder with several GGUF files
     */
    public Path find(String name) throws ModelImportException {
        String n = name == null ? "" : name.trim();
        if (!SAFE_NAME.matcher(n).matches() || n.contains("..") || n.startsWith("/")) {
            throw new ModelImportException(Path.of("."), "'" + UntrustedText.quote(n) + "' is not a model name;"
                    + " give ORG/NAME (Hugging Face, LM Studio) or MODEL[:TAG] (Ollama)");
        }
        Optional<Path> found = huggingFace(n);
        if (found.isEmpty()) {
            found = lmStudio(n, home.resolve(".lmstudio/models"));
        }
        if (found.isEmpty()) {
            found = lmStudio(n, home.resolve(".cache/lm-studio/models"));
        }
        if (found.isEmpty()) {
            found = ollama(n);
        }
        return found.orElseThrow(() -> new ModelImportException(Path.of(n), "no downloaded model of this name;"
                + " looked in " + String.join(", ", searchedFolders().stream().map(Path::toString).toList())));
    }

    private Path huggingFaceHub() {
        String cache = env.get("HF_HUB_CACHE");
        if (cache != null && !cache.isBlank()) {
            return Path.of(cache);
        }
        String hfHome = env.get("HF_HOME");
        if (hfHome != null && !hfHome.isBlank()) {
            return Path.of(hfHome, "hub");
        }
        return home.resolve(".cache/huggingface/hub");
    }

    private Path ollamaModels() {
        String dir = env.get("OLLAMA_MODELS");
        return dir != null && !dir.isBlank() ? Path.of(dir) : home.resolve(".ollama/models");
    }

    private Optional<Path> huggingFace(String name) throws ModelImportException {
        String[] parts = name.split("/");
        if (parts.length != 2 || name.contains(":")) {
            return Optional.empty();
        }
        Path repo = childIgnoringCase(huggingFaceHub(), "models--" + parts[0] + "--" + parts[1]);
        if (repo == null) {
            return Optional.empty();
        }
        Path snapshots = repo.resolve("snapshots");
        Path ref = repo.resolve("refs/main");
        if (Files.isRegularFile(ref)) {
            String commit = readSmall(ref).trim();
            if (commit.matches("[0-9a-f]{7,64}") && Files.isDirectory(snapshots.resolve(commit))) {
                return Optional.of(snapshots.resolve(commit));
            }
        }
        List<Path> revisions = children(snapshots, Files::isDirectory);
        revisions.sort(Comparator.comparing(LocalModels::modified).reversed());
        if (revisions.isEmpty()) {
            throw new ModelImportException(repo, "the cache holds no snapshot of this model; download it again");
        }
        return Optional.of(revisions.get(0));
    }

    private Optional<Path> lmStudio(String name, Path root) throws ModelImportException {
        if (name.contains(":") || !Files.isDirectory(root)) {
            return Optional.empty();
        }
        Path target = root.resolve(name).normalize();
        if (!target.startsWith(root)) {
            return Optional.empty();
        }
        if (Files.isRegularFile(target) && name.toLowerCase(Locale.ROOT).endsWith(".gguf")) {
            return Optional.of(target);
        }
        if (!Files.isDirectory(target)) {
            return Optional.empty();
        }
        List<Path> ggufs = children(target, p -> p.getFileName().toString().toLowerCase(Locale.ROOT)
                .endsWith(".gguf") && !p.getFileName().toString().startsWith("mmproj"));
        ggufs.sort(Comparator.comparing(Path::toString));
        if (ggufs.size() == 1) {
            return Optional.of(ggufs.get(0));
        }
        if (ggufs.isEmpty() && Files.isRegularFile(target.resolve("config.json"))) {
            return Optional.of(target);
        }
        if (ggufs.isEmpty()) {
            throw new ModelImportException(target, "the folder holds no GGUF file and no config.json");
        }
        List<String> names = ggufs.stream().limit(MAX_LISTED).map(p -> p.getFileName().toString()).toList();
        throw new ModelImportException(target, "the folder holds " + ggufs.size() + " GGUF files; add the file's"
                + " name to the model name, e.g. " + name + "/" + names.get(0) + " (files: " + String.join(", ", names)
                + (ggufs.size() > MAX_LISTED ? ", ..." : "") + ")");
    }

    private Optional<Path> ollama(String name) throws ModelImportException {
        Path root = ollamaModels();
        if (!Files.isDirectory(root.resolve("manifests"))) {
            return Optional.empty();
        }
        int colon = name.lastIndexOf(':');
        String path = colon < 0 ? name : name.substring(0, colon);
        String tag = colon < 0 ? "latest" : name.substring(colon + 1);
        if (tag.isEmpty() || tag.contains("/") || path.isEmpty()) {
            return Optional.empty();
        }
        List<String> segments = new ArrayList<>(List.of(path.split("/")));
        if (segments.size() == 1) {
            segments.add(0, "library");
        }
        if (segments.size() == 2) {
            segments.add(0, "registry.ollama.ai");
        }
        Path manifest = root.resolve("manifests");
        for (String s : segments) {
            manifest = manifest.resolve(s);
        }
        manifest = manifest.resolve(tag).normalize();
        if (!manifest.startsWith(root.resolve("manifests")) || !Files.isRegularFile(manifest)) {
            return Optional.empty();
        }
        JsonNode tree;
        try {
            tree = JsonTrees.read(manifest, MAX_MANIFEST_BYTES);
        } catch (FileReadException e) {
            throw new ModelImportException(manifest, e.reason() == FileReadException.Reason.TOO_LARGE
                    ? "the manifest is larger than 1 MiB; not an Ollama manifest" : e.problem(), e);
        } catch (IOException e) {
            throw new ModelImportException(manifest, "cannot read the Ollama manifest: " + e.getMessage(), e);
        }
        for (JsonNode layer : tree.path("layers")) {
            if (OLLAMA_MODEL_LAYER.equals(layer.path("mediaType").asText())) {
                var m = SHA256.matcher(layer.path("digest").asText(""));
                if (!m.matches()) {
                    throw new ModelImportException(manifest, "the model layer's digest is not a sha256 digest");
                }
                Path blob = root.resolve("blobs").resolve("sha256-" + m.group(1));
                if (!Files.isRegularFile(blob)) {
                    throw new ModelImportException(manifest, "the weights blob " + blob.getFileName()
                            + " is missing; pull the model again");
                }
                return Optional.of(blob);
            }
        }
        throw new ModelImportException(manifest, "the manifest has no model layer (" + OLLAMA_MODEL_LAYER + ")");
    }

    private static Path childIgnoringCase(Path dir, String name) {
        Path exact = dir.resolve(name);
        if (Files.isDirectory(exact)) {
            return exact;
        }
        for (Path p : children(dir, Files::isDirectory)) {
            if (p.getFileName().toString().equalsIgnoreCase(name)) {
                return p;
            }
        }
        return null;
    }

    private static List<Path> children(Path dir, java.util.function.Predicate<Path> keep) {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            int seen = 0;
            for (Path p : s) {
                if (++seen > 10_000) {
                    break;
                }
                if (keep.test(p)) {
                    out.add(p);
                }
            }
        } catch (IOException e) {
            return out;
        }
        return out;
    }

    private static java.nio.file.attribute.FileTime modified(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            return java.nio.file.attribute.FileTime.fromMillis(0);
        }
    }

    private static String readSmall(Path file) throws ModelImportException {
        try {
            return new String(RegularFiles.readAllBytes(file, SMALL_FILE_BYTES), StandardCharsets.UTF_8);
        } catch (FileReadException e) {
            if (e.reason() == FileReadException.Reason.TOO_LARGE) {
                return "";
            }
            throw new ModelImportException(file, "cannot read: " + e.problem(), e);
        } catch (IOException e) {
            throw new ModelImportException(file, "cannot read: " + e.getMessage(), e);
        }
    }
}
