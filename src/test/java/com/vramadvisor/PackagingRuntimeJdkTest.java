package com.vramadvisor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which JDK builds the installers' runtime ({@code packaging/select-runtime-jdk.sh}, run by
 * {@code packaging/build-installer.sh}): a JDK 25 gives the runtime an ahead-of-time cache, anything else falls back
 * to the jpackage on {@code PATH} and CDS archives (docs/adr/0027-installed-runtime-jdk25-aot-cache.md). The JDKs here
 * are stand-ins in a temporary folder: a {@code release} file with the version, as every JDK has, and a
 * {@code bin/jpackage} that prints that version for {@code --version}, as the real one does.
 */
class PackagingRuntimeJdkTest {

    private static final Path SCRIPT = Path.of("packaging/select-runtime-jdk.sh");

    @TempDir
    Path dir;

    /** A stand-in JDK 17 whose jpackage is the first on {@code PATH}, as Debian's /usr/bin/jpackage is. */
    private Path pathJdk;

    @BeforeEach
    void jdk17OnPath() throws IOException {
        pathJdk = jdk("jdk-17", "17.0.15");
    }

    private Path jdk(String name, String version) throws IOException {
        Path home = Files.createDirectories(dir.resolve(name));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n");
        Files.createDirectories(home.resolve("bin"));
        jpackage(home, version);
        return home;
    }

    private static void jpackage(Path home, String version) throws IOException {
        Path jpackage = home.resolve("bin/jpackage");
        Files.writeString(jpackage, "#!/bin/sh\necho " + version + "\n");
        Files.setPosixFilePermissions(jpackage, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** The three lines the script prints for build-installer.sh, as a map; or its exit status and error. */
    private record Choice(int exit, Map<String, String> values, String error) {
    }

    /** Runs the script with {@code env} and no JDK found other than the stand-ins (JAVA_HOME unset unless given). */
    private Choice select(Map<String, String> env) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("bash", SCRIPT.toString());
        Map<String, String> environment = builder.environment();
        environment.remove("JAVA_HOME");
        environment.remove("JPACKAGE_JDK");
        environment.put("JDK_CANDIDATES", "");
        environment.put("PATH", pathJdk.resolve("bin") + ":" + environment.getOrDefault("PATH", "/usr/bin:/bin"));
        environment.putAll(env);
        Process process = builder.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        Map<String, String> values = new LinkedHashMap<>();
        out.lines().filter(line -> line.contains("=")).forEach(line ->
                values.put(line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1)));
        return new Choice(process.exitValue(), values, err);
    }

    private static Map<String, String> env(String... keysAndValues) {
        Map<String, String> env = new HashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            env.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return env;
    }

    private static Map<String, String> aotWith(Path jdk) {
        return Map.of("JPACKAGE", jdk.resolve("bin/jpackage").toString(), "FEATURE", "25", "STARTUP", "aot");
    }

    private static final Map<String, String> CDS_FROM_PATH =
            Map.of("JPACKAGE", "jpackage", "FEATURE", "17", "STARTUP", "cds");

    @Test
    void aJdk25AmongTheUsualFoldersBuildsTheRuntimeWithAnAotCache() throws Exception {
        Path jdk21 = jdk("jdk-21", "21.0.7");
        Path jdk25 = jdk("temurin-25-jdk-amd64", "25.0.1");

        Choice choice = select(env("JDK_CANDIDATES", jdk21 + " " + jdk25));

        assertThat(choice.exit()).isZero();
        assertThat(choice.values()).isEqualTo(aotWith(jdk25));
    }

    @Test
    void withoutAJdk25TheJpackageOnPathBuildsTheRuntimeWithCdsArchives() throws Exception {
        Path jdk21 = jdk("jdk-21", "21.0.7");

        Choice choice = select(env("JDK_CANDIDATES", jdk21 + " " + dir.resolve("missing")));

        assertThat(choice.exit()).isZero();
        assertThat(choice.values()).isEqualTo(CDS_FROM_PATH);
    }

