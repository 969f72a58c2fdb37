package com.vramadvisor.catalog.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Access to the configuration fixtures under {@code src/test/resources/configs} (sources in its README). */
final class Fixtures {

    private Fixtures() {
    }

    /** The folder {@code configs/<name>}; fails the test when it is missing. */
    static Path configFolder(String name) {
        URL url = Fixtures.class.getResource("/configs/" + name + "/config.json");
        if (url == null) {
            throw new AssertionError("missing fixture configs/" + name + "/config.json");
        }
        try {
            return Path.of(url.toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new AssertionError(e);
        }
    }

    /** Writes {@code json} to {@code <dir>/<folder>/config.json} and returns the file. */
    static Path writeConfig(Path dir, String folder, String json) {
        try {
            Path d = Files.createDirectories(dir.resolve(folder));
            return Files.writeString(d.resolve("config.json"), json, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
