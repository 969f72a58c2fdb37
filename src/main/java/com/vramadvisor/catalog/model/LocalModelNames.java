package com.vramadvisor.catalog.model;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The names of the models {@link LocalModels} can find, for a pick list: {@code ORG/NAME} for each
 * {@code models--ORG--NAME} folder of the Hugging Face cache, {@code PUBLISHER/REPO} for each LM Studio folder, and
 * {@code MODEL:TAG} (with {@code NAMESPACE/} or {@code HOST/NAMESPACE/} when not Ollama's defaults) for each Ollama
 * manifest {@code manifests/HOST/NAMESPACE/MODEL/TAG}. Listing only reads folder names; at most
 * {@value #MAX_NAMES} names and {@value #MAX_ENTRIES} entries per folder are looked at.
 */
public final class LocalModelNames {

    static final int MAX_NAMES = 500;
    private static final int MAX_ENTRIES = 2_000;
    private static final String OLLAMA_HOST = "registry.ollama.ai";
    private static final String OLLAMA_NAMESPACE = "library";

    private LocalModelNames() {
    }

    /** Sorted names, each accepted by {@link LocalModels#find}; empty when nothing is downloaded. */
    public static List<String> list(LocalModels models) {
        List<Path> folders = models.searchedFolders();
        TreeSet<String> names = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        for (Path repo : dirs(folders.get(0))) {
            String[] parts = repo.getFileName().toString().split("--");
            if (parts.length == 3 && parts[0].equals("models") && Files.isDirectory(repo.resolve("snapshots"))) {
                add(names, parts[1] + "/" + parts[2]);
            }
        }
        for (Path root : folders.subList(1, 3)) {
            for (Path publisher : dirs(root)) {
                for (Path repo : dirs(publisher)) {
                    add(names, publisher.getFileName() + "/" + repo.getFileName());
                }
            }
        }
        for (Path host : dirs(folders.get(3).resolve("manifests"))) {
            for (Path namespace : dirs(host)) {
                for (Path model : dirs(namespace)) {
                    for (Path tag : entries(model)) {
                        if (!Files.isRegularFile(tag)) {
                            continue;
                        }
                        String prefix = !host.getFileName().toString().equals(OLLAMA_HOST)
                                ? host.getFileName() + "/" + namespace.getFileName() + "/"
                                : !namespace.getFileName().toString().equals(OLLAMA_NAMESPACE)
                                        ? namespace.getFileName() + "/" : "";
                        add(names, prefix + model.getFileName() + ":" + tag.getFileName());
                    }
                }
            }
        }
        return new ArrayList<>(names);
    }

    private static void add(TreeSet<String> names, String name) {
        if (names.size() < MAX_NAMES && name.matches("[A-Za-z0-9._:/+-]{1,300}") && !name.contains("..")) {
            names.add(name);
        }
    }

    private static List<Path> dirs(Path dir) {
        return entries(dir).stream().filter(Files::isDirectory).filter(p -> !p.getFileName().toString()
                .startsWith(".")).toList();
    }

    private static List<Path> entries(Path dir) {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path p : s) {
                if (out.size() >= MAX_ENTRIES) {
                    break;
                }
                out.add(p);
            }
        } catch (IOException e) {
            return out;
        }
        return out;
    }
}