    @Test
    void javaHomeOnAJdk25IsTakenFirst() throws Exception {
        Path jdk25 = jdk("jdk-25", "25");

        assertThat(select(env("JAVA_HOME", jdk25.toString())).values()).isEqualTo(aotWith(jdk25));
    }

    @Test
    void aJdk25WithoutJpackageIsPassedOver() throws Exception {
        // A JRE-like folder: the release file says 25, but nothing there can build a runtime.
        Path runtime25 = jdk("jre-25", "25.0.1");
        Files.delete(runtime25.resolve("bin/jpackage"));

        assertThat(select(env("JDK_CANDIDATES", runtime25.toString())).values()).isEqualTo(CDS_FROM_PATH);
    }

    @Test
    void anotherFeatureReleaseIsNotTakenUnasked() throws Exception {
        // Only 25 was checked with the cache and the launcher options; a newer JDK needs JPACKAGE_JDK.
        Path jdk26 = jdk("jdk-26", "26.0.1");

        assertThat(select(env("JDK_CANDIDATES", jdk26.toString())).values()).isEqualTo(CDS_FROM_PATH);
        assertThat(select(env("JPACKAGE_JDK", jdk26.toString())).values())
                .containsEntry("FEATURE", "26").containsEntry("STARTUP", "aot");
    }

    @Test
    void jpackageJdkWinsOverAJdk25FoundElsewhere() throws Exception {
        Path jdk25 = jdk("jdk-25", "25.0.1");
        Path jdk17 = jdk("jdk-17-chosen", "17.0.12");

        Choice older = select(env("JPACKAGE_JDK", jdk17.toString(), "JDK_CANDIDATES", jdk25.toString()));
        Choice newer = select(env("JPACKAGE_JDK", jdk25.toString(), "JAVA_HOME", jdk17.toString()));

        assertThat(older.values()).isEqualTo(Map.of("JPACKAGE", jdk17.resolve("bin/jpackage").toString(),
                "FEATURE", "17", "STARTUP", "cds"));
        assertThat(newer.values()).isEqualTo(aotWith(jdk25));
    }

    @Test
    void aJpackageJdkWithoutJpackageOrOlderThan17IsRefused() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("not-a-jdk"));
        Path jdk11 = jdk("jdk-11", "11.0.25");

        Choice none = select(env("JPACKAGE_JDK", empty.toString()));
        Choice old = select(env("JPACKAGE_JDK", jdk11.toString()));

        assertThat(none.exit()).isEqualTo(2);
        assertThat(none.values()).isEmpty();
        assertThat(none.error()).contains("has no bin/jpackage");
        assertThat(old.exit()).isEqualTo(2);
        assertThat(old.values()).isEmpty();
        assertThat(old.error()).contains("not from a JDK 17 or newer");
    }

    @Test
    void buildInstallerTakesTheChoiceAndTheRuntimeOptionsThatGoWithIt() throws Exception {
        String build = Files.readString(Path.of("packaging/build-installer.sh"));

        assertThat(build).contains("selected=\"$(packaging/select-runtime-jdk.sh)\" || exit 2")
                .contains("@packaging/jpackage/runtime-$STARTUP.args");
        // jlink's CDS archive is for the CDS path only; with JDK 25 the AOT cache takes its place.
        assertThat(Files.readString(Path.of("packaging/jpackage/runtime-cds.args"))).contains("--generate-cds-archive");
        assertThat(Files.readAllLines(Path.of("packaging/jpackage/runtime-aot.args")))
                .noneMatch(line -> line.contains("--generate-cds-archive"))
                .anyMatch(line -> line.contains("--enable-native-access=javafx.graphics"));
        assertThat(List.of("runtime-aot.args", "runtime-cds.args")).allSatisfy(args ->
                assertThat(Files.readString(Path.of("packaging/jpackage", args))).contains("--include-locales=en,zh"));
    }
}
